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

    /// This program, as the system started it (not as its first argument
    /// names it: a name found on `PATH`, or a path relative to a folder).
    static let thisProgram = Executable(
        path: (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
            .path)

    /// `name` in the folder this program was built into: the release
    /// `modal-log` of a release `modal-bench`.
    init?(builtBesideThisProgram name: String) {
        path =
            URL(fileURLWithPath: Self.thisProgram.path).deletingLastPathComponent().appendingPathComponent(name)
            .path
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
        let output = keepingOutput ? Pipe() : nil
        process.standardOutput = output ?? FileHandle.nullDevice
        // Error output goes to a file, read once the program ends: a pipe read after its output
        // would stop both programs once the error output filled the pipe.
        let errorPath = NSTemporaryDirectory() + "modal-bench-errors-\(getpid())-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: errorPath, contents: nil),
            let errors = FileHandle(forWritingAtPath: errorPath)
        else { throw BenchError(message: "\(errorPath): cannot be created") }
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardError = errors
        try process.run()
        let text = output.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        process.waitUntilExit()
        try? errors.close()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw BenchError(
                message: "\(path) \(arguments.joined(separator: " ")) ended with status "
                    + "\(process.terminationStatus): \(message)")
        }
        return text
    }
}
