#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one writer's lock on a log: whoever changes any of its files
/// (creates, resumes, rotates, retains, recovers, upgrades it, or writes its
/// index) holds it first, and one that cannot get it touches nothing.
///
/// It is `flock(2)` on the log itself: on a folder of segments, the folder;
/// on a one-file log, the file, created (empty) when it does not exist yet.
/// A file renamed over the log (an upgrade) is locked before it gets the
/// name, and a lock taken on a name that meanwhile came to mean another
/// file is taken again on that one.
package final class LogLock: Sendable {
    let path: String
    let fileSystem: FileSystem
    private let descriptor: Int32
    private let released = Flag(false)

    /// Takes the lock of the log at `path` without waiting for it.
    ///
    /// - Parameter creatingFile: Create a one-file log's file when it does not exist.
    /// - Throws: `writeFailed`: "another writer has the log open" when
    ///   another holds it; `fileNotFound`; or the system's failure.
    init(forLogAt path: String, creatingFile: Bool, in fileSystem: FileSystem) throws(EventLogError) {
        self.path = path
        self.fileSystem = fileSystem
        let calls = fileSystem.calls
        for _ in 0..<100 {
            let opened = calls.open(path, O_RDONLY | O_CLOEXEC | (creatingFile ? O_CREAT : 0), 0o644)
            guard opened >= 0 else {
                guard errno != ENOENT else { throw EventLogError(.fileNotFound, file: path, message: "no such file") }
                throw FileSystem.failure(.writeFailed, path, "cannot open the log to lock it")
            }
            guard let locked = calls.info(of: opened), locked.kind != .special else {
                _ = calls.close(opened)
                throw EventLogError(
                    .writeFailed, file: path, message: "not a regular file or a folder: cannot be a log")
            }
            guard calls.lock(opened) == 0 else {
                let error =
                    errno == EWOULDBLOCK || errno == EAGAIN
                    ? EventLogError(.writeFailed, file: path, message: "another writer has the log open")
                    : FileSystem.failure(.writeFailed, path, "cannot lock the log")
                _ = calls.close(opened)
                throw error
            }
            // The name may mean another file by now (one renamed into place): that one is the log's.
            guard calls.info(atPath: path)?.identity == locked.identity else {
                _ = calls.close(opened)
                continue
            }
            descriptor = opened
            return
        }
        throw EventLogError(.writeFailed, file: path, message: "the log kept being replaced while it was being locked")
    }

    deinit {
        release()
    }

    /// Lets another writer have the log. Releasing twice does nothing.
    func release() {
        if !released.exchange(true) { _ = fileSystem.calls.close(descriptor) }
    }
}
