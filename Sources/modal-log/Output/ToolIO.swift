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
        /// Memory: what `-` reads, files by path that shadow the disk, the
        /// environment, and whether standard output counts as a terminal.
        case captured(
            standardInput: [UInt8], files: [String: [UInt8]], environment: [String: String], isTerminal: Bool)
    }

    private let mode: Mode
    /// Whether standard output is held back (``buffering(_:)``), and what is.
    private var holdsOutput = false
    private var held: [UInt8] = []
    /// How much output is held back before it is written: one write(2) for many lines.
    private static let heldBytes = 1 << 16
    /// What the tool printed to standard output, when captured.
    private(set) var standardOutput = ""
    /// What the tool printed to standard error, when captured.
    private(set) var standardError = ""
    /// Why writing output failed (a full disk), if it did; the tool then exits 74.
    private(set) var writeFailure: String?
    /// Whether the process ends at once, quietly and with status 0, when
    /// what reads its output has closed it (a pipe into `head`): set for
    /// the commands that only read (``ToolCommand/changesFiles``). Else a
    /// closed output is a ``writeFailure`` as a full disk is.
    var endsQuietlyWhenOutputCloses = false

    private init(mode: Mode) {
        self.mode = mode
    }

    /// The process's standard input, output and error.
    static func process() -> ToolIO { ToolIO(mode: .process) }

    /// Memory: `standardInput` is what `-` reads; `files` are read by their
    /// path instead of the disk, so examples can run as written;
    /// `environment` stands for the process's, and `isTerminal` says
    /// whether standard output is taken for a terminal (colour).
    static func captured(
        standardInput: [UInt8] = [], files: [String: [UInt8]] = [:], environment: [String: String] = [:],
        isTerminal: Bool = false
    ) -> ToolIO {
        ToolIO(
            mode: .captured(
                standardInput: standardInput, files: files, environment: environment, isTerminal: isTerminal))
    }

    /// An IO for work on another thread (one log of many): it reads what
    /// this one reads, and writes into memory, for ``absorb(_:)``.
    func worker() -> ToolIO {
        let worker: ToolIO =
            switch mode {
            case .captured(_, let files, let environment, _): .captured(files: files, environment: environment)
            case .process: .captured()
            }
        // The colours the command line asked for; a path not held in memory is read from the disk.
        worker.style = style
        worker.errorStyle = errorStyle
        return worker
    }

    /// Writes what `worker` wrote, and empties it: standard output first, so
    /// on a terminal a log's errors and warnings come under its `== LOG` line.
    func absorb(_ worker: ToolIO) {
        if !worker.standardOutput.isEmpty { write(worker.standardOutput, toError: false) }
        if !worker.standardError.isEmpty { write(worker.standardError, toError: true) }
        worker.standardError = ""
        worker.standardOutput = ""
    }

    /// The value of environment variable `name`, if it is set.
    func environment(_ name: String) -> String? {
        switch mode {
        case .captured(_, _, let environment, _): return environment[name]
        case .process: return getenv(name).map { String(cString: $0) }
        }
    }

    /// Runs `body` with standard output held back and written 64 KiB at a
    /// time, for a command that writes a line for every step: what is held
    /// is written before anything goes to standard error, before a pause
    /// (`--follow`), and when `body` ends.
    func buffering<Result>(_ body: () throws -> Result) rethrows -> Result {
        let holding = holdsOutput
        holdsOutput = true
        defer {
            holdsOutput = holding
            if !holding { flush() }
        }
        return try body()
    }

    /// Waits `milliseconds` (`--follow` between looks at the log), after
    /// writing what is held back.
    func pause(milliseconds: Int) {
        flush()
        usleep(UInt32(milliseconds) * 1000)
    }

    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool {
        switch mode {
        case .captured(_, _, _, let isTerminal): isTerminal
        case .process: isatty(1) == 1
        }
    }

    /// How many columns a line for people may take: the terminal's width
    /// when standard output is one; else `COLUMNS` when it is set (a pipe
    /// into `less`, a script that knows its width); else 80. In a test's
    /// captured run, `COLUMNS` stands for the terminal's width too.
    var outputWidth: Int {
        let columns = environment("COLUMNS").flatMap { Int($0.filter { !$0.isWhitespace }) }.flatMap {
            $0 > 0 ? $0 : nil
        }
        switch mode {
        case .captured: return columns ?? 80
        case .process: return (isatty(1) == 1 ? Terminal.windowSize()?.width : nil) ?? columns ?? 80
        }
    }

    /// Whether standard error is a terminal.
    var errorIsTerminal: Bool {
        switch mode {
        case .captured(_, _, _, let isTerminal): isTerminal
        case .process: isatty(2) == 1
        }
    }

    /// Whether to colour output by default: standard output is a terminal
    /// that is not `dumb`, and `NO_COLOR` is unset or empty (no-color.org).
    var prefersColor: Bool { outputIsTerminal && allowsColor }

    /// Whether the environment lets the tool colour a terminal: `NO_COLOR`
    /// unset or empty, and `TERM` not `dumb`.
    var allowsColor: Bool { (environment("NO_COLOR") ?? "").isEmpty && environment("TERM") != "dumb" }

    /// Where the log at `path` is read from: `-` is standard input; a
    /// file the tests hold in memory is its bytes.
    func source(_ path: String) -> LogSource {
        if case .captured(let standardInput, let files, _, _) = mode {
            if path == "-" { return .bytes(standardInput, name: "-") }
            if let bytes = files[path] { return .bytes(bytes, name: path) }
        }
        return .path(path)
    }

    /// Whether `path` is read from the disk: not standard input, and not a
    /// file held in memory.
    func isOnDisk(_ path: String) -> Bool {
        if case .path(let path) = source(path) { return path != "-" }
        return false
    }

    /// Standard input as lines, read as they arrive.
    func standardInputLines(maximumLineLength: Int) -> LineInput {
        if case .captured(let standardInput, _, _, _) = mode {
            return LineInput(bytes: standardInput, maximumLineLength: maximumLineLength)
        }
        return LineInput(maximumLineLength: maximumLineLength)
    }

    /// Writes `text` to standard output exactly: what holds nothing from a
    /// log or a user (help, a completion script, seqs for a program), or
    /// whose format escapes it its own way (JSON, a log, a page, a diagram).
    /// Text for people that names anything goes by ``print(_:)``.
    func write(exactly text: String) {
        write(text, toError: false)
    }

    /// Writes UTF-8 `bytes` to standard output exactly, as ``write(exactly:)`` writes text.
    func write(exactly bytes: [UInt8]) {
        switch mode {
        case .captured: standardOutput += String(decoding: bytes, as: UTF8.self)
        case .process: writeToProcess(bytes[...], toError: false)
        }
    }

    /// Writes `text` and a newline to standard output, for people: what a
    /// log or a user gave it escaped (``TerminalText``).
    func print(_ text: TerminalText) {
        write(text.escaped + "\n", toError: false)
    }

    /// How standard output is styled: what `--color` asks for, for the
    /// commands that take it (the tool sets it once it has read the command line).
    var style = TextStyle.plain
    /// How standard error is styled: its `Error:`, `warning:` and `hint:` in colour.
    var errorStyle = TextStyle.plain

    /// Writes `text` and a newline to standard error, as ``print(_:)`` does;
    /// a leading `Error:` red, `warning:` yellow and `hint:` cyan, in ``errorStyle``.
    func printError(_ text: TerminalText) {
        let kinds: [(String, TextStyle.Attribute)] = [("Error:", .red), ("warning:", .yellow), ("hint:", .cyan)]
        var styled = text.escaped
        if errorStyle.isEnabled, let (word, colour) = kinds.first(where: { styled.hasPrefix($0.0) }) {
            styled =
                errorStyle.apply(TerminalText(stringLiteral: word), colour, .bold).escaped
                + styled.dropFirst(word.count)
        }
        write(styled + "\n", toError: true)
    }

    private func write(_ text: String, toError: Bool) {
        switch mode {
        case .captured:
            if toError { standardError += text } else { standardOutput += text }
        case .process: writeToProcess(Array(text.utf8)[...], toError: toError)
        }
    }

    private func writeToProcess(_ bytes: ArraySlice<UInt8>, toError: Bool) {
        if toError {
            // What was held back comes first, as it was written first.
            flush()
        } else if holdsOutput {
            held += bytes
            if held.count >= Self.heldBytes { flush() }
            return
        }
        writeAll(bytes, to: toError ? 2 : 1)
    }

    /// Writes what ``buffering(_:)`` holds back.
    func flush() {
        guard !held.isEmpty else { return }
        writeAll(held[...], to: 1)
        held.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
        var bytes = bytes
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { PosixCalls().write(descriptor, from: $0) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EPIPE && endsQuietlyWhenOutputCloses { exit(ExitCode.success) }
            guard written > 0 else {
                writeFailure = writeFailure ?? String(cString: strerror(errno))
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
