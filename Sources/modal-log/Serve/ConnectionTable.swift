/// The server's open connections and whether it has stopped: what its
/// lock guards, and every decision that needs both.
struct ConnectionTable {
    /// What becomes of a connection just accepted.
    enum Admission: Equatable {
        /// Served on a thread of its own, known by `id`.
        case serve(id: Int)
        /// Refused with a 503: as many are open as the server takes.
        case refuse
        /// Closed at once: the server has stopped.
        case close
    }

    /// How many connections may be open at once.
    let capacity: Int
    /// Whether ``stop()`` has been called.
    private(set) var isStopped = false
    private var open: [Int: Socket] = [:]
    private var nextID = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many connections are open.
    var count: Int { open.count }

    /// Takes a connection just accepted: served while fewer than the
    /// capacity are open and the server runs.
    mutating func admit(_ socket: Socket) -> Admission {
        guard !isStopped else { return .close }
        guard open.count < capacity else { return .refuse }
        nextID += 1
        open[nextID] = socket
        return .serve(id: nextID)
    }

    /// Forgets the connection `id`, which its thread is closing.
    mutating func remove(_ id: Int) {
        open[id] = nil
    }

    /// Admits no more connections.
    ///
    /// - Returns: The open connections, for the server to shut down; `nil`
    ///   when it had stopped already.
    mutating func stop() -> [Socket]? {
        guard !isStopped else { return nil }
        isStopped = true
        return Array(open.values)
    }
}
