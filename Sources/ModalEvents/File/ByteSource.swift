#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a reader's bytes come from: a file descriptor or memory.
protocol ByteSource: AnyObject {
    /// Fills the front of `buffer`; returns how many bytes it wrote, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EventLogError) -> Int
    /// Makes the next read start at byte `offset`.
    func seek(to offset: Int) throws(EventLogError)
}

/// Reads a file (or standard input) through `read(2)`, so memory stays
/// bounded by the reader's buffer, whatever the file's size.
final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let name: String

    /// Opens `path` for reading; `"-"` is standard input.
    init(path: String) throws(EventLogError) {
        name = path
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            let kind: EventLogError.Kind = code == ENOENT || code == ENOTDIR ? .fileNotFound : .readFailed
            let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
            throw EventLogError(kind, file: path, message: "cannot open: \(reason)")
        }
        descriptor = opened
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { _ = close(descriptor) }
    }

    func seek(to offset: Int) throws(EventLogError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            throw EventLogError(
                .readFailed, file: name, message: "cannot go to byte \(offset): \(String(cString: strerror(errno)))")
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EventLogError) -> Int {
        while true {
            #if canImport(Darwin)
                let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #elseif canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            throw EventLogError(.readFailed, file: name, message: "cannot read: \(reason)")
        }
    }
}

extension FileSystem {
    /// All of the file at `path`, when it holds at most `maximumBytes`.
    ///
    /// - Throws: `limitExceeded` for a longer file, before reading it.
    static func contents(ofFile path: String, maximumBytes: Int) throws(EventLogError) -> [UInt8] {
        let tooLong = EventLogError(.limitExceeded, file: path, message: "it is longer than \(maximumBytes) bytes")
        let size = status(of: path)?.size ?? 0
        guard size <= maximumBytes else { throw tooLong }
        let source = try FileDescriptorSource(path: path)
        // Room for the whole file at once (and a chunk more, in case it grew), read straight into it.
        var bytes = [UInt8](repeating: 0, count: size + (1 << 16))
        var end = 0
        while true {
            guard end <= maximumBytes else { throw tooLong }
            if end == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let count = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(EventLogError) in
                    try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
                }
            }.get()
            if count == 0 { break }
            end += count
        }
        bytes.removeSubrange(end...)
        return bytes
    }
}

/// Serves bytes already in memory, for tests and in-process callers.
final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func seek(to offset: Int) {
        self.offset = min(max(0, offset), bytes.count)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

extension UnsafeRawBufferPointer {
    /// The index of the first `byte` in `range`, found with `memchr`.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
