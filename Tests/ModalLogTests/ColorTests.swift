import Testing

@testable import modal_log

/// `--color` on every command that prints for people: the same words, in colour.
@Suite struct ColorTests {
    static let tour = sample("EventLogs/tour.jsonl")
    static let escape = "\u{1B}["

    @Test(arguments: [
        ["replay", tour], ["state", tour, "--at", "7"], ["validate", tour], ["stats", tour],
        ["timeline", tour], ["diff", tour, "3", "11"], ["bisect", tour, "--where", "depth(sheets) > 1", "--state"],
        ["replay", tour, "--skip", "3"],
    ])
    func colourSaysWhatPlainSays(arguments: [String]) {
        let plain = Run(arguments)
        let coloured = Run(arguments + ["--color", "always"])
        #expect(coloured.status == plain.status)
        #expect(coloured.output.contains(Self.escape), "\(arguments)")
        #expect(TimelineCommandTests.strippingStyles(coloured.output) == plain.output)
        // Auto: on a terminal, unless NO_COLOR says no.
        #expect(Run(arguments, isTerminal: true).output.contains(Self.escape))
        #expect(!Run(arguments, environment: ["NO_COLOR": "1"], isTerminal: true).output.contains(Self.escape))
        #expect(!Run(arguments + ["--color", "never"], isTerminal: true).output.contains(Self.escape))
    }

    @Test func theTreeColoursRootsPhasesAndRejections() {
        let tree = Run(["replay", sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl"), "--color", "always"])
        #expect(tree.output.contains("\u{1B}[34;1mroot \"default\"\u{1B}[0m"))
        #expect(tree.output.contains("\u{1B}[31;1mrejected: 1\u{1B}[0m\n  seq 10 \u{1B}[31mlastCard\u{1B}[0m: "))
        let dismissing = Run(["replay", Self.tour, "--color", "always"]).output
        #expect(dismissing.contains("\u{1B}[1m\"toast-saved\"\u{1B}[0m \u{1B}[33mdismissing\u{1B}[0m"))
    }

    @Test func errorsWarningsAndHintsAreColouredOnTheirOwnStream() {
        let log = sample("EventLogs/malformed/unknown-type.jsonl")
        let coloured = Run(["validate", log, "--color", "always"])
        #expect(coloured.error.hasPrefix("\u{1B}[31;1mError:\u{1B}[0m \(log):3: "))
        #expect(coloured.error.contains("\u{1B}[36;1mhint:\u{1B}[0m add --lenient"))
        #expect(!Run(["validate", log]).error.contains(Self.escape))
        #expect(Run(["validate", log], isTerminal: true).error.contains(Self.escape))
        let warning = Run(["validate", log, "--lenient", "--color", "always"])
        #expect(warning.error.hasPrefix("\u{1B}[33;1mwarning:\u{1B}[0m "))
    }

    @Test func everyCommandThatPrintsForPeopleTakesColor() {
        // What the others print is for programs (a page, a log, a script), or one line with an address (serve).
        let printing = ModalLog.commands.map { $0.description }.filter {
            !["export", "redact", "completion", "serve"].contains($0.name)
        }
        for command in printing {
            #expect(command.options.contains { $0.name == "color" }, "\(command.name)")
        }
    }
}
