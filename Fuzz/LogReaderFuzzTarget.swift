// The `log` fuzz target: the event-log reader and the JSON reader under it.
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the checks it shares with the tests (Tests/TestSupport/Fuzzing/) as a
// module of its own, linked with the ModalEvents module it builds.
// The checks are LogReaderFuzzing's, which FuzzRegressionTests runs too.

/// What the run has checked already. libFuzzer calls the target on one
/// thread, one input at a time, so nothing else touches it.
nonisolated(unsafe) let checkedAlready = CheckedAlready()

/// What the target runs on each input.
let fuzzTarget = FuzzTarget(name: "log") {
    LogReaderFuzzing.exercise($0, check: .trapping, seen: checkedAlready)
}
