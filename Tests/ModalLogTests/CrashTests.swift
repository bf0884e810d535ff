import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a real `modal-log append` with SIGKILL at random points while it
/// appends, 60 times, and checks the log after each: nothing the writer
/// acknowledged is lost, seq is contiguous, and the log validates once
/// `recover` has cut a torn tail.
@Suite(.serialized) struct CrashTests {
    /// The ways of writing the log: each is killed `killsPerSetup` times.
    static let setups: [(name: String, arguments: [String])] = [
        ("every", ["--sync", "every"]),
        ("group", ["--sync", "group"]),
        ("none", ["--sync", "none"]),
        ("segments", ["--sync", "every", "--segment-bytes", "2000", "--keep", "3"]),
    ]
    static let killsPerSetup = 15

    @Test(arguments: setups.map(\.name))
    func killingTheWriterLosesNothingItAcknowledged(setup: String) throws {
        let binary = try #require(BinaryTests.binary, "modal-log was not built beside the tests")
        let arguments = Self.setups.first { $0.name == setup }!.arguments
        let folder = try TemporaryFolder()
        let log = folder.file(setup == "segments" ? "log" : "log.jsonl")
        var random = SystemRandomNumberGenerator()
        var acknowledgedInAll = 0
        var tornTails = 0
        for kill in 1...Self.killsPerSetup {
            let start = try lastSeq(of: log)
            let acknowledged = try runAndKill(
                binary, ["append", log, "--ack"] + arguments,
                after: .milliseconds(Int.random(in: 5...120, using: &random)),
                registering: start == 0)
            guard let reader = try openedUnlessUnborn(log) else {
                // Killed before it had created the log (a slow start on a busy machine).
                #expect(acknowledged.isEmpty, "kill \(kill): acknowledged \(acknowledged) with no log on disk")
                continue
            }
            var state = try ModalState(startOf: reader)
            while let entry = try reader.next() { try state.replay(entry, readBy: reader) }
            #expect(state.rejected.isEmpty, "kill \(kill): \(state.rejected)")
            #expect(
                reader.lastSeq >= acknowledged.last ?? 0,
                "kill \(kill): the writer acknowledged seq \(acknowledged.last ?? 0), the log ends at \(reader.lastSeq)"
            )
            #expect(acknowledged == Array(acknowledged.indices.map { start + 1 + $0 }), "acknowledgements in order")
            acknowledgedInAll += acknowledged.count
            if reader.tornTail != nil { tornTails += 1 }
        }
        // The figures Docs/Reliability.md quotes.
        print(
            "CrashTests \(setup): \(Self.killsPerSetup) kills, \(acknowledgedInAll) events acknowledged, \(tornTails) torn tails"
        )
        // After recovering, the log is whole: it validates with no warning.
        let recover = try BinaryTests().run(["recover", log])
        #expect(recover.status == 0)
        let validate = try BinaryTests().run(["validate", log])
        #expect(validate.status == 0 && validate.error.isEmpty, "\(validate.output)\(validate.error)")
        #expect(acknowledgedInAll > Self.killsPerSetup, "the writer got to acknowledge events before being killed")
    }

    /// A reader of `log`, or `nil` when a writer killed while creating it
    /// left no log: no file, or one without a whole header (an empty file, a
    /// torn header, a folder with no segment yet), which the next writer
    /// replaces.
    func openedUnlessUnborn(_ log: String) throws -> EventLogReader? {
        guard FileManager.default.fileExists(atPath: log) else { return nil }
        do {
            return try EventLogReader(path: log)
        } catch  where error.kind == .emptyFile {
            return nil
        }
    }

    /// The seq a log ends at, torn tail skipped; 0 when there is none yet.
    func lastSeq(of log: String) throws -> Int {
        guard let reader = try openedUnlessUnborn(log) else { return 0 }
        while try reader.next() != nil {}
        return reader.lastSeq
    }

    /// Starts the tool, feeds it events until it is killed `after` its start,
    /// and returns the seqs it acknowledged.
    func runAndKill(_ binary: URL, _ arguments: [String], after delay: Duration, registering: Bool) throws -> [Int] {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        let feeder = Thread {
            // Events that always apply once the root is there; the pipe breaks when the tool dies.
            signal(SIGPIPE, SIG_IGN)
            var lines = registering ? [#"{"type":"root.register"}"#] : []
            var height = 0
            while process.isRunning {
                for _ in 0..<50 {
                    height = (height + 7) % 400
                    lines.append(#"{"type":"keyboard.change","height":\#(height)}"#)
                    lines.append(#"{"type":"root.resize","size":{"width":390,"height":\#(600 + height)}}"#)
                }
                let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
                lines = []
                do { try input.fileHandleForWriting.write(contentsOf: bytes) } catch { return }
            }
        }
        feeder.start()
        Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        let acknowledgements = output.fileHandleForReading.readDataToEndOfFile()
        // A kill can cut the last acknowledgement short: only whole lines count.
        let text = String(decoding: acknowledgements, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
    }
}
