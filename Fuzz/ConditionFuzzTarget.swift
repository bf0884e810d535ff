// The `condition` fuzz target: the condition language of
// `modal-log bisect --where` (ConditionParser, Condition).
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the tool's files but its main, as the tool's module (so it reaches the
// tool's internals), and with the checks it shares with the tests:
// ConditionFuzzing (Tests/ModalLogTests/), which ConditionFuzzRegressionTests
// runs too. Its seeds are Fuzz/seeds/condition/.

/// What the target runs on each input.
let fuzzTarget = FuzzTarget(name: "condition") { ConditionFuzzing.exercise($0, check: .trapping) }
