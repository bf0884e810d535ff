// What every fuzz target's file uses: `Scripts/fuzz` compiles this file into each.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a target's file declares as `fuzzTarget`: the seeds it makes, if
/// any, and what it runs on each input. libFuzzer's two entry points below
/// call it, so that no target writes them again.
struct FuzzTarget: Sendable {
    /// Names the seeds' files (`seed-NAME-N`).
    var name: String
    /// Inputs the target makes itself, written into the corpus before a run.
    var seeds: @Sendable () -> [[UInt8]] = { [] }
    /// Runs the target's checks on one input; a failed check traps.
    var exercise: @Sendable ([UInt8]) -> Void
}

/// What libFuzzer calls once, before the corpus is read: writes the target's seeds.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    writeSeeds(fuzzTarget.seeds(), named: fuzzTarget.name)
    return 0
}

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTarget.exercise(fuzzInput(data, size))
    return 0
}

/// libFuzzer's input as bytes.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
}

/// Writes `seeds` as files `seed-NAME-N` into the folder `FUZZ_SEED_FOLDER`
/// names, when it is set: `Scripts/fuzz` sets it to the target's corpus, so
/// a target seeds itself with inputs it makes (a sidecar of its own log)
/// before libFuzzer reads the corpus. Written again on every run, under the
/// same names, so they are never there twice.
func writeSeeds(_ seeds: [[UInt8]], named name: String) {
    guard !seeds.isEmpty, let folder = getenv("FUZZ_SEED_FOLDER").map({ String(cString: $0) }) else { return }
    for (index, seed) in seeds.enumerated() {
        let path = "\(folder)/seed-\(name)-\(index)"
        guard let file = fopen(path, "wb") else { fatalError("fuzz: cannot write the seed \(path)") }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}

/// A new folder for the run's files, removed when the run ends (by
/// libFuzzer's `exit`; a crash leaves it for a look), with the files in it
/// that `files` names.
func temporaryFolder(named name: String, removingAtExit files: [String]) -> String {
    var template = Array("/tmp/modal-events-fuzz-\(name)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("fuzz: cannot make a temporary folder") }
    let folder = String(cString: made)
    runFiles = files.map { "\(folder)/\($0)" } + [folder]
    atexit {
        for path in runFiles { remove(path) }
    }
    return folder
}

/// What `temporaryFolder(named:removingAtExit:)` removes at exit, the folder last.
nonisolated(unsafe) private var runFiles: [String] = []
