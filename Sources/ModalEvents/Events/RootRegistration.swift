/// The fields of `root.register`: a modal host and how it behaves.
///
/// Every field has the spec's default, so `RootRegistration()` registers the
/// `"default"` root as a 390 x 844 window that stacks modals.
public struct RootRegistration: Sendable, Hashable {
    /// The root's id, unique among registered roots.
    public var root: String
    /// A window of its own, or an overlay over the view it sits on.
    public var presentation: RootPresentation
    /// Window level: roots are ordered by it, then by registration.
    public var level: Int
    /// Whether it stacks modals or shows one at a time.
    public var policy: RootPolicy
    /// Its shared dimming view.
    public var dimming: DimmingConfiguration
    /// How it avoids the keyboard.
    public var keyboard: KeyboardConfiguration
    /// Its size in points; positive.
    public var size: Size
    /// How many cards of a stack show at once: at least 1.
    public var maxVisibleCards: Int

    public init(
        root: String = ModalEvent.defaultRoot,
        presentation: RootPresentation = .window,
        level: Int = 0,
        policy: RootPolicy = .stack,
        dimming: DimmingConfiguration = DimmingConfiguration(),
        keyboard: KeyboardConfiguration = KeyboardConfiguration(),
        size: Size = .defaultRoot,
        maxVisibleCards: Int = 2
    ) {
        self.root = root
        self.presentation = presentation
        self.level = level
        self.policy = policy
        self.dimming = dimming
        self.keyboard = keyboard
        self.size = size
        self.maxVisibleCards = maxVisibleCards
    }
}
