/// A modal by its root and link: how the tool keys what it keeps of each
/// modal (``CauseTracker``, ``Checkup``).
struct ModalKey: Hashable {
    var root: String
    var link: String

    /// `sheets/checkout`, as every command names a modal.
    var name: String { "\(root)/\(link)" }
}
