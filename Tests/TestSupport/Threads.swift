public import Dispatch
import Foundation

/// Threads started together by ``startThreads(_:_:)``.
public struct StartedThreads: Sendable {
    let group: DispatchGroup

    /// Waits until every thread is done, or `deadline` passes.
    ///
    /// - Returns: `true` when all are done; `false` at the deadline, with
    ///   some still running.
    public func wait(until deadline: DispatchTime) -> Bool {
        group.wait(timeout: deadline) == .success
    }
}

/// Starts `body` on `count` new threads at once, and returns without
/// waiting for them.
public func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> StartedThreads {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    return StartedThreads(group: group)
}

/// Runs `body` on `count` new threads at once and returns when all are done.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    _ = startThreads(count, body).wait(until: .distantFuture)
}
