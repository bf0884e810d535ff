/// A width and a height in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Points; positive.
    public var width: Double
    /// Points; positive.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 390 x 844, the spec's default root size.
    public static let defaultRoot = Size(width: 390, height: 844)

    public var description: String {
        "\(JSONNumber.text(width))x\(JSONNumber.text(height))"
    }
}

/// A root's shared dimming view.
public struct DimmingConfiguration: Sendable, Hashable {
    /// What a tap on it does.
    public var tap: DimmingTapAction
    /// Whether it is drawn clear (it still receives taps).
    public var hidden: Bool

    public init(tap: DimmingTapAction = .dismissTopmost, hidden: Bool = false) {
        self.tap = tap
        self.hidden = hidden
    }
}

/// How a root avoids the keyboard.
public struct KeyboardConfiguration: Sendable, Hashable {
    /// How the offset is computed (rule 9).
    public var strategy: KeyboardStrategy
    /// Extra points added to the offset (ModalPresenter's `additionalOffset`).
    public var additional: Double

    public init(strategy: KeyboardStrategy = .offsetByObscuredHeight, additional: Double = 0) {
        self.strategy = strategy
        self.additional = additional
    }
}
