import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// The worked example of `Docs/Testing.md`: an app's own flow and property,
/// the failure the harness finds, and the fix.
@Suite struct AppFlowTests {
    /// A shop: a cart sheet with two snap points, and a checkout of three
    /// cards that the user cannot swipe away.
    static func shop(checkoutParents: [String]) -> ModalFlow {
        var flow = ModalFlow(
            roots: [RootRegistration()],
            links: [
                ModalFlow.Link("cart", contents: ["CartView"], snapPoints: [0.5, 1]),
                ModalFlow.Link(
                    "checkout", contents: ["Address", "Payment", "Review"], parents: checkoutParents,
                    canDismiss: false, payload: ["orderID": 42]),
            ])
        flow.weights[.dragEnd] = 4  // people drag sheets a lot
        return flow
    }

    /// Checkout leaves only when the app dismisses it: no tap or drag starts its dismissal.
    static let noGestureDismissesCheckout = ModalProperty.everyStep("no gesture dismisses checkout") { step in
        switch step.event {
        case .dimmingTap, .dragEnd:
            let wasUp = step.before.modal(link: "checkout").map { $0.phase != .dismissing } ?? false
            let after = step.after.modal(link: "checkout")
            try require(
                !(wasUp && after?.phase == .dismissing),
                "checkout started dismissing (\(after?.dismissReason?.rawValue ?? "")) on \(step.event.type.rawValue)")
        default:
            break
        }
    }

    @Test func nestedInTheCartADragOnTheCartTakesCheckoutWithIt() throws {
        let check = PropertyCheck(
            flow: Self.shop(checkoutParents: ["cart"]), count: 1_000, seed: 2026)
        let failure = try #require(check.firstFailure(of: [Self.noGestureDismissesCheckout]))
        #expect(failure.minimal.count <= 6, "\(failure)")
        #expect(failure.minimal.last?.event.type == .dragEnd, "\(failure)")
        #expect(failure.minimal.last?.event.link == "cart", "\(failure)")
        #expect(failure.violation.message.contains("parentDismissed"), "\(failure)")
    }

    @Test func atTheTopLevelCheckoutStaysUp() throws {
        let check = PropertyCheck(flow: Self.shop(checkoutParents: []), count: 1_000, seed: 2026)
        try check.check([Self.noGestureDismissesCheckout] + ModalProperty.standard)
    }
}

/// The exhaustive example of `Docs/Testing.md`: the shop's commands as a
/// world, the app's own property, the shortest sequence that breaks it,
/// and the fix.
@Suite struct ShopWorldTests {
    static let sheets = RootRegistration(root: "sheets")
    static let alerts = RootRegistration(root: "alerts", level: 1, policy: .single)

    /// The shop's world: checkout is presented from the cart's button, at
    /// the top level or nested in the cart.
    static func shop(checkoutParent: String?) -> ModalWorld {
        let cart = ModalPresentation(root: "sheets", link: "cart", content: "CartView", snapPoints: [0.5, 1])
        let checkout = ModalPresentation(
            root: "sheets", link: "checkout", content: "Address", parent: checkoutParent, canDismiss: false)
        return ModalWorld(
            "shop",
            moves: [
                .register(sheets), .register(alerts),
                .present(cart),
                // The checkout button is on the cart, so it shows only while the cart does.
                ModalMove("checkout button") { state in
                    state.modal(link: "cart", in: "sheets")?.phase == .presented ? [.modalPresent(checkout)] : nil
                },
                .present(ModalPresentation(root: "alerts", link: "offline", content: "OfflineAlert")),
                .dismiss("checkout", in: "sheets"),
                .dismissAll(in: "sheets"),
                .event(.dimmingTap(root: "sheets")),
                .event(.dragEnd(root: "sheets", link: "cart", position: 0, velocity: -5)),  // a swipe down
                .hostFinishesAnimations,
                .relaunch(registering: [sheets, alerts]),
            ])
    }

    /// Checkout never shows without the cart under it.
    static let checkoutOverTheCart = ModalProperty.everyState("checkout shows only over the cart") { state in
        let shows = { (link: String) in
            state.modal(link: link, in: "sheets").map { $0.phase != .dismissing } ?? false
        }
        try require(!shows("checkout") || shows("cart"), "checkout shows, the cart is gone")
    }

    @Test func atTheTopLevelASwipeOnTheCartLeavesCheckoutAlone() throws {
        let check = ExhaustiveCheck(world: Self.shop(checkoutParent: nil), depth: 6, printsReport: false)
        let found = try #require(check.explore([Self.checkoutOverTheCart] + ModalProperty.exhaustive).counterexample)
        #expect(found.property == Self.checkoutOverTheCart.name)
        #expect(
            found.events.map(\.event) == [
                .rootRegister(Self.sheets),
                .modalPresent(
                    ModalPresentation(root: "sheets", link: "cart", content: "CartView", snapPoints: [0.5, 1])),
                .modalPresented(root: "sheets", link: "cart"),
                .modalPresent(
                    ModalPresentation(root: "sheets", link: "checkout", content: "Address", canDismiss: false)),
                .dragEnd(root: "sheets", link: "cart", position: 0, velocity: -5),
            ], "\(found)")
    }

    @Test func nestedInTheCartCheckoutAlwaysHasItsCart() throws {
        let report = try ExhaustiveCheck(world: Self.shop(checkoutParent: "cart"), depth: 20)
            .check([Self.checkoutOverTheCart] + ModalProperty.exhaustive)
        #expect(report.exhausted, "every state the shop can reach, well before 20 moves")
        #expect(report.states == 60 && report.levels.count == 9, "\(report)")
        #expect(report.reached.outcomes.isSuperset(of: [.dismissCascaded, .dragDismissed, .sessionStarted]))
    }
}
