package import ModalEvents

/// Every event of a log that could not apply, in log order: history, which
/// a state only adds to (``ModalState/rejected``).
///
/// A rejection is kept once, however often the state is copied. Copies share
/// one append-only store and each knows how many of its rejections are its
/// own, so copying a state costs nothing here, and the copy that appends
/// next appends in place (a replay that keeps each state before the next
/// event, as `diff` does, copies no rejection). Only a copy that appends
/// after another already did takes a store of its own. Each rejection costs
/// 12 bytes beside its reason (code and message), and a reason met again
/// among the recent ones is kept once: a log whose events are all rejected
/// for the same few reasons holds a few messages, not one per event.
///
/// ```swift
/// var rejected: RejectionHistory = []
/// rejected.append(Rejection(seq: 4, code: .unknownRoot, message: "no modal host for root \"sheets\""))
/// rejected.last?.code  // .unknownRoot
/// ```
public struct RejectionHistory: Sendable {
    /// The store its copies share; this value holds its first ``count``.
    private var storage: Storage
    /// How many rejections the history holds.
    public private(set) var count: Int

    /// An empty history.
    public init() {
        storage = Storage()
        count = 0
    }

    /// A history of `rejections`, in order.
    public init(_ rejections: some Sequence<Rejection>) {
        self.init()
        for rejection in rejections { append(rejection) }
    }

    /// Adds `rejection` at the end.
    ///
    /// - Complexity: O(1) amortized; O(*n*) for a copy that appends after
    ///   another copy of it did.
    public mutating func append(_ rejection: Rejection) {
        let count = count
        if !storage.append(rejection, at: count) {
            storage = storage.prefix(count)
            _ = storage.append(rejection, at: count)
        }
        self.count += 1
    }

    /// Removes every rejection.
    public mutating func removeAll() {
        storage = Storage()
        count = 0
    }

    /// How many reasons the store this history reads holds: each kept once
    /// among the recent ones (for tests).
    var storedReasonCount: Int { storage.reasonCount }

    /// Whether this history is `earlier` with rejections added since (or no
    /// more): the same store, read further. Found in constant time; `false`
    /// does not mean it is not.
    func surelyExtends(_ earlier: RejectionHistory) -> Bool {
        storage === earlier.storage && count >= earlier.count
    }
}

extension RejectionHistory: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Rejection {
        precondition(position >= 0 && position < count, "index out of range")
        return storage.rejection(at: position)
    }
}

extension RejectionHistory: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Rejection...) {
        self.init(elements)
    }
}

extension RejectionHistory: Hashable {
    public static func == (left: RejectionHistory, right: RejectionHistory) -> Bool {
        left.count == right.count && (left.storage === right.storage || left.elementsEqual(right))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for rejection in self { hasher.combine(rejection) }
    }
}

extension RejectionHistory: CustomStringConvertible {
    public var description: String { Array(self).description }
}

extension RejectionHistory {
    /// Why an event was rejected, apart from when: kept once for every
    /// rejection it explains.
    private struct Reason: Hashable {
        var code: RejectionCode
        var message: String
    }

    /// What the copies of a history share: each rejection's seq and reason,
    /// and the reasons, behind a lock (copies may append on other threads).
    private final class Storage: Sendable {
        private struct Buffers {
            var seqs: [Int] = []
            /// Each rejection's place in ``reasons``.
            var reasonIndexes: [Int32] = []
            var reasons: [Reason] = []
            /// Where a recent reason is in ``reasons``, by its hash: a reason
            /// met again soon after is found there and not kept twice.
            var recent = [Int32](repeating: -1, count: 64)
            /// The places of the reasons lately read from a log index's
            /// blocks, by their bytes there: a block's reasons are mostly
            /// those of the blocks before, found again without a String made.
            var readReasons: [(bytes: ArraySlice<UInt8>, place: Int32)] = []

            /// Where `reason` is in ``reasons``: found among the recent
            /// ones, or added.
            mutating func place(of reason: Reason) -> Int32 {
                let slot = reason.hashValue & (recent.count - 1)
                var index = recent[slot]
                if index < 0 || reasons[Int(index)] != reason {
                    index = Int32(reasons.count)
                    reasons.append(reason)
                    recent[slot] = index
                }
                return index
            }
        }

        private let buffers = Lock(Buffers())

        /// Appends `rejection` as the `count`th, unless another copy
        /// appended there first: then it returns `false` and changes nothing.
        func append(_ rejection: Rejection, at count: Int) -> Bool {
            buffers.withLock { buffers in
                guard buffers.seqs.count == count else { return false }
                buffers.seqs.append(rejection.seq)
                buffers.reasonIndexes.append(
                    buffers.place(of: Reason(code: rejection.code, message: rejection.message)))
                return true
            }
        }

        /// Appends a rejection for each of `seqs`, with the reason at its
        /// place in `reasons` (each as a block of a log index holds it:
        /// ``RejectionHistory/readReason(_:)`` reads one), after the first
        /// `count`, unless another copy appended there first: then it
        /// returns `false` and appends none. A reason read lately is found
        /// by its bytes.
        ///
        /// - Throws: When a reason cannot be read; no rejection is appended.
        func append(seqs: [Int], reasonPlaces: [Int32], reasons: [ArraySlice<UInt8>], at count: Int)
            throws(EventLogError) -> Bool
        {
            try buffers.withLock { buffers throws(EventLogError) in
                guard buffers.seqs.count == count else { return false }
                var places: [Int32] = []
                places.reserveCapacity(reasons.count)
                for bytes in reasons {
                    if let read = buffers.readReasons.first(where: { Self.same($0.bytes, bytes) }) {
                        places.append(read.place)
                        continue
                    }
                    let place = buffers.place(of: try RejectionHistory.readReason(bytes))
                    if buffers.readReasons.count == 16 { buffers.readReasons.removeFirst() }
                    buffers.readReasons.append((Array(bytes)[...], place))
                    places.append(place)
                }
                buffers.seqs += seqs
                for place in reasonPlaces { buffers.reasonIndexes.append(places[Int(place)]) }
                return true
            }
        }

        private static func same(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Bool {
            left.count == right.count
                && left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { left.elementsEqual($0) } }
        }

        /// The rejections in `range`: their seqs, their places in the
        /// reasons returned, and those reasons, each once.
        func rejections(in range: Range<Int>) -> (seqs: ArraySlice<Int>, reasonPlaces: [Int32], reasons: [Reason]) {
            buffers.withLock { buffers in
                var placeInBlock: [Int32: Int32] = [:]
                var reasons: [Reason] = []
                let places = buffers.reasonIndexes[range].map { index in
                    if let place = placeInBlock[index] { return place }
                    let place = Int32(reasons.count)
                    placeInBlock[index] = place
                    reasons.append(buffers.reasons[Int(index)])
                    return place
                }
                return (buffers.seqs[range], places, reasons)
            }
        }

        var reasonCount: Int { buffers.withLock { $0.reasons.count } }

        func rejection(at position: Int) -> Rejection {
            buffers.withLock { buffers in
                let reason = buffers.reasons[Int(buffers.reasonIndexes[position])]
                return Rejection(seq: buffers.seqs[position], code: reason.code, message: reason.message)
            }
        }

        /// A store of its own holding the first `count` rejections.
        func prefix(_ count: Int) -> Storage {
            let copy = Storage()
            buffers.withLock { buffers in
                copy.buffers.withLock { copied in
                    copied.seqs = Array(buffers.seqs.prefix(count))
                    copied.reasonIndexes = Array(buffers.reasonIndexes.prefix(count))
                    copied.reasons = buffers.reasons
                }
            }
            return copy
        }
    }
}

// MARK: In a log index

/// How a log index keeps rejections: each checkpoint's new ones as a block,
/// its reasons once (`[count] [code, message]...`), then its rejections
/// (`[count] [seq, the reason's place]...`), in little-endian words.
extension RejectionHistory: CheckpointHistory {
    package func truncated(to count: Int) -> RejectionHistory {
        precondition(count >= 0 && count <= self.count, "a history can only be cut shorter")
        var copy = self
        copy.count = count
        return copy
    }

    package func encoded(from start: Int) -> [UInt8] {
        let block = storage.rejections(in: Swift.min(start, count)..<count)
        var writer = BinaryWriter()
        writer.append(UInt32(block.reasons.count))
        for reason in block.reasons {
            writer.appendCounted(reason.code.rawValue.utf8)
            writer.appendCounted(reason.message.utf8)
        }
        writer.append(UInt32(block.seqs.count))
        for (seq, place) in zip(block.seqs, block.reasonPlaces) {
            writer.append(seq)
            writer.append(UInt32(place))
        }
        return writer.bytes
    }

    package mutating func append(encoded bytes: ArraySlice<UInt8>) throws(EventLogError) {
        var reader = BinaryReader(bytes, what: "a block of rejections")
        // A reason takes 8 bytes at least, a rejection 12: a damaged count is found before anything is made.
        let reasonCount = try reader.count(atMost: Swift.min(reader.remaining / 8, Int(Int32.max)))
        var reasons: [ArraySlice<UInt8>] = []
        reasons.reserveCapacity(reasonCount)
        for _ in 0..<reasonCount { reasons.append(try reader.pair()) }
        let rejectionCount = try reader.count(atMost: reader.remaining / 12)
        var seqs: [Int] = []
        var places: [Int32] = []
        seqs.reserveCapacity(rejectionCount)
        places.reserveCapacity(rejectionCount)
        var previous = last?.seq ?? 0
        for _ in 0..<rejectionCount {
            let seq = try reader.integer()
            let place = try reader.word32()
            guard seq > previous else { throw reader.fault("seq \(seq) does not come after \(previous)") }
            guard place < reasonCount else { throw reader.fault("no reason \(place) among \(reasonCount)") }
            seqs.append(seq)
            places.append(Int32(place))
            previous = seq
        }
        guard reader.isAtEnd else { throw reader.fault("it has bytes after its last rejection") }
        if try !storage.append(seqs: seqs, reasonPlaces: places, reasons: reasons, at: count) {
            storage = storage.prefix(count)
            _ = try storage.append(seqs: seqs, reasonPlaces: places, reasons: reasons, at: count)
        }
        count += rejectionCount
    }

    /// A reason as a block holds it: its code's name and its message, each counted.
    private static func readReason(_ bytes: ArraySlice<UInt8>) throws(EventLogError) -> Reason {
        var reader = BinaryReader(bytes, what: "a block of rejections")
        let name = try reader.string()
        guard let code = RejectionCode(rawValue: name) else { throw reader.fault("no rejection code \"\(name)\"") }
        return Reason(code: code, message: try reader.string())
    }
}
