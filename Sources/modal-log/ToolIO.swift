import ModalEvents
import ModalProjection

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool reads standard input and writes its output: the process's
/// own streams, or memory, so tests run the whole tool in-process.
final class ToolIO {
    private enum Mode {
        case process
        /// Memory: what `-` reads, and files by path that shadow the disk.
        case captured(standardInput: [UInt8], files: [String: [UInt8]])
    }

    private let mode: Mode
    /// What the tool printed to standard output, when captured.
    private(set) var standardOutput = ""
    /// What the tool printed to standard error, when captured.
    private(set) var standardError = ""
    /// Why writing output failed (a full disk), if it did; the tool then exits 74.
    private(set) var writeFailure: String?

    private init(mode: Mode) {
        self.mode = mode
    }

    /// The process's standard input, output and error.
    static func process() -> ToolIO { ToolIO(mode: .process) }

    /// Memory: `standardInput` is what `-` reads; `files` are read by their
    /// path instead of the disk, so examples can run as written.
    static func captured(standardInput: [UInt8] = [], files: [String: [UInt8]] = [:]) -> ToolIO {
        ToolIO(mode: .captured(standardInput: standardInput, files: files))
    }

    /// Opens a log for reading; `-` is standard input.
    func openLog(
        _ path: String, options: EventLogReader.Options = EventLogReader.Options()
    ) throws(EventLogError) -> EventLogReader {
        if case .captured(let standardInput, let files) = mode {
            if path == "-" { return try EventLogReader(bytes: standardInput, name: "-", options: options) }
            if let bytes = files[path] { return try EventLogReader(bytes: bytes, name: path, options: options) }
        }
        return try EventLogReader(path: path, options: options)
    }

    /// Whether `path` is read from the disk: not standard input, and not a
    /// file held in memory.
    func isOnDisk(_ path: String) -> Bool {
        if case .captured(_, let files) = mode, files[path] != nil { return false }
        return path != "-"
    }

    /// Standard input as lines, read as they arrive.
    func standardInputLines(maximumLineLength: Int) -> LineInput {
        if case .captured(let standardInput, _) = mode {
            return LineInput(bytes: standardInput, maximumLineLength: maximumLineLength)
        }
        return LineInput(maximumLineLength: maximumLineLength)
    }

    /// Writes `text` to standard output as it is.
    func write(_ text: String) {
        write(text, toError: false)
    }

    /// Writes `text` and a newline to standard output.
    func print(_ text: String) {
        write(text + "\n", toError: false)
    }

    /// Writes `text` and a newline to standard error.
    func printError(_ text: String) {
        write(text + "\n", toError: true)
    }

    private func write(_ text: String, toError: Bool) {
        switch mode {
        case .captured:
            if toError { standardError += text } else { standardOutput += text }
        case .process:
            let descriptor: Int32 = toError ? 2 : 1
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { buffer in
                    #if canImport(Darwin)
                        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                    #elseif canImport(Glibc)
                        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                    #else
                        Musl.write(descriptor, buffer.baseAddress, buffer.count)
                    #endif
                }
                if written < 0 && errno == EINTR { continue }
                // A closed pipe never gets here: SIGPIPE ends the process, as for any filter.
                guard written > 0 else {
                    writeFailure = writeFailure ?? String(cString: strerror(errno))
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
