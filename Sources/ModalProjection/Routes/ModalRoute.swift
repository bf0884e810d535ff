public import ModalEvents

/// A modal an app names with a type of its own, as AppRouter's
/// `SheetDestination` does: usually an enum whose cases carry the data
/// their screen needs.
///
/// A route presents as its ``link``, shows its ``content`` on the first
/// card, and goes into the log as its own `Codable` encoding, the modal's
/// payload, so a log stays JSON a person can read and the app reads the
/// route back with its type:
///
/// ```swift
/// enum Sheet: ModalRoute {
///     case cart(Cart)
///     case address(id: Int)
///
///     var link: String {
///         switch self {
///         case .cart: "cart"
///         case .address: "address"
///         }
///     }
///     var content: String {
///         switch self {
///         case .cart: "CartView"
///         case .address: "AddressForm"
///         }
///     }
/// }
///
/// let lifetime = try store.present(Sheet.cart(cart), in: "sheets")
/// let shown = try store.state.route(of: "cart", in: "sheets", as: Sheet.self)  // .cart(cart)
/// ```
///
/// The payload is the route's encoding by ``JSONValueEncoder``: an enum case
/// `cart(Cart)` is `{"cart":{"_0":{...}}}`, as Swift's synthesized `Codable`
/// writes it, with keys sorted. Foundation's values in it are written as
/// `JSONEncoder()` writes them: a `Decimal` price as the number `12.34`, a
/// `URL` as its `absoluteString`, `Data` as Base64, a `Date` as its
/// `timeIntervalSinceReferenceDate`.
public protocol ModalRoute: Codable, Sendable {
    /// The link it presents as: unique among the live modals of its root.
    /// Two routes with the same link are the same modal to the store.
    var link: String { get }
    /// What its first card shows: the name of a view.
    var content: String { get }
}

extension ModalPresentation {
    /// A presentation of `route`: its link and content, and the route
    /// itself, encoded, as the payload. The other parameters are the
    /// presentation's own (see ``init(root:link:content:parent:style:payload:canDismiss:snapPoints:initialSnap:sticky:height:)``).
    /// A store presents it as any presentation:
    ///
    /// ```swift
    /// let checkout = try store.present(ModalPresentation(Sheet.cart(cart), root: "sheets", snapPoints: [0.5, 1]))
    /// ```
    ///
    /// - Throws: `EncodingError` when the route does not encode (a `Double`
    ///   that is NaN or infinite, a NaN `Decimal`, an `encode(to:)` of the
    ///   app's that throws).
    public init(
        _ route: some ModalRoute, root: String = ModalEvent.defaultRoot, parent: String? = nil,
        style: ModalStyle = .sheet, canDismiss: Bool = true, snapPoints: [Double] = [1.0], initialSnap: Int = 0,
        sticky: String? = nil, height: Double? = nil
    ) throws(EncodingError) {
        self.init(
            root: root, link: route.link, content: route.content, parent: parent, style: style,
            payload: try JSONValueEncoder().encode(route), canDismiss: canDismiss, snapPoints: snapPoints,
            initialSnap: initialSnap, sticky: sticky, height: height)
    }
}

extension Modal {
    /// The route the modal was presented with: its payload read as a `Route`.
    ///
    /// - Throws: `DecodingError` when the payload is not a `Route` (no
    ///   payload, or one an older or newer app wrote differently).
    public func route<Route: ModalRoute>(as type: Route.Type = Route.self) throws(DecodingError) -> Route {
        try Route(payload: payload)
    }
}

extension ModalRoute {
    /// The route that a modal's payload holds (none reads as `null`).
    init(payload: JSONValue?) throws(DecodingError) {
        self = try JSONValueDecoder().decode(Self.self, from: payload ?? .null)
    }
}

extension ModalState {
    /// The route of the live modal `link` in `root`: what ``Modal/route(as:)`` reads.
    ///
    /// - Returns: The route, or `nil` when no modal with that link is live.
    /// - Throws: `DecodingError` when the modal's payload is not a `Route`.
    public func route<Route: ModalRoute>(
        of link: String, in root: String = ModalEvent.defaultRoot, as type: Route.Type = Route.self
    ) throws(DecodingError) -> Route? {
        try modal(link: link, in: root)?.route(as: type)
    }
}

extension EventStore where State == ModalState {
    /// Presents `route` in `root` as a sheet with the presentation's
    /// defaults, and returns the modal's lifetime, as
    /// ``present(_:source:fileID:line:)`` does.
    ///
    /// ```swift
    /// let address = try store.present(Sheet.address(id: 7), in: "sheets")
    /// ```
    ///
    /// For any other setting (a parent, a style, snap points, a height),
    /// present the route's presentation, a value:
    ///
    /// ```swift
    /// let checkout = try store.present(ModalPresentation(Sheet.cart(cart), root: "sheets", snapPoints: [0.5, 1]))
    /// ```
    ///
    /// - Throws: ``EventStoreError/rejected(_:)`` as `present` does; a
    ///   route that does not encode is `invalidValue`, and nothing is
    ///   appended. (``ModalPresentation/init(_:root:parent:style:canDismiss:snapPoints:initialSnap:sticky:height:)``
    ///   throws its `EncodingError` itself, before the store sees it.)
    public func present(
        _ route: some ModalRoute, in root: String = ModalEvent.defaultRoot, source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> ModalLifetime {
        let presentation = try encoding(route) { () throws(EncodingError) in try ModalPresentation(route, root: root) }
        return try present(presentation, source: source, fileID: fileID, line: line)
    }

    /// Makes `root` show exactly `routes`, bottom to top, as
    /// ``reconcile(_:to:source:fileID:line:)`` does with their presentations
    /// (each in `style`): a router's state as the source of truth.
    ///
    /// ```swift
    /// try store.reconcile("sheets", to: router.presentedSheet.map { [$0] } ?? [])
    /// ```
    @discardableResult
    public func reconcile(
        _ root: String = ModalEvent.defaultRoot, to routes: [some ModalRoute], style: ModalStyle = .sheet,
        source: EventSource? = nil, fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> [LoggedEvent] {
        var desired: [ModalPresentation] = []
        for route in routes {
            desired.append(
                try encoding(route) { () throws(EncodingError) in try ModalPresentation(route, root: root, style: style)
                })
        }
        return try reconcile(root, to: desired, source: source, fileID: fileID, line: line)
    }

    /// The presentation `make` builds of `route`; one that does not encode
    /// is rejected as `invalidValue`.
    private func encoding(
        _ route: some ModalRoute, _ make: () throws(EncodingError) -> ModalPresentation
    ) throws(ModalStoreError) -> ModalPresentation {
        do {
            return try make()
        } catch {
            throw .rejected(
                Rejection(
                    seq: LoggedEvent.rejectionSeq(after: lastSeq), code: .invalidValue,
                    message: "payload: the route \"\(route.link)\" does not encode: \(error)"))
        }
    }
}
