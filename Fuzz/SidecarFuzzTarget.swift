// The `sidecar` fuzz target: a log index's sidecar (LogIndex) for a small log.
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the checks it shares with the tests (Tests/TestSupport/Fuzzing/) as a
// module of its own, linked with the ModalEvents and ModalProjection modules
// it builds. The checks are SidecarFuzzing's, which
// ProjectionFuzzRegressionTests runs too.

/// The log and its sidecar, in a folder of the run's own.
let sidecar = SidecarFuzzing(
    folder: temporaryFolder(named: "sidecar", removingAtExit: ["log.jsonl", "log.jsonl.index"]))

/// Seeds the corpus with the log's sidecars as an index writes them; runs
/// the checks on each input.
let fuzzTarget = FuzzTarget(name: "sidecar", seeds: sidecar.seeds) { sidecar.exercise($0, check: .trapping) }
