/// An event as the log holds it: its envelope (`seq`, `time`, and in
/// version 2 `source` and `caller`) and its body.
public struct LoggedEvent: Sendable, Hashable {
    /// Its place in the log: 1 for the first event, then +1 each line.
    public var seq: Int
    /// Seconds since the log began, when the writer recorded it.
    public var time: Double?
    /// What happened.
    public var event: ModalEvent
    /// Who caused it: a person's gesture, the platform, the app's code, a
    /// test. `nil` when the log does not say (and always in a version-1 log).
    public var source: EventSource?
    /// Where in the app it was appended (`"CheckoutFlow.swift:42"`), at most
    /// ``maximumCallerLength`` bytes of UTF-8. `nil` when the log does not say.
    public var caller: String?

    /// The longest ``caller``, in UTF-8 bytes; a longer one is rejected
    /// (`invalidValue`).
    public static let maximumCallerLength = 256

    public init(seq: Int, time: Double? = nil, event: ModalEvent, source: EventSource? = nil, caller: String? = nil) {
        self.seq = seq
        self.time = time
        self.event = event
        self.source = source
        self.caller = caller
    }

    /// A call site as a `caller`: `CheckoutFlow/Checkout.swift:42`. A file ID
    /// so long that it would pass ``maximumCallerLength`` keeps its end.
    public static func caller(fileID: String, line: Int) -> String {
        let caller = "\(fileID):\(line)"
        guard caller.utf8.count > maximumCallerLength else { return caller }
        var kept = Substring(caller)
        while kept.utf8.count > maximumCallerLength - 3 { kept = kept.dropFirst() }
        return "..." + kept
    }
}

extension ModalEvent {
    /// Who usually causes an event of this type, what a store records when
    /// it is not told: a person for a dimming tap or a drag, the platform
    /// for the keyboard, a resize or a session start, the app otherwise.
    public var usualSource: EventSource {
        switch self {
        case .dimmingTap, .dragChange, .dragEnd: .user
        case .keyboardChange, .rootResize, .sessionStart: .system
        default: .app
        }
    }
}

/// Who caused an event (format version 2's `source`).
///
/// A word the spec does not list still reads (a log may hold one); the
/// projection rejects the event with `invalidValue`.
public struct EventSource: SpecWord {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A person's gesture: a tap, a drag, a swipe.
    public static let user = Self(rawValue: "user")
    /// The platform: the keyboard, a rotation, a relaunch.
    public static let system = Self(rawValue: "system")
    /// The app's own code.
    public static let app = Self(rawValue: "app")
    /// A test or a tool.
    public static let test = Self(rawValue: "test")
    public static let knownValues: [Self] = [.user, .system, .app, .test]
}
