import ModalEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket's descriptor and the calls the server makes on it: the one
/// file of `Serve/` that speaks to the C library.
///
/// Writes never raise `SIGPIPE`: they pass `MSG_NOSIGNAL` on Linux, and on
/// Apple's systems, which have no such flag, the socket is `SO_NOSIGPIPE`.
/// A peer that has gone is then a failed write, as it should be.
struct Socket: Sendable {
    let descriptor: Int32

    /// A socket listening on 127.0.0.1 (IPv4 loopback only) at `port`, or
    /// at one the system picks when `port` is 0; it accepts without waiting.
    ///
    /// - Throws: ``HTTPServer/Failure``, naming the port: in use, or not
    ///   available for another reason.
    static func listening(onLoopbackPort port: Int) throws(HTTPServer.Failure) -> Socket {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw HTTPServer.Failure(port: port, message: "no socket: \(systemError())") }
        let listener = Socket(descriptor: descriptor)
        listener.setOption(SO_REUSEADDR, to: 1)
        let bound = withLoopbackAddress(port: port) { bind(descriptor, $0, $1) }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let message =
                errno == EADDRINUSE
                ? "the port is in use: another program listens on it"
                : "cannot listen there: \(systemError())"
            listener.close()
            throw HTTPServer.Failure(port: port, message: message)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        listener.setUp()
        return listener
    }

    /// Two sockets connected to each other, closed in child processes: a
    /// byte written to one wakes a wait on the other. `nil` when the
    /// system has no descriptor left.
    static func pair() -> (Socket, Socket)? {
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, streamType, 0, &descriptors) == 0 else { return nil }
        let pair = (Socket(descriptor: descriptors[0]), Socket(descriptor: descriptors[1]))
        pair.0.setUp()
        pair.1.setUp()
        return pair
    }

    /// `SOCK_STREAM`, as `socket` takes it.
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        static let streamType = SOCK_STREAM
    #endif

    /// Calls `body` with the address 127.0.0.1:`port` and its length, as
    /// `bind` and `connect` take them.
    static func withLoopbackAddress<Result>(
        port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_in()
        #if canImport(Darwin)  // Apple's systems only: their addresses carry their length.
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The port the socket is bound to.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection waiting on a listening socket, set up for the
    /// server (blocking, writes that give up after `writeTimeout`, closed
    /// in child processes); `nil` when none is waiting or accepting failed.
    func nextConnection(writeTimeout: Duration) -> Socket? {
        let accepted = accept(descriptor, nil, nil)
        guard accepted >= 0 else { return nil }
        let connection = Socket(descriptor: accepted)
        connection.setUp()
        // Apple's systems hand on the listener's O_NONBLOCK; Linux does not.
        _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) & ~O_NONBLOCK)
        let (seconds, attoseconds) = writeTimeout.components
        var time = timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        _ = setsockopt(accepted, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// Waits until there is something to read (bytes, the peer's end, or
    /// an error), here or on `wake`, or `deadline` passes.
    ///
    /// - Returns: `true` when there is, `false` at the deadline.
    func waitForInput(until deadline: ContinuousClock.Instant, orWakeOn wake: Socket? = nil) -> Bool {
        while true {
            let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
            // Rounded up, so a wait never ends just before its deadline.
            let milliseconds = max(0, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            var entries = [descriptor, wake?.descriptor ?? -1].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            // A failed poll counts as input: the read that follows fails and says so.
            if ready != 0 { return true }
            if ContinuousClock.now >= deadline { return false }
        }
    }

    /// Reads what is there, up to `maximumCount` bytes, waiting for at
    /// least one: empty once the peer has closed its end, `nil` on failure.
    func receive(maximumCount: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximumCount)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            return Array(buffer[..<count])
        }
    }

    /// Reads and drops what the peer sent that no one reads, without
    /// waiting: a client says nothing after its request but that it left.
    ///
    /// - Returns: `false` once the peer has closed its end or the
    ///   connection has failed; `true` while it is open.
    func discardInput() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 { continue }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        }
        return true
    }

    /// Writes all of `bytes`.
    ///
    /// - Returns: `false` when the peer has gone or did not read for the
    ///   write timeout: not an error, a browser that left.
    func write(_ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)  // Apple's systems only: SO_NOSIGPIPE stands for the flag.
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + written, $0.count - written, flags) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Ends writing (the peer reads to the end of the response), then
    /// drops what the peer still sends until it closes or `deadline`
    /// passes, so that closing does not reset a connection whose response
    /// the peer has yet to read.
    func linger(until deadline: ContinuousClock.Instant) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        while waitForInput(until: deadline), discardInput() {}
    }

    /// Ends the connection both ways, waking a thread that waits on it
    /// or writes to it; the descriptor stays open until ``close()``.
    func shutDown() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor.
    func close() {
        _ = PosixCalls().close(descriptor)
    }

    /// Sets what every socket of the server's is: closed in child
    /// processes, and on Apple's systems, writes that raise no `SIGPIPE`.
    private func setUp() {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)  // Apple's systems only: no MSG_NOSIGNAL there.
            setOption(SO_NOSIGPIPE, to: 1)
        #endif
    }

    private func setOption(_ option: Int32, to value: Int32) {
        var value = value
        _ = setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
