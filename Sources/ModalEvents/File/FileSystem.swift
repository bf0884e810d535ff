#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations a log needs, over the system calls of
/// ``SystemCalls``: the real ones (``system``), or a test's.
package struct FileSystem: Sendable {
    package let calls: any SystemCalls

    /// The file system of `calls`; a call they interrupt (EINTR) is made again.
    package init(_ calls: any SystemCalls) {
        self.calls = InterruptedCallsRetried(calls)
    }

    /// The system's own file system.
    package static let system = FileSystem(PosixCalls())

    /// What is at `path`: a folder, a regular file, something else (a
    /// device, a pipe), or nothing.
    package enum Entry {
        case folder, file, special, none
    }

    package func entry(at path: String) -> Entry {
        switch calls.info(atPath: path)?.kind {
        case .folder: .folder
        case .file: .file
        case .special: .special
        case nil: .none
        }
    }

    /// The path of what `path` names once its links are followed (a link
    /// to a link too; a relative target is taken from the link's folder):
    /// `path` itself when it is no link. Whatever renames a file over a
    /// log or beside it (an upgrade, a sidecar) works on that path, so it
    /// changes the log a link names, never the link. A link that
    /// leads round in a circle (40 steps) is an error.
    ///
    /// - Throws: `readFailed`, naming `path`, for a circle of links.
    package func followingLinks(_ path: String) throws(EventLogError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = calls.linkTarget(atPath: current) else { return current }
            if target.hasPrefix("/") {
                current = target
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + target
            }
        }
        throw EventLogError(.readFailed, file: path, message: "its links lead round in a circle")
    }

    /// Refuses `path` unless it can be a log on disk: a regular file or a
    /// folder (never a pipe, which would keep a reader waiting).
    package func requireLog(at path: String) throws(EventLogError) {
        switch entry(at: path) {
        case .file, .folder: return
        case .special:
            throw EventLogError(.readFailed, file: path, message: "not a regular file or a folder: cannot be a log")
        case .none: throw EventLogError(.fileNotFound, file: path, message: "cannot open: no such file")
        }
    }

    /// A regular file's size and the time it was last changed, in
    /// nanoseconds since 1970; `nil` when `path` is not a regular file.
    func status(of path: String) -> (size: Int, modified: Int64)? {
        guard let info = calls.info(atPath: path), info.kind == .file else { return nil }
        return (info.size, info.modified)
    }

    /// The time now, in nanoseconds since 1970.
    func now() -> Int64 { calls.now() }

    /// The names in `folder` (not `.` and `..`), sorted bytewise.
    func contents(of folder: String) throws(EventLogError) -> [String] {
        guard let names = calls.names(inFolder: folder) else {
            throw Self.failure(.readFailed, folder, "cannot list the folder")
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    func makeFolder(_ path: String) throws(EventLogError) {
        guard calls.makeFolder(path) == 0 || errno == EEXIST else {
            throw Self.failure(.writeFailed, path, "cannot create the folder")
        }
    }

    func remove(_ path: String) throws(EventLogError) {
        guard calls.unlink(path) == 0 || errno == ENOENT else {
            throw Self.failure(.writeFailed, path, "cannot remove")
        }
    }

    /// Renames `source` to `destination`, atomically replacing it. An error
    /// names `destination`, the file a caller knows.
    func rename(_ source: String, to destination: String) throws(EventLogError) {
        guard calls.rename(source, to: destination) == 0 else {
            throw Self.failure(.writeFailed, destination, "cannot put the new file in place")
        }
    }

    /// Makes the folder's list of names durable (a created, renamed or
    /// removed file), as `fsync` on the file alone does not.
    func syncFolder(_ path: String) throws(EventLogError) {
        try syncFolder(path, naming: path, as: "the folder")
    }

    /// Makes the name of `path` in its folder durable; errors name `path`.
    func syncFolder(holding path: String) throws(EventLogError) {
        try syncFolder(Self.folder(of: path), naming: path, as: "the folder it is in (\(Self.folder(of: path)))")
    }

    private func syncFolder(_ folder: String, naming path: String, as what: String) throws(EventLogError) {
        let descriptor = calls.open(folder, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw Self.failure(.writeFailed, path, "cannot open \(what) to sync it") }
        defer { _ = calls.close(descriptor) }
        guard calls.sync(descriptor) == 0 || errno == EINVAL else {
            // EINVAL: some file systems cannot sync a folder, and nothing more can be done there.
            throw Self.failure(.writeFailed, path, "cannot sync \(what) to disk")
        }
    }

    /// Asks the disk to keep what was written to `descriptor`.
    func sync(_ descriptor: Int32, _ path: String) throws(EventLogError) {
        guard calls.sync(descriptor) == 0 else { throw Self.failure(.writeFailed, path, "cannot sync to disk") }
    }

    /// Opens `path` for reading, without waiting on a pipe that has no
    /// writer; `regularOnly` refuses anything but a regular file.
    func openToRead(_ path: String, regularOnly: Bool) throws(EventLogError) -> Int32 {
        let descriptor = calls.open(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else {
            let code = errno
            let kind: EventLogError.Kind = code == ENOENT || code == ENOTDIR ? .fileNotFound : .readFailed
            let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
            throw EventLogError(kind, file: path, message: "cannot open: \(reason)")
        }
        if regularOnly, calls.info(of: descriptor)?.kind != .file {
            _ = calls.close(descriptor)
            throw EventLogError(.readFailed, file: path, message: "not a regular file: cannot be part of a log")
        }
        return descriptor
    }

    /// The file's name without its folder.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder `path` is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func failure(_ kind: EventLogError.Kind, _ path: String, _ what: String) -> EventLogError {
        EventLogError(kind, file: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// A file open for appending. Every write goes to the end; a write that
/// fails part-way is cut back off, so the file never keeps part of a line.
final class AppendableFile: @unchecked Sendable {
    // @unchecked: its owner (``EventLogWriter``) uses it only under its lock;
    // a sync may run on the writer's queue, and `fsync` is safe beside `write`.
    /// The name errors give: the file's own, or for a file written under a
    /// temporary name, the one it will have.
    let path: String
    private let fileSystem: FileSystem
    private let descriptor: Int32
    /// The file's length: where the next write goes.
    private(set) var size: Int
    /// Whether a failed write could not be cut back off: the file may end
    /// in part of a line.
    private(set) var isDamaged = false

    /// Opens the regular file at `path` to append, creating it when
    /// `create` is set (and failing when it exists). Only the holder of the
    /// log's ``LogLock`` opens one.
    ///
    /// - Parameter name: What errors call the file, when not `path`.
    init(path: String, create: Bool, named name: String? = nil, in fileSystem: FileSystem) throws(EventLogError) {
        self.path = name ?? path
        self.fileSystem = fileSystem
        let calls = fileSystem.calls
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0)
        let opened = calls.open(path, flags, 0o644)
        guard opened >= 0 else { throw FileSystem.failure(.writeFailed, self.path, "cannot open to append") }
        guard calls.info(of: opened)?.kind == .file else {
            _ = calls.close(opened)
            throw EventLogError(.writeFailed, file: self.path, message: "not a regular file: cannot be part of a log")
        }
        let end = calls.seek(opened, to: nil)
        guard end >= 0 else {
            let error = FileSystem.failure(.writeFailed, self.path, "cannot find the end")
            _ = calls.close(opened)
            throw error
        }
        self.descriptor = opened
        self.size = end
    }

    private var isClosed = false

    deinit {
        close()
    }

    /// Closes the file. Closing twice does nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = fileSystem.calls.close(descriptor)
    }

    /// Writes all of `bytes`, or, when the disk refuses part-way (full,
    /// failing), cuts the file back to where it was and throws.
    func write(_ bytes: [UInt8]) throws(EventLogError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                fileSystem.calls.write(descriptor, from: UnsafeRawBufferPointer(rebasing: buffer[written...]))
            }
            guard count > 0 else {
                let error = FileSystem.failure(.writeFailed, path, "cannot write")
                if written > 0 {
                    do {
                        try truncate(to: size)
                    } catch {
                        isDamaged = true
                        throw error
                    }
                }
                throw error
            }
            written += count
        }
        size += written
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(EventLogError) {
        guard fileSystem.calls.truncate(descriptor, to: length) == 0 else {
            throw FileSystem.failure(.writeFailed, path, "cannot cut the file to \(length) bytes")
        }
        size = length
    }

    func sync() throws(EventLogError) {
        try fileSystem.sync(descriptor, path)
    }
}
