import Foundation
import ModalEvents
import TestSupport
import Testing

@testable import modal_log

/// A command's options are its typed properties: parsing, help, completion
/// and "did you mean" come from those declarations, and no command reads an
/// option by its name.
@Suite struct ArgumentDeclarationTests {
    @Test func parsingGivesTypedValuesAndTheDefaultsOfWhatIsLeftOut() throws {
        let replay = try ReplayCommand.parse(["a.jsonl", "b.jsonl", "--skip", "4, 9", "--json", "-r"])
        #expect(replay.logs.paths == ["a.jsonl", "b.jsonl"] && replay.recursive)
        #expect(replay.skip == [4, 9] && replay.json && !replay.reading.noIndex && !replay.reading.lenient)
        #expect(replay.color.color == .auto)

        let append = try AppendCommand.parse(["log", "--sync=group", "--segment-bytes", "4096"])
        #expect(append.sync == .group && append.segmentBytes == 4096 && append.keep == nil && !append.ack)
        #expect(try AppendCommand.parse(["log"]).sync == .every, "the default")

        let diff = try DiffCommand.parse(["log", "3"])
        #expect(diff.a == 3 && diff.b == nil)
        let timeline = try TimelineCommand.parse(["log", "--type", "card.push,card.pop", "--where", "modals >= 2"])
        #expect(timeline.kind.type == [.cardPush, .cardPop] && timeline.kind.condition != nil)
        #expect(timeline.range.from == nil && timeline.place.source == nil)
        let export = try ExportCommand.parse(["log", "--format", "swift-test", "--name", "checkout"])
        #expect(export.format == .swiftTest && export.name == "checkout")
    }

    /// Each parse has values of its own: the boxes behind the wrappers are not shared between parses.
    @Test func twoParsesDoNotShareTheirValues() throws {
        let first = try StateCommand.parse(["log", "--at", "3"])
        let second = try StateCommand.parse(["log", "--at", "7", "--json"])
        #expect(first.at == 3 && !first.json && second.at == 7 && second.json)
    }

    @Test(arguments: [
        (["log", "--at", "x"], "The value 'x' is invalid for '--at <seq>': expected a seq, 0 or more"),
        (["log"], "Missing expected option '--at <seq>'"),
        (["log", "--at", "1", "--colour", "never"], "Unknown option '--colour'; did you mean '--color'?"),
        (
            ["log", "--at", "1", "--color", "nevr"],
            "The value 'nevr' is invalid for '--color <when>': expected auto, always or never; did you mean 'never'?"
        ),
        (["log", "--at", "1", "--json=yes"], "Flag '--json' takes no value"),
    ])
    func aBadValueIsAUsageErrorThatNamesTheOption(words: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try StateCommand.parse(words) }
    }

    /// Help and completion read the same declarations as the parser.
    @Test func helpAndCompletionComeFromTheDeclarations() throws {
        for command in ModalLog.commands {
            let description = command.description
            let names = description.options.map(\.name)
            #expect(Set(names).count == names.count, "\(description.name): an option declared twice")
            let help = HelpFormatter.help(for: description, path: "modal-log \(description.name)")
            for option in description.options { #expect(help.contains("--\(option.name)")) }
        }
        let append = AppendCommand.description
        #expect(append.options.first { $0.name == "sync" }?.completion == .words(["every", "group", "none"]))
        #expect(append.options.contains { $0.name == "segment-bytes" && $0.valueName == "bytes" }, "segmentBytes")
        #expect(StatsCommand.description.options.contains { $0.name == "per-log" && $0.isFlag })
        let bash = CompletionScript.script(for: ModalLog.description, shell: .bash)
        #expect(bash.contains("mermaid dot html swift-test"), "--format's words, from its enum")
    }

    /// A group is declared once and reads the same in every command that has it.
    @Test func aSharedGroupReadsTheSameEverywhere() throws {
        // The frame finds a group where it is, in a group of the command's too: --lenient's hint.
        #expect(try ReplayCommand.parse(["log", "--lenient"]).group(LenientOption.self)?.lenient == true)
        #expect(try TimelineCommand.parse(["log"]).group(LenientOption.self)?.lenient == false)
        #expect(try AppendCommand.parse(["log"]).group(LenientOption.self) == nil)
        let lenient = ModalLog.commands.compactMap { command in
            command.description.options.first { $0.name == "lenient" }?.help
        }
        #expect(lenient.count >= 8 && Set(lenient).count == 1)
    }

    /// The frame's one job with strings: no command looks an option up by its name.
    @Test func noCommandReadsAnOptionByAString() throws {
        for (file, text) in try toolSources() where !file.hasPrefix("Arguments/") {
            for pattern in ["options[\"", "positionals[\"", "lists[\"", ".has(\"", "ParsedArguments"] {
                #expect(!text.contains(pattern), "\(file) reads an option by a string: \(pattern)")
            }
        }
    }
}

/// The help, usage lines and completion scripts the declarations make are
/// the ones the tool printed before its options were typed (taken from
/// 21e4e87, in `Tests/Fixtures/help/`): the rebuild changed no option's
/// name, order, value or words. Since then, `serve` was added (its help,
/// and its lines in the tool's help and the scripts); nothing else changed.
@Suite struct HelpGoldenTests {
    static let commands = ModalLog.commands.map { $0.configuration.name }

    static func golden(_ name: String) throws -> String {
        try String(contentsOfFile: sample("Tests/Fixtures/help/\(name)"), encoding: .utf8)
    }

    @Test(arguments: commands)
    func eachCommandsHelpIsAsItWas(command: String) throws {
        #expect(Run(["help", command]).output == (try Self.golden("\(command).txt")))
    }

    @Test func theToolsHelpAndCompletionScriptsAreAsTheyWere() throws {
        #expect(Run(["--help"]).output == (try Self.golden("modal-log.txt")))
        for shell in ["bash", "zsh", "fish"] {
            #expect(Run(["completion", shell]).output == (try Self.golden("completion.\(shell)")), "\(shell)")
        }
    }
}
