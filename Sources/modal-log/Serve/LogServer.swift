import Foundation
import ModalEvents

/// What `serve` answers, over an ``HTTPServer``: each log's live page and
/// what it asks the tool. Nothing else is served.
///
/// - `/`: the page of the log, or with several a page that lists them.
/// - `/log/K/`: the page of log K (from 0, in the order given), following
///   it; `?skip=5,7` the page of the log replayed without those events.
/// - `/log/K/events`: what the page is to be sent to catch up, as
///   server-sent events (`appended`, `replaced`, `problem`), from the mark
///   the page holds (its query: `generation`, `steps`, `values`, `shapes`).
/// - `/log/K/where?condition=EXPR`: the seqs after which the condition
///   holds (`{"seqs": [...]}`), or why it is not one (`{"error": ...}`).
struct LogServer: Sendable {
    let logs: [LiveLog]
    /// How often a page's stream looks for appended events.
    var interval = 200

    func reply(to request: HTTPRequest) -> HTTPReply {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if parts == [""] {
            if logs.count == 1 { return .response(Self.redirect(to: "/log/0/")) }
            return .response(HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(index.utf8)))
        }
        guard parts.count == 3, parts.first == "log", let number = Int(parts[parts.startIndex + 1]),
            logs.indices.contains(number)
        else { return .response(.text("Not found: \(request.path)", status: 404)) }
        let log = logs[number], base = "/log/\(number)/"
        switch parts.last! {
        case "": return .response(page(of: log, base: base, request: request))
        case "events":
            guard let mark = LiveLog.mark(from: request) else {
                return .response(.text("events: the query needs generation, steps, values and shapes", status: 400))
            }
            return .stream { stream in follow(log, from: mark, into: stream) }
        case "where": return .response(seqs(in: log, request: request))
        default: return .response(.text("Not found: \(request.path)", status: 404))
        }
    }

    private func page(of log: LiveLog, base: String, request: HTTPRequest) -> HTTPResponse {
        let live = [
            JSONMember("page", .string(base)), JSONMember("events", .string(base + "events")),
            JSONMember("where", .string(base + "where")),
        ]
        guard let skip = request.queryValue("skip"), !skip.isEmpty else {
            return Self.html(log.page(live: live))
        }
        let seqs = skip.split(separator: ",").map { Int($0.trimmingPrefix(" ")) }
        guard seqs.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            return .text("skip: '\(skip)' is not a list of seqs (1 or more, separated by commas)", status: 400)
        }
        do {
            return Self.html(try log.page(skipping: Set(seqs.compactMap { $0 }), live: live))
        } catch {
            return .text(error.description, status: 500)
        }
    }

    private func seqs(in log: LiveLog, request: HTTPRequest) -> HTTPResponse {
        let text = request.queryValue("condition") ?? ""
        let answer: JSONValue
        var status = 200
        do {
            let condition = try Condition.parsed(text)
            answer = ["seqs": .array(try log.seqs(where: condition).map { .number(JSONNumber($0)) })]
        } catch let error as UsageError {
            (answer, status) = (["error": .string(error.message)], 400)
        } catch {
            (answer, status) = (["error": .string("\(error)")], 500)
        }
        return HTTPResponse(status: status, contentType: "application/json", body: Array(answer.serialized().utf8))
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
                    "{\"mark\":\(LiveLog.json(of: next).serialized()),\"data\":\(String(decoding: data, as: UTF8.self))}"
                guard stream.send(event: "appended", data: message) else { return }
                mark = next
                quiet = 0
            case .replaced(let why)?:
                _ = stream.send(event: "replaced", data: why)
                return
            case .problem(let why)?:
                guard stream.send(event: "problem", data: why) else { return }
                // Said once until it changes: the stream waits, then looks again.
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

    private static func html(_ page: String) -> HTTPResponse {
        HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    }

    private static func redirect(to path: String) -> HTTPResponse {
        HTTPResponse(
            status: 302, contentType: "text/plain", body: Array("See \(path)".utf8), headers: [("Location", path)])
    }
}
