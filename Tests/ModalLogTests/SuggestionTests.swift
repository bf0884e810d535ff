import Testing

@testable import modal_log

/// "Did you mean": the edit distance and the nearest word.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("depth", "depth", 0), ("depht", "depth", 1),
        ("replya", "replay", 1), ("kitten", "sitting", 3), ("ca", "abc", 3), ("modal.presnt", "modal.present", 1),
        ("card.pop", "card.push", 3),
    ])
    func distances(a: String, b: String, distance: Int) {
        #expect(Suggestion.distance(a, b) == distance)
        #expect(Suggestion.distance(b, a) == distance, "symmetric")
        // A limit below the distance gives more than the limit; at or above it, the distance.
        #expect(Suggestion.distance(a, b, limit: distance) == distance)
        if distance > 0 { #expect(Suggestion.distance(a, b, limit: distance - 1) > distance - 1) }
    }

    @Test func theNearestWordIsOnlyASlipAway() {
        let commands = ["replay", "state", "validate", "timeline", "diff", "bisect", "stats"]
        #expect(Suggestion.nearest(to: "replya", in: commands) == "replay")
        #expect(Suggestion.nearest(to: "Timeline", in: commands) == "timeline")
        #expect(Suggestion.nearest(to: "stat", in: commands) == "state", "the first of the nearest")
        #expect(Suggestion.nearest(to: "export", in: commands) == nil, "too far to be a slip")
        #expect(Suggestion.nearest(to: "replay", in: commands) == nil, "a word is not its own suggestion")
        #expect(Suggestion.didYouMean("dif", in: commands) == "; did you mean 'diff'?")
        #expect(Suggestion.aside("x", in: commands) == "")
    }

    @Test func theToolSuggestsCommandsOptionsTypesAndCodes() {
        let command = Run(["replya", "x"])
        #expect(
            command.status == 64
                && command.error.hasPrefix("Error: Unknown subcommand 'replya'; did you mean 'replay'?\n"))
        let option = Run(["timeline", sample("EventLogs/tour.jsonl"), "--jsn"])
        #expect(
            option.status == 64 && option.error.hasPrefix("Error: Unknown option '--jsn'; did you mean '--json'?\n"))
        let code = Run(["bisect", sample("EventLogs/tour.jsonl"), "--where", "rejected(lastCrd)"])
        #expect(code.error.hasPrefix("Error: --where: 'lastCrd' is not a rejection code (did you mean 'lastCard'?): "))
        let test = Run(["bisect", sample("EventLogs/tour.jsonl"), "--where", "depht(sheets) > 1"])
        #expect(test.error.hasPrefix("Error: --where: 'depht' is not a test (did you mean 'depth'?): "))
    }

    @Test func aMalformedLineSuggestsLenientWhereTheCommandTakesIt() {
        let log = sample("EventLogs/malformed/unknown-type.jsonl")
        let strict = Run(["validate", log])
        #expect(strict.status == 65)
        #expect(
            strict.error.hasSuffix("hint: add --lenient to skip malformed lines (each one a warning) and read on\n"))
        #expect(!Run(["validate", log, "--lenient"]).error.contains("hint:"))
        // A header is no line to skip; and a command without --lenient gets no hint.
        #expect(!Run(["validate", sample("EventLogs/malformed/no-header.jsonl")]).error.contains("hint:"))
        #expect(!Run(["index", log]).error.contains("hint:"))
    }
}
