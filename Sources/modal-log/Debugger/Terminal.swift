#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal while the debugger runs: raw input (each key as it is
/// pressed, no echo, Ctrl-C a key), the alternate screen and a hidden
/// cursor. ``restore()`` puts everything back, and so does a signal that
/// ends the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT), so the shell is
/// never left raw.
final class Terminal {
    /// The settings before, put back on restore.
    private var original = termios()
    private var isRestored = false

    /// Whether standard input and output are both a terminal.
    static var isAvailable: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Takes over the terminal.
    ///
    /// - Throws: ``Failure`` when standard input is not a terminal.
    init() throws(Failure) {
        guard tcgetattr(0, &original) == 0 else { throw Failure(message: String(cString: strerror(errno))) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        // Reads return after a tenth of a second without a key, so the
        // screen follows a growing log and a resized window.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1
        }
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { throw Failure(message: String(cString: strerror(errno))) }
        TerminalRestorer.install(original)
        write(Self.enter)
    }

    deinit { restore() }

    struct Failure: Error {
        var message: String
    }

    /// The alternate screen on, the cursor hidden; and the way back.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    /// Puts the terminal back as it was.
    func restore() {
        guard !isRestored else { return }
        isRestored = true
        write(Self.leave)
        tcsetattr(0, TCSAFLUSH, &original)
        TerminalRestorer.uninstall()
    }

    /// The window's size in characters; 80x24 when the terminal does not say.
    var size: (width: Int, height: Int) { Self.windowSize() ?? (80, 24) }

    /// The size in characters of the window standard output shows in; `nil`
    /// when it is not a terminal, or does not say.
    static func windowSize() -> (width: Int, height: Int)? {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// The keys pressed within about a tenth of a second; empty when none.
    func readKeys() -> [Key] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return Key.keys(in: Array(bytes[0..<count]))
    }

    /// Draws `lines` over the whole screen, from its top left corner.
    func draw(_ lines: [TerminalText]) {
        write("\u{1B}[H" + lines.map(\.escaped).joined(separator: "\r\n") + "\u{1B}[J")
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeOut($0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// `write(2)` to standard output.
private func writeOut(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.write(1, bytes, count)
    #elseif canImport(Glibc)
        Glibc.write(1, bytes, count)
    #else
        Musl.write(1, bytes, count)
    #endif
}

/// Restores the terminal from a signal handler, which can call only
/// async-signal-safe functions (`tcsetattr`, `write`, `_exit`) and reach
/// only globals.
private enum TerminalRestorer {
    // Written before the handlers are installed and after they are removed,
    // read only by them: no two threads touch it at once.
    nonisolated(unsafe) static var saved = termios()
    static let signals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    static func install(_ settings: termios) {
        saved = settings
        _ = leaveBytes
        for number in signals { _ = signal(number, handle) }
    }

    static func uninstall() {
        for number in signals { _ = signal(number, SIG_DFL) }
    }

    static let handle: @convention(c) (Int32) -> Void = { number in
        leaveBytes.withUnsafeBufferPointer { _ = writeOut($0.baseAddress, $0.count) }
        _ = tcsetattr(0, TCSAFLUSH, &TerminalRestorer.saved)
        _exit(128 + number)
    }

    /// ``Terminal/leave`` as bytes, made before any signal can come.
    static let leaveBytes = Array(Terminal.leave.utf8)
}
