internal import ModalEvents

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
        }

        private let buffers = Lock(Buffers())

        /// Appends `rejection` as the `count`th, unless another copy
        /// appended there first: then it returns `false` and changes nothing.
        func append(_ rejection: Rejection, at count: Int) -> Bool {
            buffers.withLock { buffers in
                guard buffers.seqs.count == count else { return false }
                let reason = Reason(code: rejection.code, message: rejection.message)
                let slot = reason.hashValue & (buffers.recent.count - 1)
                var index = buffers.recent[slot]
                if index < 0 || buffers.reasons[Int(index)] != reason {
                    index = Int32(buffers.reasons.count)
                    buffers.reasons.append(reason)
                    buffers.recent[slot] = index
                }
                buffers.seqs.append(rejection.seq)
                buffers.reasonIndexes.append(index)
                return true
            }
        }

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
