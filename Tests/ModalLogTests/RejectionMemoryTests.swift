import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// A log full of rejections costs no more memory than its size: each
/// rejection is kept once, in 12 bytes beside a reason kept once, and the
/// tool prints them a chunk at a time (issue 31: `replay` of a 73 MB log of
/// rejections peaked at 1.1 GB).
@Suite struct RejectionMemoryTests {
    /// The peak resident memory of the built tool running `arguments`, in
    /// kilobytes, as `/usr/bin/time` reports it; `nil` where it is missing.
    func peakKilobytes(_ arguments: [String]) throws -> Int? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let binary = try #require(builtProgram("modal-log"), "modal-log was not built beside the tests")
        let result = try runProgram("/usr/bin/time", ["-f", "peak %M", binary] + arguments)
        let line = try #require(result.error.split(separator: "\n").last { $0.hasPrefix("peak ") })
        return Int(line.dropFirst("peak ".count))
    }

    /// A step, a debugger's state and validate hand each rejection on and
    /// empty the state's list through one type, ``RejectionTally``: its
    /// count is every rejection the state has had, from those of the state
    /// it starts from (a snapshot's) on.
    @Test func oneTallyTakesTheRejectedListAndCountsEveryRejection() throws {
        var start = ModalState()
        start.replay(LoggedEvent(seq: 1, event: .dimmingTap(root: "ghost")))
        start.replay(LoggedEvent(seq: 2, event: .rootRegister(RootRegistration())))
        let header = LogHeader(from: 3, snapshot: start.json)
        let log =
            EventLogEncoder.encode(header)
            + EventLogEncoder.encode(LoggedEvent(seq: 3, event: .dimmingTap(root: "ghost")))
            + EventLogEncoder.encode(LoggedEvent(seq: 4, event: .dimmingTap()))
        var replay = Replay(cursor: try LogCursor(.bytes(log, name: "log")))
        var counts: [Int] = []
        try replay.forEachStep { step, state in
            #expect(state.rejected.isEmpty, "in its step, not in the state")
            counts.append(step.rejectionCount)
            return true
        }
        #expect(counts == [2, 2], "the snapshot's rejection, then seq 3's")
        #expect(replay.rejectionCount == 1 && replay.tally.count == 2)
        // The one place: no other file of the tool empties the list.
        let emptying = try toolSources().filter { $0.text.contains("rejected.removeAll") }.map(\.file)
        #expect(emptying == ["Reading/Step.swift"])
    }

    /// The JSON written a chunk at a time is the state's own, byte for
    /// byte, whatever its messages hold (names with quotes, line breaks,
    /// control characters and accents, as the rejections quote them).
    @Test func theJSONWrittenInChunksIsTheStatesJSON() throws {
        let roots = [#"a\"b"#, #"line\nbreak"#, #"bell\u0007"#, "é€😀", #"back\\slash"#]
        let lines =
            [#"{"format":"modal-events","version":2}"#, #"{"seq":1,"type":"root.register"}"#]
            + (0..<3_000).map { #"{"seq":\#($0 + 2),"type":"dimming.tap","root":"\#(roots[$0 % roots.count])"}"# }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let run = Run(["replay", "-", "--json"], standardInput: String(decoding: bytes, as: UTF8.self))
        let reader = try EventLogReader(bytes: bytes)
        let state = try replayed(reader: reader)
        #expect(state.rejected.count == 3_000)
        #expect(run.output == state.jsonText() + "\n")
    }

    @Test(arguments: [["replay"], ["replay", "--json"], ["state", "--at", "LAST"]])
    func theStateOfALogOfRejectionsGrowsLessThanTheLog(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        var peaks: [Int] = []
        var sizes: [Int] = []
        for count in [50_000, 150_000] {
            let log = folder.file("rejected-\(count).jsonl")
            let lines =
                [#"{"format":"modal-events","version":2}"#]
                + (1...count).map { #"{"seq":\#($0),"type":"dimming.tap"}"# }
            try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
            sizes.append(try FileManager.default.attributesOfItem(atPath: log)[.size] as! Int)
            let arguments = [command[0], log] + command.dropFirst().map { $0 == "LAST" ? String(count) : $0 }
            guard let peak = try peakKilobytes(arguments + ["--no-index"]) else {
                print("RejectionMemoryTests: /usr/bin/time is missing (Debian's 'time'): not measured")
                return
            }
            peaks.append(peak * 1024)
        }
        // What 100,000 more rejections cost the process, against what they cost the log.
        let grown = peaks[1] - peaks[0]
        let logGrown = sizes[1] - sizes[0]
        print("RejectionMemoryTests: \(command.joined(separator: " ")): +\(grown) bytes for +\(logGrown) of log")
        #expect(grown < logGrown, "100,000 more rejections cost \(grown) bytes of memory, the log \(logGrown)")
    }
}
