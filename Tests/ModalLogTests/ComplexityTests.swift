import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// Nothing grows faster than n log n in any dimension of its input (issue
/// 18): each test times one operation at a size n and at 2n and checks that
/// the time at most about doubles. Ratios, not times, so a slow or loaded
/// machine passes as a fast one does; each time is the best of several runs,
/// and a ratio over the bound is measured again before the test fails, as
/// another build on the machine can slow one run down. Quadratic work shows
/// as a ratio near 4. The sizes keep each case near 100 ms at 2n in a debug
/// build, past the limits of `ModalLimits` where the reducer alone is timed
/// (it applies none). Docs/Reliability.md gives the measured ratios.
@Suite(.serialized) struct ComplexityTests {
    /// The largest ratio of the time at 2n to the time at n that passes:
    /// linear work measures 1.9 to 2.3, quadratic work near 4.
    static let largestRatio = 2.8

    /// The time `body` takes, the best of `runs`, in seconds.
    static func seconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }

    /// Times `body` at `size` and at twice `size` (after `make` built its
    /// input, untimed), up to five times while the ratio is over the bound,
    /// prints the ratio and checks it.
    static func expectLinear<Input>(
        _ dimension: String, size: Int, make: (Int) throws -> Input, _ body: (Input) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let small = try make(size)
        let large = try make(2 * size)
        var ratios: [Double] = []
        for _ in 0..<5 {
            let ratio = try seconds { try body(large) } / seconds { try body(small) }
            ratios.append(ratio)
            if ratio <= largestRatio { break }
        }
        let text = ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
        print("ComplexityTests: \(dimension), n = \(size) -> \(2 * size): time ratio \(text)")
        #expect(
            ratios.last! <= largestRatio, "\(dimension): doubling n multiplied the time by \(text)",
            sourceLocation: sourceLocation)
    }

    // MARK: Logs to time

    static func log(_ lines: [String]) -> [UInt8] {
        Array(([#"{"format":"modal-events","version":2}"#] + lines).joined(separator: "\n").utf8) + [10]
    }

    static func replay(_ bytes: [UInt8]) throws -> ModalState {
        let reader = try EventLogReader(bytes: bytes)
        var state = ModalState()
        while let entry = try reader.next() { state.replay(entry) }
        return state
    }

    /// A root of `policy` (seq 1) and `count` modals presented in it, `m0` first.
    static func presents(_ count: Int, policy: String = "stack") -> [String] {
        [#"{"seq":1,"type":"root.register","policy":"\#(policy)"}"#]
            + (0..<count).map { #"{"seq":\#($0 + 2),"type":"modal.present","link":"m\#($0)","content":"C"}"# }
    }

    /// `count` modals dismissed, from the bottom (`m0`) up, after ``presents(_:policy:)``.
    static func dismissals(_ count: Int) -> [String] {
        (0..<count).map { #"{"seq":\#(count + 2 + $0),"type":"modal.dismissed","link":"m\#($0)"}"# }
    }

    /// A modal (seq 2) and `count` cards pushed onto it.
    static func pushes(_ count: Int) -> [String] {
        presents(1) + (0..<count).map { #"{"seq":\#($0 + 3),"type":"card.push","link":"m0","content":"c\#($0)"}"# }
    }

    /// Writes `lines` as a log in `folder` and returns its path.
    static func file(_ lines: [String], in folder: TemporaryFolder, name: String) throws -> String {
        let path = folder.file(name)
        try Data(log(lines)).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: Reading

    @Test func unknownKeysInALine() throws {
        try Self.expectLinear("unknown keys in a line", size: 10_000) { count in
            let keys = (0..<count).map { #""k\#($0)":1"# }.joined(separator: ",")
            return Self.log([#"{"seq":1,"type":"dimming.tap",\#(keys)}"#])
        } _: { bytes in
            _ = try EventLogReader(bytes: bytes).readAll()
        }
    }

    @Test func eventsInABatchWithLoggedNumbers() throws {
        try Self.expectLinear("events in a batch", size: 500) { count in
            let events = (0..<count).map { #"{"type":"root.register","root":"r\#($0)","level":1.5}"# }
            return Self.log([#"{"seq":1,"type":"batch","events":[\#(events.joined(separator: ","))]}"#])
        } _: { bytes in
            var state = ModalState()
            for entry in try EventLogReader(bytes: bytes).readAll() {
                state.replay(entry)
                _ = EventLogEncoder.line(entry.json)
            }
        }
    }

    @Test func segmentsOfAFolder() throws {
        let folder = try TemporaryFolder()
        try Self.expectLinear("segments of a folder", size: 100) { count in
            let path = folder.file("segments-\(count)")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            var state = ModalState()
            for seq in 1...count {
                let header = LogHeader(from: seq, snapshot: seq == 1 ? nil : state.json)
                let entry = LoggedEvent(seq: seq, event: .keyboardChange(height: Double(seq)))
                state.replay(entry)
                let name = String(repeating: "0", count: 20 - String(seq).count) + "\(seq).jsonl"
                try Data(EventLogEncoder.line(header.json) + EventLogEncoder.line(entry.json)).write(
                    to: URL(fileURLWithPath: path + "/" + name))
            }
            return path
        } _: { path in
            _ = try replayed(.path(path))
        }
    }

    // MARK: The reducer

    @Test func rootsRegisteredAndFound() throws {
        try Self.expectLinear("roots", size: 1_000) { count in
            let registrations = (0..<count).map {
                #"{"seq":\#($0 + 1),"type":"root.register","root":"r\#($0)","level":\#(-$0)}"#
            }
            let taps = (0..<count).map { #"{"seq":\#(count + 1 + $0),"type":"dimming.tap","root":"r\#($0)"}"# }
            return Self.log(registrations + taps)
        } _: { bytes in
            _ = try Self.replay(bytes)
        }
    }

    @Test(arguments: ["stack", "queue", "single"])
    func modalsInARoot(policy: String) throws {
        try Self.expectLinear("modals in a \(policy) root", size: 1_000) { count in
            Self.log(Self.presents(count, policy: policy) + Self.dismissals(count))
        } _: { bytes in
            _ = try Self.replay(bytes)
        }
    }

    @Test func cardsOfAModal() throws {
        try Self.expectLinear("cards", size: 1_000) { count in
            Self.log(Self.pushes(count))
        } _: { bytes in
            _ = try Self.replay(bytes)
        }
    }

    @Test func modalsOfAStateInJSON() throws {
        try Self.expectLinear("modals of a state in JSON", size: 1_000) { count in
            try Self.replay(Self.log(Self.presents(count))).json.serialized()
        } _: { text in
            _ = try ModalState(json: JSONReader.read(Array(text.utf8)))
        }
    }

    // MARK: The tool

    @Test func conditionOfBisect() throws {
        let folder = try TemporaryFolder()
        let path = try Self.file(Self.presents(200), in: folder, name: "presents.jsonl")
        try Self.expectLinear("terms of a condition", size: 2_000) { count in
            (0..<count).map { "depth(default) == \($0 + 1_000)" }.joined(separator: " or ")
        } _: { condition in
            #expect(Run(["bisect", path, "--where", condition]).status == 1)
        }
    }

    @Test func modalsInARootStepByStep() throws {
        let folder = try TemporaryFolder()
        try Self.expectLinear("modals in a root, bisect", size: 500) { count in
            try Self.file(Self.presents(count) + Self.dismissals(count), in: folder, name: "modals-\(count).jsonl")
        } _: { path in
            #expect(Run(["bisect", path, "--where", "rejected"]).status == 1)
        }
    }

    /// `doctor`'s own checks look at a step's roots' topmost modals and at
    /// the fronts of its waits only: over a root of many modals presenting at
    /// once (each a present while another presents) or waiting in a queue,
    /// with times so that every wait is timed, they stay linear. (The steps
    /// are made first, untimed: what a described step costs is the
    /// timeline's, O(modals of its root) when a root's order changes.)
    @Test(arguments: ["stack", "queue"])
    func modalsInARootDoctored(policy: String) throws {
        try Self.expectLinear("modals in a \(policy) root, doctor's checks", size: 300) { count in
            let timed = (Self.presents(count, policy: policy) + Self.dismissals(count)).enumerated().map {
                index, line in
                line.replacing("{", with: #"{"time":\#(Double(index) / 100),"#, maxReplacements: 1)
            }
            let reader = try EventLogReader(bytes: Self.log(timed))
            var state = ModalState()
            var tally = RejectionTally()
            var steps: [(Step, ModalState)] = []
            while let entry = try reader.next() {
                steps.append((Step.taking(entry, to: &state, tally: &tally), state))
            }
            return steps
        } _: { steps in
            var checkup = Checkup()
            for (step, state) in steps { checkup.observe(step, after: state) }
            #expect(!checkup.findings.isEmpty)
        }
    }

    /// Each rejection's cause is found looking only at what each event
    /// touched (a tracker that compared every modal of a changed root
    /// made this cubic).
    @Test func modalsInARootWithRejectionsValidated() throws {
        let folder = try TemporaryFolder()
        try Self.expectLinear("modals in a root, validate", size: 500) { count in
            let presents = Self.presents(count)
            let again = #"{"seq":\#(count + 2),"type":"modal.present","link":"m0","content":"A"}"#
            let shifted = Self.dismissals(count).map { line in
                line.replacing(/"seq":(\d+)/) { #""seq":\#(Int($0.output.1)! + 1)"# }
            }
            return try Self.file(presents + [again] + shifted, in: folder, name: "validated-\(count).jsonl")
        } _: { path in
            let run = Run(["validate", path])
            #expect(run.status == 1 && run.output.contains("; seq 2 modal.present presented it"), "\(run.output)")
        }
    }

    /// `count` events, each rejected (no root was registered).
    static func rejections(_ count: Int) -> [String] {
        (1...count).map { #"{"seq":\#($0),"type":"dimming.tap"}"# }
    }

    /// A log full of rejections through every command that keeps a state
    /// per step or prints them all: each rejection is kept once, and a
    /// diff walks only the ones between its two states (issue 31: `diff 1
    /// N` copied the state per step, diffed the whole list, and grouped its
    /// changes by a linear search).
    @Test(arguments: [
        ["diff", "1"], ["replay"], ["replay", "--json"], ["timeline"], ["bisect", "--where", "seq > 0", "--all"],
    ])
    func rejectionsStepByStep(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        try Self.expectLinear("rejections, \(command.joined(separator: " "))", size: 2_000) { count in
            try Self.file(Self.rejections(count), in: folder, name: "rejected-\(count).jsonl")
        } _: { path in
            let count = String(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count - 1)
            var arguments = [command[0], path] + command.dropFirst()
            if command[0] == "diff" { arguments.append(count) }
            _ = Run(arguments)
        }
    }

    @Test func rootsStepByStep() throws {
        let folder = try TemporaryFolder()
        try Self.expectLinear("roots, bisect", size: 500) { count in
            let registrations = (0..<count).map { #"{"seq":\#($0 + 1),"type":"root.register","root":"r\#($0)"}"# }
            let taps = (0..<count).map { #"{"seq":\#(count + 1 + $0),"type":"dimming.tap","root":"r\#($0)"}"# }
            return try Self.file(registrations + taps, in: folder, name: "roots-\(count).jsonl")
        } _: { path in
            #expect(Run(["bisect", path, "--where", "rejected"]).status == 1)
        }
    }
}
