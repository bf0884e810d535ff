import Foundation

/// A program this benchmark runs.
struct Executable {
    let path: String

    init(path: String) { self.path = path }

    /// `name` as found on `PATH`.
    init?(named name: String) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let found = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile)
        else { return nil }
        path = found
    }

    /// `name` in the folder this program was built into: the release
    /// `modal-log` of a release `modal-bench`.
    init?(builtBesideThisProgram name: String) {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
    }

    /// Runs it with `arguments`, and returns its standard output, or
    /// throws away output nobody reads (`keepingOutput: false`); throws,
    /// with its error output, when it does not end with status 0.
    @discardableResult
    func run(_ arguments: [String], keepingOutput: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = keepingOutput ? output : FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text =
            keepingOutput ? String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError(
                message: "\(path) \(arguments.joined(separator: " ")) ended with status "
                    + "\(process.terminationStatus): \(message)")
        }
        return text
    }
}
