package import ModalEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file system in memory that knows what has been synced: the model of a
/// power cut. ``cutPower(atCall:)`` makes a later call the last one that
/// happens (it and every call after it fail with EIO, as if the machine
/// stopped there); ``restart(keeping:)`` then gives the disk as it is found
/// after the cut: each file holds what `fsync` last put on the disk, each
/// folder the names it held when it was last synced. Anything not yet
/// synced is gone, or with ``Survival/somePagesWritten(seed:)``, a part of
/// it the system happened to write back.
///
/// Paths are absolute (`/log.jsonl`); a bare name is in `/`.
package final class MemoryFileSystem: SystemCalls {
    /// What survives a cut of what was written but not synced.
    package enum Survival: Sendable {
        /// Nothing: every unsynced byte and every unsynced name is lost.
        case syncedOnly
        /// The system wrote some of it back before the cut: each file keeps
        /// what was synced and a random part of what was appended since,
        /// and each folder either its synced names or its current ones.
        case somePagesWritten(seed: UInt64)
    }

    private struct Node {
        var isFolder: Bool
        var data: [UInt8] = []
        /// What a power cut leaves of `data`.
        var synced: [UInt8] = []
        var entries: [String: Int] = [:]
        /// What a power cut leaves of `entries`.
        var syncedEntries: [String: Int] = [:]
        var modified: Int64 = 0
    }

    private struct OpenFile {
        var node: Int
        var offset = 0
        var appends: Bool
    }

    private struct State {
        var nodes: [Int: Node] = [0: Node(isFolder: true)]
        var nextNode = 1
        var files: [Int32: OpenFile] = [:]
        /// Descriptors are never used twice, so a dead writer's late close does nothing.
        var nextDescriptor: Int32 = 3
        var locks: [Int: Int32] = [:]
        var clock: Int64 = 1_000_000_000_000
        var calls = 0
        var lastCall: Int?
    }

    private let state = Lock(State())

    package init() {}

    /// How many calls have been made since the last restart.
    package var calls: Int { state.withLock { $0.calls } }

    /// Whether the power is off: a cut was asked for and its call was made.
    package var isOff: Bool { state.withLock { state in state.lastCall.map { state.calls >= $0 } ?? false } }

    /// Makes call `number` (counted from the last restart) the moment the
    /// power goes: it and every later call fail.
    package func cutPower(atCall number: Int) {
        state.withLock { $0.lastCall = number }
    }

    /// The disk after the cut: files and folders as far as they were synced
    /// (or, by `survival`, written back); nothing open, no lock held.
    package func restart(keeping survival: Survival = .syncedOnly) {
        state.withLock { state in
            var random = SplitMixRandom(seed: { if case .somePagesWritten(let seed) = survival { seed } else { 0 } }())
            let keepsSome = if case .somePagesWritten = survival { true } else { false }
            for id in state.nodes.keys.sorted() {
                var node = state.nodes[id]!
                if node.isFolder {
                    if !keepsSome || random.next() % 2 == 0 { node.entries = node.syncedEntries }
                    node.syncedEntries = node.entries
                } else {
                    if keepsSome, node.data.starts(with: node.synced) {
                        let extra = Int(random.next() % UInt64(node.data.count - node.synced.count + 1))
                        node.data = Array(node.data[..<(node.synced.count + extra)])
                    } else if !keepsSome || random.next() % 2 == 0 {
                        node.data = node.synced
                    }
                    node.synced = node.data
                }
                state.nodes[id] = node
            }
            state.files = [:]
            state.locks = [:]
            state.calls = 0
            state.lastCall = nil
        }
    }

    /// The bytes of the file at `path`, as a reader would find them now.
    package func contents(of path: String) -> [UInt8]? {
        state.withLock { state in Self.resolve(path, in: state).flatMap { state.nodes[$0]?.data } }
    }

    // MARK: Paths

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    private static func resolve(_ path: String, in state: State) -> Int? {
        var node = 0
        for name in components(path) {
            guard let folder = state.nodes[node], folder.isFolder, let next = folder.entries[name] else { return nil }
            node = next
        }
        return node
    }

    /// The folder that holds `path`, and its last name.
    private static func parent(of path: String, in state: State) -> (folder: Int, name: String)? {
        let names = components(path)
        guard let name = names.last else { return nil }
        let folder = resolve(names.dropLast().joined(separator: "/"), in: state)
        guard let folder, state.nodes[folder]?.isFolder == true else { return nil }
        return (folder, name)
    }

    /// Runs `body` for one call: counts it, and fails it (EIO) once the power is off.
    private func call<Result: Sendable>(
        failing failure: Result, _ body: (inout State) -> Result
    ) -> Result {
        state.withLock { state in
            state.calls += 1
            if let last = state.lastCall, state.calls >= last {
                errno = EIO
                return failure
            }
            state.clock += 1_000
            return body(&state)
        }
    }

    private static func fail<Result>(_ code: Int32, _ result: Result) -> Result {
        errno = code
        return result
    }

    // MARK: The calls

    package func open(_ path: String, _ flags: Int32, _ mode: UInt32) -> Int32 {
        call(failing: -1) { state in
            var node = Self.resolve(path, in: state)
            if node == nil {
                guard flags & O_CREAT != 0 else { return Self.fail(ENOENT, -1) }
                guard let (folder, name) = Self.parent(of: path, in: state) else { return Self.fail(ENOENT, -1) }
                node = state.nextNode
                state.nextNode += 1
                state.nodes[node!] = Node(isFolder: false, modified: state.clock)
                state.nodes[folder]!.entries[name] = node
            } else if flags & O_CREAT != 0 && flags & O_EXCL != 0 {
                return Self.fail(EEXIST, -1)
            }
            let writes = flags & O_ACCMODE != O_RDONLY
            if state.nodes[node!]!.isFolder && writes { return Self.fail(EISDIR, -1) }
            let descriptor = state.nextDescriptor
            state.nextDescriptor += 1
            state.files[descriptor] = OpenFile(node: node!, appends: flags & O_APPEND != 0)
            return descriptor
        }
    }

    package func close(_ descriptor: Int32) -> Int32 {
        state.withLock { state in
            guard let file = state.files.removeValue(forKey: descriptor) else { return Self.fail(EBADF, -1) }
            if state.locks[file.node] == descriptor { state.locks[file.node] = nil }
            return 0
        }
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        call(failing: -1) { state in
            guard var file = state.files[descriptor], let node = state.nodes[file.node], !node.isFolder else {
                return Self.fail(EBADF, -1)
            }
            let count = max(0, min(buffer.count, node.data.count - file.offset))
            if count > 0 {
                node.data.withUnsafeBytes { bytes in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[file.offset..<file.offset + count]))
                }
            }
            file.offset += count
            state.files[descriptor] = file
            return count
        }
    }

    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        call(failing: -1) { state in
            guard var file = state.files[descriptor], var node = state.nodes[file.node], !node.isFolder else {
                return Self.fail(EBADF, -1)
            }
            if file.appends { file.offset = node.data.count }
            if file.offset > node.data.count {
                node.data += [UInt8](repeating: 0, count: file.offset - node.data.count)
            }
            let end = file.offset + buffer.count
            if end > node.data.count { node.data += [UInt8](repeating: 0, count: end - node.data.count) }
            node.data.replaceSubrange(file.offset..<end, with: buffer)
            node.modified = state.clock
            file.offset = end
            state.nodes[file.node] = node
            state.files[descriptor] = file
            return buffer.count
        }
    }

    package func seek(_ descriptor: Int32, to offset: Int?) -> Int {
        call(failing: -1) { state in
            guard var file = state.files[descriptor], let node = state.nodes[file.node] else {
                return Self.fail(EBADF, -1)
            }
            file.offset = offset ?? node.data.count
            state.files[descriptor] = file
            return file.offset
        }
    }

    package func sync(_ descriptor: Int32) -> Int32 {
        call(failing: -1) { state in
            guard let file = state.files[descriptor], var node = state.nodes[file.node] else {
                return Self.fail(EBADF, -1)
            }
            if node.isFolder { node.syncedEntries = node.entries } else { node.synced = node.data }
            state.nodes[file.node] = node
            return 0
        }
    }

    package func truncate(_ descriptor: Int32, to length: Int) -> Int32 {
        call(failing: -1) { state in
            guard let file = state.files[descriptor], var node = state.nodes[file.node], !node.isFolder else {
                return Self.fail(EBADF, -1)
            }
            node.data =
                length <= node.data.count
                ? Array(node.data[..<length]) : node.data + [UInt8](repeating: 0, count: length - node.data.count)
            node.modified = state.clock
            state.nodes[file.node] = node
            return 0
        }
    }

    package func lock(_ descriptor: Int32) -> Int32 {
        call(failing: -1) { state in
            guard let file = state.files[descriptor] else { return Self.fail(EBADF, -1) }
            if let holder = state.locks[file.node], holder != descriptor { return Self.fail(EWOULDBLOCK, -1) }
            state.locks[file.node] = descriptor
            return 0
        }
    }

    package func rename(_ source: String, to destination: String) -> Int32 {
        call(failing: -1) { state in
            guard let (from, name) = Self.parent(of: source, in: state), let node = state.nodes[from]!.entries[name]
            else { return Self.fail(ENOENT, -1) }
            guard let (to, newName) = Self.parent(of: destination, in: state) else { return Self.fail(ENOENT, -1) }
            if let existing = state.nodes[to]!.entries[newName], state.nodes[existing]!.isFolder {
                return Self.fail(EISDIR, -1)
            }
            state.nodes[from]!.entries[name] = nil
            state.nodes[to]!.entries[newName] = node
            return 0
        }
    }

    package func unlink(_ path: String) -> Int32 {
        call(failing: -1) { state in
            guard let (folder, name) = Self.parent(of: path, in: state), let node = state.nodes[folder]!.entries[name]
            else { return Self.fail(ENOENT, -1) }
            if state.nodes[node]!.isFolder { return Self.fail(EISDIR, -1) }
            state.nodes[folder]!.entries[name] = nil
            return 0
        }
    }

    package func makeFolder(_ path: String) -> Int32 {
        call(failing: -1) { state in
            guard Self.resolve(path, in: state) == nil else { return Self.fail(EEXIST, -1) }
            guard let (folder, name) = Self.parent(of: path, in: state) else { return Self.fail(ENOENT, -1) }
            let node = state.nextNode
            state.nextNode += 1
            state.nodes[node] = Node(isFolder: true, modified: state.clock)
            state.nodes[folder]!.entries[name] = node
            return 0
        }
    }

    private static func info(of id: Int, in state: State) -> FileInfo? {
        guard let node = state.nodes[id] else { return nil }
        return FileInfo(
            kind: node.isFolder ? .folder : .file, size: node.data.count, modified: node.modified,
            identity: [0, UInt64(id)])
    }

    package func info(atPath path: String) -> FileInfo? {
        call(failing: nil) { state in
            guard let node = Self.resolve(path, in: state) else { return Self.fail(ENOENT, nil) }
            return Self.info(of: node, in: state)
        }
    }

    package func info(of descriptor: Int32) -> FileInfo? {
        call(failing: nil) { state in
            guard let file = state.files[descriptor] else { return Self.fail(EBADF, nil) }
            return Self.info(of: file.node, in: state)
        }
    }

    package func names(inFolder path: String) -> [String]? {
        call(failing: nil) { state in
            guard let node = Self.resolve(path, in: state), let folder = state.nodes[node], folder.isFolder else {
                return Self.fail(ENOENT, nil)
            }
            return Array(folder.entries.keys)
        }
    }

    package func now() -> Int64 { state.withLock { $0.clock } }
}
