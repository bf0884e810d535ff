#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a reader's bytes come from: a file descriptor or memory.
protocol ByteSource {
    /// Fills the front of `buffer`; returns how many bytes it wrote, 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(EventLogError) -> Int
    /// Makes the next read start at byte `offset`.
    mutating func seek(to offset: Int) throws(EventLogError)
    /// Whether the bytes end: memory or a regular file, which a reader may
    /// read to its end; not a pipe or a terminal, which may never end.
    var isBounded: Bool { get }
}

/// Reads a file (or standard input) through `read(2)`, so memory stays
/// bounded by the reader's buffer, whatever the file's size.
final class FileDescriptorSource: ByteSource {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let name: String
    private let fileSystem: FileSystem
    let isBounded: Bool

    /// Opens `path` for reading; `"-"` is standard input. A pipe with no
    /// writer reads as empty instead of waiting for one.
    ///
    /// - Parameter regularOnly: Refuse anything but a regular file: a
    ///   segment or a sidecar, which no one names on a command line.
    init(path: String, regularOnly: Bool = true, in fileSystem: FileSystem) throws(EventLogError) {
        name = path
        self.fileSystem = fileSystem
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            descriptor = try fileSystem.openToRead(path, regularOnly: regularOnly)
            ownsDescriptor = true
        }
        isBounded = fileSystem.calls.info(of: descriptor)?.kind == .file
    }

    deinit {
        if ownsDescriptor { _ = fileSystem.calls.close(descriptor) }
    }

    func seek(to offset: Int) throws(EventLogError) {
        guard fileSystem.calls.seek(descriptor, to: offset) == offset else {
            throw EventLogError(
                .readFailed, file: name, message: "cannot go to byte \(offset): \(String(cString: strerror(errno)))")
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EventLogError) -> Int {
        let count = fileSystem.calls.read(descriptor, into: buffer)
        guard count >= 0 else {
            throw EventLogError(.readFailed, file: name, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        return count
    }
}

extension FileSystem {
    /// All of the regular file at `path`, when it holds at most `maximumBytes`.
    ///
    /// - Throws: `limitExceeded` for a longer file, before reading it.
    package func contents(ofFile path: String, maximumBytes: Int) throws(EventLogError) -> [UInt8] {
        let size = status(of: path)?.size ?? 0
        let source = try FileDescriptorSource(path: path, in: self)
        // Room for the whole file at once (and more, in case it grew).
        let bytes = size > maximumBytes ? [] : try source.read(upTo: maximumBytes + 1, expecting: size)
        guard size <= maximumBytes, bytes.count <= maximumBytes else {
            throw EventLogError(.limitExceeded, file: path, message: "it is longer than \(maximumBytes) bytes")
        }
        return bytes
    }
}

extension FileDescriptorSource {
    /// The next `limit` bytes, or fewer at the end: read straight into an
    /// array made for `expecting` bytes, not zeroed first, which grows when
    /// there are more.
    ///
    /// The array has a byte to spare, so the read that finds the end (or
    /// that the file grew) lands in it: without it, a file of exactly the
    /// length expected made the array twice as long to learn that.
    func read(upTo limit: Int, expecting: Int = 0) throws(EventLogError) -> [UInt8] {
        var bytes: [UInt8] = []
        var failure: EventLogError?
        var atEnd = false
        while !atEnd, failure == nil, bytes.count < limit {
            let room = bytes.isEmpty ? min(limit, max(expecting + 1, 1 << 12)) : min(bytes.count, limit - bytes.count)
            let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
                while initialized < buffer.count {
                    let count: Int
                    do throws(EventLogError) {
                        count = try read(
                            into: UnsafeMutableRawBufferPointer(
                                UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
                    } catch {
                        failure = error
                        return
                    }
                    if count == 0 {
                        atEnd = true
                        return
                    }
                    initialized += count
                }
            }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
        }
        if let failure { throw failure }
        return bytes
    }
}

/// Serves bytes already in memory, for tests and in-process callers. A
/// value small enough to sit in a reader's `any ByteSource` itself: a reader
/// of bytes in memory allocates nothing for its source.
struct MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0
    var isBounded: Bool { true }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func seek(to offset: Int) {
        self.offset = min(max(0, offset), bytes.count)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
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
