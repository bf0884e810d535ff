import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// A route holding Foundation's values: money, a link, bytes, a time.
struct PaymentSheet: ModalRoute, Hashable {
    var price: Decimal
    var url: URL
    var blob: Data
    var placed: Date

    var link: String { "payment" }
    var content: String { "PaymentView" }

    static let sample = PaymentSheet(
        price: Decimal(string: "12.34")!, url: URL(string: "https://shop.example/pay/7")!, blob: Data([1, 2, 3]),
        placed: Date(timeIntervalSinceReferenceDate: 790_000_000.5))
}

/// A route's Foundation values go into the log as `JSONEncoder()` writes
/// them, so the log stays JSON a person reads (issue 31).
@Suite struct FoundationRouteTests {
    @Test func aRoutesFoundationValuesAreInTheLogAsJSONEncoderWritesThem() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("pay.jsonl")
        do {
            let store = try ModalStore(logAt: path)
            try store.registerRoot(RootRegistration(root: "sheets"))
            let lifetime = try store.present(PaymentSheet.sample, in: "sheets")
            try store.log?.close()
            withExtendedLifetime(lifetime) {}
        }
        let line = try #require(try folder.text("pay.jsonl").split(separator: "\n").last)
        #expect(
            line.contains(
                #""payload":{"blob":"AQID","placed":790000000.5,"price":12.34,"url":"https://shop.example/pay/7"}"#))

        // The payload is Foundation's JSON of the route, value for value and digit for digit.
        let state = try replayed(.path(path))
        let payload = try #require(state.modal(link: "payment", in: "sheets")?.payload)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try payload == JSONReader.read(encoder.encode(PaymentSheet.sample)))
        #expect(try state.route(of: "payment", in: "sheets", as: PaymentSheet.self) == PaymentSheet.sample)
    }

    @Test func aRouteJSONEncoderWroteReadsBackAsJSONDecoderReadsIt() throws {
        let foundation = try JSONEncoder().encode(PaymentSheet.sample)
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(
            ModalPresentation(link: "payment", content: "PaymentView", payload: try JSONReader.read(foundation)))
        let route = try store.state.route(of: "payment", as: PaymentSheet.self)
        #expect(try route == JSONDecoder().decode(PaymentSheet.self, from: foundation))
        #expect(route == PaymentSheet.sample)
        withExtendedLifetime(lifetime) {}
    }

    @Test func aNaNPriceIsRejectedAndAppendsNothing() throws {
        let store = try ModalStore.withRoot()
        var sheet = PaymentSheet.sample
        sheet.price = .nan
        #expect {
            try store.present(sheet)
        } throws: { error in
            guard case ModalStoreError.rejected(let rejection) = error else { return false }
            return rejection.code == .invalidValue && rejection.message.contains("JSON has no NaN")
        }
        #expect(store.lastSeq == 1)
    }
}
