/// A state that an ``EventStore`` keeps: a pure projection of a log.
///
/// `ModalEvents` knows what an event is; the projection knows what it does.
/// The store runs any state that conforms, so this module never imports the
/// one that defines the modal state (`ModalProjection`'s `ModalState`
/// conforms there).
///
/// Both methods must be pure: the result depends only on the state and the
/// entry, so a log replays to the same state on any machine.
public protocol EventProjection: Sendable {
    /// Why an event cannot apply: a diagnostic the state records, or the
    /// error a store's command throws.
    associatedtype Refusal: Error

    /// The seq of the last event applied; 0 before any.
    var seq: Int { get }

    /// Applies `entry` as a log records it: an event that cannot apply is
    /// recorded in the state as a refusal and returned, never thrown.
    ///
    /// A store replaying a foreign log calls this.
    @discardableResult
    mutating func apply(_ entry: LoggedEvent) -> Refusal?

    /// Applies `entry` when it can apply; otherwise throws why and leaves the
    /// state exactly as it was (`seq` included).
    ///
    /// A store's commands call this, so its own log never holds a refusal.
    mutating func accept(_ entry: LoggedEvent) throws(Refusal)
}
