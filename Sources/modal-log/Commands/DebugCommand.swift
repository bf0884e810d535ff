import ModalEvents
import ModalProjection

/// `modal-log debug LOG`: an interactive time-travel debugger in the terminal.
struct DebugCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "debug",
        abstract: "Step through a log in the terminal, forward and back.",
        discussion: """
            One screen: the events around the cursor, the state right after the \
            event under it, and what that event did. Keys: j/k or the arrows step, \
            g jumps to a seq, < and > go to the first and last event, / searches \
            the events (n, N again), f follows a root or modal, s leaves the event \
            out (what if) or puts it back, ? shows every key, q quits. It fits \
            80x24 and uses the whole terminal when larger; the terminal is put back \
            on quit, Ctrl-C or a signal. With --follow, events the app appends show \
            as they land, and a cursor on the last event moves on with them. A \
            batch is one step, its events listed under it while the cursor is on \
            it; a rule marks each session's start; what an event did names its \
            source and caller when the log gives them.
            """)

    @OptionGroup var log = LogArgument()
    @Option(.seq, help: "Start at this seq (default: the first event).")
    var at: Int?
    @Flag(short: "f", help: "Keep reading the events appended to the log.")
    var follow: Bool
    @OptionGroup var filter = StepKindOptions()
    @OptionGroup var color = ColorOption()

    func run(io: ToolIO) throws -> Int32 {
        let path = log.log
        guard io.isOnDisk(path) else {
            throw UsageError(message: "debug reads a log on disk: standard input is its keyboard")
        }
        guard Terminal.isAvailable else {
            throw UsageError(
                message: "debug needs a terminal for its input and output; for a pipe, use timeline, diff or bisect")
        }
        let (loaded, reader) = try Self.load(path)
        var session = loaded
        let filter = try StepFilter(kind: filter)
        if filter.types != nil || filter.changesOnly || filter.condition != nil { session.filter = filter }
        let following = follow
        if let start = at {
            guard let index = session.events.firstIndex(where: { $0.seq == start }) else {
                throw UsageError(message: "seq \(start) is not in \(path): its last event is seq \(reader.lastSeq)")
            }
            session.move(to: index)
        } else if following {
            session.move(to: session.events.count - 1)
        } else {
            // The first event the filter keeps.
            session.move(to: session.filter == nil ? 0 : session.find(from: 0, direction: 1, where: session.stops) ?? 0)
        }
        let follower = following ? EventLogFollower(after: reader) : nil
        let style = io.style
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            throw UsageError(message: "debug cannot take over the terminal: \(error.message)")
        }
        defer {
            terminal.restore()
            io.printWarnings(of: reader, exceptTornTail: following)
        }
        var shown: [TerminalText] = []
        while !session.isDone {
            let size = terminal.size
            let screen = DebugScreen.render(session, width: size.width, height: size.height, style: style)
            if screen != shown {
                terminal.draw(screen)
                shown = screen
            }
            let keys = terminal.readKeys()
            for key in keys where !session.isDone { session.handle(key) }
            if keys.isEmpty, let follower {
                try follower.readAppended { entry, reader throws(EventLogError) in
                    try session.append(entry, readBy: reader)
                }
            }
        }
        return ExitCode.success
    }

    /// Reads the whole log into a session.
    static func load(_ path: String) throws(EventLogError) -> (DebugSession, EventLogReader) {
        let cursor = try LogCursor<ModalState>(.path(path))
        let reader = cursor.reader
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var session = DebugSession(name: name, start: cursor.state)
        // Through the cursor, which checks each segment's start; the session keeps its own states.
        while let read = try cursor.next() { try session.append(read.entry, readBy: reader) }
        return (session, reader)
    }
}
