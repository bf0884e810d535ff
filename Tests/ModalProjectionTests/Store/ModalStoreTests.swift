import ModalEvents
import ModalProjection
import Testing

extension ModalStore {
    /// A store with no clock, and one root registered.
    static func withRoot(_ registration: RootRegistration = RootRegistration()) throws -> ModalStore {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        try store.registerRoot(registration)
        return store
    }
}

func presentation(_ link: String, parent: String? = nil, payload: JSONValue? = nil) -> ModalPresentation {
    ModalPresentation(link: link, content: "\(link)View", parent: parent, payload: payload)
}

@Suite struct ModalStoreCommandTests {
    @Test func eachCommandAppendsItsEvent() throws {
        let store = ModalStore(options: EventStoreOptions(timestamps: .none))
        let sheet = ModalPresentation(root: "sheets", link: "compose", content: "ComposeView", snapPoints: [0.5, 1])
        try store.registerRoot(RootRegistration(root: "sheets"))
        let compose = try store.present(sheet)
        try store.presented("compose", in: "sheets")
        try store.push("Page2", sticky: "Chrome", onto: "compose", in: "sheets")
        try store.replaceTopCard(of: "compose", with: "Page3", direction: .backward, animation: .slide, in: "sheets")
        try store.pop(from: "compose", in: "sheets")
        try store.snap("compose", to: 1, in: "sheets")
        try store.drag("compose", to: 0.4, in: "sheets")
        try store.endDrag("compose", velocity: 2, in: "sheets")
        try store.changeKeyboard(height: 300, responderBottom: 700)
        try store.resizeRoot("sheets", to: Size(width: 844, height: 390))
        try store.tapDimming(in: "sheets")
        try store.dismiss("compose", in: "sheets", reason: "done")
        try store.dismissed("compose", in: "sheets")
        try store.removeRoot("sheets")

        let expected: [ModalEvent] = [
            .rootRegister(RootRegistration(root: "sheets")),
            .modalPresent(sheet),
            .modalPresented(root: "sheets", link: "compose"),
            .cardPush(root: "sheets", link: "compose", content: "Page2", sticky: "Chrome"),
            .cardReplace(root: "sheets", link: "compose", content: "Page3", direction: .backward, animation: .slide),
            .cardPop(root: "sheets", link: "compose"),
            .snapTo(root: "sheets", link: "compose", index: 1),
            .dragChange(root: "sheets", link: "compose", position: 0.4),
            .dragEnd(root: "sheets", link: "compose", velocity: 2),
            .keyboardChange(height: 300, responderBottom: 700),
            .rootResize(root: "sheets", size: Size(width: 844, height: 390)),
            .dimmingTap(root: "sheets"),
            .modalDismiss(root: "sheets", link: "compose", reason: "done"),
            .modalDismissed(root: "sheets", link: "compose"),
            .rootRemove(root: "sheets"),
        ]
        #expect(store.events.map(\.event) == expected)
        #expect(store.events.map(\.seq) == Array(1...expected.count))
        var replayed = ModalState()
        for entry in store.events { #expect(replayed.replay(entry) == nil) }
        #expect(store.state == replayed)
        #expect(!compose.isLive)
    }

    @Test func aCommandTheSpecWouldRejectThrowsItsRejectionAndAppendsNothing() throws {
        let store = try ModalStore.withRoot()
        let compose = try store.present(presentation("compose"))
        let before = store.state
        // Not `throws(ModalStoreError)`: a typed-throws function type in an array needs
        // macOS 15 / iOS 18 at run time, past the package's floor.
        let attempts: [(RejectionCode, () throws -> Void)] = [
            (.duplicateRoot, { try store.registerRoot() }),
            (.unknownRoot, { try store.tapDimming(in: "nowhere") }),
            (.duplicateLink, { _ = try store.present(presentation("compose")) }),
            (.unknownLink, { try store.dismiss("nothing") }),
            (.invalidTransition, { try store.snap("compose", to: 0) }),
            (.lastCard, { try store.pop(from: "compose") }),
            (.invalidValue, { try store.changeKeyboard(height: -1) }),
            (
                .snapOutOfRange,
                {
                    _ = try store.present(ModalPresentation(link: "x", content: "X", initialSnap: 3))
                }
            ),
        ]
        for (code, attempt) in attempts {
            do {
                try attempt()
                Issue.record("expected \(code)")
            } catch let error as ModalStoreError {
                guard case .rejected(let rejection) = error else {
                    Issue.record("expected \(code), got \(error)")
                    continue
                }
                #expect(rejection.code == code)
                #expect(rejection.seq == 3)
            } catch {
                Issue.record("expected \(code), got \(error)")
            }
        }
        #expect(store.state == before)
        #expect(store.lastSeq == 2)
        #expect(store.state.rejected.isEmpty)
        withExtendedLifetime(compose) {}
    }

    @Test func replayingAForeignLogRecordsItsRejectionsAsTheSpecSays() throws {
        let foreign: [LoggedEvent] = [
            LoggedEvent(seq: 1, time: 0.5, event: .rootRegister(RootRegistration())),
            LoggedEvent(seq: 2, time: 0.75, event: .cardPop(link: "ghost")),
        ]
        let store = try ModalStore(replaying: foreign, options: EventStoreOptions(timestamps: .elapsed))
        #expect(store.state.rejected.map(\.code) == [.unknownLink])
        #expect(store.events == foreign)
        let next = try store.append(.dimmingTap())
        #expect(next.seq == 3)
        #expect(try #require(next.time) >= 0.75)
    }

    @Test func thePayloadIsReadableUntilDismissed() throws {
        let store = try ModalStore.withRoot()
        let payload: JSONValue = ["draft": 1]
        let compose = try store.present(presentation("compose", payload: payload))
        #expect(store.payload(of: "compose") == payload)
        try store.dismiss("compose")
        #expect(store.payload(of: "compose") == payload)
        try store.dismissed("compose")
        #expect(store.payload(of: "compose") == nil)
        withExtendedLifetime(compose) {}
    }
}
