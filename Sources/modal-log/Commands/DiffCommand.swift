import ModalEvents
import ModalProjection

/// `modal-log diff LOG A [B]`: what changed between the states after A and
/// after B (after A-1 and A without B), each change with the event that made it.
struct DiffCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "diff",
        abstract: "Show what changed between the states after two events.",
        discussion: """
            Compares the state right after seq A with the state right after seq B \
            (0 is the state before any event; B may come before A): the keyboard, \
            each root's settings, the modals that came or went, their phases \
            (queued: waiting in a queue root), cards (with their heights and \
            whether they can be dismissed), snap state and payload, the session \
            (how many session.start events applied), and the events rejected in between. \
            Modals are matched by root and link. Each change names the last event \
            between the two seqs that made it (going back: that it undoes; JSON: madeBy, its seq and type); \
            a rejection, the event that made the state it ran into (JSON: cause). With one seq, \
            shows what that event did: the state before it against the state after. \
            With an index ('modal-log index'), reading starts at the checkpoint \
            nearest before the earlier seq. Exit status 0 whether or not the states differ.
            """)

    @OptionGroup var log = LogArgument()
    @Argument(.seq, help: "The seq of the state to compare from (alone: the event to show).")
    var a: Int
    @Argument(.seq, help: "The seq of the state to compare to; without it, A-1 is compared to A.")
    var b: Int?
    @Flag(help: "Print the changes as JSON.")
    var json: Bool
    @OptionGroup var color = ColorOption()
    @OptionGroup var reading = IndexedReading()

    func run(io: ToolIO) throws -> Int32 {
        let path = log.log
        var from = a
        let to: Int
        if let b {
            to = b
        } else {
            guard from >= 1 else {
                throw UsageError(message: "diff with one seq shows what its event did: seq 1 or more")
            }
            (from, to) = (from - 1, from)
        }
        var (earlier, later, makers) = try Self.states(
            of: path, at: min(from, to), and: max(from, to), io: io, lenient: reading.lenient, indexed: !reading.noIndex
        )
        let diff = from <= to ? StateDiff(from: earlier, to: later) : StateDiff(from: later, to: earlier)
        makers.goesBack = from > to
        if json {
            // The diff's JSON, each change with the event that made it.
            let changes = diff.changes.map { change in
                guard case .object(var members) = change.json, let maker = makers.maker(of: change) else {
                    return change.json
                }
                let madeBy: JSONValue = ["seq": .number(JSONNumber(maker.seq)), "event": .string(maker.type.rawValue)]
                members.append(JSONMember("madeBy", madeBy))
                if case .rejection(let seq) = change.subject, change.kind == .added, let cause = makers.causes[seq] {
                    members.append(JSONMember("cause", cause.json))
                }
                return .object(members)
            }
            let json: JSONValue = [
                "from": .number(JSONNumber(diff.fromSeq)), "to": .number(JSONNumber(diff.toSeq)),
                "changes": .array(changes),
            ]
            io.write(exactly: json.serialized(style: .pretty) + "\n")
        } else {
            io.print(ChangeText.render(diff, style: io.style, makers: makers))
        }
        return ExitCode.success
    }

    /// The states right after `first` and after `second` (`first <= second`),
    /// read in one pass, and the events that made the changes between them.
    static func states(
        of path: String, at first: Int, and second: Int, io: ToolIO, lenient: Bool, indexed: Bool
    ) throws -> (ModalState, ModalState, ChangeText.Makers) {
        var replay = try Replay.open(path, io: io, lenient: lenient, at: first, indexed: indexed)
        replay.trackCauses()
        let reached = try replay.run(through: first)
        // The later seq is before the start only when the earlier is.
        try replay.check(first, reached: true, in: path)
        let earlier = replay.state
        var makers = ChangeText.Makers()
        while reached, replay.state.seq < second {
            let before = replay.state
            guard let read = try replay.cursor.next() else { break }
            makers.record(StateDiff(from: before, to: replay.state, by: read.entry.event).changes, madeBy: read.entry)
            makers.causes[read.entry.seq] = replay.track(read.entry, rejection: read.rejection)
        }
        replay.printWarnings(io: io)
        try replay.check(second, reached: replay.state.seq >= second, in: path)
        return (earlier, replay.state, makers)
    }

}
