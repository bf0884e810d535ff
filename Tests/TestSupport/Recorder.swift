import Foundation

/// A value shared between threads in tests. It locks with `NSLock`
/// (pthreads), which ThreadSanitizer sees, unlike `Synchronization.Mutex`
/// on Linux (see Sources/ModalEvents/Store/Internal/Lock.swift).
public final class Locked<Value>: @unchecked Sendable {
    // Safe: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Collects what a subscriber receives, from any thread.
public final class Recorder<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])

    public init() {}

    @Sendable public func record(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    public var all: [Element] { items.withLock { $0 } }
    public var count: Int { items.withLock { $0.count } }
}

/// A thread-safe counter.
public final class Counter: Sendable {
    private let value = Locked(0)

    public init() {}

    /// Adds one and returns the new value.
    @discardableResult
    public func increment() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }

    public var current: Int { value.withLock { $0 } }
}
