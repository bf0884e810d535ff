import ModalEvents

/// A stream of server-sent events to one client, the body of a
/// `text/event-stream` response: the closure of ``HTTPReply/stream(_:)``
/// gets one, on the connection's own thread.
///
/// A client that goes away is not an error: ``send(event:data:id:)`` and
/// ``ping(_:)`` return `false`, as they do once the server stops or the
/// closure has returned. Sending is thread-safe: another thread may send
/// too, and once the closure has returned, its sends return `false`.
///
/// ```swift
/// .stream { stream in
///     // As serve's LogServer does: look for news, send it, wait, until the page goes away.
///     while stream.pause(milliseconds: 200) {
///         guard let news = log.news() else { continue }
///         guard stream.send(event: "appended", data: news) else { return }
///     }
/// }
/// ```
final class EventStream: Sendable {
    private let socket: Socket
    /// Whether the stream may still write: `false` once the client has
    /// gone, the server stopped, or the closure returned (the descriptor
    /// is closed only after that, so a writer never writes to a reused one).
    private let isOpen = Lock(true)

    init(socket: Socket) {
        self.socket = socket
    }

    /// Writes one message: its `event` name and `id` when given, and
    /// `data` as one `data:` line per line of it (`\n`, `\r\n` or `\r`
    /// ends a line, as the client's parser reads them).
    ///
    /// - Precondition: `event` and `id` hold no line break (it traps).
    /// - Returns: `false` once the client has gone (or did not read for
    ///   the server's write timeout), the server stopped, or the stream
    ///   ended; then nothing was written.
    func send(event: String? = nil, data: String, id: String? = nil) -> Bool {
        write(Self.message(event: event, data: data, id: id))
    }

    /// Writes a comment line, which the client ignores: a keep-alive, and
    /// a way to learn that the client has gone.
    ///
    /// - Precondition: `comment` holds no line break (it traps).
    /// - Returns: `false` as ``send(event:data:id:)`` does.
    func ping(_ comment: String = "") -> Bool {
        precondition(!Self.hasLineBreak(comment), "an event stream's comment holds no line break")
        return write(": \(comment)\n\n")
    }

    /// Waits `milliseconds`, or less when the client goes away or the
    /// server stops: the wait between two looks at what to send.
    ///
    /// Call it from the stream's closure (it reads the connection).
    ///
    /// - Returns: whether the stream is still open.
    func pause(milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while isOpen.withLock({ $0 }) {
            guard socket.waitForInput(until: deadline) else { return true }
            isOpen.withLock { isOpen in isOpen = isOpen && socket.discardInput() }
        }
        return false
    }

    /// Ends the stream: every later send returns `false` (the server calls
    /// this once the closure returns, before it closes the connection).
    func end() {
        isOpen.withLock { $0 = false }
    }

    /// One message in the event stream format.
    static func message(event: String?, data: String, id: String?) -> String {
        precondition(!Self.hasLineBreak(event ?? ""), "an event's name holds no line break")
        precondition(!Self.hasLineBreak(id ?? ""), "an event's id holds no line break")
        var message = event.map { "event: \($0)\n" } ?? ""
        if let id { message += "id: \(id)\n" }
        // "\r\n" is one Character in Swift, so it splits once, as the client reads it.
        let lines = data.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for line in lines { message += "data: \(line)\n" }
        return message + "\n"
    }

    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    private func write(_ text: String) -> Bool {
        isOpen.withLock { isOpen in
            // A peer that has closed its end may still take a write; look first.
            isOpen = isOpen && socket.discardInput() && socket.write(Array(text.utf8))
            return isOpen
        }
    }
}
