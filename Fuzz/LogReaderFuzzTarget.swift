// The libFuzzer entry point for the log reader and the JSON reader under it.
//
// Not part of any package target: `Scripts/fuzz` compiles this file together
// with `Sources/ModalEvents/**/*.swift` as one module (`-module-name
// ModalEvents`), so it can use internal API. Bad input must end in a thrown
// error; a crash, a hang or a failed `check` below is a bug.

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseReaders(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// The limits the fuzzer reads with: small, so that short inputs reach them.
enum FuzzLimits {
    static let maximumDepth = 32
    static let maximumLineLength = 4096
    static let maximumStringLength = 64
    /// A prime, so chunk boundaries fall at every place in a line.
    static let chunkSize = 7
}

/// Runs every check on one input. Errors thrown by the readers are expected;
/// only a trap (a crash, a failed check) is a finding.
func exerciseReaders(_ bytes: [UInt8]) {
    // (a) The whole input as one JSON document.
    if let value = try? JSONReader.read(bytes, maximumDepth: FuzzLimits.maximumDepth) {
        checkJSONRoundTrip(value)
    }

    // (b) The input as a log, read in small chunks.
    let small = EventLogReader.Options(
        maximumLineLength: FuzzLimits.maximumLineLength, maximumDepth: FuzzLimits.maximumDepth,
        maximumStringLength: FuzzLimits.maximumStringLength, chunkSize: FuzzLimits.chunkSize)
    let outcome = readLog(bytes, options: small)

    // (c) Whatever the reader accepted writes back to a line that reads back equal.
    if let header = outcome.header { checkHeaderRoundTrip(header) }
    for entry in outcome.events { checkEventRoundTrip(entry, version: outcome.header?.version ?? 1) }

    // (d) The chunk size is only how much the reader asks for at a time: one
    // read of the whole input must give the same events, error and warnings.
    var whole = small
    whole.chunkSize = bytes.count + 1
    let reference = readLog(bytes, options: whole)
    check(outcome == reference, "chunk size \(FuzzLimits.chunkSize) read \(outcome), one read \(reference)")

    // (e) A lenient reader steps over what stops the strict one: only the
    // header can stop it, its seqs still go up, and on a log the strict
    // reader read to the end it reads the same.
    var lenient = small
    lenient.lenient = true
    let skipping = readLog(bytes, options: lenient)
    check(skipping.error.map { $0.line == 1 } ?? true, "a lenient reader stopped after the header: \(skipping)")
    check(zip(skipping.events, skipping.events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "lenient seqs went down")
    if outcome.error == nil { check(skipping == outcome, "lenient read \(skipping), strict \(outcome)") }

    // (f) Each line decodes the same in place (the reader's fast path) as
    // through its JSON: the same event or the same error, unless the fast
    // path declines it.
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        checkLineDecodings(Array(line), options: small)
    }
}

/// `precondition`, but with its message in an -O build too (where `precondition`
/// traps without one), so that a finding says what broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}

// `readLog` and `LogReadOutcome`: Tests/TestSupport/LogReading.swift, which Scripts/fuzz compiles in.

/// Decoding `line` in place, unless that way declines it, gives what
/// decoding it through its JSON gives.
func checkLineDecodings(_ line: [UInt8], options: EventLogReader.Options) {
    let inPlace = Result { () throws(EventLogError) in try LoggedEvent.decoding(line: line, .inPlace, options: options)
    }
    if case .success(nil) = inPlace { return }
    let throughJSON = Result { () throws(EventLogError) in
        try LoggedEvent.decoding(line: line, .throughJSON, options: options)
    }
    check(inPlace == throughJSON, "in place: \(inPlace), through JSON: \(throughJSON)")
}

/// A value the JSON reader accepted writes to text that reads back equal, and
/// writing that again gives the same bytes (the writer is deterministic and
/// `JSONValue` keeps key order and number literals, so no normalisation is needed).
func checkJSONRoundTrip(_ value: JSONValue) {
    var writer = JSONWriter()
    writer.write(value)
    let reread: JSONValue
    do {
        reread = try JSONReader.read(writer.bytes, maximumDepth: FuzzLimits.maximumDepth)
    } catch {
        fatalError("the writer's output does not read back: \(error)\n\(writer.string)")
    }
    check(reread == value, "JSON round trip changed the value:\n\(writer.string)")
}

/// A header writes to a line that reads back to an equal header, in the same bytes.
func checkHeaderRoundTrip(_ header: LogHeader) {
    checkRoundTrip(header, "header", encode: EventLogEncoder.encode) { json throws(EventLogError) in
        try LogHeader(json: json)
    }
}

/// An event writes to one line that reads back to an equal event.
///
/// The first encoding may differ from the input line: unknown fields, `null`s
/// and fields equal to their default are dropped, and numbers that are not
/// payload become a `Double`'s canonical literal (`1e2` is written `100`, `-0`
/// is written `0`). Event equality still holds, as `Double`'s `==` has
/// `-0 == 0` and no NaN can be read. That encoding is the normal form: encoding
/// the event read back from it must give the same bytes again.
func checkEventRoundTrip(_ entry: LoggedEvent, version: Int) {
    checkRoundTrip(entry, "event", encode: { EventLogEncoder.encode($0, version: version) }) {
        json throws(EventLogError) in
        try LoggedEvent(json: json, version: version)
    }
}

/// `value` encodes to one line that decodes to an equal value, which encodes
/// to the same bytes again.
func checkRoundTrip<Value: Equatable>(
    _ value: Value, _ kind: String, encode: (Value) -> [UInt8],
    decode: (JSONValue) throws(EventLogError) -> Value
) {
    let line = encode(value)
    check(line.firstIndex(of: UInt8(ascii: "\n")) == line.count - 1, "an encoded \(kind) is not one line")
    let reread: Value
    do {
        // No line-length limit here: a normal form can be longer than the input (`1e15` -> `1000000000000000`).
        reread = try decode(JSONReader.read(line.dropLast(), maximumDepth: FuzzLimits.maximumDepth))
    } catch {
        fatalError("an encoded \(kind) does not read back: \(error)\n\(String(decoding: line, as: UTF8.self))")
    }
    check(reread == value, "\(kind) round trip changed it: \(value) became \(reread)")
    check(encode(reread) == line, "a re-encoded \(kind) changed its bytes")
}
