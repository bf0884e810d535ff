import Synchronization

/// Collects what a subscriber receives, from any thread.
public final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    public init() {}

    @Sendable public func record(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    public var all: [Element] { items.withLock { $0 } }
    public var count: Int { items.withLock { $0.count } }
}

/// A thread-safe counter.
public final class Counter: Sendable {
    private let value = Atomic(0)

    public init() {}

    /// Adds one and returns the new value.
    @discardableResult
    public func increment() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
    public var current: Int { value.load(ordering: .relaxed) }
}
