import Foundation
import ModalEvents
import TestSupport
import Testing

@testable import modal_log

/// Commands that change a log act on the log a link names, never on the
/// link; what a crash while creating a log leaves is repaired, by
/// `recover` as by `append`, which both say so; a torn last line is cut
/// however long it is; a segment whose header disagrees with the replay
/// is an error.
@Suite struct LinksAndHalfMadeLogTests {
    /// A version-1 copy of the tour in `real/`, and `link.jsonl` naming it.
    func linkedLog(in folder: TemporaryFolder) throws -> (link: String, real: String) {
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let real = folder.file("real/tour.jsonl")
        try FileManager.default.copyItem(atPath: Fixtures.path("EventLogs/tour.jsonl"), toPath: real)
        let link = folder.file("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/tour.jsonl")
        return (link, real)
    }

    func isLink(_ path: String) throws -> Bool {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeSymbolicLink
    }

    @Test func upgradeThroughALinkUpgradesTheLogItNames() throws {
        let folder = try TemporaryFolder()
        let (link, real) = try linkedLog(in: folder)
        let run = Run(["upgrade", link])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("note: \(link) is a link to \(folder.file("real/tour.jsonl"))"))
        #expect(try isLink(link), "the link was replaced")
        #expect(try EventLogReader(path: real).header.version == 2)
    }

    @Test(arguments: [["index"], ["recover"], ["append"]])
    func aCommandThatChangesALogLeavesTheLinkALink(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let (link, real) = try linkedLog(in: folder)
        let run = Run([command[0], link], standardInput: #"{"type":"dimming.tap","root":"sheets"}"#)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("is a link to "), "\(run.error)")
        #expect(try isLink(link))
        if command == ["index"] {
            #expect(FileManager.default.fileExists(atPath: real + ".index"), "the index sits beside the log")
            #expect(!FileManager.default.fileExists(atPath: link + ".index"))
            #expect(Run(["index", link, "--check"]).status == 0, "read through the link, the index is found")
        }
    }

    @Test(arguments: ["", #"{"format":"modal-ev"#])
    func recoverAndAppendRepairWhatACrashWhileCreatingALogLeft(_ content: String) throws {
        let folder = try TemporaryFolder()
        for command in ["recover", "append"] {
            let log = folder.file("\(command).jsonl")
            try content.write(toFile: log, atomically: true, encoding: .utf8)
            let run = Run([command, log], standardInput: #"{"type":"root.register"}"#)
            #expect(run.status == 0, "\(command): \(run.error)")
            #expect(
                (run.output + run.error).contains(content.isEmpty ? "replaced an empty file" : "replaced a torn header")
            )
            #expect(Run(["validate", log]).status == 0)
        }
    }

    @Test func recoverRepairsAFolderWhoseOnlySegmentIsEmpty() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("segments")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        try "".write(toFile: log + "/00000000000000000001.jsonl", atomically: true, encoding: .utf8)
        let run = Run(["recover", log])
        #expect(run.status == 0 && run.output.contains("repaired: "), "\(run.error)")
        #expect(Run(["validate", log]).status == 0)
    }

    @Test func appendingToANewLogSaysNothingWasReplaced() throws {
        let folder = try TemporaryFolder()
        let run = Run(["append", folder.file("new.jsonl")], standardInput: #"{"type":"root.register"}"#)
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
    }

    @Test func recoverCutsATornLastLineLongerThanTheLineLimit() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("long.jsonl")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("EventLogs/tour.jsonl")))
        let torn =
            Array(#"{"seq":15,"type":"modal.present","link":""#.utf8)
            + Array(repeating: UInt8(ascii: "x"), count: 17 << 20)
        bytes.append(contentsOf: torn)
        try bytes.write(to: URL(fileURLWithPath: log))
        #expect(Run(["validate", log]).status == 0, "a torn tail is skipped with a warning, however long")
        let run = Run(["recover", log])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("cut off a torn last line"), "\(run.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: log)).count == bytes.count - torn.count)
    }

    /// A root and 30 keyboard changes, as a folder of segments of 300 bytes: `segments`.
    func segmentedLog(in folder: TemporaryFolder) throws -> String {
        let log = folder.file("segments")
        let input = ([#"{"type":"root.register"}"#] + (1...30).map { #"{"type":"keyboard.change","height":\#($0)}"# })
            .joined(separator: "\n")
        #expect(Run(["append", log, "--segment-bytes", "300"], standardInput: input).status == 0)
        return log
    }

    @Test func aReplayThatSkipsEventsCrossesSegmentsItsWay() throws {
        let folder = try TemporaryFolder()
        let log = try segmentedLog(in: folder)
        // Without its root the state differs from every later segment's header, as a what-if means it to.
        let run = Run(["replay", log, "--skip", "1"])
        #expect(run.status == 0, "\(run.error)")
    }

    @Test func aMiddleSegmentWhoseHeaderDisagreesWithTheReplayIsAnError() throws {
        let folder = try TemporaryFolder()
        let log = try segmentedLog(in: folder)
        let segments = try folder.names(in: "segments").sorted()
        #expect(segments.count >= 3)
        let middle = "\(log)/\(segments[1])"
        var lines = try String(contentsOfFile: middle, encoding: .utf8).components(separatedBy: "\n")
        let forged = lines[0].replacingOccurrences(
            of: #""height":[0-9]+"#, with: #""height":999"#, options: .regularExpression)
        #expect(forged != lines[0])
        lines[0] = forged
        try lines.joined(separator: "\n").write(toFile: middle, atomically: true, encoding: .utf8)
        let run = Run(["validate", log])
        #expect(run.status == ExitCode.dataError, "\(run.output)")
        #expect(run.error.contains("\(middle):1: the header's state is not the state the segments before it replay to"))
    }
}
