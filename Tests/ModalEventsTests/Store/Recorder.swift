import Synchronization

/// Collects what a subscriber receives, from any thread.
final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    @Sendable func record(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = Atomic(0)

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
    var current: Int { value.load(ordering: .relaxed) }
}
