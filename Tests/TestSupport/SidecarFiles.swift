import Foundation
import ModalEvents

/// The sidecar of a log file (`LOG.index`) read and written as
/// ``SidecarText``, or damaged in place.
extension SidecarText {
    /// The text of the sidecar of the log at `log`.
    ///
    /// - Throws: When it cannot be read, or its parts cannot be found.
    package static func read(forLogAt log: String) throws -> String {
        guard let text = text(of: Array(try Data(contentsOf: URL(fileURLWithPath: log + ".index")))) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return text
    }

    /// Each checkpoint's pieces in the sidecar of the log at `log`, its
    /// history's and its state's.
    package static func pieces(forLogAt log: String) throws -> [[UInt8]] {
        guard let pieces = pieces(of: Array(try Data(contentsOf: URL(fileURLWithPath: log + ".index")))) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return pieces
    }

    /// Writes the sidecar `text` describes beside the log at `log`; with
    /// `resigning`, its hashes made to hold (``sidecar(from:resigning:)``).
    package static func write(_ text: String, forLogAt log: String, resigning: Bool) throws {
        try Data(sidecar(from: text, resigning: resigning)).write(to: URL(fileURLWithPath: log + ".index"))
    }

    /// Replaces each `original` with `damaged` in the bytes of the sidecar
    /// of the log at `log`, as a fault of the disk would: no hash is made
    /// to match.
    ///
    /// - Returns: Whether `original` was there.
    @discardableResult
    package static func damage(forLogAt log: String, replacing original: String, with damaged: String) throws -> Bool {
        let url = URL(fileURLWithPath: log + ".index")
        let bytes = try Data(contentsOf: url)
        let changed = Data(Array(bytes).replacing(Array(original.utf8), with: Array(damaged.utf8)))
        try changed.write(to: url)
        return changed != bytes || original == damaged
    }
}
