/// One request as a handler sees it: its method, its path and query,
/// decoded, and its headers.
struct HTTPRequest: Sendable {
    /// The method: `GET` or `HEAD` by the time a handler sees it.
    var method: String
    /// The path, percent-decoded (`/a%20b` is `/a b`), and not normalised:
    /// `/x/../y` stays as it is.
    var path: String
    /// The query's pairs in order, percent-decoded, `+` read as a space;
    /// a pair without `=` has an empty value.
    var query: [(name: String, value: String)]
    /// The headers in order, their names as sent.
    var headers: [(name: String, value: String)]

    /// The value of the first query pair named `name`.
    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of the header named `name`, whatever the case of either:
    /// several of that name are joined with `, `.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension HTTPRequest {
    /// Why a request's head cannot be read: the server answers 400 with it.
    struct Malformed: Error, Equatable {
        var reason: String
    }

    /// The length of the head that `bytes` start with, through the empty
    /// line that ends it, or `nil` when it has not all arrived.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    static func headLength(in bytes: [UInt8]) -> Int? {
        var start = 0
        while let newline = bytes[start...].firstIndex(of: lineFeed) {
            let rest = bytes[(newline + 1)...]
            if rest.first == lineFeed { return newline + 2 }
            if rest.starts(with: [carriageReturn, lineFeed]) { return newline + 3 }
            start = newline + 1
        }
        return nil
    }

    /// Reads a request's head: the request line, then a line a header,
    /// each ended by CRLF (or a bare LF), up to an empty line.
    ///
    /// - Throws: ``Malformed``, saying what is wrong: a request line that
    ///   is not `METHOD /target HTTP/1.x`, a target that is not a path
    ///   percent-encoding UTF-8, a header that is not `name: value` (or
    ///   folded onto a second line), a control character, two `Host`s.
    init(head: ArraySlice<UInt8>) throws(Malformed) {
        var lines: [ArraySlice<UInt8>] = []
        for line in head.split(separator: Self.lineFeed, omittingEmptySubsequences: false) {
            let line = line.last == Self.carriageReturn ? line.dropLast() : line
            guard !line.isEmpty else { break }
            guard !line.contains(Self.carriageReturn) else { throw Malformed(reason: "a line holds a bare CR") }
            lines.append(line)
        }
        guard let requestLine = lines.first else { throw Malformed(reason: "no request line") }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else {
            throw Malformed(reason: "the request line is not 'METHOD /path HTTP/1.1'")
        }
        guard parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8) else {
            throw Malformed(reason: "the version is not HTTP/1.1 or HTTP/1.0")
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Malformed(reason: "the target is not a path starting with '/' in printable ASCII")
        }
        method = String(decoding: parts[0], as: UTF8.self)
        let pathEnd = target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
        guard let path = Self.percentDecoded(target[..<pathEnd], plusIsSpace: false) else {
            throw Malformed(reason: "the path is not percent-encoded UTF-8")
        }
        self.path = path
        query = []
        for pair in target[pathEnd...].dropFirst().split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            guard let name = Self.percentDecoded(pair[..<equals], plusIsSpace: true),
                let value = Self.percentDecoded(pair[equals...].dropFirst(), plusIsSpace: true)
            else { throw Malformed(reason: "the query is not percent-encoded UTF-8") }
            query.append((name, value))
        }
        headers = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(Self.isTokenByte)
            else { throw Malformed(reason: "a header is not 'Name: value'") }
            var value = line[(colon + 1)...].drop(while: Self.isBlank)
            while let last = value.last, Self.isBlank(last) { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 }) else {
                throw Malformed(reason: "a header's value holds a control character")
            }
            headers.append((String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        guard headers.filter({ $0.name.lowercased() == "host" }).count <= 1 else {
            throw Malformed(reason: "the request has more than one Host header")
        }
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Whether `byte` may be in a method or a header's name (RFC 9110's `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == 0x09
    }

    /// `bytes` with each `%XX` read as the byte it stands for (and `+` as a
    /// space when `plusIsSpace`), or `nil` when a `%` is not followed by two
    /// hex digits or the result is not UTF-8.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var decoded: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                byte = high << 4 | low
                index += 2
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                byte = UInt8(ascii: " ")
            }
            decoded.append(byte)
            index += 1
        }
        let text = String(decoding: decoded, as: UTF8.self)
        return text.utf8.elementsEqual(decoded) ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
