import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The seed every log of a run is made from: the same logs on every machine.
let workloadSeed: UInt64 = 0x5EED

/// A session log written to disk for a run.
struct BenchLog {
    let path: String
    let events: Int
    let bytes: Int

    /// Writes the first `events` events of the seeded session to `folder`,
    /// as a log of format version 1 (the events the session makes are all
    /// version 1's, so the figures compare with earlier runs).
    static func write(events: Int, in folder: String) throws -> BenchLog {
        let path = "\(folder)/session-\(events).jsonl"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw BenchError(message: "\(folder): no such folder")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw BenchError(message: "\(path): cannot be created")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var buffer = EventLogEncoder.encode(LogHeader(version: 1))
        var bytes = 0
        for entry in SessionGenerator(seed: workloadSeed).prefix(events) {
            buffer += EventLogEncoder.encode(entry, version: 1)
            if buffer.count > 1 << 20 {
                try handle.write(contentsOf: buffer)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        bytes += buffer.count
        return BenchLog(path: path, events: events, bytes: bytes)
    }

    /// Its events, decoded once, in memory.
    func entries() throws -> [LoggedEvent] {
        try EventLogReader(path: path).readAll()
    }
}

/// The session's events that a store accepts as commands (its rejected
/// slips left out), as `ModalEvent`s to append.
func storeCommands(count: Int) -> [ModalEvent] {
    var state = ModalState()
    var commands: [ModalEvent] = []
    commands.reserveCapacity(count)
    for entry in SessionGenerator(seed: workloadSeed) {
        guard commands.count < count else { break }
        if state.replay(entry) == nil { commands.append(entry.event) }
    }
    return commands
}

/// Reads the file at `path` with `read(2)`, 64 KiB at a time, handing
/// each chunk to `body`: the reading under both floors below.
private func forEachChunk(of path: String, _ body: (UnsafeRawBufferPointer) -> Void) {
    let descriptor = open(path, O_RDONLY)
    precondition(descriptor >= 0, "cannot open \(path)")
    defer { close(descriptor) }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    defer { chunk.deallocate() }
    while case let count = read(descriptor, chunk.baseAddress, chunk.count), count > 0 {
        body(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
    }
}

/// Counts the newlines of the file at `path` with `memchr`, a chunk at a
/// time: the floor under any reader of the same file.
func rawRead(_ path: String) -> Int {
    var lines = 0
    forEachChunk(of: path) { chunk in
        var start = chunk.baseAddress!
        let end = start + chunk.count
        while let found = memchr(start, 0x0A, end - start) {
            lines += 1
            start = UnsafeRawPointer(found) + 1
        }
    }
    return lines
}

/// Counts the lines of the log at `path` looking at every byte one at a
/// time, following its strings' quotes and escapes as any line reader must:
/// the floor a replay is measured against. Each byte's step depends on the
/// one before, so it is not vectorised, as `memchr` is (``rawRead(_:)``).
func byteScan(_ path: String) -> Int {
    var lines = 0
    var inString = false
    var escaped = false
    forEachChunk(of: path) { chunk in
        for byte in chunk {
            if escaped {
                escaped = false
            } else if inString {
                if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "\n") {
                lines += 1
            }
        }
    }
    return lines
}

/// The most memory this process has held, in bytes.
///
/// On Linux it is the kernel's high-water mark of the process's memory
/// (`VmHWM`): `getrusage` there carries the parent's peak over `exec`.
func peakResidentBytes() -> Int {
    #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kilobytes * 1024
    #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Apple's systems
    #endif
}
