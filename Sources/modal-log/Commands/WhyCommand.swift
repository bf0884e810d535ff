import ModalEvents
import ModalProjection

/// `modal-log why LOG [--at N] FACT`: the events that made a fact of the
/// state what it is, blame for the state.
struct WhyCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "why",
        abstract: "Show the events that made a fact of the state what it is.",
        discussion: """
            FACT is named as conditions name it: a modal (sheets/checkout, or a link in \
            any root), phase(M), canDismiss(M), content(M), cards(M), height(M), snap(M), \
            position(M), depth(R), queued(R), presented(R), offset(R), dimming(R), \
            keyboard, roots, modals, session; or rejected, for the event at --at. Prints \
            the fact's value after seq N (the last event without --at), then each change \
            that made it, oldest first, with its seq, time, event and origin: a modal's \
            changes since it was presented; a root's stack, the lives of the modals live \
            in it and the last change of all; anything else, its last ten changes. For \
            rejected: the rejection, the event that made what it ran into, and the chain \
            of what it names. Exit status 0; 64 when the fact cannot be read, or --at \
            is past the log's end or is not a rejected event for rejected.
            """)

    @OptionGroup var log = LogArgument(help: "The log to read: a file or a folder of segments (read more than once).")
    @Argument(help: "The fact: a modal, phase(M), depth(R), keyboard, ... (see above).")
    var fact: String
    @Option(.seq, help: "The seq of the event after which to explain it (default: the last).")
    var at: Int?
    @Flag(help: "Print the fact, its value and the chain as JSON.")
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = LenientOption()

    /// The most changes printed of one chain: its first and its last.
    static let printedLimit = 20

    func run(io: ToolIO) throws -> Int32 {
        guard log.log != "-" else {
            throw UsageError(
                message: "why reads the log more than once: save standard input to a file and give its path")
        }
        var fact: Fact
        do {
            fact = try ConditionParser.parseFact(self.fact)
        } catch {
            throw UsageError(message: "the fact '\(self.fact)' cannot be read: \(error)")
        }
        // The state at the seq first: it names the root of a modal given by its link alone.
        var replay = try Replay.open(log.log, io: io, lenient: reading.lenient, at: at, indexed: true)
        let reached = try replay.run(through: at)
        try replay.check(at ?? replay.state.seq, reached: reached, in: log.log)
        let end = replay.state.seq
        var rejected: Step?
        if fact == .rejected {
            guard let at else { throw UsageError(message: "why rejected: give --at the seq of the rejected event") }
            try Replay.stepping(log.log, io: io, from: at, lenient: reading.lenient) { step, _ in
                if step.entry.seq == at { rejected = step }
                return false
            }
            guard let step = rejected, let rejection = step.rejection else {
                throw UsageError(message: "why rejected: seq \(at) of \(log.log) was not rejected")
            }
            fact = Self.fact(namedBy: step, rejection: rejection)
        }
        // Then every step to there, described: a fact's chain may start anywhere before it.
        var history = FactHistory(of: fact.resolved(in: replay.state))
        try Replay.stepping(log.log, io: io, lenient: reading.lenient, indexed: false) { step, _ in
            guard step.entry.seq <= end else { return false }
            history.record(step)
            return true
        }
        // The value in the state the first pass reached (a snapshot's, when no event came before it).
        print(history, state: replay.state, rejected: rejected, io: io)
        return ExitCode.success
    }

    /// The rejection's fact: the modal (or root) its event names.
    private static func fact(namedBy step: Step, rejection: Rejection) -> Fact {
        let event = rejection.rejectedEvent(of: step.entry.event)
        // A present that names a parent missing or dismissing: the parent is what it ran into.
        if rejection.code == .unknownLink, case .modalPresent(let presentation) = event,
            let parent = presentation.parent
        {
            return .modal(Condition.ModalReference(root: presentation.root, link: parent))
        }
        if let link = event.link { return .modal(Condition.ModalReference(root: event.root, link: link)) }
        if event.root != nil { return .quantity(.roots) }
        return .quantity(.keyboard)
    }

    private func print(_ history: FactHistory, state: ModalState, rejected: Step?, io: ToolIO) {
        let chain = history.chain(in: state)
        let value = history.fact.value(in: state)
        if json {
            var members = [
                JSONMember("fact", .string("\(history.fact)")), JSONMember("at", .number(JSONNumber(state.seq))),
                JSONMember("value", .string(value)),
            ]
            if let rejected, let rejection = rejected.rejection {
                members.append(JSONMember("rejected", TimelineLine.json(of: rejection, cause: rejected.cause)))
            }
            members += [
                JSONMember("chain", .array(chain.map(\.json))),
                JSONMember("earlier", .number(JSONNumber(history.earlier))),
            ]
            io.write(exactly: JSONValue.object(members).serialized(style: .pretty) + "\n")
            return
        }
        let style = io.style
        if let rejected, let rejection = rejected.rejection {
            io.print(
                style.apply(
                    TerminalText(escaping: "seq \(rejected.entry.seq) \(rejected.entry.event.type.rawValue)"), .bold)
                    + style.apply(
                        TerminalText(escaping: ": rejected \(rejection.code.rawValue): \(rejection.message)"), .red))
            if let cause = rejected.cause { io.print(TerminalText(escaping: "because \(cause.text)")) }
            io.print(TerminalText(escaping: "\(history.fact) before it: \(value)"))
        } else {
            io.print(style.apply(TerminalText(escaping: "\(history.fact) after seq \(state.seq): \(value)"), .bold))
        }
        if chain.isEmpty {
            io.print(style.apply("  no event of the log changed it", .dim))
            return
        }
        if history.earlier > 0 {
            io.print(style.apply("  … \(history.earlier) earlier changes", .dim))
        }
        let all = chain.map { Optional($0) }
        let shown = all.count <= Self.printedLimit ? all : all.prefix(5) + [nil] + all.suffix(Self.printedLimit - 6)
        let seqWidth = chain.map { String($0.seq).count }.max() ?? 0
        let timeWidth = chain.map { EventText.time($0.time).count }.max() ?? 0
        let typeWidth = chain.map(\.type.rawValue.count).max() ?? 0
        for link in shown {
            guard let link else {
                io.print(style.apply("  … \(chain.count - Self.printedLimit + 1) more changes", .dim))
                continue
            }
            func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
                let room = String(repeating: " ", count: max(0, width - text.count))
                return right ? room + text : text + room
            }
            var line = "  " + style.apply("\(padded(String(link.seq), seqWidth, right: true)) ", .dim)
            line += style.apply("\(padded(EventText.time(link.time), timeWidth, right: true))  ", .dim)
            line += style.apply("\(padded(link.type.rawValue, typeWidth))", TextStyle.color(of: link.type))
            line += "  \(link.change.description)"
            if !link.origin.isEmpty { line += style.apply("  (\(link.origin))", .dim) }
            io.print(line)
        }
    }
}
