/// What a handler answers a request with.
enum HTTPReply: Sendable {
    /// A whole response (for `HEAD`, its head only).
    case response(HTTPResponse)
    /// Server-sent events: the server writes the head of a
    /// `text/event-stream` response, then calls the closure on the
    /// connection's thread with the stream (not for `HEAD`). The closure
    /// may block, and should return once a send returns `false` or
    /// ``EventStream/pause(milliseconds:)`` does: the client has gone or
    /// the server is stopping. The connection closes when it returns.
    case stream(@Sendable (EventStream) -> Void)
}
