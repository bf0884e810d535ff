// The locks the package's types share state behind. `Synchronization`'s
// `Mutex` and `Atomic` need iOS 18 / macOS 15; Observation, which the store
// needs too, needs only iOS 17 / macOS 14. So on Apple platforms the lock
// is `os`'s `OSAllocatedUnfairLock` (iOS 16 / macOS 13), in the few lines
// marked below, which no Mac builds here; everywhere else it is `Mutex`.
// CI's thread-sanitizer run builds with MODAL_EVENTS_THREAD_SANITIZER, and
// the lock is then a pthread mutex: the sanitizer sees it order what it
// guards, where `Mutex` locks inside a library it cannot see into.

#if canImport(Darwin)
    public import os
#else
    public import Synchronization
    #if MODAL_EVENTS_THREAD_SANITIZER
        public import Glibc
    #endif
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
    #elseif MODAL_EVENTS_THREAD_SANITIZER
        @usableFromInline
        let base: PthreadLocked<Value>

        @inlinable
        package init(_ value: sending Value) {
            base = PthreadLocked(value)
        }

        /// Runs `body` with the value, under the lock.
        @inlinable
        package func withLock<Result, Failure: Error>(
            _ body: (inout Value) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            pthread_mutex_lock(base.mutex)
            defer { pthread_mutex_unlock(base.mutex) }
            return try body(&base.value)
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

#if !canImport(Darwin) && MODAL_EVENTS_THREAD_SANITIZER
    /// A value and the pthread mutex that guards it, for the sanitizer's run.
    @usableFromInline
    final class PthreadLocked<Value>: @unchecked Sendable {
        // @unchecked: `value` is touched only between lock and unlock of `mutex`.
        @usableFromInline
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        @usableFromInline
        var value: Value

        @usableFromInline
        init(_ value: Value) {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
            self.value = value
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }
    }
#endif
