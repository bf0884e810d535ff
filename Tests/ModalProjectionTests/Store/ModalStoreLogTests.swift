import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// The store running on a log file: what it appends is written, what it
/// refuses is not, and reopening the file gives the same state.
@Suite struct ModalStoreLogTests {
    @Test func aStoreOnALogFileWritesWhatItAppendsAndResumesFromIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("session.jsonl")
        let store = try ModalStore(logAt: path, logOptions: EventLogWriter.Options(durability: .everyEvent))
        try store.registerRoot(RootRegistration())
        let compose = try store.present(presentation("compose", payload: ["draft": 1]))
        try store.presented("compose")
        #expect(throws: ModalStoreError.self) { try store.presented("nope") }
        try store.push("Page2", onto: "compose")
        #expect(store.log?.durableSeq == 4)
        try store.log?.close()
        _ = compose

        let entries = try EventLogReader(path: path).readAll()
        #expect(entries == store.events, "the file holds what the store appended, refusal left out")
        let reopened = try ModalStore(logAt: path, session: .continueLast)
        #expect(reopened.state == store.state && reopened.lastSeq == 4)
        // Times go on after the log's last.
        try reopened.changeKeyboard(height: 300)
        #expect((reopened.events.last?.time ?? 0) >= (entries.last?.time ?? .infinity))
        try reopened.log?.close()
    }

    @Test func anEventTheLogCannotTakeIsNeitherKeptNorApplied() throws {
        let folder = try TemporaryFolder()
        let store = try ModalStore(logAt: folder.file("session.jsonl"))
        try store.registerRoot(RootRegistration())
        try store.log?.close()
        let error = #expect(throws: ModalStoreError.self) { try store.present(presentation("compose")) }
        guard case .writeFailed(let writeError) = error else {
            Issue.record("expected writeFailed, got \(String(describing: error))")
            return
        }
        #expect(writeError.kind == .writeFailed)
        #expect(store.lastSeq == 1 && store.state.modal(link: "compose") == nil && store.events.count == 1)
        #expect(throws: ModalStoreError.self) { try store.append(contentsOf: [.dimmingTap(), .dimmingTap()]) }
        #expect(store.lastSeq == 1)
    }

    @Test func aStoreOnSegmentsRotatesAndKeepsTheLastFiles() throws {
        let folder = try TemporaryFolder()
        let options = EventLogWriter.Options(
            durability: .none, segments: EventLogWriter.Segments(maximumBytes: 500, retainedFiles: 2))
        let store = try ModalStore(logAt: folder.file("log"), options: .init(retention: .last(10)), logOptions: options)
        try store.registerRoot(RootRegistration())
        for height in 1...100 { try store.changeKeyboard(height: Double(height)) }
        try store.log?.close()
        #expect(try folder.names(in: "log").count == 2)
        let reopened = try ModalStore(logAt: folder.file("log"), session: .continueLast, logOptions: options)
        #expect(reopened.state == store.state)
    }
}

/// The limits a replay of an untrusted log applies to the modal state.
@Suite struct ModalLimitsTests {
    func replay(_ events: [ModalEvent]) throws -> ModalState {
        let entries = events.enumerated().map { LoggedEvent(seq: $0.offset + 1, event: $0.element) }
        return try replayed(.bytes(EventLogEncoder.encode(events: entries), name: "x"))
    }

    @Test func rootsModalsAndCardsPastTheirLimitStopAReplay() throws {
        let limits = ModalState.limits
        let roots = (0...limits.roots).map { ModalEvent.rootRegister(RootRegistration(root: "r\($0)")) }
        let modals = [register()] + (0...limits.modalsPerRoot).map { ModalEvent.modalPresent(presentation("m\($0)")) }
        let cards =
            [register(), .modalPresent(presentation("m"))]
            + (1...limits.cardsPerModal).map { ModalEvent.cardPush(link: "m", content: "c\($0)") }
        for (events, message) in [
            (roots, "more than 1000 roots registered at once"),
            (modals, "more than 1000 modals in root \"default\""),
            (cards, "more than 1000 cards in modal \"m\""),
        ] {
            let error = #expect(throws: EventLogError.self) { try replay(events) }
            #expect(error?.kind == .limitExceeded && error?.message == message && error?.line == events.count + 1)
            #expect(try replay(Array(events.dropLast())).seq == events.count - 1, "one fewer is within the limit")
        }
    }

    @Test func aSnapshotPastTheLimitsIsRefused() throws {
        let roots = (0...ModalState.limits.roots).map { RootState(id: "r\($0)") }
        let header = LogHeader(from: 2, snapshot: ModalState(seq: 1, roots: roots).json)
        let error = #expect(throws: EventLogError.self) {
            try replayed(.bytes(EventLogEncoder.encode(header), name: "log"))
        }
        #expect(error?.kind == .limitExceeded && error?.line == 1)
        #expect(error?.message == "the header's state: more than 1000 roots registered at once")
    }

    @Test func aValueOutOfRangeIsRejectedAsTheSpecSays() throws {
        let text = """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"keyboard.change","height":1e999}
            {"seq":2,"type":"keyboard.change","height":-1e400,"responderBottom":1e999}

            """
        let state = try replayed(.bytes(Array(text.utf8), name: "log"))
        #expect(state.rejected.map(\.code) == [.invalidValue, .invalidValue] && state.keyboard.height == 0)
    }
}
