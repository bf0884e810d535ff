// The `batch` fuzz target: the event lines of a version-2 log replayed into
// a ModalState, each batch against its events one by one.
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the checks it shares with the tests (Tests/TestSupport/Fuzzing/) as a
// module of its own, linked with the ModalEvents and ModalProjection modules
// it builds. The checks are BatchFuzzing's, which
// ProjectionFuzzRegressionTests runs too. Its seeds are the package's logs
// of version 2 without their header line (Scripts/fuzz).

/// What the target runs on each input.
let fuzzTarget = FuzzTarget(name: "batch") { BatchFuzzing.exercise($0, check: .trapping) }
