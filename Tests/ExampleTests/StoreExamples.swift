// swift-format-ignore-file
// (The examples are copies of the docs, as written there.)
import Foundation
import ModalEvents
import ModalProjection
import Observation
import TestSupport
import Testing

/// The examples of Docs/Store.md, as written there (`DocumentationExampleTests`
/// holds them to the page), with what each needs around it.
@Suite struct StoreExamples {
    @Test func theTour() throws {
        // Example: Docs/Store.md
        let store = ModalStore()
        try store.registerRoot(RootRegistration(root: "sheets"))

        let compose = try store.present(
            ModalPresentation(root: "sheets", link: "compose", content: "ComposeView", payload: ["draft": 1]))
        try store.presented("compose", in: "sheets")        // the present animation finished
        try store.push("AttachmentsCard", onto: "compose", in: "sheets")

        let cards = store.state.modal(link: "compose", in: "sheets")?.cards.count   // 2
        let payload = store.payload(of: "compose", in: "sheets")                   // {"draft":1}
        let held = store.events.count                                              // 4: the store's log
        // End of example
        #expect(cards == 2 && payload?.serialized() == #"{"draft":1}"# && held == 4)
        withExtendedLifetime(compose) {}
    }

    @Test func aTypedCatchInAClosure() throws {
        let store = try shopStore()
        // Example: Docs/Store.md
        let tapped = { (store: ModalStore) -> RejectionCode? in
            do throws(ModalStoreError) {
                try store.tapDimming(in: "nowhere")
                return nil
            } catch .rejected(let rejection) {
                return rejection.code   // .unknownRoot
            } catch {
                return nil
            }
        }
        // End of example
        #expect(tapped(store) == .unknownRoot)
    }

    @Test func aQueueMovesOnAtDismissed() throws {
        let store = ModalStore()
        // Example: Docs/Store.md
        try store.registerRoot(RootRegistration(root: "toasts", policy: .queue))
        let saved = try store.present(ModalPresentation(root: "toasts", link: "saved", content: "Toast"))
        let synced = try store.present(ModalPresentation(root: "toasts", link: "synced", content: "Toast"))
        try store.presented("saved", in: "toasts")
        try store.dismiss("saved", in: "toasts")
        let waiting = store.state.modal(link: "synced", in: "toasts")?.phase    // .queued: "saved" is still animating out
        try store.dismissed("saved", in: "toasts")
        let shown = store.state.modal(link: "synced", in: "toasts")?.phase      // .presenting
        // End of example
        #expect(waiting == .queued && shown == .presenting)
        withExtendedLifetime((saved, synced)) {}
    }

    @Test func aPayloadAsText() {
        // Example: Docs/Store.md
        let payload: JSONValue = ["draft": 1, "to": ["ana@example.com"]]
        let line = payload.serialized()                 // {"draft":1,"to":["ana@example.com"]}
        let page = payload.serialized(style: .pretty)   // one member a line
        // End of example
        #expect(line == #"{"draft":1,"to":["ana@example.com"]}"#)
        #expect(page.split(separator: "\n").count > 1)
    }

    @Test func aRejectedCommand() throws {
        let store = try shopStore()
        let compose = try store.present(ModalPresentation(root: "sheets", link: "compose", content: "ComposeView"))
        try store.presented("compose", in: "sheets")
        try store.push("AttachmentsCard", onto: "compose", in: "sheets")
        // Example: Docs/Store.md
        try store.pop(from: "compose", in: "sheets")   // back to one card
        do {
            try store.pop(from: "compose", in: "sheets")
        } catch .rejected(let rejection) {
            print(rejection)   // seq 6: lastCard: modal "compose" has one card left: dismiss the modal to close the stack
        } catch {
            // .conflict, only with an expectedSeq; .limitExceeded, when the event is
            // more than a log can hold; .writeFailed, when the log file refuses it
        }
        // End of example
        #expect(store.lastSeq == 5 && store.state.modal(link: "compose", in: "sheets")?.cards.count == 1)
        withExtendedLifetime(compose) {}
    }

    @Test func typedRoutes() throws {
        let store = try shopStore()
        // Example: Docs/Store.md
        enum Sheet: ModalRoute {
            case cart(Cart)
            case address(id: Int)

            var link: String {
                switch self {
                case .cart: "cart"
                case .address: "address"
                }
            }
            var content: String {
                switch self {
                case .cart: "CartView"
                case .address: "AddressForm"
                }
            }
        }

        let checkout = try store.present(Sheet.cart(Cart(items: 3, total: "42.50")), in: "sheets")
        let shown = try store.state.route(of: "cart", in: "sheets", as: Sheet.self)   // .cart(Cart(items: 3, ...))
        try store.reconcile("sheets", to: [Sheet.address(id: 7)])                      // a router's state as the truth
        // End of example
        guard case .cart(let cart)? = shown else { return #expect(Bool(false), "no cart: \(String(describing: shown))") }
        #expect(cart == Cart(items: 3, total: "42.50"))
        #expect(store.state.root("sheets")?.modals.map(\.link) == ["cart", "address"])
        #expect(checkout.phase == .dismissing)  // reconcile dismissed the cart
    }

    @Test func foundationValuesInARoute() throws {
        let store = try shopStore()
        // Example: Docs/Store.md
        struct Payment: ModalRoute {
            var price: Decimal      // "price":12.34
            var receipt: URL        // "receipt":"https://shop.example/r/7"
            var signature: Data     // "signature":"AQID"
            var placed: Date        // "placed":790000000.5

            var link: String { "payment" }
            var content: String { "PaymentView" }
        }

        let payment = Payment(
            price: Decimal(string: "12.34")!, receipt: URL(string: "https://shop.example/r/7")!,
            signature: Data([1, 2, 3]), placed: Date(timeIntervalSinceReferenceDate: 790_000_000.5))
        let sheet = try store.present(payment, in: "sheets")
        let logged = store.payload(of: "payment", in: "sheets")?.serialized()
        // {"placed":790000000.5,"price":12.34,"receipt":"https://shop.example/r/7","signature":"AQID"}
        // End of example
        #expect(logged == #"{"placed":790000000.5,"price":12.34,"receipt":"https://shop.example/r/7","signature":"AQID"}"#)
        let shown = try store.state.route(of: "payment", in: "sheets", as: Payment.self)
        #expect(shown?.price == payment.price && shown?.receipt == payment.receipt)
        #expect(shown?.signature == payment.signature && shown?.placed == payment.placed)
        withExtendedLifetime(sheet) {}
    }

    @Test func subscriptions() throws {
        let store = try shopStore()
        let analytics = Analytics()
        let mirror = Mirror()
        // Example: Docs/Store.md
        var subscriptions: Set<SubscriptionToken> = []

        store.subscribe(filter: EventFilter(root: "sheets")) { entry in
            analytics.record(entry.event.type.rawValue)
        }
        .store(in: &subscriptions)

        let token = store.subscribe(after: 120) { entry in   // catch-up: seq 121, 122, ... then live
            mirror.write(entry)
        }
        token.cancel()   // or release it
        // End of example
        try store.tapDimming(in: "sheets")
        #expect(analytics.events.all == ["dimming.tap"] && mirror.entries.all.isEmpty && subscriptions.count == 1)
    }

    @Test func streams() async throws {
        let store = try shopStore()
        let lifetime = try store.present(ModalPresentation(root: "sheets", link: "compose", content: "ComposeView"))
        try store.presented("compose", in: "sheets")
        try store.dismiss("compose", in: "sheets")
        try store.dismissed("compose", in: "sheets")
        var rendered: [Int] = []
        func render(_ state: ModalState) { rendered.append(state.seq) }
        // Example: Docs/Store.md
        for await entry in store.eventStream(after: 0, filter: EventFilter(link: "compose")) {
            print(entry.seq, entry.event.type)   // 2 modal.present, 3 modal.presented, ...
            if entry.event.type == .modalDismissed { break }
        }
        for await state in store.stateStream() {
            render(state)
            if state.modal(link: "compose", in: "sheets") == nil { break }
        }
        // End of example
        #expect(rendered == [5])
        withExtendedLifetime(lifetime) {}
    }

    @Test func observation() throws {
        let store = try shopStore()
        // Example: Docs/Store.md
        withObservationTracking {
            _ = store.state.root("sheets")?.modals
        } onChange: {
            scheduleRedraw()
        }
        // End of example
        let before = redraws.increment()
        try store.tapDimming(in: "sheets")
        #expect(redraws.increment() == before + 2)
    }

    @Test func theChangeFeed() throws {
        let store = try shopStore()
        // Example: Docs/Store.md
        let feed = store.subscribeToChanges { update in
            for change in update.changes { print(change) }   // .present(cart...), .setDimming(visible: true, root: "sheets"), ...
        }
        // End of example
        let cart = try store.present(ModalPresentation(root: "sheets", link: "cart", content: "CartView"))
        withExtendedLifetime((feed, cart)) {}
    }

    @Test func compoundCommands() throws {
        let store = try shopStore()
        let kept = try ["cart", "checkout"].map { link in
            try store.present(ModalPresentation(root: "sheets", link: link, content: link))
        }
        // Example: Docs/Store.md
        try store.dismissAll(in: "sheets")                     // every modal of the root, nested ones with their parents
        try store.dismissAll(above: "checkout", in: "sheets")  // back to the checkout
        let lifetimes = try store.replaceStack(in: "sheets", with: [
            ModalPresentation(link: "list", content: "ListView"),
            ModalPresentation(link: "detail", content: "DetailView", parent: "list"),
        ])
        try store.batch { batch in                             // any events, as one step
            batch.dismiss("cart", in: "sheets")
            batch.present(ModalPresentation(root: "sheets", link: "receipt", content: "ReceiptView"))
        }
        // End of example
        #expect(lifetimes.map(\.link) == ["list", "detail"])
        #expect(store.state.root("sheets")?.modals.map(\.link) == ["cart", "checkout", "list", "detail", "receipt"])
        withExtendedLifetime(kept) {}
    }

    @Test func whoAndWhere() throws {
        let store = try shopStore()
        try store.registerRoot()
        let presentation = ModalPresentation(root: "sheets", link: "share", content: "ShareSheet")
        // Example: Docs/Store.md
        try store.tapDimming(in: "sheets")                    // source "user", caller "Sheets/Host.swift:42"
        try store.changeKeyboard(height: 336)                 // source "system"
        let lifetime = try store.present(presentation, source: .user)   // the user's tap presented it
        try store.append(.dimmingTap(), source: .test, caller: "CheckoutUITests.swift:30")
        // End of example
        #expect(store.events.suffix(4).map(\.source) == [.user, .system, .user, .test])
        #expect(store.events[2].caller?.hasPrefix("ExampleTests/StoreExamples.swift:") == true)
        withExtendedLifetime(lifetime) {}
    }

    @Test func optimisticConcurrency() throws {
        let store = try shopStore()
        func decide(_ state: ModalState) -> ModalEvent? {
            state.modal(link: "toast", in: "sheets") == nil
                ? .modalPresent(ModalPresentation(root: "sheets", link: "toast", content: "Toast")) : nil
        }
        // Example: Docs/Store.md
        while true {
            let state = store.state
            guard let event = decide(state) else { break }
            do {
                try store.append(event, expectedSeq: state.seq)
                break
            } catch .conflict {
                continue   // another writer got there first
            }
        }
        // End of example
        #expect(store.lastSeq == 2)
    }

    @Test func reconcile() throws {
        let store = try shopStore()
        let router = Router(sheets: [.init(id: "cart", view: "CartView"), .init(id: "address", view: "AddressForm")])
        // Example: Docs/Store.md
        // The router's state is the source of truth:
        try store.reconcile("sheets", to: router.sheets.map { sheet in
            ModalPresentation(link: sheet.id, content: sheet.view)
        })
        // End of example
        #expect(store.state.root("sheets")?.modals.map(\.link) == ["cart", "address"])
    }

    @Test func aStoreOnALogFile() throws {
        let folder = try TemporaryFolder()
        let documents = folder.path
        // Example: Docs/Store.md
        let store = try ModalStore(
            logAt: "\(documents)/modal-log",
            options: EventStoreOptions(retention: .last(1_000)),
            logOptions: EventLogWriter.Options(
                durability: .group(),                                    // synced within 5 ms; appends do not wait for it
                segments: EventLogWriter.Segments(maximumBytes: 1 << 20, retainedFiles: 8)))  // at most ~8 MB on disk
        try store.registerRoot()
        // ... when the app goes to the background:
        try store.log?.sync()
        // End of example
        #expect(store.log?.durableSeq == 1)
        try store.log?.close()
    }

    @Test func relaunch() throws {
        let folder = try TemporaryFolder()
        let logPath = folder.file("shop.jsonl")
        for launch in 0..<2 {
            // Example: Docs/Store.md
            // At every launch:
            let store = try ModalStore(logAt: logPath, session: .new(info: ["build": "4.2.1"]))
            try store.registerRoot(RootRegistration(root: "sheets"))   // not duplicateRoot after a relaunch
            // End of example
            #expect(store.state.session == launch)
            try store.log?.close()
        }
    }
}

/// A store with the root "sheets", no clock.
func shopStore() throws -> ModalStore {
    let store = ModalStore(options: EventStoreOptions(timestamps: .none))
    try store.registerRoot(RootRegistration(root: "sheets"))
    return store
}

/// What a cart sheet shows.
struct Cart: Codable, Hashable, Sendable {
    var items: Int
    var total: String
}

/// The app's analytics, in the subscriptions example.
final class Analytics: Sendable {
    let events = Recorder<String>()
    func record(_ event: String) { events.record(event) }
}

/// A copy of the log elsewhere, in the subscriptions example.
final class Mirror: Sendable {
    let entries = Recorder<LoggedEvent>()
    func write(_ entry: LoggedEvent) { entries.record(entry) }
}

/// A router's state, in the reconcile example.
struct Router {
    struct Sheet {
        var id: String
        var view: String
    }

    var sheets: [Sheet]
}

/// Redraws asked for, in the observation example.
let redraws = Counter()

@Sendable func scheduleRedraw() { _ = redraws.increment() }
