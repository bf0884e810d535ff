import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// A log whose last seq is the last a log holds (2^63 - 1): nothing traps,
/// and whatever would need a later seq is refused as `limitExceeded`.
@Suite struct LastSeqTests {
    static let last = LoggedEvent.lastPossibleSeq

    /// A version-2 log at `seq` (`last` by default) with one root, `main`.
    func logAtTheLastSeq(in folder: TemporaryFolder, name: String = "full.jsonl") throws -> String {
        let path = folder.file(name)
        let header =
            #"{"format":"modal-events","version":2,"from":\#(Self.last),"#
            + #""state":{"seq":\#(Self.last - 1),"keyboard":{"height":0,"responderBottom":null},"#
            + #""roots":[],"rejected":[],"session":1}}"#
        let event = #"{"seq":\#(Self.last),"time":0,"type":"root.register","root":"main"}"#
        try (header + "\n" + event + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The state at the last seq, with root `main`.
    func stateAtTheLastSeq() throws -> ModalState {
        let folder = try TemporaryFolder()
        return try replayed(.path(logAtTheLastSeq(in: folder)))
    }

    @Test func aWriterRefusesAnEventAfterTheLastSeq() throws {
        let folder = try TemporaryFolder()
        let path = try logAtTheLastSeq(in: folder)
        let (writer, state, _) = try EventLogWriter.open(path, as: ModalState.self)
        #expect(writer.lastSeq == Self.last && state.seq == Self.last)
        for seq in [Self.last, Int.min, 1] {
            let error = #expect(throws: EventLogError.self) {
                try writer.append(LoggedEvent(seq: seq, event: .dimmingTap(root: "main"))) { state.json }
            }
            #expect(error?.kind == .limitExceeded && error?.message.contains("the log is full") == true, "\(seq)")
        }
        try writer.close()
        #expect(try EventLogReader(path: path).readAll().count == 1, "nothing was written")
    }

    @Test func aStoreOnAFullLogSaysSoWhenItOpensAndWhenItAppends() throws {
        let folder = try TemporaryFolder()
        let path = try logAtTheLastSeq(in: folder)
        // A new session needs a seq of its own.
        let opening = #expect(throws: EventLogError.self) { try ModalStore(logAt: path) }
        #expect(opening?.kind == .limitExceeded && opening?.message.contains("cannot start a new session") == true)

        let store = try ModalStore(logAt: path, session: .continueLast)
        #expect(store.lastSeq == Self.last)
        expectLogFull { try store.tapDimming(in: "main") }
        expectLogFull { _ = try store.append(contentsOf: [.dimmingTap(root: "main")]) }
        expectLogFull { _ = try store.present(ModalPresentation(root: "main", link: "compose", content: "Compose")) }
        expectLogFull { _ = try store.replay([LoggedEvent(seq: Int.min, event: .dimmingTap())]) }
        #expect(store.lastSeq == Self.last && store.events(after: Self.last).isEmpty)
        try store.log?.close()
        #expect(try EventLogReader(path: path).readAll().count == 1)
    }

    @Test func aStoreInMemoryAtTheLastSeqHoldsNoEventsAndRefusesMore() throws {
        let store = ModalStore(state: try stateAtTheLastSeq(), options: .init(retention: .last(4)))
        #expect(store.events.isEmpty && store.events(after: Self.last - 1).isEmpty)
        expectLogFull { try store.tapDimming(in: "main") }
        // A subscriber that asks to catch up from near the end gets nothing and no trap.
        let seen = Locked<[Int]>([])
        let token = store.subscribe(after: Self.last - 3) { entry in seen.withLock { $0.append(entry.seq) } }
        #expect(seen.withLock { $0 }.isEmpty)
        token.cancel()
    }

    @Test func theNextEventsRejectionAtTheLastSeqIsTold() throws {
        let state = try stateAtTheLastSeq()
        #expect(state.rejection(of: .modalPresented(root: "main", link: "compose"))?.code == .unknownLink)
        let error = #expect(throws: Rejection.self) { try state.dismissals(in: "elsewhere", above: nil) }
        #expect(error?.code == .unknownRoot && error?.seq == Self.last)
    }

    /// Expects `body` to throw `limitExceeded` for a full log.
    func expectLogFull(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("appended after the last seq", sourceLocation: sourceLocation)
        } catch let error as ModalStoreError {
            guard case .limitExceeded(let limit) = error, limit.message.contains("the log is full") else {
                Issue.record("expected limitExceeded, got \(error)", sourceLocation: sourceLocation)
                return
            }
        } catch {
            Issue.record("expected a ModalStoreError, got \(error)", sourceLocation: sourceLocation)
        }
    }
}
