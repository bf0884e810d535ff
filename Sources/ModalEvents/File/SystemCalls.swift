#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` tells of a path or an open file, as far as a log cares.
package struct FileInfo: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A device, a pipe, a socket: never a log's file.
        case folder, file, special
    }

    package var kind: Kind
    package var size: Int
    /// When it last changed, in nanoseconds since 1970.
    package var modified: Int64
    /// The file itself, whatever name it has now: its device and inode.
    package var identity: [UInt64]

    package init(kind: Kind, size: Int, modified: Int64, identity: [UInt64]) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.identity = identity
    }
}

/// The system calls a log's files go through: the seam where tests put a
/// file system that fails on cue or loses what was not synced.
///
/// Each call does what its POSIX namesake does, and fails the same way:
/// `-1` (or `nil`), with `errno` set.
package protocol SystemCalls: Sendable {
    /// `open(2)`, without waiting: a pipe with no writer opens at once (and
    /// reads as empty) instead of blocking. The descriptor blocks as usual.
    func open(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32
    func close(_ descriptor: Int32) -> Int32
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int
    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int
    /// `lseek(2)`: to `offset` from the start, or to the end when `offset` is `nil`.
    func seek(_ descriptor: Int32, to offset: Int?) -> Int
    /// `fsync(2)`; on Apple's systems `F_FULLFSYNC`, without which the
    /// drive's cache may still lose it on power loss.
    func sync(_ descriptor: Int32) -> Int32
    func truncate(_ descriptor: Int32, to length: Int) -> Int32
    /// `flock(2)` for an exclusive lock, without waiting for it.
    func lock(_ descriptor: Int32) -> Int32
    func rename(_ source: String, to destination: String) -> Int32
    func unlink(_ path: String) -> Int32
    func makeFolder(_ path: String) -> Int32
    /// `stat(2)`, following links.
    func info(atPath path: String) -> FileInfo?
    /// `readlink(2)`: what the link at `path` holds, or `nil` when `path`
    /// is no link (or cannot be read).
    func linkTarget(atPath path: String) -> String?
    /// `fstat(2)`.
    func info(of descriptor: Int32) -> FileInfo?
    /// The names in a folder but `.` and `..`, in no order (`opendir(3)`).
    func names(inFolder path: String) -> [String]?
    /// The time now, in nanoseconds since 1970.
    func now() -> Int64
}

extension SystemCalls {
    /// No links: a file system kept in memory has none.
    package func linkTarget(atPath path: String) -> String? { nil }
}

/// The real system calls.
package struct PosixCalls: SystemCalls {
    package init() {}

    package func open(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32 {
        #if canImport(Darwin)
            let descriptor = Darwin.open(path, flags | O_NONBLOCK, mode_t(mode))
        #elseif canImport(Glibc)
            let descriptor = Glibc.open(path, flags | O_NONBLOCK, mode_t(mode))
        #else
            let descriptor = Musl.open(path, flags | O_NONBLOCK, mode_t(mode))
        #endif
        guard descriptor >= 0 else { return descriptor }
        let blocking = fcntl(descriptor, F_GETFL) & ~O_NONBLOCK
        _ = fcntl(descriptor, F_SETFL, blocking)
        return descriptor
    }

    package func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.close(descriptor)
        #elseif canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Musl.close(descriptor)
        #endif
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Glibc)
            Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
            Musl.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Glibc)
            Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
            Musl.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    package func seek(_ descriptor: Int32, to offset: Int?) -> Int {
        Int(lseek(descriptor, off_t(offset ?? 0), offset == nil ? SEEK_END : SEEK_SET))
    }

    package func sync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)  // Apple platforms only, not built here.
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    package func truncate(_ descriptor: Int32, to length: Int) -> Int32 {
        ftruncate(descriptor, off_t(length))
    }

    package func lock(_ descriptor: Int32) -> Int32 {
        flock(descriptor, LOCK_EX | LOCK_NB)
    }

    package func rename(_ source: String, to destination: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.rename(source, destination)
        #elseif canImport(Glibc)
            Glibc.rename(source, destination)
        #else
            Musl.rename(source, destination)
        #endif
    }

    package func unlink(_ path: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.unlink(path)
        #elseif canImport(Glibc)
            Glibc.unlink(path)
        #else
            Musl.unlink(path)
        #endif
    }

    package func makeFolder(_ path: String) -> Int32 {
        mkdir(path, 0o755)
    }

    package func info(atPath path: String) -> FileInfo? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Self.info(status)
    }

    package func linkTarget(atPath path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func info(of descriptor: Int32) -> FileInfo? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return Self.info(status)
    }

    private static func info(_ status: stat) -> FileInfo {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        let kind: FileInfo.Kind =
            switch status.st_mode & S_IFMT {
            case S_IFDIR: .folder
            case S_IFREG: .file
            default: .special
            }
        return FileInfo(
            kind: kind, size: Int(status.st_size),
            modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
            identity: [UInt64(status.st_dev), UInt64(status.st_ino)])
    }

    package func names(inFolder path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    package func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// Calls that make a call again when a signal interrupted it (EINTR), so no
/// caller above has to: every call but `close`, which must not be made twice.
struct InterruptedCallsRetried: SystemCalls {
    let base: any SystemCalls

    init(_ base: any SystemCalls) {
        self.base = base
    }

    private func retried<Result>(_ failed: (Result) -> Bool, _ call: () -> Result) -> Result {
        while true {
            let result = call()
            if !failed(result) || errno != EINTR { return result }
        }
    }

    private func retried(_ call: () -> Int32) -> Int32 { retried({ $0 < 0 }, call) }

    func open(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32 { retried { base.open(path, flags, mode) } }
    func close(_ descriptor: Int32) -> Int32 { base.close(descriptor) }
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        retried({ $0 < 0 }) { base.read(descriptor, into: buffer) }
    }
    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        retried({ $0 < 0 }) { base.write(descriptor, from: buffer) }
    }
    func seek(_ descriptor: Int32, to offset: Int?) -> Int { retried({ $0 < 0 }) { base.seek(descriptor, to: offset) } }
    func sync(_ descriptor: Int32) -> Int32 { retried { base.sync(descriptor) } }
    func truncate(_ descriptor: Int32, to length: Int) -> Int32 { retried { base.truncate(descriptor, to: length) } }
    func lock(_ descriptor: Int32) -> Int32 { retried { base.lock(descriptor) } }
    func rename(_ source: String, to destination: String) -> Int32 { retried { base.rename(source, to: destination) } }
    func unlink(_ path: String) -> Int32 { retried { base.unlink(path) } }
    func makeFolder(_ path: String) -> Int32 { retried { base.makeFolder(path) } }
    func info(atPath path: String) -> FileInfo? { retried({ $0 == nil }) { base.info(atPath: path) } }
    func info(of descriptor: Int32) -> FileInfo? { retried({ $0 == nil }) { base.info(of: descriptor) } }
    func linkTarget(atPath path: String) -> String? { base.linkTarget(atPath: path) }
    func names(inFolder path: String) -> [String]? { retried({ $0 == nil }) { base.names(inFolder: path) } }
    func now() -> Int64 { base.now() }
}
