import Foundation
import Testing

@testable import modal_log

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP client that sends exactly the bytes a test writes (a `Host`
/// of its choosing, or none, or a malformed request) over a TCP
/// connection to 127.0.0.1, and reads what comes back as it arrives.
final class RawHTTPClient {
    struct ConnectFailed: Error {
        var code: Int32
    }

    private let descriptor: Int32
    /// What has been read so far.
    private(set) var received: [UInt8] = []
    /// Whether the server has closed its end.
    private(set) var atEnd = false

    /// Connects to 127.0.0.1 at `port`.
    init(port: Int) throws {
        descriptor = try Self.connected(to: port)
    }

    deinit {
        _ = Self.closeDescriptor(descriptor)
    }

    /// A new socket connected to 127.0.0.1 at `port`: made before the
    /// client is, so that a failure closes it once, here, and no `deinit`
    /// closes its number again (by then, maybe another thread's descriptor).
    private static func connected(to port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Socket.streamType, 0)
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected = Socket.withLoopbackAddress(port: port) { connect(descriptor, $0, $1) }
        guard connected == 0 else {
            let code = errno
            _ = closeDescriptor(descriptor)
            throw ConnectFailed(code: code)
        }
        return descriptor
    }

    /// Writes `text`; `false` when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Self.send(descriptor, $0) }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// Reads until `enough` says so of what has been read, the server
    /// closes, or `timeout` passes.
    ///
    /// - Returns: Whether `enough` said so.
    @discardableResult
    func read(timeout: Duration = .seconds(20), until enough: ([UInt8]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !enough(received) {
            guard !atEnd, ContinuousClock.now < deadline else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { atEnd = true } else { received += buffer[..<count] }
        }
        return true
    }

    /// Reads until the server closes the connection (or `timeout` passes).
    func readToEnd(timeout: Duration = .seconds(20)) -> [UInt8] {
        read(timeout: timeout) { _ in atEnd }
        return received
    }

    /// Whether `text` has arrived.
    func read(until text: String, timeout: Duration = .seconds(20)) -> Bool {
        read(timeout: timeout) { String(decoding: $0, as: UTF8.self).contains(text) }
    }

    private static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
            Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(descriptor, bytes.baseAddress, bytes.count, 0)  // SO_NOSIGPIPE is set.
        #endif
    }

    private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }
}

/// A response as the client read it.
struct RawHTTPResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// Reads `bytes`; `nil` when they do not start with a status line and
    /// headers.
    init?(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return nil }
        self.status = status
        headers = lines.dropFirst().map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), line[colon...].dropFirst().trimmingCharacters(in: .whitespaces))
        }
        body = Array(bytes[text[..<end.upperBound].utf8.count...])
    }

    /// The value of the header `name`, whatever its case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Sends `request` to 127.0.0.1 at `port` and reads the whole response.
func exchange(_ request: String, port: Int) throws -> RawHTTPResponse {
    let client = try RawHTTPClient(port: port)
    client.send(request)
    let bytes = client.readToEnd()
    return try #require(RawHTTPResponse(bytes), "not a response: \(String(decoding: bytes, as: UTF8.self))")
}
