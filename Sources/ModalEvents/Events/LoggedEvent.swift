/// An event as the log holds it: its envelope (`seq`, `time`, and in
/// version 2 `source` and `caller`) and its body.
public struct LoggedEvent: Sendable, Hashable {
    /// Its place in the log: 1 for the first event, then +1 each line.
    public var seq: Int
    /// Seconds since the log began, when the writer recorded it.
    public var time: Double?
    /// What happened.
    public var event: ModalEvent
    /// `source`, `caller` and ``loggedNumbers``, boxed: an event is copied
    /// often (a reader hands it out, a store keeps and delivers it), and
    /// most events of a version-1 log have none, so they cost a word, not five.
    @usableFromInline var extras: Extras?

    /// Who caused it: a person's gesture, the platform, the app's code, a
    /// test. `nil` when the log does not say (and always in a version-1 log).
    public var source: EventSource? {
        get { extras?.source }
        set { setExtras(source: newValue, caller: caller, loggedNumbers: loggedNumbers) }
    }

    /// Where in the app it was appended (`"CheckoutFlow.swift:42"`), at most
    /// ``maximumCallerLength`` bytes of UTF-8. `nil` when the log does not say.
    public var caller: String? {
        get { extras?.caller }
        set { setExtras(source: source, caller: newValue, loggedNumbers: loggedNumbers) }
    }

    /// The numbers the log gives integer fields of the event that their
    /// `Int`s do not hold (a `level` of `1.5`): empty for every event an app
    /// makes. The projection rejects an event that has one; the writer
    /// writes each back in its field's place. See ``LoggedNumber``.
    public var loggedNumbers: [LoggedNumber] {
        get { extras?.loggedNumbers ?? [] }
        set { setExtras(source: source, caller: caller, loggedNumbers: newValue) }
    }

    /// ``loggedNumbers``, or `nil` when there are none: what the reducer
    /// asks of every event, without copying an empty list.
    @inlinable
    package var loggedNumbersIfAny: [LoggedNumber]? {
        guard let extras, !extras.loggedNumbers.isEmpty else { return nil }
        return extras.loggedNumbers
    }

    /// At least as many UTF-8 bytes as ``caller`` has (0 for none), found
    /// without making it, which a store's caller is until it is read.
    package var callerLengthBound: Int { extras?.callerLengthBound ?? 0 }

    /// The longest ``caller``, in UTF-8 bytes; a longer one is rejected
    /// (`invalidValue`).
    public static let maximumCallerLength = 256

    /// What is wrong with ``source`` and ``caller`` (a word the spec does
    /// not list, a caller that is too long), for a rejection
    /// (`invalidValue`); `nil` when nothing is, at once when neither is given.
    @inlinable
    package var originProblem: String? {
        guard let extras else { return nil }
        return extras.problem
    }

    /// - Parameter loggedNumbers: Only for an event read from a log: see ``loggedNumbers``.
    public init(
        seq: Int, time: Double? = nil, event: ModalEvent, source: EventSource? = nil, caller: String? = nil,
        loggedNumbers: [LoggedNumber] = []
    ) {
        self.seq = seq
        self.time = time
        self.event = event
        setExtras(source: source, caller: caller, loggedNumbers: loggedNumbers)
    }

    /// An event with `extras` as its source and caller: a store's, whose
    /// caller is a call site (``Extras/init(source:callerText:fileID:line:)``).
    @usableFromInline
    init(seq: Int, event: ModalEvent, extras: Extras) {
        self.seq = seq
        self.time = nil
        self.event = event
        self.extras = extras
    }

    private mutating func setExtras(source: EventSource?, caller: String?, loggedNumbers: [LoggedNumber]) {
        extras =
            source == nil && caller == nil && loggedNumbers.isEmpty
            ? nil
            : Extras(source: source, callerText: caller, fileID: nil, line: 0, loggedNumbers: loggedNumbers)
    }

    /// `source`, `caller` and ``loggedNumbers`` in a box of their own: a
    /// reference, so a copy of an event without them copies a null pointer.
    @usableFromInline
    final class Extras: Sendable, Hashable {
        @usableFromInline
        let source: EventSource?
        /// The caller as the log or the app gave it.
        let callerText: String?
        /// Else the call site it is made from (`fileID:line`, made into text
        /// only when it is read or written), or `nil` for no caller.
        @usableFromInline
        let fileID: String?
        @usableFromInline
        let line: Int
        @usableFromInline
        let loggedNumbers: [LoggedNumber]

        @usableFromInline
        init(
            source: EventSource?, callerText: String?, fileID: String?, line: Int, loggedNumbers: [LoggedNumber] = []
        ) {
            self.source = source
            self.callerText = callerText
            self.fileID = fileID
            self.line = line
            self.loggedNumbers = loggedNumbers
        }

        var caller: String? {
            callerText ?? fileID.map { LoggedEvent.caller(fileID: $0, line: line) }
        }

        /// At least as many UTF-8 bytes as ``caller`` has, found without
        /// making it: `fileID:line`, the line's digits at most 20.
        var callerLengthBound: Int {
            callerText?.utf8.count ?? fileID.map { $0.utf8.count + 21 } ?? 0
        }

        @usableFromInline
        static func == (left: Extras, right: Extras) -> Bool {
            left.source == right.source && left.caller == right.caller && left.loggedNumbers == right.loggedNumbers
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(source)
            hasher.combine(caller)
            hasher.combine(loggedNumbers)
        }

        /// See ``LoggedEvent/originProblem``.
        @usableFromInline
        var problem: String? {
            if let source, !source.isKnown {
                return "source \"\(source.rawValue)\" is not one of \(EventSource.knownList)"
            }
            // A call site's text is not made to be measured: a store's are kept short (caller(fileID:line:)).
            if let callerText, callerText.utf8.count > LoggedEvent.maximumCallerLength {
                return
                    "caller must be at most \(LoggedEvent.maximumCallerLength) bytes of UTF-8, found \(callerText.utf8.count)"
            }
            return nil
        }
    }

    /// A call site as a `caller`: `CheckoutFlow/Checkout.swift:42`. A file ID
    /// so long that it would pass ``maximumCallerLength`` keeps its end.
    package static func caller(fileID: String, line: Int) -> String {
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

// MARK: The last seq

extension LoggedEvent {
    /// The last seq a log holds, 2^63 - 1 (`Int.max`): no event can follow
    /// it, and a log or store that reaches it refuses more with a
    /// `limitExceeded` error (``EventLogError/logFull(after:file:line:)``).
    @usableFromInline
    package static let lastPossibleSeq = Int.max

    /// The seq after `seq`, or `nil` when `seq` is the last a log holds.
    /// Every computation of a next seq goes through it, so none traps.
    @inlinable
    package static func seq(after seq: Int) -> Int? {
        seq < lastPossibleSeq ? seq + 1 : nil
    }

    /// The seq a rejection of the event after `seq` carries: `seq` + 1, or
    /// `seq` itself at the last seq, where no event can follow (a store
    /// refuses it first, with ``EventLogError/logFull(after:file:line:)``).
    @inlinable
    package static func rejectionSeq(after seq: Int) -> Int {
        Self.seq(after: seq) ?? seq
    }
}

extension EventLogError {
    /// `limitExceeded`: the log's last seq is ``LoggedEvent/lastPossibleSeq``,
    /// so it can hold no more events.
    @usableFromInline
    package static func logFull(after seq: Int, file: String = "", line: Int? = nil) -> EventLogError {
        EventLogError(
            .limitExceeded, file: file, line: line,
            message: "the log is full: its last seq is \(seq), the last a log holds, so no event can follow it")
    }
}
