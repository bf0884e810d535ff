import Foundation
import ModalEvents
import TestSupport
import Testing

/// A writer keeps a log at its version, and an upgrade moves it to version 2
/// without a moment where it cannot be read.
@Suite struct VersionedWriterTests {
    static let version1 = #"{"format":"modal-events","version":1}"#

    func open(_ path: String, options: EventLogWriter.Options = .init(durability: .none)) throws -> EventLogWriter {
        try EventLogWriter.open(path, as: CountingState.self, options: options).writer
    }

    @Test func aNewLogIsVersion2() throws {
        let folder = try TemporaryFolder()
        let writer = try open(folder.file("log.jsonl"))
        #expect(writer.version == 2)
        try writer.append(LoggedEvent(seq: 1, event: .sessionStart(), source: .system, caller: "App.swift:1")) { .null }
        try writer.close()
        #expect(
            try folder.text("log.jsonl")
                == #"{"format":"modal-events","version":2}"# + "\n"
                + #"{"seq":1,"type":"session.start","source":"system","caller":"App.swift:1"}"# + "\n")
    }

    @Test func aResumedVersion1LogStaysVersion1() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.version1 + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n", to: "log.jsonl")
        let writer = try open(folder.file("log.jsonl"))
        #expect(writer.version == 1)
        // Source and caller are left out: version 1 would ignore them.
        try writer.append(LoggedEvent(seq: 2, event: .dimmingTap(), source: .user, caller: "Tap.swift:2")) { .null }
        for (event, part) in [
            (ModalEvent.sessionStart(), #"a "session.start""#),
            (.batch([.dimmingTap()]), #"a "batch""#),
            (.cardUpdate(link: "a", canDismiss: false), #"a "card.update""#),
            (.cardPush(link: "a", content: "B", height: 300), #""card.push" with a height"#),
            (.cardReplace(link: "a", content: "B", canDismiss: false), #""card.replace" with a canDismiss"#),
            (.modalPresent(ModalPresentation(link: "a", content: "A", height: 200)), #""modal.present" with a height"#),
            (.rootRegister(RootRegistration(root: "toasts", policy: .queue)), #"a root with policy "queue""#),
        ] {
            #expect {
                try writer.append(LoggedEvent(seq: 3, event: event)) { .null }
            } throws: { error in
                let error = error as! EventLogError
                return error.kind == .olderVersion && error.message.contains("format version 1")
                    && error.message.contains(part) && error.message.contains("modal-log upgrade")
            }
        }
        try writer.close()
        #expect(
            try folder.text("log.jsonl")
                == Self.version1 + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n"
                + #"{"seq":2,"type":"dimming.tap"}"# + "\n")
    }

    // MARK: Upgrading

    @Test func upgradingAFileKeepsItsLinesAndWritesAgainThoseVersion2WouldReadOtherwise() throws {
        let folder = try TemporaryFolder()
        let lines = [
            #"{"format":"modal-events","version":1,"app":"Shop"}"#,
            #"{"seq":1, "type":"root.register" , "note":"kept as it is"}"#,
            #"{"seq":2,"time":1.50,"type":"modal.present","link":"a","content":"A","height":300,"note":"kept","source":"nobody"}"#,
            #"{"seq":3,"type":"card.push","link":"a","content":"B","canDismiss":null}"#,
            #"{"seq":4,"type":"dimming.tap","caller":"Tap.swift:1"}"#,
        ]
        try folder.write(lines.map { $0 + "\n" }.joined(), to: "log.jsonl")
        let before = try EventLogReader(path: folder.file("log.jsonl")).readAll()
        let upgrade = try EventLogWriter.upgrade(folder.file("log.jsonl"), as: CountingState.self)
        #expect(upgrade.files == [folder.file("log.jsonl")])
        #expect(upgrade.keptLines == 1 && upgrade.rewrittenLines == 3 && upgrade.lastSeq == 4)
        #expect(upgrade.description.contains("upgraded 1 file to format version 2: 4 event lines, 3 written again"))
        let text = try folder.text("log.jsonl").split(separator: "\n").map(String.init)
        #expect(
            text == [
                #"{"format":"modal-events","version":2,"app":"Shop"}"#, lines[1],
                // Only what version 1 ignored goes: the rest of the line stays, number literals too.
                #"{"seq":2,"time":1.50,"type":"modal.present","link":"a","content":"A","note":"kept"}"#,
                #"{"seq":3,"type":"card.push","link":"a","content":"B"}"#, #"{"seq":4,"type":"dimming.tap"}"#,
            ])
        let reader = try EventLogReader(path: folder.file("log.jsonl"))
        #expect(try reader.readAll() == before)
        #expect(reader.header.version == 2)
        // Done once: a version-2 log has nothing to upgrade, and now takes version 2's events.
        #expect(try EventLogWriter.upgrade(folder.file("log.jsonl"), as: CountingState.self).files.isEmpty)
        let writer = try open(folder.file("log.jsonl"))
        try writer.append(LoggedEvent(seq: 5, event: .sessionStart())) { .null }
        try writer.close()
    }

    @Test func upgradingSegmentsReplacesTheLastFirstAndEachReadsAsVersion2() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(durability: .none, segments: .init(maximumBytes: 60))
        let path = folder.file("log")
        // A version-1 folder, made as an older writer would.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try folder.write(Self.version1 + "\n", to: "log/00000000000000000001.jsonl")
        var writer = try open(path, options: options)
        #expect(writer.version == 1)
        var state = CountingState()
        for seq in 1...6 {
            let entry = LoggedEvent(seq: seq, event: .keyboardChange(height: Double(seq)))
            try writer.append(entry) { state.json }
            try state.apply(entry)
        }
        try writer.close()
        let segments = try folder.names(in: "log")
        #expect(segments.count > 2)
        let before = try EventLogReader(path: path).readAll()
        let upgrade = try EventLogWriter.upgrade(path, as: CountingState.self)
        #expect(upgrade.files == segments.reversed().map { "\(path)/\($0)" })
        for segment in segments {
            #expect(try EventLogReader(path: "\(path)/\(segment)").header.version == 2)
        }
        #expect(try EventLogReader(path: path).readAll() == before)
        writer = try open(path, options: options)
        #expect(writer.version == 2)
        try writer.close()
    }

    @Test func anUpgradeThatWouldChangeTheReplayChangesNothing() throws {
        let folder = try TemporaryFolder()
        let log = Self.version1 + "\n" + #"{"seq":1,"type":"dimming.tap","root":"old"}"# + "\n"
        try folder.write(log, to: "log.jsonl")
        // CountingState refuses a tap on root "old" in version 1 only, as the modal state does a queue root.
        #expect {
            try EventLogWriter.upgrade(folder.file("log.jsonl"), as: CountingState.self)
        } throws: { error in
            let error = error as! EventLogError
            return error.kind == .olderVersion && error.line == 2 && error.message.contains("left at version 1")
        }
        #expect(try folder.text("log.jsonl") == log)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["log.jsonl"])
    }

    @Test func aTornOrOpenLogIsNotUpgraded() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.version1 + "\n" + #"{"seq":1,"type":"dimming.tap"}"# + "\n{\"seq\":2", to: "torn.jsonl")
        #expect {
            try EventLogWriter.upgrade(folder.file("torn.jsonl"), as: CountingState.self)
        } throws: { error in
            (error as! EventLogError).message.contains("recover it first")
        }
        try folder.write(Self.version1 + "\n", to: "open.jsonl")
        let writer = try open(folder.file("open.jsonl"))
        #expect {
            try EventLogWriter.upgrade(folder.file("open.jsonl"), as: CountingState.self)
        } throws: { error in
            (error as! EventLogError).message.contains("another writer has the log open")
        }
        try writer.close()
        #expect(try EventLogWriter.upgrade(folder.file("open.jsonl"), as: CountingState.self).files.count == 1)
    }
}
