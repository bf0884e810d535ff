/// A word from one of the spec's closed lists (`"sheet"`, `"overlay"`, ...).
///
/// Words are stored as their raw string, so an event that names a word the
/// spec does not list is still well-formed: the reducer rejects it with
/// `invalidValue` instead of the reader failing. Conformers list the words
/// they know in ``knownValues``. In code, use the static members
/// (`.sheet`); `init(rawValue:)` takes any word, as a log may hold one.
public protocol SpecWord: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// Every word the spec lists, in the spec's order.
    static var knownValues: [Self] { get }
    init(rawValue: String)
}

extension SpecWord {
    /// Whether the spec lists this word.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public var description: String { rawValue }

    /// The known words joined for messages: `sheet, fullScreen, alert`.
    package static var knownList: String { knownValues.map(\.rawValue).joined(separator: ", ") }
}

/// How a root hosts its modals: in a window of its own, or over the view it sits on.
public struct RootPresentation: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let window = Self(rawValue: "window")
    public static let overlay = Self(rawValue: "overlay")
    public static let knownValues: [Self] = [.window, .overlay]
}

/// Whether a root stacks modals, shows one at a time (AppRouter's
/// `sheet(item:)`), or (version 2) shows one at a time while the others wait
/// their turn (toasts, banners).
public struct RootPolicy: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let stack = Self(rawValue: "stack")
    public static let single = Self(rawValue: "single")
    /// Version 2: a modal presented while another is live waits, `queued`.
    public static let queue = Self(rawValue: "queue")
    public static let knownValues: [Self] = [.stack, .single, .queue]
}

/// What a tap on a root's shared dimming view does.
public struct DimmingTapAction: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let dismissTopmost = Self(rawValue: "dismissTopmost")
    public static let passThrough = Self(rawValue: "passThrough")
    public static let absorb = Self(rawValue: "absorb")
    public static let knownValues: [Self] = [.dismissTopmost, .passThrough, .absorb]
}

/// How a root moves its modals out of the keyboard's way.
public struct KeyboardStrategy: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let offsetByObscuredHeight = Self(rawValue: "offsetByObscuredHeight")
    public static let offsetByKeyboardHeight = Self(rawValue: "offsetByKeyboardHeight")
    public static let none = Self(rawValue: "none")
    public static let knownValues: [Self] = [.offsetByObscuredHeight, .offsetByKeyboardHeight, .none]
}

/// How a modal is drawn.
public struct ModalStyle: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let sheet = Self(rawValue: "sheet")
    public static let fullScreen = Self(rawValue: "fullScreen")
    public static let alert = Self(rawValue: "alert")
    public static let toast = Self(rawValue: "toast")
    public static let card = Self(rawValue: "card")
    public static let custom = Self(rawValue: "custom")
    public static let knownValues: [Self] = [.sheet, .fullScreen, .alert, .toast, .card, .custom]
}

/// Which way a `card.replace` morph runs.
public struct ReplaceDirection: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let forward = Self(rawValue: "forward")
    public static let backward = Self(rawValue: "backward")
    public static let knownValues: [Self] = [.forward, .backward]
}

/// How a `card.replace` morph animates.
public struct ReplaceAnimation: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let scale = Self(rawValue: "scale")
    public static let slide = Self(rawValue: "slide")
    public static let knownValues: [Self] = [.scale, .slide]
}
