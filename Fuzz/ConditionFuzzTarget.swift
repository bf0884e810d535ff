// The `condition` fuzz target: the condition language of
// `modal-log bisect --where` (ConditionParser, Condition).
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// the tool's files but its main, as the tool's module (so it reaches the
// tool's internals), and with the checks it shares with the tests:
// ConditionFuzzing (Tests/ModalLogTests/), which ConditionFuzzRegressionTests
// runs too. Its seeds are Fuzz/seeds/condition/.

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ConditionFuzzing.exercise(fuzzInput(data, size), check: .trapping)
    return 0
}
