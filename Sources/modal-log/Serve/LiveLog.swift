import Foundation
import ModalEvents
import ModalProjection

/// A log that `serve` shows while an app appends to it: its page's data
/// so far, and what each page is to be sent to catch up.
///
/// It reads the whole log once, as `export --format html` does, then
/// follows it (``EventLogFollower``): each ``refresh()`` steps through the
/// events appended since into the same data, so a page that holds the
/// data up to a ``Mark`` is sent only what came after. A log cut or
/// replaced on disk is read again from its start, as a new generation:
/// pages of the old one are told so. Safe to use from any thread.
final class LiveLog: @unchecked Sendable {
    let path: String
    /// The log's file name, as the page's title.
    let name: String
    private let lock = NSLock()
    private var loaded: Loaded
    /// How many times the log was read from its start: 0, then one more each time it was cut or replaced.
    private var generation = 0
    /// Why the last read of appended events failed (a malformed line, the
    /// file gone), until one succeeds.
    private var problem: String?

    /// Where a page's data stands: the log's generation, and how much of
    /// its data the page holds.
    struct Mark: Equatable {
        var generation: Int
        var position: HTMLExporter.Position
    }

    /// What a page is to be sent.
    enum Update: Equatable {
        /// The data added since its mark (JSON for the page to append), and its mark after it.
        case appended([UInt8], Mark)
        /// The log was cut or replaced: the page's data is not the log's any more.
        case replaced(String)
        /// Appended events could not be read: why (the file and line).
        case problem(String)
    }

    private struct Loaded {
        var exporter: HTMLExporter
        var replay: Replay
        var follower: EventLogFollower
        var lastSeq: Int
    }

    /// Reads the log at `path` whole.
    ///
    /// - Throws: ``EventLogError`` for a log that cannot be read.
    init(path: String) throws(EventLogError) {
        self.path = path
        self.name = path.split(separator: "/").last.map(String.init) ?? path
        self.loaded = try Self.load(path, name: name)
    }

    private static func load(_ path: String, name: String) throws(EventLogError) -> Loaded {
        var replay = try Replay.open(path, io: .captured())
        var exporter = HTMLExporter(title: name)
        while let step = try replay.nextStep() { exporter.add(step, state: replay.state) }
        return Loaded(
            exporter: exporter, replay: replay, follower: EventLogFollower(after: replay.reader),
            lastSeq: replay.reader.lastSeq)
    }

    /// The page with the data so far, and its mark: `live` is the page's
    /// `data.live` (the addresses it asks the tool at), with the mark added.
    func page(live: [JSONMember]) -> String {
        lock.withLock {
            let mark = Mark(generation: generation, position: loaded.exporter.position)
            let members = live + [JSONMember("mark", Self.json(of: mark))]
            return loaded.exporter.output(header: loaded.replay.reader.header, live: .object(members))
        }
    }

    /// Reads the events appended since the last refresh into the data; a
    /// log cut or replaced is read again from its start.
    func refresh() {
        lock.withLock {
            do throws(EventLogError) {
                try loaded.follower.readAppended { entry, reader throws(EventLogError) in
                    // A read that failed part-way hands the events before the failure over again.
                    guard entry.seq > loaded.lastSeq else { return }
                    let step = try loaded.replay.step(entry, readBy: reader)
                    loaded.exporter.add(step, state: loaded.replay.state)
                    loaded.lastSeq = entry.seq
                }
                problem = nil
            } catch  where error.kind == .readFailed {
                // Cut or replaced (or its segments removed unread): what the page holds is not the log's.
                do throws(EventLogError) {
                    loaded = try Self.load(path, name: name)
                    generation += 1
                    problem = nil
                } catch {
                    problem = error.description
                }
            } catch {
                problem = error.description
            }
        }
    }

    /// What a page whose data stands at `mark` is to be sent; `nil` when it is up to date.
    func update(since mark: Mark) -> Update? {
        lock.withLock {
            let now = loaded.exporter.position
            let held = mark.position
            guard mark.generation == generation, held.steps <= now.steps, held.values <= now.values,
                held.shapes <= now.shapes
            else {
                return .replaced("\(name) was cut or replaced on disk: reload the page to read it again.")
            }
            if let problem { return .problem(problem) }
            guard now != mark.position else { return nil }
            return .appended(
                loaded.exporter.appended(since: mark.position), Mark(generation: generation, position: now))
        }
    }

    /// The seqs of the events after which `condition` holds, as `timeline
    /// --where` keeps them: the log read again from its start.
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read.
    func seqs(where condition: Condition) throws(EventLogError) -> [Int] {
        var seqs: [Int] = []
        var replay = try Replay.open(path, io: .captured())
        while let step = try replay.nextStep() {
            if condition.holds(at: Condition.Context(step, after: replay.state)) { seqs.append(step.entry.seq) }
        }
        return seqs
    }

    /// The page of the log replayed without the events whose seqs are in
    /// `skipped`, as `replay --skip` leaves them out: a page of the log as
    /// it is now, which does not follow it.
    ///
    /// - Throws: ``EventLogError`` for a log that can no longer be read.
    func page(skipping skipped: Set<Int>, live: [JSONMember]) throws(EventLogError) -> String {
        var replay = try Replay.open(path, io: .captured())
        var exporter = HTMLExporter(title: name)
        replay.cursor.skipping = skipped
        while let step = try replay.nextStep() { exporter.add(step, state: replay.state) }
        let skippedJSON = JSONValue.array(skipped.sorted().map { .number(JSONNumber($0)) })
        return exporter.output(header: replay.reader.header, live: .object(live + [JSONMember("skipped", skippedJSON)]))
    }

    /// `mark` as the page holds it, and sends back.
    static func json(of mark: Mark) -> JSONValue {
        [
            "generation": .number(JSONNumber(mark.generation)), "steps": .number(JSONNumber(mark.position.steps)),
            "values": .number(JSONNumber(mark.position.values)), "shapes": .number(JSONNumber(mark.position.shapes)),
        ]
    }

    /// The mark a page sends as the query `generation=G&steps=S&values=V&shapes=H`; `nil` when one is missing.
    static func mark(from request: HTTPRequest) -> Mark? {
        let numbers = ["generation", "steps", "values", "shapes"].map { request.queryValue($0).flatMap { Int($0) } }
        guard let generation = numbers[0], let steps = numbers[1], let values = numbers[2], let shapes = numbers[3]
        else { return nil }
        return Mark(generation: generation, position: .init(steps: steps, values: values, shapes: shapes))
    }
}
