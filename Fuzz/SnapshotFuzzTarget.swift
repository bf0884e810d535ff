// The `snapshot` fuzz target: a segment's header state read into a
// ModalState, then the segment's events replayed.
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the checks it shares with the tests (Tests/TestSupport/Fuzzing/) as a
// module of its own, linked with the ModalEvents and ModalProjection modules
// it builds. The checks are SnapshotFuzzing's, which
// ProjectionFuzzRegressionTests runs too.

/// Seeds the corpus with segments cut from the fuzz log, each with the state
/// before it; runs the checks on each input.
let fuzzTarget = FuzzTarget(name: "snapshot", seeds: SnapshotFuzzing.seeds) {
    SnapshotFuzzing.exercise($0, check: .trapping)
}
