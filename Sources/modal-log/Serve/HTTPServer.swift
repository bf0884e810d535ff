import Dispatch
import Foundation
import ModalEvents

/// A small HTTP/1.1 server on 127.0.0.1, for a page on this machine: GET
/// and HEAD, one request a connection, each connection on a thread of its
/// own, routed by the caller's handler.
///
/// It answers only requests addressed to itself: a `Host` other than
/// `127.0.0.1:PORT` or `localhost:PORT` is refused (421), so that a page
/// elsewhere that points a name of its own at 127.0.0.1 (DNS rebinding)
/// cannot read what it serves. It answers these itself: a malformed
/// request (400), a head over the limit (431) or slower than the read
/// timeout (408), a method but GET and HEAD (405), a connection past the
/// limit (503).
///
/// ```swift
/// let server = try HTTPServer(port: 0) { request in
///     request.path == "/"
///         ? .response(HTTPResponse(contentType: "text/html; charset=utf-8", body: page))
///         : .response(.text("not found", status: 404))
/// }
/// print("http://127.0.0.1:\(server.port)/")
/// // ... until the user is done:
/// server.stop()
/// ```
///
/// The server runs until ``stop()``.
final class HTTPServer: Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

    /// How much the server takes from a client.
    struct Limits: Sendable {
        /// Connections open at once; one more is answered 503.
        var maximumConnections = 64
        /// The request's head, through the empty line that ends it; a longer one is answered 431.
        var maximumHeadBytes = 16 << 10
        /// How long the whole head may take to arrive; a slower one is answered 408.
        var readTimeout = Duration.seconds(10)
        /// How long one write may wait for a client that reads nothing; then the client counts as gone.
        var writeTimeout = Duration.seconds(10)
    }

    /// Why the server could not start: the port, and what went wrong.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var port: Int
        var message: String

        var description: String { "127.0.0.1:\(port): \(message)" }
    }

    /// The port the server listens on: the one asked for, or the one the
    /// system picked for 0.
    let port: Int
    let limits: Limits
    private let handler: Handler
    private let listener: Socket
    /// A byte written to the first wakes the listening thread, which waits on the second.
    private let wake: (sender: Socket, receiver: Socket)
    private let table: Lock<ConnectionTable>
    /// Entered for each connection's thread, left when it ends.
    private let connections = DispatchGroup()
    private let acceptingEnded = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1 at `port` (0: any free port) and serves each
    /// request with `handler`, on the connection's thread.
    ///
    /// - Precondition: `port` is from 0 to 65,535 (it traps).
    /// - Throws: ``Failure``, naming the port: another program listens on
    ///   it, or the system refused it.
    init(port: Int = 0, limits: Limits = Limits(), handler: @escaping Handler) throws(Failure) {
        precondition((0...65535).contains(port), "a port is from 0 to 65,535")
        guard let wake = Socket.pair() else { throw Failure(port: port, message: "no descriptor left to start with") }
        do throws(Failure) {
            listener = try Socket.listening(onLoopbackPort: port)
        } catch {
            wake.0.close()
            wake.1.close()
            throw error
        }
        self.wake = wake
        self.port = listener.localPort
        self.limits = limits
        self.handler = handler
        table = Lock(ConnectionTable(capacity: limits.maximumConnections))
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "modal-log serve: accept"
        thread.start()
    }

    /// Stops: closes the listening socket, ends every connection (a
    /// stream's sends return `false` and its pause returns at once), and
    /// waits for the connections' threads to end.
    ///
    /// - Returns: whether they all ended within `timeout`; one whose
    ///   handler or stream closure does not return keeps its thread (so
    ///   a handler that calls `stop()` gets `false`, after `timeout`).
    ///   Later calls only wait again.
    @discardableResult
    func stop(waitingUpTo timeout: Duration = .seconds(5)) -> Bool {
        let deadline = DispatchTime.now() + .nanoseconds(Int(timeout / .nanoseconds(1)))
        let stopping = table.withLock { table in
            guard let open = table.stop() else { return false }
            for connection in open { connection.shutDown() }
            return true
        }
        if stopping {
            _ = wake.sender.write([1])
            _ = acceptingEnded.wait(timeout: deadline)
            wake.sender.close()
        }
        return connections.wait(timeout: deadline) == .success
    }

    /// What to answer `request` with: a refusal of its `Host` or its
    /// method, or else the handler's reply.
    func reply(to request: HTTPRequest) -> HTTPReply {
        let expected = "127.0.0.1:\(port) or localhost:\(port)"
        guard let host = request.header("Host") else {
            return .response(.text("refused: the request has no Host; it must be \(expected)", status: 421))
        }
        guard host == "127.0.0.1:\(port)" || host.lowercased() == "localhost:\(port)" else {
            let why = "this server answers only its own address, a guard against DNS rebinding"
            return .response(.text("refused: the Host must be \(expected): \(why)", status: 421))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            let text = "method \(request.method) is not allowed: only GET and HEAD"
            return .response(.text(text, status: 405, headers: [("Allow", "GET, HEAD")]))
        }
        return handler(request)
    }

    /// The listening thread: accepts connections until the server stops.
    private func acceptConnections() {
        defer {
            listener.close()
            wake.receiver.close()
            acceptingEnded.signal()
        }
        while true {
            guard listener.waitForInput(until: .now + .seconds(60), orWakeOn: wake.receiver) else { continue }
            guard !table.withLock({ $0.isStopped }) else { return }
            guard let connection = listener.nextConnection(writeTimeout: limits.writeTimeout) else {
                // The client gave up, or no descriptor is left: a moment before trying again.
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            switch table.withLock({ $0.admit(connection) }) {
            case .serve(let id):
                connections.enter()
                let thread = Thread { [self] in serve(connection, id: id) }
                thread.name = "modal-log serve: connection"
                thread.start()
            case .refuse:
                let busy = HTTPResponse.text(
                    "busy: \(limits.maximumConnections) connections are open; try again later", status: 503)
                _ = connection.write(busy.head() + busy.body)
                connection.linger(until: .now)
                connection.close()
            case .close:
                connection.close()
            }
        }
    }

    /// A connection's thread: reads one request, answers it, closes.
    private func serve(_ connection: Socket, id: Int) {
        defer {
            connection.linger(until: .now + .seconds(1))
            // Under the lock, so `stop()` never shuts down a descriptor number used again.
            table.withLock { table in
                table.remove(id)
                connection.close()
            }
            connections.leave()
        }
        var method = "GET"
        let answer: HTTPReply
        switch readHead(from: connection) {
        case .closed:
            return
        case .head(let head):
            do throws(HTTPRequest.Malformed) {
                let request = try HTTPRequest(head: head)
                method = request.method
                answer = reply(to: request)
            } catch {
                answer = .response(.text("malformed request: \(error.reason)", status: 400))
            }
        case .refused(let refusal):
            answer = .response(refusal)
        }
        switch answer {
        case .response(let response):
            _ = connection.write(response.head() + (method == "HEAD" ? [] : response.body))
        case .stream(let body):
            guard connection.write(HTTPResponse.eventStreamHead), method != "HEAD" else { return }
            let stream = EventStream(socket: connection)
            body(stream)
            stream.end()
        }
    }

    /// What came of reading a request's head.
    private enum HeadRead {
        /// The head, through its empty line, within the limits.
        case head(ArraySlice<UInt8>)
        /// Over the size limit or the read timeout: the response that says so.
        case refused(HTTPResponse)
        /// The client closed its end, or the connection failed, before the head's end.
        case closed
    }

    /// Reads a request's head as it arrives, within the limits.
    private func readHead(from connection: Socket) -> HeadRead {
        let deadline = ContinuousClock.now + limits.readTimeout
        var received: [UInt8] = []
        while true {
            if let length = HTTPRequest.headLength(in: received), length <= limits.maximumHeadBytes {
                return .head(received[..<length])
            }
            guard received.count <= limits.maximumHeadBytes else {
                let text = "the request's head is longer than \(limits.maximumHeadBytes) bytes"
                return .refused(.text(text, status: 431))
            }
            guard connection.waitForInput(until: deadline) else {
                let text = "the request did not arrive within \(limits.readTimeout)"
                return .refused(.text(text, status: 408))
            }
            guard let bytes = connection.receive(maximumCount: 4096), !bytes.isEmpty else { return .closed }
            received += bytes
        }
    }
}
