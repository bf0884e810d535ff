/// An `AsyncSequence` of a store's events or states.
///
/// The stream holds its subscription: it ends when the task that iterates it
/// is cancelled, when the stream and its iterators are released, or when the
/// store goes away (then iteration finishes). Its buffering policy says what
/// a consumer slower than the appends gets; see ``EventStore/eventStream(after:filter:bufferingPolicy:)``.
public struct StoreStream<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = Never

    private let base: AsyncStream<Element>
    private let subscription: SubscriptionToken

    init(base: AsyncStream<Element>, subscription: SubscriptionToken) {
        self.base = base
        self.subscription = subscription
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), subscription: subscription)
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Failure = Never

        private var base: AsyncStream<Element>.Iterator
        private let subscription: SubscriptionToken

        init(base: AsyncStream<Element>.Iterator, subscription: SubscriptionToken) {
            self.base = base
            self.subscription = subscription
        }

        public mutating func next() async -> Element? {
            await base.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await base.next(isolation: actor)
        }
    }
}
