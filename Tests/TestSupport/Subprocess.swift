public import Foundation

/// What a program printed and how it ended.
public struct ProgramResult: Sendable {
    public var status: Int32
    public var output: String
    public var error: String
}

/// The path of program `name` on `PATH`, or `nil` when it is not installed:
/// how tests that need tmux, a shell or a browser find it, or skip.
public func installedProgram(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs `executable` with `arguments` and waits for it. Output goes through
/// temporary files, so no pipe can fill up; `standardOutput` replaces the
/// file for standard output (a test that checks a closed or full stream).
public func runProgram(
    _ executable: String, _ arguments: [String], standardInput: Data = Data(), environment: [String: String]? = nil,
    standardOutput: FileHandle? = nil
) throws -> ProgramResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modal-events-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
    try standardInput.write(to: files[0])
    for file in files.dropFirst() { try Data().write(to: file) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = try FileHandle(forReadingFrom: files[0])
    process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: files[1])
    process.standardError = try FileHandle(forWritingTo: files[2])
    try process.run()
    process.waitUntilExit()
    return ProgramResult(
        status: process.terminationStatus, output: try String(contentsOf: files[1], encoding: .utf8),
        error: try String(contentsOf: files[2], encoding: .utf8))
}
