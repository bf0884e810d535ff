import Foundation

/// A new empty folder under the system's temporary folder, removed when the
/// value goes away.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("modal-events-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    public func text(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The names in a folder under it, sorted.
    public func names(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(name)).sorted()
    }
}
