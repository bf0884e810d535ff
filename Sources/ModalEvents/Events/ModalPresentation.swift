/// The fields of `modal.present`: what a link asks to show, and how.
public struct ModalPresentation: Sendable, Hashable {
    /// The root (modal host) it presents in.
    public var root: String
    /// The presenting link's id, unique among the live modals of its root.
    public var link: String
    /// What the first card shows (a route, a view).
    public var content: String
    /// The link of the modal this one is nested in.
    public var parent: String?
    /// How it is drawn: sheet, full screen, alert, toast, card or custom.
    public var style: ModalStyle
    /// The app's data for the modal (ModalPresenter's item), readable until `modal.dismissed`.
    /// `nil` when there is none; a JSON `null` counts as none.
    public var payload: JSONValue?
    /// Whether a dimming tap or a drag may dismiss it; a programmatic dismissal always can.
    public var canDismiss: Bool
    /// Heights as fractions of the root's height, strictly increasing, each in (0, 1].
    public var snapPoints: [Double]
    /// The index in ``snapPoints`` of the snap point it opens at.
    public var initialSnap: Int
    /// The sticky elements shown over the first card; they survive `card.replace`.
    public var sticky: String?
    /// The first card's preferred height in points (version 2); `nil`: the
    /// content sizes itself.
    public var height: Double?

    public init(
        root: String = ModalEvent.defaultRoot,
        link: String,
        content: String,
        parent: String? = nil,
        style: ModalStyle = .sheet,
        payload: JSONValue? = nil,
        canDismiss: Bool = true,
        snapPoints: [Double] = [1.0],
        initialSnap: Int = 0,
        sticky: String? = nil,
        height: Double? = nil
    ) {
        self.root = root
        self.link = link
        self.content = content
        self.parent = parent
        self.style = style
        self.payload = payload == .null ? nil : payload
        self.canDismiss = canDismiss
        self.snapPoints = snapPoints
        self.initialSnap = initialSnap
        self.sticky = sticky
        self.height = height
    }
}
