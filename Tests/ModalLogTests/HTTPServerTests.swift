import Dispatch
import Foundation
import ModalEvents
import Testing

@testable import modal_log

/// The server for `modal-log serve`, over real connections to 127.0.0.1
/// from a client that writes every byte itself: what it answers, what it
/// refuses, its event streams, and its stopping.
@Suite struct HTTPServerTests {
    /// A server with a few pages: `/` (HTML with a header of its own),
    /// `/echo` (the decoded path and query), `/events` (three messages),
    /// and 404 for anything else. It counts the requests its handler sees.
    final class Site: Sendable {
        let handled = Shared(0)
        let server: HTTPServer

        init(limits: HTTPServer.Limits = HTTPServer.Limits()) throws {
            let handled = handled
            server = try HTTPServer(limits: limits) { request in
                handled.update { $0 += 1 }
                switch request.path {
                case "/":
                    let body = Array("<p>hello</p>".utf8)
                    return .response(
                        HTTPResponse(
                            contentType: "text/html; charset=utf-8", body: body,
                            headers: [("Content-Security-Policy", "default-src 'self'")]))
                case "/events":
                    return .stream { stream in
                        _ = stream.send(event: "log", data: "one", id: "1")
                        _ = stream.send(data: "two\nlines", id: "2")
                        _ = stream.ping("still here")
                        _ = stream.send(event: "log", data: "three", id: nil)
                    }
                default:
                    guard request.path.hasPrefix("/echo") else {
                        return .response(.text("no page at \(request.path)", status: 404))
                    }
                    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
                    return .response(.text("\(request.path)|\(query)", status: 200))
                }
            }
        }

        var port: Int { server.port }
        var requestsHandled: Int { handled.value }

        /// A GET (or `method`) of `path` with the server's own Host.
        func request(_ path: String, method: String = "GET") throws -> RawHTTPResponse {
            try exchange("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
        }
    }

    /// Stops `server`, and expects every connection's thread to have ended:
    /// no request the test made left one behind.
    func expectStopped(_ server: HTTPServer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(server.stop(), "a connection's thread is still running", sourceLocation: sourceLocation)
    }

    @Test func aGetGetsTheBodyAndTheHeaders() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/")
        #expect(response.status == 200)
        #expect(response.bodyText == "<p>hello</p>")
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Content-Length") == "12")
        #expect(response.header("Content-Security-Policy") == "default-src 'self'")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Connection") == "close")
        #expect(response.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func aHeadGetsTheHeadersAndNoBody() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/", method: "HEAD")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "12", "the length of the body a GET gets")
        #expect(response.body.isEmpty)
    }

    @Test func thePathAndTheQueryArePercentDecoded() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/echo/caf%C3%A9%20au+lait?q=a+b%26c&flag&q=%2B2")
        #expect(response.bodyText == "/echo/café au+lait|q=a b&c,flag=,q=+2\n")
    }

    @Test func aRequestWithBareLineFeedsIsRead() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try exchange("GET / HTTP/1.1\nhost: 127.0.0.1:\(site.port)\n\n", port: site.port)
        #expect(response.status == 200)
    }

    @Test(arguments: ["127.0.0.1:PORT", "localhost:PORT", "LocalHost:PORT"])
    func theServersOwnAddressIsAccepted(_ host: String) throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let host = host.replacingOccurrences(of: "PORT", with: "\(site.port)")
        let response = try exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: site.port)
        #expect(response.status == 200)
    }

    @Test(arguments: [
        "evil.example:PORT", "127.0.0.1:OTHER", "localhost", "127.0.0.1", "localhost.evil.example:PORT",
        "[::1]:PORT", "127.0.0.1:PORT.evil.example", "", nil,
    ])
    func aRequestForAnotherHostIsRefused(_ host: String?) throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let header =
            host.map {
                let host = $0.replacingOccurrences(of: "PORT", with: "\(site.port)")
                return "Host: \(host.replacingOccurrences(of: "OTHER", with: "\(site.port + 1)"))\r\n"
            } ?? ""
        let response = try exchange("GET / HTTP/1.1\r\n\(header)\r\n", port: site.port)
        #expect(response.status == 421)
        #expect(response.bodyText.hasPrefix("refused: the request has no Host") == (host == nil))
        #expect(response.bodyText.contains("127.0.0.1:\(site.port) or localhost:\(site.port)"))
        #expect(response.bodyText.filter { $0 == "\n" }.count == 1 && response.bodyText.hasSuffix("\n"))
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(site.requestsHandled == 0, "the handler never saw it")
    }

    @Test func aStatusFromTheHandlerPassesThrough() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/nowhere")
        #expect(response.status == 404)
        #expect(response.bodyText == "no page at /nowhere\n")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test(arguments: [
        "GET /\r\n", "GET  / HTTP/1.1\r\n", "GET / HTTP/1.1 x\r\n", "GET index.html HTTP/1.1\r\n",
        "GET / HTTP/2.0\r\n", "GET /%zz HTTP/1.1\r\n", "GET /%C3 HTTP/1.1\r\n", "GET /?q=%C3 HTTP/1.1\r\n",
        "G(T / HTTP/1.1\r\n", "GET /\u{7F} HTTP/1.1\r\n", "GET / HTTP/1.1\r\nX-No-Colon\r\n",
        "GET / HTTP/1.1\r\nX-Space : 1\r\n", "GET / HTTP/1.1\r\nX-Folded: 1\r\n 2\r\n",
        "GET / HTTP/1.1\r\nX-Bell: \u{7}\r\n",
        "GET / HTTP/1.1\r\nX-Cr: a\rb\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", "\r\n",
    ])
    func aMalformedRequestIsAnswered400(_ head: String) throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let host = "Host: 127.0.0.1:\(site.port)\r\n"
        let request = head.replacingOccurrences(of: "PORT", with: "\(site.port)") + host + "\r\n"
        let response = try exchange(request, port: site.port)
        #expect(response.status == 400)
        #expect(response.bodyText.hasPrefix("malformed request: "), "\(response.bodyText)")
        #expect(site.requestsHandled == 0)
    }

    @Test func aBadPercentEncodingIsNamed() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/%zz")
        #expect(response.bodyText == "malformed request: the path is not percent-encoded UTF-8\n")
    }

    @Test func aHeadOfSixteenKibibytesIsReadAndOneByteMoreIsAnswered431() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let start = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nX-Pad: "
        let padding = 16 << 10 - start.utf8.count - 4
        let fits = try exchange(start + String(repeating: "a", count: padding) + "\r\n\r\n", port: site.port)
        #expect(fits.status == 200)
        let over = try exchange(start + String(repeating: "a", count: padding + 1) + "\r\n\r\n", port: site.port)
        #expect(over.status == 431)
        #expect(over.bodyText == "the request's head is longer than 16384 bytes\n")
        let endless = try exchange(start + String(repeating: "a", count: 40 << 10), port: site.port)
        #expect(endless.status == 431, "a head that never ends")
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func aMethodButGetAndHeadIsAnswered405(_ method: String) throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try exchange(
            "\(method) / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 2\r\n\r\n{}", port: site.port)
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(site.requestsHandled == 0)
    }

    @Test func aClientThatSendsNothingIsAnswered408() throws {
        let site = try Site(limits: HTTPServer.Limits(readTimeout: .milliseconds(200)))
        defer { expectStopped(site.server) }
        let client = try RawHTTPClient(port: site.port)
        let response = try #require(RawHTTPResponse(client.readToEnd()))
        #expect(response.status == 408)
        #expect(try site.request("/").status == 200, "the server goes on")
    }

    @Test func anEventStreamArrivesInOrderWithItsDataSplitIntoLines() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/events")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/event-stream")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Content-Length") == nil)
        let expected = [
            "event: log\nid: 1\ndata: one\n\n", "id: 2\ndata: two\ndata: lines\n\n", ": still here\n\n",
            "event: log\ndata: three\n\n",
        ]
        #expect(response.bodyText == expected.joined())
    }

    @Test func anEventStreamOnHeadIsItsHeadAlone() throws {
        let site = try Site()
        defer { expectStopped(site.server) }
        let response = try site.request("/events", method: "HEAD")
        #expect(response.header("Content-Type") == "text/event-stream")
        #expect(response.body.isEmpty)
    }

    @Test func anEventMessageSplitsItsDataAtEachLineBreak() {
        #expect(
            EventStream.message(event: "log", data: "a\nb\r\nc\rd\n", id: "7")
                == "event: log\nid: 7\ndata: a\ndata: b\ndata: c\ndata: d\ndata: \n\n")
        #expect(EventStream.message(event: nil, data: "", id: nil) == "data: \n\n")
    }

    /// A server whose one stream sends until a send fails, then says how it ended.
    final class Streamer: Sendable {
        let server: HTTPServer
        /// Whether a send returned `false`, once the stream has ended.
        let ended = Shared<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)

        init(limits: HTTPServer.Limits = HTTPServer.Limits(), body: @escaping @Sendable (EventStream) -> Bool) throws {
            let (ended, done) = (ended, done)
            server = try HTTPServer(limits: limits) { request in
                guard request.path == "/stream" else { return .response(.text("plain", status: 200)) }
                return .stream { stream in
                    let result = body(stream)
                    ended.update { $0 = result }
                    done.signal()
                }
            }
        }

        func connect() throws -> RawHTTPClient {
            let client = try RawHTTPClient(port: server.port)
            client.send("GET /stream HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
            return client
        }

        /// How the stream ended, once it has (within a generous time).
        func outcome() -> Bool? {
            guard done.wait(timeout: .now() + 20) == .success else { return nil }
            return ended.value
        }
    }

    @Test func aClientThatLeavesMidStreamMakesSendReturnFalse() throws {
        let streamer = try Streamer { stream in
            // Ten seconds at the most: a send that never fails ends the stream too, and the test fails.
            for count in 0..<1000 {
                guard stream.send(data: "tick \(count)") else { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }
        defer { expectStopped(streamer.server) }
        var client: RawHTTPClient? = try streamer.connect()
        #expect(client?.read(until: "data: tick 1\n") == true)
        client = nil
        #expect(streamer.outcome() == true, "a send returned false once the client had gone")
        let next = try exchange(
            "GET / HTTP/1.1\r\nHost: localhost:\(streamer.server.port)\r\n\r\n", port: streamer.server.port)
        #expect(next.status == 200 && next.bodyText == "plain\n", "the server goes on")
    }

    @Test func stopEndsAStreamThatWaitsAndReturns() throws {
        let streamer = try Streamer { stream in
            let stillOpen = stream.pause(milliseconds: 60_000)
            return !stillOpen && !stream.send(data: "after the stop") && !stream.ping()
        }
        let client = try streamer.connect()
        #expect(client.read(until: "\r\n\r\n"), "the stream's head")
        #expect(streamer.server.stop(), "every connection's thread ended")
        #expect(streamer.outcome() == true, "the pause ended early, and sends failed")
        client.read { _ in false }
        #expect(client.atEnd, "the connection was closed")
        #expect(throws: RawHTTPClient.ConnectFailed.self) { try RawHTTPClient(port: streamer.server.port) }
        #expect(streamer.server.stop(), "a second stop returns at once")
    }

    @Test func aConnectionPastTheLimitIsAnswered503() throws {
        let streamer = try Streamer(limits: HTTPServer.Limits(maximumConnections: 1)) { stream in
            !stream.pause(milliseconds: 60_000)
        }
        defer { expectStopped(streamer.server) }
        let client = try streamer.connect()
        #expect(client.read(until: "\r\n\r\n"))
        let refused = try exchange(
            "GET / HTTP/1.1\r\nHost: localhost:\(streamer.server.port)\r\n\r\n", port: streamer.server.port)
        #expect(refused.status == 503)
        #expect(refused.bodyText == "busy: 1 connections are open; try again later\n")
    }

    @Test func twoServersOnPortZeroGetPortsOfTheirOwn() throws {
        let first = try HTTPServer { _ in .response(.text("first", status: 200)) }
        defer { expectStopped(first) }
        let second = try HTTPServer { _ in .response(.text("second", status: 200)) }
        defer { expectStopped(second) }
        #expect(first.port > 0 && second.port > 0 && first.port != second.port)
        let response = try exchange("GET / HTTP/1.1\r\nHost: localhost:\(second.port)\r\n\r\n", port: second.port)
        #expect(response.bodyText == "second\n")
    }

    @Test func aBusyPortIsAnErrorNamingIt() throws {
        let first = try HTTPServer { _ in .response(.text("first", status: 200)) }
        defer { expectStopped(first) }
        let error = #expect(throws: HTTPServer.Failure.self) {
            try HTTPServer(port: first.port) { _ in .response(.text("second", status: 200)) }
        }
        #expect(error?.port == first.port)
        #expect(error?.description.hasPrefix("127.0.0.1:\(first.port): the port is in use") == true)
    }

    @Test func theConnectionTableServesUpToItsCapacityAndNothingOnceStopped() {
        var table = ConnectionTable(capacity: 2)
        let (a, b, c) = (Socket(descriptor: 100), Socket(descriptor: 101), Socket(descriptor: 102))
        #expect(table.admit(a) == .serve(id: 1))
        #expect(table.admit(b) == .serve(id: 2))
        #expect(table.admit(c) == .refuse)
        table.remove(1)
        #expect(table.admit(c) == .serve(id: 3))
        #expect(table.stop()?.map(\.descriptor).sorted() == [101, 102])
        #expect(table.stop() == nil, "only the first stop shuts connections down")
        #expect(table.admit(a) == .close && table.count == 2)
    }
}

/// A value that the server's threads and a test share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let lock: Lock<Value>

    init(_ value: Value) {
        lock = Lock(value)
    }

    var value: Value { lock.withLock { $0 } }

    func update(_ body: (inout Value) -> Void) {
        lock.withLock { body(&$0) }
    }
}
