import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// The tool run in-process, its output captured.
struct Run {
    var status: Int32
    var output: String
    var error: String

    init(
        _ arguments: [String], standardInput: String = "", environment: [String: String] = [:], isTerminal: Bool = false
    ) {
        let io = ToolIO.captured(
            standardInput: Array(standardInput.utf8), environment: environment, isTerminal: isTerminal)
        status = ModalLog.run(arguments: arguments, io: io)
        output = io.standardOutput
        error = io.standardError
    }
}

func sample(_ path: String) -> String {
    Fixtures.path(path)
}

/// The tool's Swift files: each one's path in `Sources/modal-log`, and its text.
func toolSources() throws -> [(file: String, text: String)] {
    let folder = sample("Sources/modal-log")
    let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
    return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
        (file, try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8))
    }
}

func goldenText(_ path: String) throws -> String {
    try Fixtures.text("Tests/Fixtures/expected/\(path)")
}

@Suite struct HelpTests {
    @Test func versionNamesTheToolAndTheFormat() {
        let run = Run(["--version"])
        #expect(run.status == 0 && run.output == "modal-log 0.2.0 (event log format v2, reads v1 too)\n")
        #expect(Run(["replay", "--version"]).output == run.output)
    }

    @Test func theTopLevelHelpListsEverySubcommand() {
        let run = Run(["--help"])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(run.output.hasPrefix("OVERVIEW: Read, check and replay modal event logs (format v2, and v1).\n"))
        for section in [
            "USAGE: modal-log <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "  replay ", "  state ", "  validate ",
        ] {
            #expect(run.output.contains(section))
        }
        #expect(Run(["-h"]).output == run.output)
        #expect(Run(["help"]).output == run.output)
    }

    @Test(arguments: ["replay", "state", "validate"])
    func everySpellingOfSubcommandHelpPrintsTheSame(command: String) {
        let help = Run(["help", command])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("OVERVIEW: "))
        #expect(help.output.contains("USAGE: modal-log \(command) <log>"))
        #expect(help.output.contains("ARGUMENTS:\n  <log>"))
        #expect(help.output.contains("  -h, --help              Show help information."))
        #expect(Run([command, "-h"]).output == help.output)
        #expect(Run([command, "--help"]).output == help.output)
        #expect(Run([command, "some.jsonl", "--help"]).output == help.output)
    }

    @Test func helpIsWrappedAtEightyColumns() {
        let commands = ["replay", "state", "validate", "timeline", "diff", "bisect", "stats", "export", "completion"]
        for arguments in [["--help"]] + commands.map({ ["help", $0] }) {
            for line in Run(arguments).output.split(separator: "\n") {
                #expect(line.count <= 80, "\(arguments): \(line)")
            }
        }
    }
}

@Suite struct UsageErrorTests {
    static let badCommandLines: [([String], String)] = [
        ([], "Error: Missing subcommand"),
        (["replai", "x.jsonl"], "Error: Unknown subcommand 'replai'"),
        (["replay"], "Error: Missing expected argument '<log>'"),
        (["debug", "a.jsonl", "b.jsonl"], "Error: Unexpected argument 'b.jsonl'"),
        (["replay", "a.jsonl", "--jsn"], "Error: Unknown option '--jsn'"),
        (["replay", "a.jsonl", "--json=yes"], "Error: Flag '--json' takes no value"),
        (["state", "a.jsonl"], "Error: Missing expected option '--at <seq>'"),
        (["state", "a.jsonl", "--at"], "Error: Missing value for '--at <seq>'"),
        (["state", "a.jsonl", "--at", "x"], "Error: The value 'x' is invalid for '--at <seq>'"),
        (["state", "a.jsonl", "--at", "-3"], "Error: The value '-3' is invalid for '--at <seq>'"),
        (["help", "nope"], "Error: Unknown subcommand 'nope'"),
    ]

    @Test(arguments: badCommandLines)
    func badUsageExits64WithTheUsageLine(arguments: [String], message: String) {
        let run = Run(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix(message))
        #expect(run.error.contains("Usage: modal-log"))
        #expect(run.error.contains("See 'modal-log"))
    }
}

@Suite struct ReplayCommandTests {
    @Test func printsTheFinalStateAsATree() {
        let run = Run(["replay", sample("EventLogs/modal-presenter/nested.jsonl")])
        #expect(run.status == 0 && run.error.isEmpty)
        #expect(run.output.hasPrefix("seq 10 · keyboard down\nroot \"default\" · window · level 0 · stack · 390x844\n"))
        #expect(run.output.hasSuffix("rejected: none\n"))
    }

    @Test func theTreeShowsModalsCardsSnapAndPayload() {
        let log = """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"root.register","root":"containers","keyboard":{"additional":20}}
            {"seq":2,"type":"modal.present","root":"containers","link":"menu","content":"Menu","payload":{"id":7},"snapPoints":[0.5,1],"sticky":"Chrome"}
            {"seq":3,"type":"card.push","root":"containers","link":"menu","content":"Detail"}
            {"seq":4,"type":"modal.present","root":"containers","link":"alert","content":"Alert","parent":"menu","style":"alert","canDismiss":false}
            {"seq":5,"type":"modal.dismiss","root":"containers","link":"menu"}
            {"seq":6,"type":"keyboard.change","height":300}
            {"seq":7,"type":"snap.to","root":"containers","link":"zzz","index":0}

            """
        let run = Run(["replay", "-"], standardInput: log)
        #expect(
            run.output == """
                seq 7 · keyboard 300
                root "containers" · window · level 0 · stack · 390x844
                │ dimming dismissTopmost, not visible · keyboard offsetByObscuredHeight +20, offset 320
                ├─ "menu" dismissing (programmatic) · sheet
                │    cards: Menu [sticky Chrome] > Detail (2 visible of 2)
                │    snap: index 0 of [0.5, 1] · position 0
                │    payload: {"id":7}
                └─ "alert" dismissing (parentDismissed) · alert · in "menu" · cannot dismiss
                     cards: Alert (1 visible of 1)
                     snap: index 0 of [1] · position 0
                rejected: 1
                  seq 7 unknownLink: no live modal "zzz" in root "containers"

                """)
    }

    @Test func jsonPrintsTheGoldenState() throws {
        let run = Run(["replay", sample("EventLogs/morph-modal-kit/replace-sticky.jsonl"), "--json"])
        #expect(run.status == 0)
        #expect(run.output == (try goldenText("morph-modal-kit/replace-sticky.json")))
    }

    @Test func aMalformedLogExits65NamingFileAndLine() {
        let path = sample("EventLogs/malformed/unknown-type.jsonl")
        let run = Run(["replay", path])
        #expect(run.status == 65 && run.output.isEmpty)
        #expect(
            run.error
                == "Error: \(path):3: unknown event type \"modal.presnt\"\nhint: add --lenient to skip malformed lines (each one a warning) and read on\n"
        )
    }

    @Test func aTornLastLineIsSkippedWithAWarning() {
        let path = sample("EventLogs/torn/torn-last-line.jsonl")
        let run = Run(["replay", path])
        #expect(run.status == 0)
        #expect(run.error == "warning: \(path):10: skipped a torn last line (46 bytes, no newline at its end)\n")
        #expect(run.output.hasPrefix("seq 8 · "))
    }

    @Test func aFolderOfLogsThatDoNotFollowOneAnotherExits65() {
        // A folder reads as the segments of one log; these logs each start at seq 1.
        let folder = sample("EventLogs/app-router")
        let run = Run(["replay", folder])
        #expect(run.status == 65)
        #expect(
            run.error
                == "Error: \(folder)/full-screen-cover.jsonl:1: the segment starts at seq 1, but the one before ends at seq 9\n"
        )
    }

    @Test func aMissingFileExits66() {
        let run = Run(["replay", "/nonexistent.jsonl"])
        #expect(run.status == 66)
        #expect(run.error == "Error: /nonexistent.jsonl: cannot open: no such file\n")
    }
}

@Suite struct StateCommandTests {
    static let log = sample("EventLogs/adaptive-modal/snap-points.jsonl")

    @Test func atZeroIsTheStateBeforeAnyEvent() {
        let run = Run(["state", Self.log, "--at", "0", "--json"])
        #expect(run.status == 0)
        #expect(run.output == ModalState().jsonText() + "\n")
    }

    @Test func atEachSeqIsTheFoldOfTheFirstEvents() throws {
        let entries = try EventLogReader(path: Self.log).readAll()
        var state = ModalState()
        for entry in entries {
            state.replay(entry)
            let run = Run(["state", Self.log, "--at=\(entry.seq)", "--json"])
            #expect(run.status == 0)
            #expect(run.output == state.jsonText() + "\n")
        }
        #expect(
            Run(["state", Self.log, "--at", "\(entries.count)", "--json"]).output
                == (try goldenText("adaptive-modal/snap-points.json")))
    }

    @Test func pastTheLastSeqExits64NamingTheLast() throws {
        let last = try EventLogReader(path: Self.log).readAll().count
        let run = Run(["state", Self.log, "--at", "\(last + 1)"])
        #expect(run.status == 64 && run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "Error: seq \(last + 1) is past the end of \(Self.log): its last event is seq \(last)\n"))
    }

    @Test func linesAfterTheSeqAreNotRead() {
        let path = sample("EventLogs/malformed/seq-out-of-order.jsonl")
        #expect(Run(["state", path, "--at", "2"]).status == 0)
        #expect(Run(["state", path, "--at", "3"]).status == 65)
    }
}

@Suite struct ValidateCommandTests {
    @Test(arguments: Fixtures.sampleLogs)
    func everySampleLogIsClean(log: String) {
        let run = Run(["validate", sample(log)])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasSuffix("none rejected\n"))
    }

    @Test(arguments: Fixtures.malformedLogs)
    func everyMalformedLogExits65NamingItsLine(file: String, kind: EventLogError.Kind, line: Int) {
        let path = sample("EventLogs/malformed/\(file)")
        let run = Run(["validate", path])
        #expect(run.status == 65)
        #expect(run.error.hasPrefix("Error: \(path):\(line): "))
    }

    @Test func rejectionsAreListedAndExit1() {
        let path = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")
        let run = Run(["validate", path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                seq 10: lastCard: modal "checkout" has one card left: dismiss the modal to close the stack; seq 9 card.pop set its cards, 0.6 s before
                \(path): 12 events, 1 rejected

                """)
    }

    @Test func theSampleReadmeListsEveryLog() throws {
        let readme = try Fixtures.text("EventLogs/README.md")
        for log in Fixtures.sampleLogs {
            #expect(
                readme.contains("`\(log.dropFirst("EventLogs/".count))`"), "EventLogs/README.md does not list \(log)")
        }
        for (file, kind, line) in Fixtures.malformedLogs {
            #expect(readme.contains("| `malformed/\(file)` | `\(kind)` | \(line) |"), "EventLogs/README.md: \(file)")
        }
    }

    @Test func readsStandardInput() throws {
        let text = try String(contentsOfFile: sample("EventLogs/modal-presenter/usage.jsonl"), encoding: .utf8)
        let run = Run(["validate", "-"], standardInput: text)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("-: ok, "))
    }
}
