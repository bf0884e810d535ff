/// Which events a subscription receives: all of them, or those of one root,
/// one link, or one link of one root.
///
/// A root filter also lets `keyboard.change` and `session.start` through,
/// since they apply to every root. A link filter matches events that name
/// the link; a modal that leaves because its parent was dismissed shows up
/// only as its parent's event. A `batch` passes when one of its events does.
public struct EventFilter: Sendable, Hashable {
    /// The root an event must concern, or `nil` for any root.
    public var root: String?
    /// The link an event must name, or `nil` for any (and for none).
    public var link: String?

    public init(root: String? = nil, link: String? = nil) {
        self.root = root
        self.link = link
    }

    /// Every event.
    public static let all = EventFilter()

    /// Whether `event` passes the filter.
    @inlinable
    public func matches(_ event: ModalEvent) -> Bool {
        // Every event passes `all`: asked before the event is looked at (or copied).
        guard root != nil || link != nil else { return true }
        if case .batch(let events) = event { return events.contains(where: matches) }
        if let root, let eventRoot = event.root, eventRoot != root { return false }
        if let link {
            return event.link == link
        }
        return true
    }
}
