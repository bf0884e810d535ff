import Foundation
import ModalEvents
import TestSupport
import Testing

@testable import modal_log

/// Questions across many logs: `scan`, `--recursive`, and reading in parallel.
@Suite struct ScanTests {
    /// A tree of logs: two sessions at the top, one in a subfolder, one
    /// written in segments (one log), a malformed one, and a file that is not a log.
    static func fleet() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let tour = try String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8)
        try folder.write(tour, to: "a-tour.jsonl")
        try folder.write(
            try String(contentsOfFile: sample("EventLogs/version-2/toast-queue.jsonl"), encoding: .utf8),
            to: "b-toasts.jsonl")
        try FileManager.default.createDirectory(atPath: folder.file("day-2"), withIntermediateDirectories: true)
        try folder.write(tour, to: "day-2/c-tour.jsonl")
        try folder.write("not a log", to: "day-2/notes.txt")
        let events = tour.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        #expect(
            Run(["append", folder.file("day-2/d-segments"), "--segment-bytes", "400"], standardInput: events).status
                == 0)
        try folder.write(
            try String(contentsOfFile: sample("EventLogs/malformed/unknown-type.jsonl"), encoding: .utf8),
            to: "e-broken.jsonl")
        return folder
    }

    @Test func eachLogOfATreeSaysWhereTheConditionFirstHolds() throws {
        let folder = try Self.fleet()
        #expect(ManyLogs.isSegmentFolder(folder.file("day-2/d-segments")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("day-2/d-segments")).count > 1)
        let run = Run(["scan", folder.path, "--recursive", "--where", "keyboard > 0"])
        #expect(run.status == 65, "a malformed log is an error, and the rest are read")
        #expect(
            run.output == """
                \(folder.file("a-tour.jsonl")): seq 11
                \(folder.file("b-toasts.jsonl")): never
                \(folder.file("day-2/c-tour.jsonl")): seq 11
                \(folder.file("day-2/d-segments")): seq 11
                3 of 5 logs matched; 1 could not be read

                """)
        #expect(run.error.hasPrefix("Error: \(folder.file("e-broken.jsonl")):3: unknown event type \"modal.presnt\"\n"))
    }

    @Test func allJsonAndTheExitStatus() throws {
        let tour = sample("EventLogs/tour.jsonl")
        let queue = sample("EventLogs/version-2/toast-queue.jsonl")
        let all = Run(["scan", tour, queue, "--where", "keyboard > 0 or queued(toasts) > 0", "--all", "--json"])
        #expect(all.status == 0)
        let lines = try all.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        #expect(lines.count == 2)
        #expect(lines[0] == ["log": .string(tour), "seqs": [11], "read": 14])
        #expect(lines[1]["log"] == .string(queue) && lines[1]["seqs"] == [3])
        #expect(Run(["scan", tour, queue, "--where", "depth(sheets) > 5"]).status == 1)
        #expect(Run(["scan", tour, "--where", "depth(sheets) > 1"]).output == "\(tour): seq 7\n1 of 1 log matched\n")
        #expect(Run(["scan", "-", "--where", "seq > 1"]).status == 64)
        #expect(Run(["scan", tour]).status == 64, "--where is required")
    }

    @Test func statsAddManyLogsUpOrGivesEachWithPerLog() throws {
        let folder = try Self.fleet()
        try FileManager.default.removeItem(atPath: folder.file("e-broken.jsonl"))
        let perLog = Run(["stats", folder.path, "--recursive", "--per-log", "--json"])
        #expect(perLog.status == 0)
        let lines = try perLog.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        #expect(
            lines.map { $0["log"]?.stringValue }
                == ["a-tour.jsonl", "b-toasts.jsonl", "day-2/c-tour.jsonl", "day-2/d-segments"].map { folder.file($0) })
        let sum = try JSONReader.read(Array(Run(["stats", folder.path, "--recursive", "--json"]).output.utf8))
        func int(_ value: JSONValue?) -> Int { Int(value?.doubleValue ?? -1) }
        #expect(int(sum["logs"]) == 4)
        for key in ["events", "presented", "dismissed", "dismissing", "queued", "rejected"] {
            #expect(int(sum[key]) == lines.reduce(0) { $0 + int($1[key]) }, "\(key)")
        }
        #expect(int(sum["byType"]?["modal.present"]) == lines.reduce(0) { $0 + int($1["byType"]?["modal.present"]) })
        let text = Run(["stats", folder.file("a-tour.jsonl"), folder.file("b-toasts.jsonl")]).output
        #expect(text.hasPrefix("2 logs: 26 events\nby type:\n"))
        #expect(text.contains("deepest stack: 3 modals in root toasts of \(folder.file("b-toasts.jsonl")) at seq 4\n"))
        // One log is as before: its path, its seqs and times.
        #expect(
            Run(["stats", folder.file("a-tour.jsonl")]).output.hasPrefix(
                "\(folder.file("a-tour.jsonl")): 14 events, seq 1 to 14\ntime: "))
    }

    @Test func timelineOfManyLogsIsOneFlatTable() throws {
        let folder = try Self.fleet()
        try FileManager.default.removeItem(atPath: folder.file("e-broken.jsonl"))
        let run = Run(["timeline", folder.path, "--recursive", "--json"])
        #expect(run.status == 0)
        let rows = try run.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        #expect(rows.count == 14 * 3 + 12, "every event of the four logs")
        let columns = [
            "log", "seq", "time", "type", "root", "link", "effect", "rejected", "changes", "source", "caller",
            "session", "outcome", "code", "message", "phaseBefore", "phaseAfter", "info",
        ]
        for row in rows {
            guard case .object(let members) = row else { continue }
            #expect(Array(members.map(\.key).prefix(columns.count)) == columns)
        }
        #expect(Set(rows.compactMap { $0["log"]?.stringValue }).count == 4)
        let text = Run([
            "timeline", folder.file("a-tour.jsonl"), folder.file("b-toasts.jsonl"), "--type", "modal.dismiss",
        ])
        #expect(text.output.hasPrefix("== \(folder.file("a-tour.jsonl"))\n14 12.800  modal.dismiss "))
        #expect(text.output.contains("\n== \(folder.file("b-toasts.jsonl"))\n"))
        #expect(Run(["timeline", folder.file("a-tour.jsonl"), folder.file("b-toasts.jsonl"), "--follow"]).status == 64)
    }

    @Test func aLinkBackUpIsNotFollowedAndEachLogIsReadOnce() throws {
        let folder = try Self.fleet()
        try FileManager.default.removeItem(atPath: folder.file("e-broken.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("day-2/loop"), withDestinationPath: folder.path)
        let run = Run(["scan", folder.path, folder.file("day-2"), "--recursive", "--where", "keyboard > 0"])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").count == 5, "\(run.output)")
        #expect(run.output.hasSuffix("\n3 of 4 logs matched\n"), "\(run.output)")
        // A log named twice is one log; a sum has no seqs or times of its own.
        let twice = Run(["stats", folder.file("a-tour.jsonl"), folder.file("a-tour.jsonl"), "--json"])
        #expect(twice.output == Run(["stats", folder.file("a-tour.jsonl"), "--json"]).output)
        let pair = Run(["stats", folder.file("a-tour.jsonl"), folder.file("day-2/c-tour.jsonl"), "--json"])
        let sum = try JSONReader.read(Array(pair.output.utf8))
        #expect(sum["logs"] == 2 && sum["lastSeq"] == nil && sum["sessionSeqs"] == nil && sum["events"] == 28)
    }

    @Test func aBadFilterOverManyLogsIsOneUsageError() {
        let tour = sample("EventLogs/tour.jsonl")
        let queue = sample("EventLogs/version-2/toast-queue.jsonl")
        let run = Run(["timeline", tour, queue, "--type", "modal.presnt"])
        #expect(run.status == 64)
        #expect(run.error.components(separatedBy: "Error: ").count == 2)
        #expect(run.error.contains("did you mean 'modal.present'?"))
        // One log of many without the link is no slip: no warning.
        #expect(Run(["timeline", tour, queue, "--link", "checkout"]).error.isEmpty)
    }

    /// replay, state, validate and bisect take many logs as timeline does:
    /// each one's output whole under its name, as it prints alone; JSON a
    /// line per log naming it; the exit status the worst (a search: found in one).
    @Test func everyReadingCommandTakesManyLogs() throws {
        let folder = try Self.fleet()
        let (tour, toasts, broken) = (
            folder.file("a-tour.jsonl"), folder.file("b-toasts.jsonl"), folder.file("e-broken.jsonl")
        )
        let rejections = sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")
        for command in [["replay"], ["state", "--at", "3"], ["validate"], ["bisect", "--where", "depth(sheets) > 1"]] {
            let name = command[0]
            let options = Array(command.dropFirst())
            let alone = [tour, toasts].map { Run([name, $0] + options) }
            let both = Run([name, tour, toasts] + options)
            #expect(
                both.output == "== \(tour)\n\(alone[0].output)== \(toasts)\n\(alone[1].output)"
                    + (name == "validate" ? "2 logs: 2 ok\n" : ""), "\(name)")
            #expect(both.status == (name == "bisect" ? 0 : alone.map(\.status).max()!), "\(name)")
            // A log that cannot be read is named, and the others are still read.
            let withBroken = Run([name, tour, broken] + options)
            #expect(withBroken.status == 65 && withBroken.output.hasPrefix("== \(tour)\n\(alone[0].output)"), "\(name)")
            #expect(withBroken.error.hasPrefix("Error: \(broken):3: unknown event type"), "\(name)")
        }
        let validated = Run(["validate", folder.path, rejections, "--recursive"])
        #expect(validated.status == 65)
        #expect(validated.output.hasSuffix("\n6 logs: 4 ok, 1 with rejections, 1 malformed\n"))
        #expect(Run(["validate", tour, rejections]).status == 1, "rejections in one log: exit 1")
        #expect(Run(["bisect", tour, toasts, "--where", "depth(sheets) > 5"]).status == 1, "in none: exit 1")
        // JSON: a line per log, {"log", "state"}; the state is the one the log alone gives.
        let json = Run(["state", tour, toasts, "--at", "4", "--json"])
        let lines = try json.output.split(separator: "\n").map { try JSONReader.read(Array($0.utf8)) }
        #expect(lines.map { $0["log"]?.stringValue } == [tour, toasts])
        #expect(
            lines[0]["state"] == (try JSONReader.read(Array(Run(["state", tour, "--at", "4", "--json"]).output.utf8))))
        // A seq past one log's end is that log's error (64); the other still prints.
        let short = Run(["state", tour, toasts, "--at", "13"])
        #expect(short.status == 64 && short.output.hasPrefix("== \(tour)\n") && short.error.contains("seq 13"))
        #expect(Run(["replay", "-", tour]).status == 64, "standard input is one log alone")
        // A path longer than the terminal is named whole: only the timeline's lines are cut to it.
        let deep = folder.file(String(repeating: "a-long-folder-name-", count: 5))
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tour, toPath: "\(deep)/tour.jsonl")
        #expect(Run(["replay", "\(deep)/tour.jsonl", toasts]).output.hasPrefix("== \(deep)/tour.jsonl\n"))
        // A log named twice (./, a link) is read once, alone; --recursive gives the form of many even for one.
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.jsonl"), withDestinationPath: tour)
        let once = Run(["validate", tour, "\(folder.path)/./a-tour.jsonl", folder.file("link.jsonl")])
        #expect(once.output == Run(["validate", tour]).output)
        #expect(Run(["validate", tour, "--recursive"]).output.hasSuffix("\n1 log: 1 ok\n"))
        // A malformed line in one log of many: one hint to add --lenient, after the last log.
        let malformed = Run(["validate", broken, tour, broken.replacing("e-broken", with: "day-2/../e-broken")])
        #expect(malformed.error.components(separatedBy: "hint: add --lenient").count == 2, "\(malformed.error)")
        #expect(
            malformed.error.hasSuffix("hint: add --lenient to skip malformed lines (each one a warning) and read on\n"))
        #expect(!Run(["validate", broken, tour, "--lenient"]).error.contains("hint:"))
        let skipped = Run(["replay", tour, folder.file("day-2/c-tour.jsonl"), "--skip", "5", "--json"])
        #expect(skipped.status == 0 && skipped.error.hasPrefix("\(tour): skipped: seq 5\n"))
    }

    /// In a terminal, where standard output and error are one stream, a
    /// log's errors come under its `== LOG` line, not the one before.
    @Test func aLogsErrorsComeUnderItsName() throws {
        let binary = try #require(BinaryTests.binary, "modal-log was not built beside the tests").path
        let tour = sample("EventLogs/tour.jsonl")
        let queue = sample("EventLogs/version-2/toast-queue.jsonl")
        let run = try runProgram(
            "/bin/sh", ["-c", "'\(binary)' state '\(tour)' '\(queue)' /nonexistent.jsonl --at 13 2>&1"])
        let lines = run.output.split(separator: "\n").map(String.init)
        let named = lines.indices.filter { lines[$0].hasPrefix("== ") }
        #expect(named.count == 3)
        #expect(lines[named[1] + 1].hasPrefix("Error: seq 13 is past the end of \(queue)"), "\(run.output)")
        #expect(lines[named[2] + 1].hasPrefix("Error: /nonexistent.jsonl: cannot open"), "\(run.output)")
    }

    @Test func manyLogsReadInParallelPrintInTheOrderGiven() throws {
        let folder = try TemporaryFolder()
        let tour = try String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8)
        var paths: [String] = []
        for index in 0..<40 {
            // Each log's keyboard rises at a seq of its own: 3 + index % 11.
            let lines = tour.split(separator: "\n").map(String.init)
            let keyboard = lines.firstIndex { $0.contains("keyboard.change") }!
            var moved = Array(lines[0..<keyboard]) + Array(lines[(keyboard + 1)...])
            moved.insert(lines[keyboard], at: 3 + index % 11)
            let renumbered = moved.enumerated().map { place, line in
                place == 0 ? line : line.replacing(/"seq":\d+/, with: "\"seq\":\(place)")
            }
            try folder.write(renumbered.joined(separator: "\n") + "\n", to: "log-\(index).jsonl")
            paths.append(folder.file("log-\(index).jsonl"))
        }
        let run = Run(["scan"] + paths + ["--where", "keyboard > 0"])
        let expected =
            paths.enumerated().map { index, path in "\(path): seq \(3 + index % 11)" }
            + ["\(paths.count) of \(paths.count) logs matched"]
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }
}
