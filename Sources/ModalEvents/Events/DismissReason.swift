/// Why a modal dismisses: free text in the log, with names for the reasons
/// the spec and this package give.
///
/// ```swift
/// .modalDismiss(link: "compose", reason: .programmatic)
/// .modalDismiss(link: "toast", reason: "timeout")  // an app's own reason
/// ```
public struct DismissReason: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public var description: String { rawValue }

    /// The app dismissed it in code: the default of `modal.dismiss`.
    public static let programmatic = DismissReason(rawValue: "programmatic")
    /// A `single` root presented another modal.
    public static let replaced = DismissReason(rawValue: "replaced")
    /// Its parent started dismissing.
    public static let parentDismissed = DismissReason(rawValue: "parentDismissed")
    /// A tap on the dimming view.
    public static let dimmingTap = DismissReason(rawValue: "dimmingTap")
    /// A drag released past the first snap point.
    public static let drag = DismissReason(rawValue: "drag")
    /// The app released the modal's lifetime token (Square's `ModalLifetime`).
    public static let lifetimeEnded = DismissReason(rawValue: "lifetimeEnded")
}
