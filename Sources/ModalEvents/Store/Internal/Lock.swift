// The locks the package's types share state behind. `Synchronization`'s
// `Mutex` and `Atomic` need iOS 18 / macOS 15; Observation, which the store
// needs too, needs only iOS 17 / macOS 14. So on Apple platforms the lock
// is `os`'s `OSAllocatedUnfairLock` (iOS 16 / macOS 13), in the few lines
// marked below, which no Mac builds here; everywhere else it is `Mutex`.

#if canImport(Darwin)
    public import os
#else
    public import Synchronization
#endif

/// A value that threads share, behind a lock.
@usableFromInline
package struct Lock<Value>: ~Copyable, @unchecked Sendable {
    // @unchecked: every access to the value goes through the lock below.
    #if canImport(Darwin)  // Apple platforms only, not built here.
        @usableFromInline
        let base: OSAllocatedUnfairLock<Value>

        @inlinable
        package init(_ value: sending Value) {
            base = OSAllocatedUnfairLock(uncheckedState: value)
        }

        /// Runs `body` with the value, under the lock.
        @inlinable
        package func withLock<Result, Failure: Error>(
            _ body: (inout Value) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            do {
                return try base.withLockUnchecked { value in try body(&value) }
            } catch {
                throw error as! Failure  // `body` throws nothing else.
            }
        }
    #else
        @usableFromInline
        let base: Mutex<Value>

        @inlinable
        package init(_ value: sending Value) {
            base = Mutex(value)
        }

        /// Runs `body` with the value, under the lock.
        @inlinable
        package func withLock<Result, Failure: Error>(
            _ body: (inout sending Value) throws(Failure) -> sending Result
        ) throws(Failure) -> sending Result {
            try base.withLock(body)
        }
    #endif
}

/// A flag that threads set and read without a lock of their own: an
/// `Atomic<Bool>`, or behind an unfair lock on Apple platforms.
@usableFromInline
package struct Flag: ~Copyable, Sendable {
    #if canImport(Darwin)  // Apple platforms only, not built here.
        @usableFromInline
        let base: OSAllocatedUnfairLock<Bool>

        @inlinable
        package init(_ value: Bool) { base = OSAllocatedUnfairLock(initialState: value) }

        @inlinable
        package func load() -> Bool { base.withLock { $0 } }

        @inlinable
        package func store(_ value: Bool) { base.withLock { $0 = value } }

        /// Sets the flag to `value` and returns what it was.
        @inlinable
        package func exchange(_ value: Bool) -> Bool {
            base.withLock { flag in
                defer { flag = value }
                return flag
            }
        }
    #else
        @usableFromInline
        let base: Atomic<Bool>

        @inlinable
        package init(_ value: Bool) { base = Atomic(value) }

        @inlinable
        package func load() -> Bool { base.load(ordering: .acquiring) }

        @inlinable
        package func store(_ value: Bool) { base.store(value, ordering: .releasing) }

        /// Sets the flag to `value` and returns what it was.
        @inlinable
        package func exchange(_ value: Bool) -> Bool { base.exchange(value, ordering: .acquiringAndReleasing) }
    #endif
}
