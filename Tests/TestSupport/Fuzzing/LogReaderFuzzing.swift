package import ModalEvents

/// The `log` fuzz target's checks: any bytes as one JSON document, then as
/// a log read three ways (in small chunks, at once, leniently), and every
/// line decoded both ways the reader can decode it. Bad input must end in a
/// thrown error; a trap, a hang or a failed check is a finding.
package enum LogReaderFuzzing {
    /// The limits the fuzzer reads with: small, so that short inputs reach
    /// them (the longest line is a quarter of the longest input
    /// `Scripts/fuzz` makes, 1,024 bytes).
    package static let options = EventLogReader.Options(
        maximumLineLength: 256, maximumDepth: 32, maximumStringLength: 64,
        // A prime, so chunk boundaries fall at every place in a line.
        chunkSize: 7)

    /// Runs every check on `bytes`.
    ///
    /// - Returns: What the reader read with the fuzz limits, in small chunks.
    /// - Complexity: O(*n*) in the input's length: each byte is read a
    ///   fixed number of times.
    @discardableResult
    package static func exercise(_ bytes: [UInt8], check: FuzzCheck) -> LogReadOutcome {
        // (a) The whole input as one JSON document.
        if let value = try? JSONReader.read(bytes, maximumDepth: options.maximumDepth) {
            checkJSONRoundTrip(value, check: check)
        }

        // (b) The input as a log, read in small chunks.
        let outcome = readLog(bytes, options: options)

        // (c) Whatever the reader accepted writes back to a line that reads back equal.
        if let header = outcome.header { checkHeaderRoundTrip(header, check: check) }
        for entry in outcome.events {
            checkEventRoundTrip(entry, version: outcome.header?.version ?? 1, check: check)
        }

        // (d) The chunk size is only how much the reader asks for at a time: one
        // read of the whole input must give the same events, error and warnings.
        var whole = options
        whole.chunkSize = bytes.count + 1
        let reference = readLog(bytes, options: whole)
        check(outcome == reference, "chunk size \(options.chunkSize) read \(outcome), one read \(reference)")

        // (e) A lenient reader steps over what stops the strict one: only the
        // header can stop it, its seqs still go up, and on a log the strict
        // reader read to the end it reads the same.
        var lenient = options
        lenient.lenient = true
        let skipping = readLog(bytes, options: lenient)
        check(skipping.error.map { $0.line == 1 } ?? true, "a lenient reader stopped after the header: \(skipping)")
        check(
            zip(skipping.events, skipping.events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "lenient seqs went down")
        if outcome.error == nil { check(skipping == outcome, "lenient read \(skipping), strict \(outcome)") }

        // (f) Each line decodes the same in place (the reader's fast path) as
        // through its JSON: the same event or the same error, unless the fast
        // path declines it. One decoder for all the lines, as a reader has.
        let decoder = LoggedEvent.LineDecoder()
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            checkLineDecodings(line, decoder: decoder, check: check)
        }
        return outcome
    }

    /// Decoding `line` in place, unless that way declines it, gives what
    /// decoding it through its JSON gives.
    static func checkLineDecodings(_ line: ArraySlice<UInt8>, decoder: LoggedEvent.LineDecoder, check: FuzzCheck) {
        let inPlace = Result { () throws(EventLogError) in try decoder.decode(line, .inPlace, options: options) }
        if case .success(nil) = inPlace { return }
        let throughJSON = Result { () throws(EventLogError) in
            try decoder.decode(line, .throughJSON, options: options)
        }
        check(inPlace == throughJSON, "in place: \(inPlace), through JSON: \(throughJSON)")
    }

    /// A value the JSON reader accepted writes to text that reads back equal, and
    /// writing that again gives the same bytes (the writer is deterministic and
    /// `JSONValue` keeps key order and number literals, so no normalisation is needed).
    static func checkJSONRoundTrip(_ value: JSONValue, check: FuzzCheck) {
        var writer = JSONWriter()
        writer.write(value)
        do {
            let reread = try JSONReader.read(writer.bytes, maximumDepth: options.maximumDepth)
            check(reread == value, "JSON round trip changed the value:\n\(writer.string)")
        } catch {
            check.fail("the writer's output does not read back: \(error)\n\(writer.string)")
        }
    }

    /// A header writes to a line that reads back to an equal header, in the same bytes.
    static func checkHeaderRoundTrip(_ header: LogHeader, check: FuzzCheck) {
        checkRoundTrip(header, "header", check: check, encode: EventLogEncoder.encode) { json throws(EventLogError) in
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
    static func checkEventRoundTrip(_ entry: LoggedEvent, version: Int, check: FuzzCheck) {
        checkRoundTrip(entry, "event", check: check, encode: { EventLogEncoder.encode($0, version: version) }) {
            json throws(EventLogError) in
            try LoggedEvent(json: json, version: version)
        }
    }

    /// `value` encodes to one line that decodes to an equal value, which encodes
    /// to the same bytes again.
    static func checkRoundTrip<Value: Equatable>(
        _ value: Value, _ kind: String, check: FuzzCheck, encode: (Value) -> [UInt8],
        decode: (JSONValue) throws(EventLogError) -> Value
    ) {
        let line = encode(value)
        check(line.firstIndex(of: UInt8(ascii: "\n")) == line.count - 1, "an encoded \(kind) is not one line")
        do {
            // No line-length limit here: a normal form can be longer than the input (`1e15` -> `1000000000000000`).
            let reread = try decode(JSONReader.read(line.dropLast(), maximumDepth: options.maximumDepth))
            check(reread == value, "\(kind) round trip changed it: \(value) became \(reread)")
            check(encode(reread) == line, "a re-encoded \(kind) changed its bytes")
        } catch {
            check.fail("an encoded \(kind) does not read back: \(error)\n\(String(decoding: line, as: UTF8.self))")
        }
    }
}
