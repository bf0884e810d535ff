#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system calls the log needs, behind one small interface so the
/// platform differences (`fsync` against `F_FULLFSYNC`, the names of `read`
/// and `write`) stay in this file and the one beside it.
enum FileSystem {
    /// What is at `path`: a folder, a regular file, something else (a
    /// device, a pipe), or nothing.
    enum Entry {
        case folder, file, special, none
    }

    static func entry(at path: String) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else { return .none }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .special
        }
    }

    /// A regular file's size and the time it was last changed, in
    /// nanoseconds since 1970; `nil` when `path` is not a regular file.
    static func status(of path: String) -> (size: Int, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return (Int(info.st_size), Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// The time now, in nanoseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The names in `folder` (not `.` and `..`), sorted bytewise.
    static func contents(of folder: String) throws(EventLogError) -> [String] {
        guard let directory = opendir(folder) else { throw failure(.readFailed, folder, "cannot list the folder") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func makeFolder(_ path: String) throws(EventLogError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw failure(.writeFailed, path, "cannot create the folder")
        }
    }

    static func remove(_ path: String) throws(EventLogError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(.writeFailed, path, "cannot remove") }
    }

    /// Renames `source` to `destination`, atomically replacing it.
    static func rename(_ source: String, to destination: String) throws(EventLogError) {
        #if canImport(Darwin)
            let status = Darwin.rename(source, destination)
        #elseif canImport(Glibc)
            let status = Glibc.rename(source, destination)
        #else
            let status = Musl.rename(source, destination)
        #endif
        guard status == 0 else { throw failure(.writeFailed, destination, "cannot rename \(source) to it") }
    }

    /// Makes the folder's list of names durable (a created, renamed or
    /// removed file), as `fsync` on the file alone does not.
    static func syncFolder(_ path: String) throws(EventLogError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(.writeFailed, path, "cannot open the folder to sync it") }
        defer { close(descriptor) }
        try sync(descriptor, path, isFolder: true)
    }

    /// Asks the disk to keep what was written to `descriptor`: `fsync`, or on
    /// Apple's systems `F_FULLFSYNC`, without which the drive's cache may
    /// still lose it on power loss.
    static func sync(_ descriptor: Int32, _ path: String, isFolder: Bool = false) throws(EventLogError) {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            // Some file systems cannot sync a folder: nothing more can be done there.
            if isFolder && errno == EINVAL { return }
            if errno != EINTR { throw failure(.writeFailed, path, "cannot sync to disk") }
        }
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #elseif canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Musl.close(descriptor)
        #endif
    }

    /// The file's name without its folder.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder `path` is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func failure(_ kind: EventLogError.Kind, _ path: String, _ what: String) -> EventLogError {
        EventLogError(kind, file: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// A file open for appending. Every write goes to the end; a write that
/// fails part-way is cut back off, so the file never keeps part of a line.
final class AppendableFile: @unchecked Sendable {
    // @unchecked: its owner (``EventLogWriter``) uses it only under its lock;
    // a sync may run on the writer's queue, and `fsync` is safe beside `write`.
    let path: String
    private let descriptor: Int32
    /// The file's length: where the next write goes.
    private(set) var size: Int
    /// Whether a failed write could not be cut back off: the file may end
    /// in part of a line.
    private(set) var isDamaged = false

    /// Opens `path` to append, creating it when `create` is set, and locks
    /// it (`flock`), so a second writer on the same log fails at once
    /// instead of interleaving its seqs with this one's.
    init(path: String, create: Bool) throws(EventLogError) {
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0)
        let opened = open(path, flags, 0o644)
        guard opened >= 0 else { throw FileSystem.failure(.writeFailed, path, "cannot open to append") }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let error = FileSystem.failure(.writeFailed, path, "another writer has the log open")
            FileSystem.close(opened)
            throw error
        }
        let end = lseek(opened, 0, SEEK_END)
        guard end >= 0 else {
            FileSystem.close(opened)
            throw FileSystem.failure(.writeFailed, path, "cannot find the end")
        }
        self.path = path
        self.descriptor = opened
        self.size = Int(end)
    }

    private var isClosed = false

    deinit {
        close()
    }

    /// Closes the file, which also releases its lock. Closing twice does nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        FileSystem.close(descriptor)
    }

    /// Writes all of `bytes`, or, when the disk refuses part-way (full,
    /// failing), cuts the file back to where it was and throws.
    func write(_ bytes: [UInt8]) throws(EventLogError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                    Darwin.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #elseif canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                    Musl.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = FileSystem.failure(.writeFailed, path, "cannot write")
                if written > 0 {
                    do {
                        try truncate(to: size)
                    } catch {
                        isDamaged = true
                        throw error
                    }
                }
                throw error
            }
            written += count
        }
        size += written
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(EventLogError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw FileSystem.failure(.writeFailed, path, "cannot cut the file to \(length) bytes")
        }
        size = length
    }

    func sync() throws(EventLogError) {
        try FileSystem.sync(descriptor, path)
    }
}
