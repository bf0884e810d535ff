#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, a line at a time, as it arrives: a line is handed on as
/// soon as its `\n` is read, so a program that writes one event and waits
/// for its acknowledgement is not kept waiting for more input.
final class LineInput {
    /// Where the bytes come from: the process's standard input, or memory.
    private let descriptor: Int32?
    private var buffer: [UInt8]
    private var start = 0
    private var atEnd: Bool
    private let maximumLineLength: Int
    /// The number of the last line handed out.
    private(set) var lineNumber = 0

    /// Reads the process's standard input.
    init(maximumLineLength: Int) {
        descriptor = 0
        buffer = []
        atEnd = false
        self.maximumLineLength = maximumLineLength
    }

    /// Reads `bytes` (tests).
    init(bytes: [UInt8], maximumLineLength: Int) {
        descriptor = nil
        buffer = bytes
        atEnd = true
        self.maximumLineLength = maximumLineLength
    }

    enum Failure: Error {
        /// The line (1-based) is longer than the limit.
        case lineTooLong(line: Int)
        /// Reading failed; the reason.
        case readFailed(String)
    }

    /// The next line without its `\n` (a last line without one counts:
    /// input from a person or a script may end so), or `nil` at the end.
    func next() throws(Failure) -> [UInt8]? {
        var scanFrom = start
        while true {
            if let newline = buffer[scanFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                lineNumber += 1
                guard newline - start <= maximumLineLength else { throw .lineTooLong(line: lineNumber) }
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            scanFrom = buffer.count
            guard buffer.count - start <= maximumLineLength else { throw .lineTooLong(line: lineNumber + 1) }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                defer { start = buffer.count }
                return Array(buffer[start...])
            }
            buffer.removeSubrange(0..<start)
            scanFrom -= start
            start = 0
            try readMore()
        }
    }

    private func readMore() throws(Failure) {
        guard let descriptor else {
            atEnd = true
            return
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .readFailed(String(cString: strerror(errno))) }
            if count == 0 { atEnd = true }
            buffer += chunk[0..<count]
            return
        }
    }
}
