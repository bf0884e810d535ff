public import ModalEvents
import ModalTesting

/// A long session of an app's modals, event by event, as a user's device
/// would log it: the workload of the benchmark and of the tests that read
/// large logs. The same seed always gives the same events.
///
/// The app has three roots: `main` (sheets, card stacks, nested settings;
/// the keyboard pushes it up), `alerts` (one alert at a time) and `toasts`
/// (an overlay that lets taps through). On `main`, one activity follows
/// another, each a script of the five systems' flows: a compose sheet with
/// the keyboard up, a checkout card stack pushed, replaced and popped, a
/// detail sheet dragged between three detents and dragged away, settings
/// with nested sheets dismissed together, an alert that another replaces,
/// a rotation. Toasts come and go over them all the while. Times go up in
/// milliseconds (16 ms between the moves of a drag, seconds between taps).
/// About one event in 500 is a slip the projection rejects: a double tap
/// that presents twice, a pop on the last card, a presentation that ends
/// after its dismissal began.
///
/// ```swift
/// for entry in SessionGenerator(seed: 7).prefix(1_000) { ... }
/// ```
public struct SessionGenerator: Sequence, IteratorProtocol, Sendable {
    private var random: PropertyRandom
    private var seq = 0
    /// The time of the last event given.
    private var now = 0.0
    /// Events planned on `main` and `alerts`, and on `toasts`, each in time order.
    private var activity = Plan()
    private var toasts = Plan()
    /// How many of each thing the session has made, for unique names and payloads.
    private var counter = 0
    private var isLandscape = false

    public init(seed: UInt64) {
        random = PropertyRandom(seed: seed)
        activity.add(at: 0, .rootRegister(RootRegistration(root: "main", keyboard: .init(additional: 16))))
        activity.add(at: 0, .rootRegister(RootRegistration(root: "alerts", level: 5, policy: .single)))
        activity.add(
            at: 0,
            .rootRegister(
                RootRegistration(
                    root: "toasts", presentation: .overlay, level: 10,
                    dimming: DimmingConfiguration(tap: .passThrough, hidden: true))))
    }

    /// The next event; the session never ends.
    public mutating func next() -> LoggedEvent? {
        if activity.isEmpty { planActivity(after: now) }
        if toasts.isEmpty { planToast(after: now) }
        let (time, event) = activity.nextTime <= toasts.nextTime ? activity.take() : toasts.take()
        now = Swift.max(now, time)
        seq += 1
        return LoggedEvent(seq: seq, time: (now * 1000).rounded() / 1000, event: event)
    }

    // MARK: Activities

    private mutating func planActivity(after time: Double) {
        let start = time + random.double(in: 0.5...6)
        let kinds: [(Activity, Double)] = [
            (.compose, 3), (.checkout, 2), (.details, 3), (.settings, 1), (.alert, 1), (.rotation, 0.3),
        ]
        switch random.weighted(kinds)! {
        case .compose: planCompose(at: start)
        case .checkout: planCheckout(at: start)
        case .details: planDetails(at: start)
        case .settings: planSettings(at: start)
        case .alert: planAlert(at: start)
        case .rotation:
            isLandscape.toggle()
            let size = isLandscape ? Size(width: 844, height: 390) : Size(width: 390, height: 844)
            activity.add(at: start, .rootResize(root: "main", size: size))
        }
    }

    private enum Activity { case compose, checkout, details, settings, alert, rotation }

    /// A compose sheet (ModalPresenter): the keyboard comes up, changes, goes
    /// down; the sheet leaves by code, a tap on the dimming, or a drag.
    private mutating func planCompose(at start: Double) {
        counter += 1
        var clock = Clock(start)
        let presentation = ModalPresentation(
            root: "main", link: "compose", content: "ComposeView",
            payload: ["draft": .number(JSONNumber(counter)), "to": .string("user-\(random.int(below: 500))")])
        activity.add(at: clock.now, .modalPresent(presentation))
        if random.chance(0.05) {  // a double tap: the second present is a duplicateLink
            activity.add(at: clock.after(0.05), .modalPresent(presentation))
        }
        if random.chance(0.05) {
            // Dismissed while it was still animating in: the late presented is an invalidTransition.
            activity.add(at: clock.after(0.1), .modalDismiss(root: "main", link: "compose"))
            activity.add(at: clock.after(0.25), .modalPresented(root: "main", link: "compose"))
            activity.add(at: clock.after(0.3), .modalDismissed(root: "main", link: "compose"))
            return
        }
        activity.add(at: clock.after(0.35), .modalPresented(root: "main", link: "compose"))
        var height = 336.0
        let responderBottom = Double(random.int(in: 640...760))
        activity.add(at: clock.after(0.6), .keyboardChange(height: height, responderBottom: responderBottom))
        for _ in 0..<random.int(in: 0...3) {
            height = height == 336 ? 380 : 336  // the predictive bar shows and hides
            activity.add(
                at: clock.after(random.double(in: 1...5)),
                .keyboardChange(height: height, responderBottom: responderBottom))
        }
        activity.add(at: clock.after(random.double(in: 2...20)), .keyboardChange(height: 0))
        switch random.int(below: 10) {
        case 0..<7:
            activity.add(at: clock.after(0.1), .modalDismiss(root: "main", link: "compose"))
        case 7..<9:
            activity.add(at: clock.after(0.5), .dimmingTap(root: "main"))
        default:
            dragAway("compose", from: 0, clock: &clock)
        }
        activity.add(at: clock.after(0.3), .modalDismissed(root: "main", link: "compose"))
    }

    /// A checkout card stack (MorphModalKit): cards pushed, morphed in place
    /// and popped under a sticky header.
    private mutating func planCheckout(at start: Double) {
        counter += 1
        var clock = Clock(start)
        let total = "\(random.int(in: 5...400)).\(random.int(in: 10...99))"
        activity.add(
            at: clock.now,
            .modalPresent(
                ModalPresentation(
                    root: "main", link: "checkout", content: "CartCard", style: .card,
                    payload: ["cart": ["items": .number(JSONNumber(random.int(in: 1...9))), "total": .string(total)]],
                    sticky: "CheckoutChrome")))
        activity.add(at: clock.after(0.4), .modalPresented(root: "main", link: "checkout"))
        let cards = ["AddressCard", "PaymentCard", "ConfirmCard"]
        var depth = 1
        for _ in 0..<random.int(in: 1...6) {
            clock.advance(random.double(in: 2...8))
            if depth > 1 && random.chance(0.35) {
                activity.add(at: clock.now, .cardPop(root: "main", link: "checkout"))
                depth -= 1
            } else if depth > 1 && random.chance(0.25) {
                activity.add(
                    at: clock.now,
                    .cardReplace(
                        root: "main", link: "checkout", content: random.element(of: cards)!,
                        direction: random.chance(0.7) ? .forward : .backward,
                        animation: random.chance(0.5) ? .slide : .scale))
            } else if depth <= cards.count {
                activity.add(at: clock.now, .cardPush(root: "main", link: "checkout", content: cards[depth - 1]))
                depth += 1
            }
        }
        if depth == 1 && random.chance(0.2) {  // back on the last card: lastCard
            activity.add(at: clock.after(1), .cardPop(root: "main", link: "checkout"))
        }
        activity.add(at: clock.after(random.double(in: 1...4)), .modalDismiss(root: "main", link: "checkout"))
        activity.add(at: clock.after(0.35), .modalDismissed(root: "main", link: "checkout"))
    }

    /// A detail sheet with three detents (AdaptiveModal, AppRouter): dragged
    /// from one to another, snapped in code, and often dragged away.
    private mutating func planDetails(at start: Double) {
        counter += 1
        var clock = Clock(start)
        activity.add(
            at: clock.now,
            .modalPresent(
                ModalPresentation(
                    root: "main", link: "details", content: "ItemDetail",
                    payload: ["item": .number(JSONNumber(random.int(in: 1...100_000)))],
                    snapPoints: [0.25, 0.5, 1], initialSnap: 1)))
        activity.add(at: clock.after(0.35), .modalPresented(root: "main", link: "details"))
        var index = 1
        for _ in 0..<random.int(in: 1...3) {
            clock.advance(random.double(in: 1...6))
            if random.chance(0.2) {
                index = random.int(in: 0...2)
                activity.add(at: clock.now, .snapTo(root: "main", link: "details", index: index))
                continue
            }
            // A drag that settles at `target`: it ends within 0.3 of it, with a
            // velocity that keeps the projected position on the same side.
            let target = random.int(in: 0...2)
            let end = Double(target) + random.double(in: -0.3...0.3)
            let moves = random.int(in: 5...15)
            for move in 1...moves {
                let progress = Double(move) / Double(moves)
                let position = Double(index) + (end - Double(index)) * progress
                activity.add(
                    at: clock.after(0.016),
                    .dragChange(root: "main", link: "details", position: (position * 1000).rounded() / 1000))
            }
            let velocity = (Double(target) - end) / 0.2 * random.double(in: 0...0.9)
            activity.add(
                at: clock.after(0.016),
                .dragEnd(root: "main", link: "details", velocity: (velocity * 100).rounded() / 100))
            index = target
        }
        if random.chance(0.5) {
            dragAway("details", from: index, clock: &clock)
        } else {
            activity.add(at: clock.after(random.double(in: 1...5)), .modalDismiss(root: "main", link: "details"))
        }
        activity.add(at: clock.after(0.3), .modalDismissed(root: "main", link: "details"))
    }

    /// Settings full screen with a nested sheet, and sometimes a confirmation
    /// nested in that: dismissing settings takes them all.
    private mutating func planSettings(at start: Double) {
        var clock = Clock(start)
        activity.add(
            at: clock.now,
            .modalPresent(ModalPresentation(root: "main", link: "settings", content: "Settings", style: .fullScreen)))
        activity.add(at: clock.after(0.4), .modalPresented(root: "main", link: "settings"))
        activity.add(
            at: clock.after(random.double(in: 2...6)),
            .modalPresent(
                ModalPresentation(root: "main", link: "settings-detail", content: "Privacy", parent: "settings")))
        activity.add(at: clock.after(0.35), .modalPresented(root: "main", link: "settings-detail"))
        if random.chance(0.3) {
            activity.add(
                at: clock.after(random.double(in: 1...4)),
                .modalPresent(
                    ModalPresentation(
                        root: "main", link: "settings-confirm", content: "ConfirmReset", parent: "settings-detail",
                        style: .alert, canDismiss: false)))
            activity.add(at: clock.after(0.25), .modalPresented(root: "main", link: "settings-confirm"))
        }
        activity.add(at: clock.after(random.double(in: 2...8)), .modalDismiss(root: "main", link: "settings"))
        activity.add(at: clock.after(0.4), .modalDismissed(root: "main", link: "settings"))
    }

    /// An alert in the one-at-a-time root; sometimes a second replaces it.
    private mutating func planAlert(at start: Double) {
        var clock = Clock(start)
        counter += 1
        var link = "alert-\(counter)"
        activity.add(
            at: clock.now,
            .modalPresent(
                ModalPresentation(root: "alerts", link: link, content: "ErrorAlert", style: .alert, canDismiss: false)))
        activity.add(at: clock.after(0.25), .modalPresented(root: "alerts", link: link))
        if random.chance(0.25) {
            counter += 1
            let replacement = "alert-\(counter)"
            activity.add(
                at: clock.after(random.double(in: 0.5...2)),
                .modalPresent(
                    ModalPresentation(
                        root: "alerts", link: replacement, content: "RetryAlert", style: .alert, canDismiss: false)))
            activity.add(at: clock.after(0.25), .modalDismissed(root: "alerts", link: link))
            activity.add(at: clock.after(0.01), .modalPresented(root: "alerts", link: replacement))
            link = replacement
        }
        activity.add(at: clock.after(random.double(in: 1...4)), .modalDismiss(root: "alerts", link: link))
        activity.add(at: clock.after(0.25), .modalDismissed(root: "alerts", link: link))
    }

    /// A drag from snap index `index` past the first point: the sheet starts dismissing.
    private mutating func dragAway(_ link: String, from index: Int, clock: inout Clock) {
        let moves = random.int(in: 3...8)
        for move in 1...moves {
            let position = Double(index) - (Double(index) + 0.7) * Double(move) / Double(moves)
            activity.add(
                at: clock.after(0.016),
                .dragChange(root: "main", link: link, position: (position * 1000).rounded() / 1000))
        }
        activity.add(at: clock.after(0.016), .dragEnd(root: "main", link: link, velocity: -3))
    }

    /// A toast (Square's Modals' toast style) that times out.
    private mutating func planToast(after time: Double) {
        counter += 1
        var clock = Clock(time + random.double(in: 4...30))
        let link = "toast-\(counter)"
        toasts.add(
            at: clock.now,
            .modalPresent(ModalPresentation(root: "toasts", link: link, content: "SavedToast", style: .toast)))
        toasts.add(at: clock.after(0.25), .modalPresented(root: "toasts", link: link))
        toasts.add(
            at: clock.after(random.double(in: 2.5...4)), .modalDismiss(root: "toasts", link: link, reason: "timeout"))
        toasts.add(at: clock.after(0.25), .modalDismissed(root: "toasts", link: link))
    }
}

/// Events planned ahead, taken in the order they were added.
private struct Plan: Sendable {
    private var steps: [(time: Double, event: ModalEvent)] = []
    private var head = 0

    var isEmpty: Bool { head == steps.count }
    var nextTime: Double { isEmpty ? .infinity : steps[head].time }

    mutating func add(at time: Double, _ event: ModalEvent) {
        if isEmpty {
            steps.removeAll(keepingCapacity: true)
            head = 0
        }
        steps.append((time, event))
    }

    mutating func take() -> (time: Double, event: ModalEvent) {
        defer { head += 1 }
        return steps[head]
    }
}

/// The time within a script: each step comes some seconds after the last.
private struct Clock {
    private(set) var now: Double

    init(_ start: Double) { now = start }

    mutating func advance(_ seconds: Double) { now += seconds }

    mutating func after(_ seconds: Double) -> Double {
        now += seconds
        return now
    }
}
