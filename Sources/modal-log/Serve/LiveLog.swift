import Foundation
import ModalEvents
import ModalProjection

/// A log that `serve` shows while an app appends to it, its steps made
/// for the page as the page asks for them.
///
/// It reads the log once, without describing a step (as fast as `replay`),
/// and keeps for each step what the page needs before it asks for more:
/// its type, whether it was rejected, a batch's types; the chart; and a
/// checkpoint (the reader's place and the state) every ``spacing`` steps.
/// The page then asks for the steps it shows, a few hundred at a time
/// (``steps(from:count:tableHolds:)``): they are made from the checkpoint
/// before them, so a 10^6-event log opens about as fast as a short one.
/// Then it follows the log (``EventLogFollower``): ``refresh()`` reads what
/// the app appended. A log cut or replaced on disk is read again, as a new
/// generation: pages of the old one are told so. Safe to use from any thread.
final class LiveLog: Sendable {
    let path: String
    /// The log's file name, as the page's title.
    let name: String
    /// The seqs left out (`replay --skip`): the log replayed without them,
    /// which is not followed.
    let skipped: Set<Int>
    private let shared: Lock<Shared>

    /// Steps between two checkpoints.
    static let spacing = 256

    /// Where a page's data stands: the log's generation and how many steps it knows of.
    struct Mark: Equatable {
        var generation: Int
        var steps: Int
    }

    /// What a page is to be sent.
    enum Update: Equatable {
        /// What the log has after the page's mark (JSON for the page: ``outline(from:)``), and the mark after it.
        case appended([UInt8], Mark)
        /// The log was cut or replaced: the page's data is not the log's any more.
        case replaced(String)
        /// Appended events could not be read: why (the file and line).
        case problem(String)
    }

    fileprivate struct Shared {
        var loaded: Loaded
        var generation = 0
        var problem: String?
        /// Each step's seq and text as the page's search reads it, once a search asked for them.
        var searchTexts: [(seq: Int, text: String)]?
    }

    /// The name of the table of values the steps are made into, which a
    /// page holds a copy of the start of: a page whose copy is of another
    /// table (the tool restarted, the log read again) is told to reload.
    var table: String { shared.withLock { "\(instance)-\($0.generation)" } }
    private let instance = UInt64.random(in: 0...UInt64.max)

    /// How many times the log was read from its start.
    var generation: Int { shared.withLock { $0.generation } }

    /// What the page knows of every step before it asks, and what the
    /// steps it asks for are made from.
    fileprivate struct Loaded {
        var header: LogHeader
        /// What the page knows of every step before it asks for them.
        var outline = PageOutline()
        /// The checkpoint before step `k * spacing`, for each `k`.
        var checkpoints: [Checkpoint] = []
        /// The state after the last step read, its rejections taken out.
        var state: ModalState
        /// Its rejections, and the tracker of what caused each (``CauseTracker``).
        var tally = RejectionTally()
        /// The cause of each rejection, by seq (a checkpoint keeps no tracker:
        /// each would hold its own copy of the removals it remembers).
        var causes: [Int: RejectionCause] = [:]
        var follower: EventLogFollower
        var lastSeq: Int
        /// The table the steps asked for are made into.
        var pageSteps = PageSteps()

        var count: Int { outline.count }
    }

    fileprivate struct Checkpoint {
        var position: EventLogReader.Position
        var state: ModalState
        var tally: RejectionTally
    }

    /// Reads the log at `path` (leaving out the events `skipped`).
    ///
    /// - Throws: ``EventLogError`` for a log that cannot be read.
    init(path: String, skipping skipped: Set<Int> = []) throws(EventLogError) {
        self.path = path
        self.name = path.split(separator: "/").last.map(String.init) ?? path
        self.skipped = skipped
        shared = Lock(Shared(loaded: try Self.load(path, skipping: skipped)))
    }

    private static func load(_ path: String, skipping skipped: Set<Int>) throws(EventLogError) -> Loaded {
        let cursor = try LogCursor<ModalState>(.path(path))
        cursor.skipping = skipped
        var loaded = Loaded(
            header: cursor.reader.header, state: cursor.state,
            follower: EventLogFollower(after: cursor.reader), lastSeq: cursor.state.seq)
        loaded.tally.causes = CauseTracker(startingAt: cursor.state)
        loaded.checkpoints.append(
            Checkpoint(position: cursor.reader.position, state: cursor.state, tally: RejectionTally()))
        while let read = try cursor.next() {
            if !skipped.contains(read.entry.seq) {
                let cause = loaded.tally.track(read.entry, rejection: read.rejection, after: cursor.state)
                if let cause { loaded.causes[read.entry.seq] = cause }
            }
            loaded.tally.take(from: &cursor.state)
            loaded.record(read.entry, rejected: read.rejection != nil, state: cursor.state, at: cursor.reader.position)
        }
        loaded.follower = EventLogFollower(after: cursor.reader)
        return loaded
    }

    /// The page of the log, knowing of every step and holding none:
    /// `live` is its `data.live` (where it asks the tool), with the mark added.
    func page(live: [JSONMember]) -> [UInt8] {
        shared.withLock { shared in
            let loaded = shared.loaded
            let mark = Mark(generation: shared.generation, steps: loaded.count)
            var members =
                live + [
                    JSONMember("mark", Self.json(of: mark)),
                    JSONMember("table", .string("\(instance)-\(shared.generation)")),
                ]
            if !skipped.isEmpty {
                members.append(JSONMember("skipped", .array(skipped.sorted().map { .number(JSONNumber($0)) })))
            }
            let data: JSONValue = [
                "live": .object(members),
                "title": .string(name),
                "header": .array(HTMLExporter.headerLines(loaded.header).map(JSONValue.string)),
                "filtered": .null,
                "shapes": [],
                "values": [],
                "outline": loaded.outline.json(from: 0),
            ]
            return HTMLExporter.page(title: name, data: data, chunks: [])
        }
    }

    /// The steps from place `start`, `count` of them (fewer at the log's
    /// end), as the page holds them, and the one before (for the time since
    /// it, and the state before): `{"from", "steps", "values", "shapes"}`,
    /// `values` and `shapes` the table's from what the page holds on
    /// (`tableHolds`).
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read there.
    /// An answer that says the page's copy of the table is of another: it is to reload.
    static let reload = Array(#"{"error":"reload","reload":true}"#.utf8)

    func steps(
        from start: Int, count: Int, table name: String, tableHolds held: (values: Int, shapes: Int)
    ) throws(EventLogError) -> [UInt8] {
        try shared.withLock { (shared: inout Shared) throws(EventLogError) -> [UInt8] in
            let table = shared.loaded.pageSteps.table
            guard name == "\(instance)-\(shared.generation)", (0...table.count).contains(held.values),
                (0...table.shapes.count).contains(held.shapes)
            else { return Self.reload }
            guard (0...shared.loaded.count).contains(start), count >= 0 else {
                return Array(#"{"error":"no such steps"}"#.utf8)
            }
            let end = start + min(count, shared.loaded.count - start)
            // From a step before: the time since it, and the state before the first (for the inspector's diff).
            let first = max(0, start - 1)
            let checkpoint = shared.loaded.checkpoints[first / Self.spacing]
            let reader = try EventLogReader(path: path, at: checkpoint.position)
            var state = checkpoint.state
            var tally = checkpoint.tally
            var place = first / Self.spacing * Self.spacing
            var steps: [JSONValue] = []
            while place < end, let entry = try reader.next() {
                let describing = place >= first
                var step = Step.taking(
                    entry, to: &state, formatVersion: reader.fileVersion, isSkipped: skipped.contains(entry.seq),
                    describing: describing, tally: &tally)
                step.cause = shared.loaded.causes[entry.seq]
                if describing { steps.append(shared.loaded.pageSteps.json(of: step, state: state)) }
                place += 1
            }
            let pageSteps = shared.loaded.pageSteps
            let answer: JSONValue = [
                "from": .number(JSONNumber(first)), "steps": .array(steps),
                "values": .array(pageSteps.table.values(from: held.values)),
                "shapes": pageSteps.shapes(from: held.shapes),
            ]
            return Array(answer.serialized().utf8)
        }
    }

    /// Reads the events appended since the last refresh; a log cut or
    /// replaced is read again from its start. A log replayed without some
    /// events is not followed.
    func refresh() {
        guard skipped.isEmpty else { return }
        shared.withLock { shared in
            do throws(EventLogError) {
                try shared.loaded.follower.readAppended { entry, reader throws(EventLogError) in
                    // A read that failed part-way hands the events before the failure over again.
                    guard entry.seq > shared.loaded.lastSeq else { return }
                    // Applied to a copy, kept once within the limits: an event over them is read again, not twice.
                    // The copy tracks no cause: the tracker is not copied, and follows once the event is kept.
                    var tally = shared.loaded.tally
                    tally.causes = nil
                    var state = shared.loaded.state
                    let step = Step.taking(
                        entry, to: &state, formatVersion: reader.fileVersion, describing: false, tally: &tally)
                    try state.checkLimits(after: entry, readBy: reader)
                    let cause = shared.loaded.tally.track(entry, rejection: step.rejection, after: state)
                    if let cause { shared.loaded.causes[entry.seq] = cause }
                    tally.causes = shared.loaded.tally.causes
                    shared.loaded.tally = tally
                    shared.loaded.state = state
                    shared.loaded.record(entry, rejected: step.rejection != nil, state: state, at: reader.position)
                    shared.searchTexts = nil
                }
                shared.problem = nil
            } catch  where error.kind == .readFailed {
                // Cut or replaced (or its segments removed unread): what the page holds is not the log's.
                do throws(EventLogError) {
                    shared.loaded = try Self.load(path, skipping: skipped)
                    shared.generation += 1
                    shared.problem = nil
                    shared.searchTexts = nil
                } catch {
                    shared.problem = error.description
                }
            } catch {
                shared.problem = error.description
            }
        }
    }

    /// What a page whose data stands at `mark` is to be sent; `nil` when it is up to date.
    func update(since mark: Mark) -> Update? {
        shared.withLock { shared in
            guard mark.generation == shared.generation, mark.steps <= shared.loaded.count else {
                return .replaced("\(name) was cut or replaced on disk: reload the page to read it again.")
            }
            // What was read before a line that cannot be, first; then that line.
            guard mark.steps != shared.loaded.count else { return shared.problem.map(Update.problem) }
            let outline = shared.loaded.outline.json(from: mark.steps)
            return .appended(
                Array(outline.serialized().utf8), Mark(generation: shared.generation, steps: shared.loaded.count))
        }
    }

    // MARK: Questions over the whole log

    /// Reads the log from its start, describing each step (and each rejection's cause), with `body`.
    private func forEachStep(_ body: (Step, ModalState) -> Void) throws(EventLogError) {
        let cursor = try LogCursor<ModalState>(.path(path))
        cursor.skipping = skipped
        var replay = Replay(cursor: cursor)
        replay.trackCauses()
        while let step = try replay.nextStep() { body(step, replay.state) }
    }

    /// The seqs of the events after which `condition` holds, as `timeline --where` keeps them.
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read.
    func seqs(where condition: Condition) throws(EventLogError) -> [Int] {
        var seqs: [Int] = []
        try forEachStep { step, state in
            if condition.holds(at: Condition.Context(step, after: state)) { seqs.append(step.entry.seq) }
        }
        return seqs
    }

    /// The seqs of the steps that name the modal `link` of `root` or change
    /// it, and of those that change it.
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read.
    func seqs(touching link: String, in root: String) throws(EventLogError) -> (touching: [Int], changing: [Int]) {
        var touching: [Int] = [], changing: [Int] = []
        try forEachStep { step, _ in
            let changes = step.changes.contains { $0.link == link && $0.root == root }
            if changes { changing.append(step.entry.seq) }
            if changes || step.touches(link: link, in: root) { touching.append(step.entry.seq) }
        }
        return (touching, changing)
    }

    /// The seqs of the steps whose text (as the page's list shows it, and
    /// the event's line) the search `text` finds (``PageSearch``).
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read.
    func seqs(searching text: String) throws(EventLogError) -> [Int] {
        let search = PageSearch(text)
        return try searchTexts().filter { search.finds(in: $0.text) }.map(\.seq)
    }

    /// Each step's seq and search text: kept once made, unless the log
    /// changed while they were made (then made again when next asked).
    private func searchTexts() throws(EventLogError) -> [(seq: Int, text: String)] {
        let (kept, stamp, hasTimes, hasSources) = shared.withLock {
            ($0.searchTexts, ($0.generation, $0.loaded.count), $0.loaded.outline.hasTimes, $0.loaded.outline.hasSources)
        }
        if let kept { return kept }
        var texts: [(seq: Int, text: String)] = []
        var timeBefore: Double?
        try forEachStep { step, _ in
            let text = PageSearch.text(of: step, timeBefore: &timeBefore, times: hasTimes, sources: hasSources)
            texts.append((step.entry.seq, text))
        }
        shared.withLock { if ($0.generation, $0.loaded.count) == stamp { $0.searchTexts = texts } }
        return texts
    }

    /// `mark` as the page holds it, and sends back.
    static func json(of mark: Mark) -> JSONValue {
        ["generation": .number(JSONNumber(mark.generation)), "steps": .number(JSONNumber(mark.steps))]
    }

    /// The mark a page sends as the query `generation=G&steps=S`; `nil` when one is missing.
    static func mark(from request: HTTPRequest) -> Mark? {
        guard let generation = request.queryValue("generation").flatMap({ Int($0) }),
            let steps = request.queryValue("steps").flatMap({ Int($0) }), steps >= 0
        else { return nil }
        return Mark(generation: generation, steps: steps)
    }
}

extension LiveLog.Loaded {
    /// Notes a step read: its type, rejection and batch, the chart, the
    /// largest root, and a checkpoint when one is due (`position` just after it).
    fileprivate mutating func record(
        _ entry: LoggedEvent, rejected: Bool, state: ModalState, at position: EventLogReader.Position
    ) {
        outline.add(entry, rejected: rejected, state: state)
        lastSeq = entry.seq
        if count % LiveLog.spacing == 0 {
            checkpoints.append(.init(position: position, state: state, tally: tally.checkpointed))
        }
    }
}
