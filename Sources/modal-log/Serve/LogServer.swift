import Foundation
import ModalEvents

/// What `serve` answers, over an ``HTTPServer``: each log's live page and
/// what it asks the tool. Nothing else is served.
///
/// - `/`: the page of the log, or with several a page that lists them.
/// - `/log/K/`: the page of log K (from 0, in the order given), following
///   it; with `?skip=5,7`, the page of the log replayed without those
///   events (every address below takes the same `skip`).
/// - `/log/K/steps?from=F&count=C&table=T&values=V&shapes=S`: steps F on,
///   as the page holds them, with the values and shapes of table T from V
///   and S on (or `{"reload": true}` when T is not the log's table now).
/// - `/log/K/events?generation=G&steps=S`: what the page is to be sent to
///   catch up, as server-sent events (`appended`, `replaced`, `problem`).
/// - `/log/K/where?condition=EXPR`, `/log/K/search?text=TEXT`,
///   `/log/K/follow?root=ROOT&link=LINK`: the seqs that the condition holds
///   after, that the search finds, that name or change the modal
///   (`{"seqs": [...]}`, and for follow `"changes"`), or why not (`{"error": ...}`).
final class LogServer: Sendable {
    let logs: [LiveLog]
    /// How often a page's stream looks for appended events, in milliseconds.
    let interval: Int
    /// The logs replayed without some events that pages asked for lately, by log and seqs.
    private let replayed = Lock<[(log: Int, generation: Int, skipped: Set<Int>, replay: LiveLog)]>([])

    init(logs: [LiveLog], interval: Int = 200) {
        self.logs = logs
        self.interval = interval
    }

    func reply(to request: HTTPRequest) -> HTTPReply {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if parts == [""] {
            if logs.count == 1 { return .response(Self.redirect(to: "/log/0/")) }
            return .response(HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(index.utf8)))
        }
        guard parts.count == 3, parts.first == "log", let number = Int(parts[parts.startIndex + 1]),
            logs.indices.contains(number)
        else { return .response(.text("Not found: \(request.path)", status: 404)) }
        let log: LiveLog
        switch self.log(number, skipping: request.queryValue("skip")) {
        case .log(let found): log = found
        case .refused(let answer): return .response(answer)
        }
        let base = "/log/\(number)/"
        switch parts.last! {
        case "":
            let live = ["page", "steps", "events", "where", "search", "follow"].map {
                JSONMember($0, .string(base + ($0 == "page" ? "" : $0)))
            }
            // What the app appended, or a log cut or replaced, since a page last asked.
            log.refresh()
            return .response(Self.html(log.page(live: live)))
        case "steps": return .response(steps(of: log, request: request))
        case "events":
            guard let mark = LiveLog.mark(from: request) else {
                return .response(.text("events: the query needs generation and steps", status: 400))
            }
            return .stream { stream in self.follow(log, from: mark, into: stream) }
        case "where", "search", "follow": return .response(seqs(of: log, asked: String(parts.last!), request: request))
        default: return .response(.text("Not found: \(request.path)", status: 404))
        }
    }

    /// A log a request names, or the answer to a request that names none.
    private enum Named {
        case log(LiveLog)
        case refused(HTTPResponse)
    }

    /// Log `number`, or, with `skip`, the log replayed without those seqs.
    private func log(_ number: Int, skipping skip: String?) -> Named {
        guard let skip, !skip.isEmpty else { return .log(logs[number]) }
        let seqs = skip.split(separator: ",").map { Int($0.trimmingPrefix(" ")) }
        guard seqs.count <= 1_000, seqs.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            return .refused(
                .text("skip: '\(skip)' is not a list of seqs (1 or more, separated by commas)", status: 400))
        }
        let skipped = Set(seqs.compactMap { $0 })
        // The log as it is now: a replay made before it was cut or replaced is not it.
        logs[number].refresh()
        let generation = logs[number].generation
        let kept = replayed.withLock {
            $0.first { $0.log == number && $0.generation == generation && $0.skipped == skipped }?.replay
        }
        if let kept { return .log(kept) }
        do {
            let replay = try LiveLog(path: logs[number].path, skipping: skipped)
            // The last few asked for: a page asks again for its steps as it moves.
            replayed.withLock { $0 = [(number, generation, skipped, replay)] + $0.prefix(3) }
            return .log(replay)
        } catch {
            return .refused(.text(error.description, status: 500))
        }
    }

    private func steps(of log: LiveLog, request: HTTPRequest) -> HTTPResponse {
        let numbers = ["from", "count", "values", "shapes"].map { request.queryValue($0).flatMap { Int($0) } }
        guard let from = numbers[0], let count = numbers[1], let values = numbers[2], let shapes = numbers[3],
            from >= 0, (0...5_000).contains(count), values >= 0, shapes >= 0
        else {
            return .text("steps: the query needs from, count (0 to 5000), values and shapes, none below 0", status: 400)
        }
        do {
            let table = request.queryValue("table") ?? ""
            let bytes = try log.steps(from: from, count: count, table: table, tableHolds: (values, shapes))
            return HTTPResponse(contentType: "application/json", body: bytes)
        } catch {
            return Self.json(["error": .string(error.description)], status: 500)
        }
    }

    private func seqs(of log: LiveLog, asked: String, request: HTTPRequest) -> HTTPResponse {
        let number = { (seq: Int) in JSONValue.number(JSONNumber(seq)) }
        do {
            switch asked {
            case "where":
                let condition = try Condition.parsed(request.queryValue("condition") ?? "")
                return Self.json(["seqs": .array(try log.seqs(where: condition).map(number))])
            case "search":
                return Self.json(["seqs": .array(try log.seqs(searching: request.queryValue("text") ?? "").map(number))]
                )
            default:
                guard let root = request.queryValue("root"), let link = request.queryValue("link") else {
                    return Self.json(["error": "follow: name the modal's root and link"], status: 400)
                }
                let (touching, changing) = try log.seqs(touching: link, in: root)
                return Self.json(["seqs": .array(touching.map(number)), "changes": .array(changing.map(number))])
            }
        } catch let error as UsageError {
            return Self.json(["error": .string(error.message)], status: 400)
        } catch {
            return Self.json(["error": .string("\(error)")], status: 500)
        }
    }

    /// Sends `stream` what the log's page is to be sent from `mark` on,
    /// as it comes, until the page goes away or the log was replaced.
    private func follow(_ log: LiveLog, from start: LiveLog.Mark, into stream: EventStream) {
        var mark = start
        var quiet = 0
        while true {
            log.refresh()
            switch log.update(since: mark) {
            case .appended(let data, let next)?:
                let message =
                    "{\"mark\":\(LiveLog.json(of: next).serialized()),\"outline\":\(String(decoding: data, as: UTF8.self))}"
                guard stream.send(event: "appended", data: message) else { return }
                mark = next
                quiet = 0
            case .replaced(let why)?:
                _ = stream.send(event: "replaced", data: why)
                return
            case .problem(let why)?:
                guard stream.send(event: "problem", data: why) else { return }
                // Said again every two seconds or so while it lasts: the stream waits, then looks again.
                guard stream.pause(milliseconds: 2_000) else { return }
            case nil:
                quiet += 1
                // A comment now and then: a page gone away is noticed when the write fails.
                if quiet % 50 == 0, !stream.ping() { return }
            }
            guard stream.pause(milliseconds: interval) else { return }
        }
    }

    /// The page that lists the logs, each a link to its own.
    private var index: String {
        let items = logs.enumerated().map { number, log in
            "<li><a href=\"/log/\(number)/\">\(HTMLExporter.escaped(log.path))</a></li>"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>modal-log serve</title>
            <style>body { font: 14px system-ui, sans-serif; margin: 24px; } li { margin: 4px 0; }</style></head>
            <body><h1>\(logs.count) logs</h1><ol>\(items.joined())</ol></body></html>
            """
    }

    private static func html(_ page: [UInt8]) -> HTTPResponse {
        HTTPResponse(contentType: "text/html; charset=utf-8", body: page)
    }

    private static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(value.serialized().utf8))
    }

    private static func redirect(to path: String) -> HTTPResponse {
        HTTPResponse(
            status: 302, contentType: "text/plain", body: Array("See \(path)".utf8), headers: [("Location", path)])
    }
}
