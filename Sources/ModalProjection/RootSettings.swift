public import ModalEvents

/// What a root registered with and keeps while it is registered: a window
/// or an overlay, its level, its policy, how many cards of a stack show,
/// its dimming and how it avoids the keyboard. (Its size is not among
/// them: a `root.resize` changes it.)
///
/// A root's state (``RootState``), its observable object
/// (``ObservableRoot``) and a simulated host's root (`ModalScreen.Root`)
/// each hold one and read its fields as their own (`root.level`), so a new
/// setting is a field here, and every one of them has it.
public struct RootSettings: Sendable, Hashable {
    /// A window of its own, or an overlay over the view it sits on.
    public var presentation: RootPresentation
    /// Its window level: roots are ordered by it, then by registration.
    public var level: Int
    /// Whether it stacks modals, shows one at a time, or queues them.
    public var policy: RootPolicy
    /// How many cards of a stack show at once; 1 or more.
    public var maxVisibleCards: Int
    /// Its shared dimming view.
    public var dimming: DimmingConfiguration
    /// How it avoids the keyboard.
    public var keyboard: KeyboardConfiguration
}

extension RootSettings {
    /// The settings `registration` asks for (its root and size aside): a
    /// root's settings are described once, as `root.register` gives them.
    ///
    /// ```swift
    /// let toasts = RootSettings(RootRegistration(level: 10, policy: .queue))
    /// ```
    public init(_ registration: RootRegistration = RootRegistration()) {
        self.init(
            presentation: registration.presentation, level: registration.level, policy: registration.policy,
            maxVisibleCards: registration.maxVisibleCards, dimming: registration.dimming,
            keyboard: registration.keyboard)
    }
}
