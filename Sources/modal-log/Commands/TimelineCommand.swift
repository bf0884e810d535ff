import ModalEvents
import ModalProjection

/// `modal-log timeline LOG`: one line per event, and what it did.
struct TimelineCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "timeline",
        abstract: "List the events, one a line, with what each did.",
        discussion: """
            Each line is the seq, the time in seconds, the event, what it names \
            and what it did: to what it names first ('presenting -> presented'), \
            then to the rest ('root sheets: dimming.visible false -> true'), or \
            'rejected duplicateLink: ...'. Lines fit the terminal's width (when \
            the output is not a terminal, COLUMNS, else 80 columns): what the \
            event names gives way first, down to its root and link, then what it \
            did is cut with '…', but for a rejection, which goes on under its line \
            whole; --wide keeps lines whole. Columns are as wide as the first 200 \
            lines need. --dt adds a column after the time: the seconds since the \
            event before that has a time ('+0.050'). \
            A modal is named ROOT/LINK in every root \
            (default/checkout); 'gone' means no live modal. --root and --link keep the events that \
            name a root or modal or change it (a parent's dismissal changes its \
            children); LINK may be ROOT/LINK. --from and --to keep a range of seqs; \
            with an index ('modal-log index'), reading starts at the checkpoint \
            before --from. With --follow, the timeline goes on to show the events \
            an app appends to the log as they land, as 'tail -f' does, until it is \
            interrupted (Ctrl-C) or --to is reached; a last line still being \
            written is shown once its newline lands. --changes-only leaves out the \
            events that changed nothing (a rejection is kept), --type keeps events \
            of some types (a batch when one of its events is), and --where keeps \
            the events after which a condition holds, in bisect's language \
            ('modal-log help bisect').

            Format 2: a line gives the event's source after the time ('-' for \
            none) and its caller after what it names when there is room \
            ('· at Cart.swift:30'). A batch is one step: one line with what it did \
            as a whole, then an indented line for each of its events ('<- \
            rejected' on the one that rejected it). A line '── session 2' comes \
            before each session.start, whatever the filters keep. --source keeps \
            the events of a source (user, system, app or test; none for those \
            that have none; several separated by commas); a batch's events have \
            its source. --json lines also carry source, caller, session and, for a \
            batch, its events.
            """)

    @OptionGroup var logs = LogsArguments(
        help: "The logs: a file, a folder of segments, - for standard input, or many (each after its name).")
    @OptionGroup var place = PlaceFilterOptions()
    @OptionGroup var range = SeqRangeOptions()
    @OptionGroup var kind = StepKindOptions()
    @Flag(help: "Print each event as a JSON line, with its changes.")
    var json: Bool
    @Flag(help: "Print whole lines, however wide the terminal.")
    var wide: Bool
    @Flag(name: "dt", help: "Show the seconds since the event before after each time.")
    var showsDt: Bool
    @Flag(short: "f", help: "Keep reading the events appended to the log.")
    var follow: Bool
    @Flag(short: "r", help: LogsArguments.recursiveHelp)
    var recursive: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    func run(io: ToolIO) throws -> Int32 {
        let width = wide ? nil : io.outputWidth
        let filter = try StepFilter(place: place, range: range, kind: kind)
        // Many logs in JSON: one table, each row naming its log.
        func timelines() throws -> Int32 {
            try ManyLogs.each(
                logs, recursive: recursive, io: io, json: json, lenient: reading.lenient, following: follow,
                width: width, combined: ManyLogs.status(of:)
            ) { log, io, isOneOfMany in
                try timeline(
                    of: log, filter: filter, width: width, io: io, naming: json && isOneOfMany ? log : nil,
                    isOneOfMany: isOneOfMany)
            }
        }
        // A line a step, written 64 KiB at a time; but standard input may be a live pipe, whose
        // lines are shown as they come.
        return logs.paths.contains("-") ? try timelines() : try io.buffering(timelines)
    }

    /// The timeline of the log at `path`, its JSON rows naming the log as `naming` when given.
    func timeline(
        of path: String, filter: StepFilter, width: Int?, io: ToolIO, naming log: String? = nil,
        isOneOfMany: Bool = false
    ) throws -> Int32 {
        let style = io.style
        let follows = follow
        if follows, !io.isOnDisk(path) {
            throw UsageError(message: "--follow reads a log on disk, not standard input")
        }
        var lines = TimelineLines(io: io, style: style, width: width, json: json, showsDt: showsDt)
        lines.log = log
        var names = LogNames()
        /// Prints `step` when the filter keeps it; whether to read on.
        func show(_ step: Step, after state: ModalState) -> Bool {
            names.add(step, after: state)
            if let last = filter.to, step.entry.seq > last { return false }
            let separated = step.entry.seq >= filter.from && step.entry.event.type == .sessionStart
            lines.add(step, after: state, kept: filter.keeps(step, after: state), separated: separated)
            return filter.to.map { step.entry.seq < $0 } ?? true
        }
        var readsOn = true
        let read = try Replay.stepping(
            path, io: io, from: filter.from, lenient: reading.lenient, following: follows
        ) { step, state in
            readsOn = show(step, after: state)
            return readsOn
        }
        lines.flush()
        // A whole read knows every name the log had: a filter on another one is likely a slip
        // (but not in one log of many, where most may not have it).
        if filter.from <= 1, readsOn, !follows, !isOneOfMany {
            for sentence in filter.namesNeverHad(in: names) { io.printError("warning: \(sentence)") }
        }
        guard follows, readsOn else { return ExitCode.success }
        var replay = read
        let follower = EventLogFollower(after: read.reader)
        while readsOn {
            try follower.readAppended { entry, reader throws(EventLogError) in
                guard readsOn else { return }
                readsOn = show(try replay.step(entry, readBy: reader), after: replay.state)
            }
            lines.flush()
            if readsOn { io.pause(milliseconds: 100) }
        }
        return ExitCode.success
    }
}
