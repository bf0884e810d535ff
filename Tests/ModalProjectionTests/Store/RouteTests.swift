import ModalEvents
import ModalProjection
import TestSupport
import Testing

/// An app's sheets as its own type, as AppRouter declares them.
enum ShopSheet: ModalRoute, Hashable {
    struct Cart: Codable, Hashable {
        var items: Int
        var total: String
    }

    case cart(Cart)
    case address(id: Int)
    case receipt

    var link: String {
        switch self {
        case .cart: "cart"
        case .address: "address"
        case .receipt: "receipt"
        }
    }

    var content: String {
        switch self {
        case .cart: "CartView"
        case .address: "AddressForm"
        case .receipt: "ReceiptView"
        }
    }
}

@Suite struct RouteTests {
    static let cart = ShopSheet.cart(.init(items: 3, total: "42.50"))

    @Test func aRoutePresentsAsItsLinkAndReadsBackAsItsType() throws {
        let store = try ModalStore.withRoot(RootRegistration(root: "sheets"))
        let lifetime = try store.present(
            ModalPresentation(
                Self.cart, root: "sheets", canDismiss: false, snapPoints: [0.5, 1], initialSnap: 1, sticky: "PayButton",
                height: 420))
        let modal = try #require(store.state.modal(link: "cart", in: "sheets"))
        #expect(modal.cards == [Card(content: "CartView", sticky: "PayButton", height: 420, canDismiss: false)])
        #expect(modal.snap.index == 1)
        #expect(modal.payload?.serialized() == #"{"cart":{"_0":{"items":3,"total":"42.50"}}}"#)
        #expect(try store.state.route(of: "cart", in: "sheets", as: ShopSheet.self) == Self.cart)
        #expect(try modal.route(as: ShopSheet.self) == Self.cart)
        #expect(try store.state.route(of: "address", in: "sheets", as: ShopSheet.self) == nil)
        withExtendedLifetime(lifetime) {}
    }

    @Test func aRouteSurvivesTheLogFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.jsonl")
        do {
            let store = try ModalStore(logAt: path)
            try store.registerRoot(RootRegistration(root: "sheets"))
            let lifetime = try store.present(ShopSheet.address(id: 7), in: "sheets")
            try store.log?.close()
            withExtendedLifetime(lifetime) {}
        }
        #expect(try folder.text("shop.jsonl").contains(#""payload":{"address":{"id":7}}"#))
        let state = try replayed(.path(path))
        #expect(try state.route(of: "address", in: "sheets", as: ShopSheet.self) == .address(id: 7))
    }

    @Test func aPayloadOfAnotherShapeIsADecodingError() throws {
        let store = try ModalStore.withRoot()
        let lifetime = try store.present(ModalPresentation(link: "cart", content: "CartView", payload: ["cart": 1]))
        #expect(throws: DecodingError.self) { try store.state.route(of: "cart", as: ShopSheet.self) }
        withExtendedLifetime(lifetime) {}
    }

    @Test func aRouteThatDoesNotEncodeIsRejectedAndAppendsNothing() throws {
        struct Chart: ModalRoute {
            var scale: Double
            var link: String { "chart" }
            var content: String { "ChartView" }
        }
        let store = try ModalStore.withRoot()
        do {
            _ = try store.present(Chart(scale: .infinity))
            Issue.record("an infinite scale encoded")
        } catch .rejected(let rejection) {
            #expect(rejection.code == .invalidValue && rejection.seq == 2)
            #expect(rejection.message.hasPrefix(#"payload: the route "chart" does not encode"#))
        } catch {
            Issue.record("\(error)")
        }
        #expect(store.lastSeq == 1)
    }

    @Test func reconcilingToRoutesShowsExactlyThem() throws {
        let store = try ModalStore.withRoot(RootRegistration(root: "sheets", policy: .single))
        try store.reconcile("sheets", to: [Self.cart])
        try store.reconcile("sheets", to: [Self.cart])  // already shown: nothing
        #expect(store.lastSeq == 2)
        try store.reconcile("sheets", to: [ShopSheet.receipt])
        let sheets = try #require(store.state.root("sheets"))
        #expect(sheets.modals.map(\.link) == ["cart", "receipt"])
        #expect(sheets.modals[0].dismissReason == .replaced)
        #expect(try sheets.modals[1].route(as: ShopSheet.self) == .receipt)
    }
}
