/// A subscription to a store's events: releasing it ends the subscription.
///
/// Keep the token for as long as you want the events, as a property or in a
/// set with ``store(in:)-(inout Set<SubscriptionToken>)``. When it is
/// released, or on ``cancel()``, the store forgets the subscriber and the
/// closure it was given. After `cancel()` returns, a call may still be under
/// way (or about to start) in the delivery step another thread is running at
/// that moment; none starts after it.
///
/// ```swift
/// var subscriptions: Set<SubscriptionToken> = []
/// store.subscribe(filter: EventFilter(root: "sheets")) { entry in
///     print(entry.seq, entry.event.type)
/// }
/// .store(in: &subscriptions)
/// ```
public final class SubscriptionToken: Sendable, Hashable {
    private let onCancel: Lock<(@Sendable () -> Void)?>

    /// A token that runs `onCancel` once, on ``cancel()`` or when released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Lock(onCancel)
    }

    deinit { cancel() }

    /// Ends the subscription. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether the subscription has ended through this token.
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Keeps the token in `set` (Combine's `AnyCancellable.store(in:)`).
    public func store(in set: inout Set<SubscriptionToken>) {
        set.insert(self)
    }

    /// Keeps the token in `array`.
    public func store(in array: inout [SubscriptionToken]) {
        array.append(self)
    }

    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
