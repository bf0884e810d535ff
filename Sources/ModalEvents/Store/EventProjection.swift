/// A state that an ``EventStore`` keeps: a pure projection of a log.
///
/// `ModalEvents` knows what an event is; the projection knows what it does.
/// The store runs any state that conforms, so this module never imports the
/// one that defines the modal state (`ModalProjection`'s `ModalState`
/// conforms there).
///
/// An event either applies or is rejected. There is one way to apply it,
/// ``apply(_:)``, which changes nothing when it throws; a replay of a log,
/// where rejected events stay in the log, then records the rejection
/// (``record(_:of:)``), and ``replay(_:)`` does both. Every method must be
/// pure: the result depends only on the state and the entry, so a log
/// replays to the same state on any machine.
public protocol EventProjection: Sendable {
    /// Why an event cannot apply: the error a store's command throws, and
    /// what a replay records in the state.
    associatedtype Rejection: Error

    /// The seq of the last event read, applied or rejected; 0 before any.
    var seq: Int { get }

    /// Applies `entry` when it can apply; otherwise throws why and leaves the
    /// state exactly as it was (`seq` included).
    mutating func apply(_ entry: LoggedEvent) throws(Rejection)

    /// Records that `entry`, the next event of a log, was rejected: its
    /// `seq` is read, and the state notes the rejection as it keeps them.
    mutating func record(_ rejection: Rejection, of entry: LoggedEvent)
}

extension EventProjection {
    /// Applies `entry` as a log holds it: applied, or rejected and the
    /// rejection recorded (``record(_:of:)``). A replay of a log and a
    /// store's ``EventStore/replay(_:)`` do this.
    ///
    /// - Returns: The rejection, or `nil` when it applied.
    @discardableResult
    @inlinable
    public mutating func replay(_ entry: LoggedEvent) -> Rejection? {
        replay(entry) { state throws(Rejection) in try state.apply(entry) }
    }

    /// Applies `entry` by `apply`; a rejection it throws is recorded and returned.
    @inlinable
    mutating func replay(_ entry: LoggedEvent, by apply: (inout Self) throws(Rejection) -> Void) -> Rejection? {
        do {
            try apply(&self)
            return nil
        } catch {
            record(error, of: entry)
            return error
        }
    }
}
