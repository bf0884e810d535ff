/// A whole response: a status, a content type, the body, and headers of
/// the caller's own.
///
/// The server writes `Content-Type`, `Content-Length`, `Cache-Control:
/// no-store`, `X-Content-Type-Options: nosniff` and `Connection: close`
/// itself, and no `Access-Control-Allow-Origin`: a page elsewhere cannot
/// read what it serves.
struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    /// Headers besides the server's own (a `Location`, a
    /// `Content-Security-Policy`), written in order.
    var headers: [(name: String, value: String)]

    init(status: Int = 200, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A plain text response of one line: `text` and a newline.
    static func text(_ text: String, status: Int, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers)
    }

    /// The head of an event stream's response: 200, `text/event-stream`.
    static let eventStreamHead = head(status: 200, contentType: "text/event-stream", contentLength: nil, headers: [])

    /// The status line and the headers, and the empty line that ends them.
    ///
    /// - Precondition: the status is from 200 to 599, and no header of the
    ///   caller's holds a line break or is one the server writes itself (it traps).
    func head() -> [UInt8] {
        Self.head(status: status, contentType: contentType, contentLength: body.count, headers: headers)
    }

    private static func head(
        status: Int, contentType: String, contentLength: Int?, headers: [(name: String, value: String)]
    ) -> [UInt8] {
        precondition((200...599).contains(status), "a response's status is from 200 to 599")
        let own = ["content-type", "content-length", "cache-control", "x-content-type-options", "connection"]
        var lines = ["HTTP/1.1 \(status) \(reasons[status] ?? "")", "Content-Type: \(contentType)"]
        if let contentLength { lines.append("Content-Length: \(contentLength)") }
        lines += ["Cache-Control: no-store", "X-Content-Type-Options: nosniff", "Connection: close"]
        for (name, value) in headers {
            precondition(!own.contains(name.lowercased()), "the server writes the header \(name) itself")
            lines.append("\(name): \(value)")
        }
        precondition(
            lines.allSatisfy { !$0.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") } },
            "a response's header holds no line break")
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The reason phrase of each status the server and its callers use.
    private static let reasons = [
        200: "OK", 204: "No Content", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
        410: "Gone", 421: "Misdirected Request", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        503: "Service Unavailable",
    ]
}
