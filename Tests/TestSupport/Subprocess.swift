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

/// The path of the package's program `name` (`modal-log`, `modal-demo`),
/// which `swift test` builds in the products folder beside the test bundle
/// (found through the running bundles, as on macOS the test binary is a
/// helper elsewhere); `nil` when it was not built.
public func builtProgram(_ name: String) -> String? {
    let bundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let folders = bundles.map { $0.deletingLastPathComponent() } + [testBinary.deletingLastPathComponent()]
    return folders.map { $0.appendingPathComponent(name).path }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
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

    let status = try spawnAndWait(
        executable, arguments, environment: environment, input: files[0].path,
        output: standardOutput == nil ? files[1].path : nil, outputDescriptor: standardOutput?.fileDescriptor,
        error: files[2].path)
    return ProgramResult(
        status: status, output: try String(contentsOf: files[1], encoding: .utf8),
        error: try String(contentsOf: files[2], encoding: .utf8))
}

/// Runs a program with `posix_spawn` and waits for it with `waitpid`.
///
/// Not Foundation's `Process`: its wait never returns for a program that
/// leaves a daemon behind (`tmux new-session -d`), which keeps a descriptor
/// `Process` watches.
private func spawnAndWait(
    _ executable: String, _ arguments: [String], environment: [String: String]?, input: String, output: String?,
    outputDescriptor: Int32?, error: String
) throws -> Int32 {
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
    #else
        var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    if let output {
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_TRUNC, 0o644)
    } else if let outputDescriptor {
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
    }
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_TRUNC, 0o644)
    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv + envp { free(pointer) }
    }
    // The program starts with no signal blocked and each at its default, whatever the
    // test's thread has: tmux servers started without this had SIGTERM and most other
    // signals blocked, so kill-server did not end them, nor the programs they ran.
    #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
    #else
        var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
        throw CocoaError(
            .fileReadUnknown,
            userInfo: [NSLocalizedDescriptionKey: "cannot run \(executable): \(String(cString: strerror(spawned)))"])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // The exit status, or 128 plus the signal that ended it, as a shell says.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
}

/// Reads `read()` every 50 ms, for up to `seconds`, until what it gives
/// holds `text`: how tests wait for another process's output.
///
/// - Returns: The last reading, whether or not it holds `text`.
public func waitForText(_ text: String, seconds: Double = 20, in read: () throws -> String) rethrows -> String {
    var last = ""
    for _ in 0..<Int(seconds * 20) {
        last = try read()
        if last.contains(text) { return last }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return last
}
