import Dispatch
import Foundation

/// Runs `body` on `count` new threads at once and returns when all are done.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
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
    group.wait()
}
