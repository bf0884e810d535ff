import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// A store refuses what no log could hold the same way with a log file and
/// without one: `limitExceeded`, nothing kept, never `writeFailed`.
@Suite struct StoreLimitTests {
    /// What no reader could read back: a string of 1.2 MB (400,000 euro
    /// signs), nesting 300 deep, and 20 strings of 900 kB (a line of 18 MB).
    static let payloads = ["a long string", "deep nesting", "a long line"]

    static func payload(_ name: String) -> JSONValue {
        switch name {
        case "a long string": .string(String(repeating: "€", count: 400_000))
        case "deep nesting": (0..<300).reduce(JSONValue.null) { value, _ in .array([value]) }
        default: .array(Array(repeating: .string(String(repeating: "x", count: 900_000)), count: 20))
        }
    }

    /// The stores to try: one in memory, one on a log file.
    func stores(in folder: TemporaryFolder) throws -> [ModalStore] {
        [ModalStore(), try ModalStore(logAt: folder.file("log.jsonl"))]
    }

    @Test(arguments: payloads)
    func aPayloadNoReaderCouldReadIsRefusedWithOrWithoutALog(_ name: String) throws {
        let payload = Self.payload(name)
        let folder = try TemporaryFolder()
        for store in try stores(in: folder) {
            try store.registerRoot(RootRegistration())
            let error = #expect(throws: ModalStoreError.self) {
                try store.present(ModalPresentation(link: "compose", content: "Compose", payload: payload))
            }
            guard case .limitExceeded(let limit)? = error else {
                Issue.record("expected limitExceeded, got \(String(describing: error).prefix(300))")
                continue
            }
            #expect(limit.kind == .limitExceeded && limit.message.contains("no reader could read the log back"))
            #expect(store.lastSeq == 1 && store.events.count == 1 && store.state.modal(link: "compose") == nil)
            // The same event within the limits is taken.
            let compose = try store.present(
                ModalPresentation(link: "compose", content: "Compose", payload: ["ok": true]))
            try store.log?.close()
            withExtendedLifetime(compose) {}
        }
        let kept = try EventLogReader(path: folder.file("log.jsonl")).readAll()
        #expect(
            kept.map(\.event.type) == [.rootRegister, .modalPresent],
            "the log holds what the store took, and nothing else")
    }

    @Test func aStoreTakesTheLimitsItIsGiven() throws {
        let store = ModalStore(options: EventStoreOptions(limits: EventLogReader.Options(maximumStringLength: 64)))
        #expect(throws: ModalStoreError.self) {
            try store.registerRoot(RootRegistration(root: String(repeating: "r", count: 65)))
        }
        try store.registerRoot(RootRegistration(root: "short"))
    }
}
