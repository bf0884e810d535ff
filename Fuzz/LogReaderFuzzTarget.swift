// The `log` fuzz target: the event-log reader and the JSON reader under it.
//
// Not part of any package target: `Scripts/fuzz` compiles this file with
// Tests/TestSupport/Fuzzing/ and LogReading.swift as a module of its own,
// linked with the ModalEvents and ModalProjection modules it builds.
// The checks are LogReaderFuzzing's, which FuzzRegressionTests runs too.

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LogReaderFuzzing.exercise(fuzzInput(data, size), check: .trapping)
    return 0
}
