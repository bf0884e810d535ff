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
