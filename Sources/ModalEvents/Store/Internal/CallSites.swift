/// The call sites a store's events are appended from, each boxed once.
///
/// Every event a store appends carries its `source` and the `fileID:line`
/// it came from (``LoggedEvent/caller``). An app appends from a few dozen
/// places, so rather than a box per event, the store keeps the box of each
/// recent call site and gives it to every event from there: an event then
/// costs the store one shared reference, not an allocation.
///
/// A small table, one box per slot: a call site that lands on a taken slot
/// replaces it, which costs a box, never a wrong caller.
@usableFromInline
struct CallSites {
    @usableFromInline
    static var slotCount: Int { 64 }

    @usableFromInline
    var slots: [LoggedEvent.Extras?] = []

    @inlinable
    init() {}

    /// The box for an event from `fileID:line` caused by `source`.
    @inlinable
    mutating func extras(source: EventSource, fileID: String, line: Int) -> LoggedEvent.Extras {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        // `utf8.count` of a Swift string is stored, not counted.
        let slot = (line &* 31 &+ fileID.utf8.count) & (Self.slotCount - 1)
        if let kept = slots[slot], kept.line == line, kept.source == source, kept.fileID == fileID {
            return kept
        }
        let extras = LoggedEvent.Extras(source: source, callerText: nil, fileID: fileID, line: line)
        slots[slot] = extras
        return extras
    }
}
