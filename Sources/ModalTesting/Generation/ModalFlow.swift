public import ModalEvents

/// What the generated event sequences look like: which roots and links an
/// app has, how likely each event is, how many events are invalid, and how
/// long a sequence runs.
///
/// Describe your own app's modals, and the harness plays random sessions of
/// them: presents and pushes where they can happen, drags and taps on what is
/// on screen, a share of events that should be rejected.
///
/// ```swift
/// var flow = ModalFlow(
///     roots: [RootRegistration()],
///     links: [
///         ModalFlow.Link("cart", contents: ["CartView"], snapPoints: [0.5, 1]),
///         ModalFlow.Link("checkout", contents: ["Address", "Payment"], parents: ["cart"], canDismiss: false),
///     ])
/// flow.weights[.dragEnd] = 4  // users drag sheets a lot
/// ```
///
/// ``anything`` invents its roots and links (names and values from all of
/// Unicode, nested payload JSON), for testing the projection itself.
public struct ModalFlow: Sendable {
    /// The roots sequences register, as their `root.register` events. Empty:
    /// the generator invents up to four, with random settings.
    public var roots: [RootRegistration]
    /// The links that present. Empty: the generator invents them.
    public var links: [Link]
    /// How likely each event type is, relative to the others, whenever it can
    /// apply; a type that is missing or 0 is never generated as a valid event.
    public var weights: [EventType: Double]
    /// The share of events (0...1) made to be rejected: unknown roots and
    /// links, wrong phases, values out of range.
    public var invalidShare: Double
    /// How many events a sequence has. Early sequences of a run are short and
    /// later ones use the whole range, so a failure is found small first.
    public var length: ClosedRange<Int>

    public init(
        roots: [RootRegistration] = [RootRegistration()], links: [Link] = [],
        weights: [EventType: Double] = ModalFlow.defaultWeights, invalidShare: Double = 0.05,
        length: ClosedRange<Int> = 1...40
    ) {
        precondition((0...1).contains(invalidShare), "invalidShare is a share: 0...1")
        precondition(length.lowerBound >= 0, "a sequence cannot have fewer than 0 events")
        self.roots = roots
        self.links = links
        self.weights = weights
        self.invalidShare = invalidShare
        self.length = length
    }

    /// Every event type, weighted so that sequences reach deep card stacks,
    /// nested modals, snaps and drags.
    public static let defaultWeights: [EventType: Double] = [
        .rootRegister: 2, .rootResize: 0.5, .rootRemove: 0.2,
        .modalPresent: 3, .modalPresented: 3, .modalDismiss: 1.5, .modalDismissed: 2,
        .cardPush: 3, .cardPop: 1.5, .cardReplace: 1.5,
        .dimmingTap: 1, .keyboardChange: 1, .snapTo: 1.5, .dragChange: 2, .dragEnd: 1.5,
        .cardUpdate: 1, .batch: 0.6, .sessionStart: 0.1,
    ]

    /// Invents everything: up to four roots with random settings, links with
    /// random names (Unicode and escapes included), random payload JSON,
    /// snap points and styles; 15% invalid events; up to 80 events.
    public static let anything = ModalFlow(roots: [], links: [], invalidShare: 0.15, length: 1...80)

    /// A link of the app: what it presents and how.
    public struct Link: Sendable, Hashable {
        /// The link's id.
        public var link: String
        /// The root it presents in; `nil`: any root of the flow.
        public var root: String?
        /// The cards it shows: it presents with the first, pushes and
        /// replaces with any. Never empty.
        public var contents: [String]
        /// How it is drawn.
        public var style: ModalStyle
        /// The links it is nested in: it presents only over a live one of
        /// them. Empty: it presents at the top level.
        public var parents: [String]
        /// Whether a dimming tap or a drag may dismiss it.
        public var canDismiss: Bool
        /// The data it presents with.
        public var payload: JSONValue?
        /// Its snap points; its initial snap is any of them.
        public var snapPoints: [Double]
        /// Sticky elements of its cards.
        public var sticky: String?
        /// Its first card's preferred height in points; `nil`: the content sizes itself.
        public var height: Double?

        public init(
            _ link: String, root: String? = nil, contents: [String]? = nil, style: ModalStyle = .sheet,
            parents: [String] = [], canDismiss: Bool = true, payload: JSONValue? = nil, snapPoints: [Double] = [1.0],
            sticky: String? = nil, height: Double? = nil
        ) {
            let contents = contents ?? [link]
            precondition(!contents.isEmpty, "a link shows at least one card")
            self.link = link
            self.root = root
            self.contents = contents
            self.style = style
            self.parents = parents
            self.canDismiss = canDismiss
            self.payload = payload
            self.snapPoints = snapPoints
            self.sticky = sticky
            self.height = height
        }
    }
}
