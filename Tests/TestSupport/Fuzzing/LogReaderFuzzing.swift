package import ModalEvents

/// The `log` fuzz target's checks: any bytes as one JSON document, then as
/// a log read strictly and leniently (one in small chunks), and every line
/// decoded both ways the reader can decode it. Bad input must end in a
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
    /// - Parameter seen: The lines, headers and events checked already,
    ///   whose line and round-trip checks are not run again: the fuzz
    ///   target keeps one for its whole run (a mutated input has most of
    ///   its lines from the input it was made from); `nil` checks all.
    /// - Returns: What the strict reader read with the fuzz limits.
    /// - Complexity: O(*n*) in the input's length: each byte is read a
    ///   fixed number of times.
    @discardableResult
    package static func exercise(_ bytes: [UInt8], check: FuzzCheck, seen: CheckedAlready? = nil) -> LogReadOutcome {
        // (a) The whole input as one JSON document.
        if let value = try? JSONReader.read(bytes, maximumDepth: options.maximumDepth) {
            checkJSONRoundTrip(value, check: check)
        }

        // (b) The input as a log, read strictly. One of the strict and the
        // lenient read asks for small chunks and the other reads the input in
        // one, which by turns (the input's length odd or even), so that both
        // read lines as they stream past.
        var whole = options
        whole.chunkSize = bytes.count + 1
        let (strictChunks, lenientChunks) = bytes.count % 2 == 0 ? (options, whole) : (whole, options)
        let outcome = readLog(bytes, options: strictChunks)

        // (c) Whatever the reader accepted writes back to a line that reads back equal.
        let version = outcome.header?.version ?? 1
        if let header = outcome.header, seen?.isNew(header) ?? true { checkHeaderRoundTrip(header, check: check) }
        for entry in outcome.events where seen?.isNew(entry, version: version) ?? true {
            checkEventRoundTrip(entry, version: version, check: check)
        }

        // (d) Read leniently: the chunk size is only how much the reader asks
        // for at a time, and a lenient reader reads what the strict one reads
        // up to its first fault, then steps over that fault.
        var lenient = lenientChunks
        lenient.lenient = true
        checkLenientRead(readLog(bytes, options: lenient), against: outcome, check: check)

        // (e) Each line decodes the same in place (the reader's fast path) as
        // through its JSON: the same event or the same error, unless the fast
        // path declines it. One decoder for all the lines, as a reader has
        // (the run's, which a fuzz target makes once).
        lazy var decoder = seen?.decoder ?? LoggedEvent.LineDecoder()
        var lineStart = bytes.startIndex
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = bytes[lineStart..<lineEnd]
            if seen?.isNew(line) ?? true { checkLineDecodings(line, decoder: decoder, check: check) }
            guard lineEnd < bytes.endIndex else { return outcome }
            lineStart = lineEnd + 1
        }
    }

    /// What a lenient read (`skipping`) must give beside a strict read of the
    /// same input in chunks of another size (`strict`): only the header stops it; its
    /// seqs go up; it reads the strict read's header and events first; where
    /// the strict read stopped at a line, it steps over that line saying why,
    /// in the strict read's words (or, for a seq that jumps ahead, that it
    /// jumps); and on a log the strict read read to the end, it reads the same.
    static func checkLenientRead(_ skipping: LogReadOutcome, against strict: LogReadOutcome, check: FuzzCheck) {
        check(
            skipping.header == strict.header && skipping.events.starts(with: strict.events),
            "lenient read \(skipping), strict \(strict)")
        check(
            zip(skipping.events, skipping.events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "lenient seqs went down")
        guard let fault = strict.error else {
            check(skipping == strict, "lenient read \(skipping), strict \(strict)")
            return
        }
        if fault.line == 1 {
            check(skipping == strict, "a header fault: lenient read \(skipping), strict \(strict)")
            return
        }
        check(skipping.error == nil, "a lenient reader stopped after the header: \(skipping)")
        let stepped = skipping.warnings.first
        let message = stepped?.message ?? ""
        let said =
            message == "skipped a malformed line: \(fault.message)"
            || (fault.kind == .seqOutOfOrder && message.hasPrefix("seq jumps from"))
            // An over-long last line without its newline: dropped as it streams past, then torn.
            || (fault.kind == .lineTooLong && message.hasPrefix("skipped a torn last line"))
        check(
            stepped?.line == fault.line && said,
            "strict read stopped at \(fault), lenient read's first warning: \(String(describing: stepped))")
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

/// The lines, headers and events a fuzz target has checked already: each
/// check of one of them is a function of it alone, so it need not run
/// again when a later input holds it too. A fresh process has seen none,
/// so a finding replays from its input alone. Holds at most about a million
/// of each, then starts again.
package final class CheckedAlready {
    private static let capacity = 1 << 20
    private var lines: Set<UInt64> = []
    private var headers: Set<LogHeader> = []
    private var events: Set<Event> = []

    private struct Event: Hashable {
        var entry: LoggedEvent
        var version: Int
    }

    /// The decoder of lines the checks use, kept from one input to the next.
    private(set) lazy var decoder = LoggedEvent.LineDecoder()

    package init() {}

    /// Whether `line` is new (by a 64-bit hash of its bytes); it is not from now on.
    func isNew(_ line: ArraySlice<UInt8>) -> Bool {
        Self.insert(ContentHash(of: line).value, into: &lines)
    }

    /// Whether `header` is new; it is not from now on.
    func isNew(_ header: LogHeader) -> Bool {
        Self.insert(header, into: &headers)
    }

    /// Whether `entry`, read from a log of format `version`, is new; it is not from now on.
    func isNew(_ entry: LoggedEvent, version: Int) -> Bool {
        Self.insert(Event(entry: entry, version: version), into: &events)
    }

    private static func insert<Element: Hashable>(_ element: Element, into set: inout Set<Element>) -> Bool {
        if set.count >= capacity { set.removeAll() }
        return set.insert(element).inserted
    }
}
