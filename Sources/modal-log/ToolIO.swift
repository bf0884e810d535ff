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
        case captured(standardInput: [UInt8])
    }

    private let mode: Mode
    /// What the tool printed to standard output, when captured.
    private(set) var standardOutput = ""
    /// What the tool printed to standard error, when captured.
    private(set) var standardError = ""

    private init(mode: Mode) {
        self.mode = mode
    }

    /// The process's standard input, output and error.
    static func process() -> ToolIO { ToolIO(mode: .process) }

    /// Memory: `standardInput` is what `-` reads.
    static func captured(standardInput: [UInt8] = []) -> ToolIO {
        ToolIO(mode: .captured(standardInput: standardInput))
    }

    /// Opens a log for reading; `-` is standard input.
    func openLog(_ path: String) throws(EventLogError) -> EventLogReader {
        if path == "-", case .captured(let bytes) = mode {
            return try EventLogReader(bytes: bytes, name: "-")
        }
        return try EventLogReader(path: path)
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
                guard written > 0 else { return }  // a closed pipe: nothing more to say
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
