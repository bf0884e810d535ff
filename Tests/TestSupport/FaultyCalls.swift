package import ModalEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// System calls that fail on cue: the `n`th call of a kind fails with an
/// `errno` (EIO, ENOSPC, EINTR), or a write goes short, once or until
/// ``heal()``. Every other call goes to the calls below (the system's, or
/// a ``MemoryFileSystem``).
///
/// ```swift
/// let calls = FaultyCalls()
/// calls.fail(.rename, at: 1, with: .error(ENOSPC))
/// var options = EventLogWriter.Options()
/// options.fileSystem = FileSystem(calls)
/// ```
package final class FaultyCalls: SystemCalls {
    /// The kinds of call a fault can be put on.
    package enum Call: String, CaseIterable, Sendable {
        case open, read, write, sync, syncFolder, truncate, lock, rename, unlink, makeFolder
    }

    package enum Fault: Sendable, Hashable, CustomStringConvertible {
        /// The call fails with this `errno`, doing nothing.
        case error(Int32)
        /// A write writes half of its bytes (at least one); the next write
        /// to the same file fails with ENOSPC, as on a disk that filled up.
        case shortWrite

        package var description: String {
            switch self {
            case .error(let code): Self.names[code] ?? "errno \(code)"
            case .shortWrite: "a short write, then ENOSPC"
            }
        }

        private static let names = [EIO: "EIO", ENOSPC: "ENOSPC", EINTR: "EINTR"]
    }

    private struct State {
        var counts: [Call: Int] = [:]
        var plan: (call: Call, number: Int, fault: Fault, persistent: Bool)?
        var fired = 0
        var folders: Set<Int32> = []
        var shortWritten: Set<Int32> = []
    }

    private let base: any SystemCalls
    private let state = Lock(State())

    package init(over base: any SystemCalls = PosixCalls()) {
        self.base = base
    }

    /// Makes the `number`th call of `call` from now on fail with `fault`;
    /// `persistent`, every later one too, until ``heal()``.
    package func fail(_ call: Call, at number: Int, with fault: Fault, persistent: Bool = false) {
        state.withLock { state in
            state.plan = (call, (state.counts[call] ?? 0) + number, fault, persistent)
            state.fired = 0
        }
    }

    /// Ends every fault: the disk works again.
    package func heal() {
        state.withLock { state in
            state.plan = nil
            state.shortWritten = []
        }
    }

    /// How many calls of `call` were made.
    package func count(of call: Call) -> Int { state.withLock { $0.counts[call] ?? 0 } }

    /// How many times a fault was made.
    package var fired: Int { state.withLock { $0.fired } }

    /// Counts a call of `call` and says the fault to make, if any.
    private func fault(for call: Call, on descriptor: Int32? = nil) -> Fault? {
        state.withLock { state in
            state.counts[call, default: 0] += 1
            if call == .write, let descriptor, state.shortWritten.remove(descriptor) != nil {
                state.fired += 1
                return .error(ENOSPC)
            }
            guard let plan = state.plan, plan.call == call else { return nil }
            let count = state.counts[call]!
            guard count == plan.number || (plan.persistent && count > plan.number) else { return nil }
            state.fired += 1
            if plan.fault == .shortWrite, let descriptor { state.shortWritten.insert(descriptor) }
            return plan.fault
        }
    }

    /// Fails with `fault` when it is an error: `-1` and `errno`.
    private func failed(_ fault: Fault?) -> Bool {
        guard case .error(let code) = fault else { return false }
        errno = code
        return true
    }

    package func open(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32 {
        if failed(fault(for: .open)) { return -1 }
        let descriptor = base.open(path, flags, mode)
        if descriptor >= 0, base.info(of: descriptor)?.kind == .folder {
            state.withLock { _ = $0.folders.insert(descriptor) }
        }
        return descriptor
    }

    package func close(_ descriptor: Int32) -> Int32 {
        state.withLock { state in
            state.folders.remove(descriptor)
            state.shortWritten.remove(descriptor)
        }
        return base.close(descriptor)
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        failed(fault(for: .read)) ? -1 : base.read(descriptor, into: buffer)
    }

    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        switch fault(for: .write, on: descriptor) {
        case .shortWrite:
            let half = max(1, buffer.count / 2)
            return base.write(descriptor, from: UnsafeRawBufferPointer(rebasing: buffer[..<half]))
        case let fault:
            return failed(fault) ? -1 : base.write(descriptor, from: buffer)
        }
    }

    package func seek(_ descriptor: Int32, to offset: Int?) -> Int { base.seek(descriptor, to: offset) }

    package func sync(_ descriptor: Int32) -> Int32 {
        let isFolder = state.withLock { $0.folders.contains(descriptor) }
        return failed(fault(for: isFolder ? .syncFolder : .sync)) ? -1 : base.sync(descriptor)
    }

    package func truncate(_ descriptor: Int32, to length: Int) -> Int32 {
        failed(fault(for: .truncate)) ? -1 : base.truncate(descriptor, to: length)
    }

    package func lock(_ descriptor: Int32) -> Int32 {
        failed(fault(for: .lock)) ? -1 : base.lock(descriptor)
    }

    package func rename(_ source: String, to destination: String) -> Int32 {
        failed(fault(for: .rename)) ? -1 : base.rename(source, to: destination)
    }

    package func unlink(_ path: String) -> Int32 {
        failed(fault(for: .unlink)) ? -1 : base.unlink(path)
    }

    package func makeFolder(_ path: String) -> Int32 {
        failed(fault(for: .makeFolder)) ? -1 : base.makeFolder(path)
    }

    package func info(atPath path: String) -> FileInfo? { base.info(atPath: path) }
    package func info(of descriptor: Int32) -> FileInfo? { base.info(of: descriptor) }
    package func names(inFolder path: String) -> [String]? { base.names(inFolder: path) }
    package func now() -> Int64 { base.now() }
}
