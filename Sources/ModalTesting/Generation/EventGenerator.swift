public import ModalEvents
import ModalProjection

/// Makes random event sequences for a ``ModalFlow``: each event is chosen
/// from what the state before it allows (a push onto a live modal, a drag of
/// a presented one), so sequences reach deep card stacks, nested modals,
/// queues and several roots instead of being rejected at the first step. A
/// share of the events (``ModalFlow/invalidShare``) is made to be rejected,
/// one rejection code or another; batches are made of events chosen the same
/// way, so some apply and some are rejected. Events carry a `source` and a
/// `caller` now and then.
///
/// ```swift
/// var random = PropertyRandom(seed: 7)
/// let events = EventGenerator(flow: .anything).sequence(length: 30, random: &random)
/// ```
public struct EventGenerator: Sendable {
    /// What the sequences look like.
    public var flow: ModalFlow

    public init(flow: ModalFlow) {
        self.flow = flow
    }

    /// `length` events numbered from 1, with increasing times (some left out).
    public func sequence(length: Int, random: inout PropertyRandom) -> [LoggedEvent] {
        var generation = Generation(flow: flow, random: random)
        var events: [LoggedEvent] = []
        events.reserveCapacity(length)
        var time = 0.0
        for seq in stride(from: 1, through: length, by: 1) {
            generation.loggedNumbers = []
            let event = generation.nextEvent()
            time += (generation.random.double(in: 0...1.5) * 1000).rounded() / 1000
            var entry = LoggedEvent(
                seq: seq, time: generation.random.chance(0.9) ? time : nil, event: event,
                loggedNumbers: generation.loggedNumbers)
            generation.sign(&entry)
            generation.state.replay(entry)
            events.append(entry)
        }
        random = generation.random
        return events
    }
}

/// One sequence being generated: the flow, the state so far and the names it uses.
struct Generation {
    let flow: ModalFlow
    var random: PropertyRandom
    var state = ModalState()
    /// The root ids and links this sequence invents (when the flow names none).
    let inventedRoots: [String]
    let inventedLinks: [String]
    /// What the event being made gives integer fields that their `Int`s do
    /// not hold, as a foreign log may (``LoggedEvent/loggedNumbers``).
    var loggedNumbers: [LoggedNumber] = []

    init(flow: ModalFlow, random: PropertyRandom) {
        self.flow = flow
        self.random = random
        var roots = ["default"]
        while roots.count < 4 {
            let name = self.random.name()
            if !roots.contains(name) { roots.append(name) }
        }
        var links: [String] = []
        while links.count < 6 {
            let name = self.random.name()
            if !links.contains(name) { links.append(name) }
        }
        inventedRoots = roots
        inventedLinks = links
    }

    /// The next event: a batch or a session start only when `inBatch` is false.
    mutating func nextEvent(inBatch: Bool = false) -> ModalEvent {
        if random.chance(flow.invalidShare), let event = invalidEvent() { return event }
        var kinds = flow.weights.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
        if inBatch { kinds.removeAll { $0.key == .batch || $0.key == .sessionStart } }
        while let kind = random.weighted(kinds.map { ($0.key, $0.value) }) {
            if let event = validEvent(kind) { return event }
            kinds.removeAll { $0.key == kind }
        }
        // Nothing the flow allows applies (no root registered, say): any rejected event keeps the sequence going.
        return invalidEvent() ?? .keyboardChange(height: -1)
    }

    /// Gives `entry` a `source` and a `caller` now and then: who would have
    /// caused it, and a place in the app; rarely one that is rejected.
    mutating func sign(_ entry: inout LoggedEvent) {
        if random.chance(0.4) {
            entry.source =
                random.chance(flow.invalidShare / 4)
                ? EventSource(rawValue: random.name()) : random.element(of: EventSource.knownValues)
        }
        if random.chance(0.3) {
            entry.caller =
                random.chance(flow.invalidShare / 4)
                ? String(repeating: "Flow.swift:1 ", count: 20) : "\(random.name()).swift:\(random.int(in: 1...400))"
        }
    }

    /// A batch of 1 to 4 events, each chosen as a single event would be from
    /// the state the ones before it leave: most apply, some are rejected.
    private mutating func batch() -> ModalEvent? {
        let start = state
        defer { state = start }
        var events: [ModalEvent] = []
        var numbers: [LoggedNumber] = []
        for step in 0..<random.int(in: 1...4) {
            loggedNumbers = []
            let event = nextEvent(inBatch: true)
            events.append(event)
            state.replay(LoggedEvent(seq: state.seq + 1, event: event, loggedNumbers: loggedNumbers))
            numbers += loggedNumbers.map { LoggedNumber(step: step, field: $0.field, number: $0.number) }
        }
        loggedNumbers = numbers
        return .batch(events)
    }

    // MARK: Valid events

    private mutating func validEvent(_ kind: EventType) -> ModalEvent? {
        switch kind {
        case .sessionStart:
            // Not `cond ? info : nil`: JSONValue takes a nil literal, which would be JSON null.
            let info: JSONValue? = random.json()
            return .sessionStart(info: random.chance(0.5) && info != .null ? info : JSONValue?.none)
        case .batch: return batch()
        case .cardUpdate:
            guard let target = modal({ $0.phase != .dismissing }) else { return nil }
            let changesCanDismiss = isInvented(target.link) && random.chance(0.6)
            let height: HeightChange? =
                changesCanDismiss && random.chance(0.4)
                ? nil : random.chance(0.3) ? .automatic : .points(random.number(in: 80...900))
            return .cardUpdate(
                root: target.root, link: target.link, height: height,
                canDismiss: changesCanDismiss ? random.chance(0.5) : nil)
        case .rootRegister: return register()
        case .rootResize: return anyRoot().map { .rootResize(root: $0.id, size: size()) }
        case .rootRemove: return anyRoot().map { .rootRemove(root: $0.id) }
        case .modalPresent: return present()
        case .modalPresented:
            return modal { $0.phase == .presenting }.map { .modalPresented(root: $0.root, link: $0.link) }
        case .modalDismiss:
            let target = random.chance(0.9) ? modal { $0.phase != .dismissing } ?? modal() : modal()
            return target.map { .modalDismiss(root: $0.root, link: $0.link, reason: reason()) }
        case .modalDismissed:
            let target = random.chance(0.8) ? modal { $0.phase == .dismissing } ?? modal() : modal()
            return target.map { .modalDismissed(root: $0.root, link: $0.link) }
        case .cardPush:
            guard let target = modal({ $0.phase != .dismissing }) else { return nil }
            return .cardPush(
                root: target.root, link: target.link, content: content(of: target.link),
                sticky: sticky(of: target.link),
                height: height(), canDismiss: cardCanDismiss(of: target.link))
        case .cardPop:
            return modal { $0.phase != .dismissing && $0.cards.count > 1 }.map {
                .cardPop(root: $0.root, link: $0.link)
            }
        case .cardReplace:
            guard let target = modal({ $0.phase != .dismissing }) else { return nil }
            return .cardReplace(
                root: target.root, link: target.link, content: content(of: target.link),
                direction: random.element(of: ReplaceDirection.knownValues)!,
                animation: random.element(of: ReplaceAnimation.knownValues)!, height: height(),
                canDismiss: cardCanDismiss(of: target.link))
        case .dimmingTap: return anyRoot().map { .dimmingTap(root: $0.id) }
        case .keyboardChange:
            let height = random.chance(0.4) ? 0 : random.number(in: 0...500)
            return .keyboardChange(
                height: height, responderBottom: random.chance(0.6) ? nil : random.number(in: -100...1200))
        case .snapTo:
            guard let target = modal({ $0.phase == .presented }) else { return nil }
            return .snapTo(
                root: target.root, link: target.link, index: random.int(below: target.modal.snap.points.count))
        case .dragChange:
            guard let target = modal({ $0.phase == .presented }) else { return nil }
            let top = Double(target.modal.snap.points.count)
            return .dragChange(root: target.root, link: target.link, position: random.number(in: -1.6...top - 0.4))
        case .dragEnd:
            guard let target = modal({ $0.phase == .presented }) else { return nil }
            let top = Double(target.modal.snap.points.count)
            if random.chance(0.2) {
                // A tie: position + 0.2 * velocity lands on a half, which rounds away from zero.
                let half = Double(random.int(in: -2...Int(top))) + 0.5
                return random.chance(0.5)
                    ? .dragEnd(root: target.root, link: target.link, position: half)
                    : .dragEnd(root: target.root, link: target.link, position: half - 0.5, velocity: 2.5)
            }
            return .dragEnd(
                root: target.root, link: target.link,
                position: random.chance(0.5) ? nil : random.number(in: -1.6...top - 0.4),
                velocity: random.chance(0.3) ? 0 : random.number(in: -20...20))
        }
    }

    private mutating func register() -> ModalEvent? {
        if flow.roots.isEmpty {
            guard let id = random.element(of: inventedRoots.filter { state.root($0) == nil }) else { return nil }
            return .rootRegister(registration(id))
        }
        return random.element(of: flow.roots.filter { state.root($0.root) == nil }).map(ModalEvent.rootRegister)
    }

    private mutating func registration(_ id: String) -> RootRegistration {
        RootRegistration(
            root: id, presentation: random.element(of: RootPresentation.knownValues)!,
            level: random.int(in: -1...3),
            policy: random.weighted([(RootPolicy.stack, 0.7), (.single, 0.15), (.queue, 0.15)])!,
            dimming: DimmingConfiguration(
                tap: random.element(of: DimmingTapAction.knownValues)!, hidden: random.chance(0.2)),
            keyboard: KeyboardConfiguration(
                strategy: random.element(of: KeyboardStrategy.knownValues)!,
                additional: random.chance(0.6) ? 0 : random.number(in: -50...50)),
            size: random.chance(0.5) ? .defaultRoot : size(), maxVisibleCards: random.int(in: 1...4))
    }

    /// A presentation that applies: a link not live in its root, over a live parent when it nests.
    private mutating func present() -> ModalEvent? {
        var options: [(root: RootState, link: String, parent: String?)] = []
        for root in state.roots {
            let openParents =
                root.policy != .stack ? [] : root.modals.filter { $0.phase != .dismissing }.map(\.link)
            if flow.links.isEmpty {
                for link in inventedLinks where root.modal(link: link) == nil {
                    let parent = random.chance(0.5) ? random.element(of: openParents) : nil
                    options.append((root, link, parent))
                }
            }
            for link in flow.links where (link.root ?? root.id) == root.id && root.modal(link: link.link) == nil {
                if link.parents.isEmpty {
                    options.append((root, link.link, nil))
                } else if let parent = random.element(of: link.parents.filter(openParents.contains)) {
                    options.append((root, link.link, parent))
                }
            }
        }
        guard let (root, link, parent) = random.element(of: options) else { return nil }
        return .modalPresent(presentation(of: link, in: root.id, parent: parent))
    }

    private mutating func presentation(of link: String, in root: String, parent: String?) -> ModalPresentation {
        if let spec = flow.links.first(where: { $0.link == link }) {
            return ModalPresentation(
                root: root, link: link, content: spec.contents[0], parent: parent, style: spec.style,
                payload: spec.payload, canDismiss: spec.canDismiss, snapPoints: spec.snapPoints,
                initialSnap: random.int(below: max(spec.snapPoints.count, 1)), sticky: spec.sticky,
                height: spec.height)
        }
        let points = snapPoints()
        return ModalPresentation(
            root: root, link: link, content: content(of: link), parent: parent,
            style: random.element(of: ModalStyle.knownValues)!, payload: random.chance(0.5) ? random.json() : nil,
            canDismiss: random.chance(0.75), snapPoints: points, initialSnap: random.int(below: points.count),
            sticky: sticky(of: link), height: height())
    }

    // MARK: Invalid events

    /// An event the spec rejects, of one code or another; `nil` when none can be made here.
    mutating func invalidEvent() -> ModalEvent? {
        var makers: [(inout Generation) -> ModalEvent?] = [
            { $0.unknownRoot() }, { $0.duplicateRoot() }, { $0.duplicateLink() }, { $0.unknownLink() },
            { $0.wrongPhase() }, { $0.snapOutOfRange() }, { $0.lastCard() }, { $0.invalidValue() },
            { $0.loggedNumber() },
        ]
        while !makers.isEmpty {
            let index = random.int(below: makers.count)
            if let event = makers[index](&self) { return event }
            makers.remove(at: index)
        }
        return nil
    }

    private mutating func unknownRoot() -> ModalEvent? {
        let candidates = ((flow.roots.isEmpty ? inventedRoots : flow.roots.map(\.root)) + ["ghost"]).filter {
            state.root($0) == nil
        }
        guard let root = random.element(of: candidates) else { return nil }
        let link = random.element(of: linkNames)!
        return random.element(of: [
            .dimmingTap(root: root), .rootResize(root: root, size: size()), .rootRemove(root: root),
            .modalPresent(ModalPresentation(root: root, link: link, content: link)),
            .modalDismissed(root: root, link: link), .cardPush(root: root, link: link, content: link),
        ])
    }

    private mutating func duplicateRoot() -> ModalEvent? {
        anyRoot().map { .rootRegister(RootRegistration(root: $0.id)) }
    }

    private mutating func duplicateLink() -> ModalEvent? {
        modal().map { .modalPresent(presentation(of: $0.link, in: $0.root, parent: nil)) }
    }

    private mutating func unknownLink() -> ModalEvent? {
        guard let root = anyRoot() else { return nil }
        if random.chance(0.3),
            let parent = random.element(
                of: linkNames.filter { (root.modal(link: $0)?.phase ?? .dismissing) == .dismissing })
        {
            // A parent that is not live, or is dismissing.
            let link = random.element(of: linkNames.filter { root.modal(link: $0) == nil }) ?? "orphan"
            return .modalPresent(ModalPresentation(root: root.id, link: link, content: link, parent: parent))
        }
        let link = random.element(of: linkNames.filter { root.modal(link: $0) == nil }) ?? "gone"
        return random.element(of: [
            .modalPresented(root: root.id, link: link), .modalDismiss(root: root.id, link: link),
            .modalDismissed(root: root.id, link: link), .cardPop(root: root.id, link: link),
            .cardReplace(root: root.id, link: link, content: link), .snapTo(root: root.id, link: link, index: 0),
            .dragChange(root: root.id, link: link, position: 0), .dragEnd(root: root.id, link: link),
        ])
    }

    private mutating func wrongPhase() -> ModalEvent? {
        var options: [ModalEvent] = []
        if let target = modal({ $0.phase != .presenting }) {
            options.append(.modalPresented(root: target.root, link: target.link))
        }
        if let target = modal({ $0.phase != .presented }) {
            options += [
                .snapTo(root: target.root, link: target.link, index: 0),
                .dragChange(root: target.root, link: target.link, position: 0.5),
                .dragEnd(root: target.root, link: target.link, velocity: -10),
            ]
        }
        if let target = modal({ $0.phase == .dismissing }) {
            options += [
                .cardPush(root: target.root, link: target.link, content: "late"),
                .cardPop(root: target.root, link: target.link),
                .cardReplace(root: target.root, link: target.link, content: "late"),
                .cardUpdate(root: target.root, link: target.link, canDismiss: false),
            ]
        }
        return random.element(of: options)
    }

    private mutating func snapOutOfRange() -> ModalEvent? {
        if random.chance(0.5), let target = modal({ $0.phase == .presented }) {
            let index = random.chance(0.5) ? -1 : target.modal.snap.points.count + random.int(below: 3)
            return .snapTo(root: target.root, link: target.link, index: index)
        }
        guard let root = anyRoot(), let link = random.element(of: linkNames.filter({ root.modal(link: $0) == nil }))
        else { return nil }
        var presentation = presentation(of: link, in: root.id, parent: nil)
        presentation.initialSnap = presentation.snapPoints.count
        return .modalPresent(presentation)
    }

    /// An event whose integer field the log gives a number its `Int` does
    /// not hold: a fraction, or a whole number beyond 64 bits (`invalidValue`;
    /// a snap index that large is `snapOutOfRange`).
    private mutating func loggedNumber() -> ModalEvent? {
        let late = random.element(of: unregisteredRoots) ?? "late"
        var options: [(ModalEvent, IntegerField)] = [
            (.rootRegister(RootRegistration(root: late)), .level),
            // The field's `Int` holds 0, as a reader leaves it.
            (.rootRegister(RootRegistration(root: late, maxVisibleCards: 0)), .maxVisibleCards),
        ]
        if let root = anyRoot() {
            let free = random.element(of: linkNames.filter { root.modal(link: $0) == nil }) ?? "fresh"
            options.append((.modalPresent(ModalPresentation(root: root.id, link: free, content: free)), .initialSnap))
        }
        if let target = modal() {
            // Checked before the phase: invalidValue (or snapOutOfRange) whatever the modal's phase.
            options.append((.snapTo(root: target.root, link: target.link, index: 0), .index))
        }
        guard let (event, field) = random.element(of: options) else { return nil }
        // Written in their canonical form, as Foundation's reader (the differential tests' oracle) gives them.
        let value = random.element(of: [0.5, 1.5, -2.25, 0x1p63, 1e300, -1e20])!
        loggedNumbers.append(LoggedNumber(step: 0, field: field, value: value))
        return event
    }

    private mutating func lastCard() -> ModalEvent? {
        modal { $0.phase != .dismissing && $0.cards.count == 1 }.map { .cardPop(root: $0.root, link: $0.link) }
    }

    private mutating func invalidValue() -> ModalEvent? {
        var options: [ModalEvent] = [
            .keyboardChange(height: random.chance(0.5) ? -random.number(in: 1...500) : .infinity),
            .rootRegister(
                RootRegistration(
                    root: random.element(of: unregisteredRoots) ?? "late", policy: RootPolicy(rawValue: "wobbly"))),
            .rootRegister(RootRegistration(root: random.element(of: unregisteredRoots) ?? "late", maxVisibleCards: 0)),
            .rootRegister(
                RootRegistration(
                    root: random.element(of: unregisteredRoots) ?? "late",
                    presentation: RootPresentation(rawValue: "popover"))),
            .rootRegister(
                RootRegistration(
                    root: random.element(of: unregisteredRoots) ?? "late",
                    dimming: DimmingConfiguration(tap: DimmingTapAction(rawValue: "shake")))),
            .rootRegister(
                RootRegistration(
                    root: random.element(of: unregisteredRoots) ?? "late",
                    keyboard: KeyboardConfiguration(strategy: KeyboardStrategy(rawValue: "hide")))),
            .rootRegister(
                RootRegistration(
                    root: random.element(of: unregisteredRoots) ?? "late",
                    keyboard: KeyboardConfiguration(additional: -.infinity))),
            .keyboardChange(height: 300, responderBottom: .infinity),
        ]
        if let root = anyRoot() {
            let free = random.element(of: linkNames.filter { root.modal(link: $0) == nil }) ?? "fresh"
            options += [
                .rootResize(root: root.id, size: Size(width: random.chance(0.5) ? 0 : -1, height: 100)),
                .rootResize(root: root.id, size: Size(width: 100, height: .infinity)),
                .modalPresent(
                    ModalPresentation(root: root.id, link: free, content: free, style: ModalStyle(rawValue: "wobbly"))),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, snapPoints: [0.8, 0.4])),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, snapPoints: [])),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, snapPoints: [0, 1])),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, snapPoints: [0.5, 1.5])),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, snapPoints: [0.5, 0.5])),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, initialSnap: -1)),
                .modalPresent(ModalPresentation(root: root.id, link: free, content: free, height: badHeight())),
                // A bad height is found before the snap index.
                .modalPresent(
                    ModalPresentation(root: root.id, link: free, content: free, initialSnap: 3, height: badHeight())),
                // Two faults: the first check in the spec's order names the code (a bad style, then the snap index).
                .modalPresent(
                    ModalPresentation(
                        root: root.id, link: free, content: free, style: ModalStyle(rawValue: "wobbly"),
                        initialSnap: 7)),
            ]
            if root.policy != .stack, let parent = root.modals.last(where: { $0.phase != .dismissing }) {
                options.append(
                    .modalPresent(ModalPresentation(root: root.id, link: free, content: free, parent: parent.link)))
            }
        }
        if let target = modal({ $0.phase == .presented }) {
            options += [
                .dragChange(root: target.root, link: target.link, position: -.infinity),
                .dragEnd(root: target.root, link: target.link, velocity: .infinity),
                .dragEnd(root: target.root, link: target.link, position: .infinity),
            ]
        }
        if let target = modal({ $0.phase != .dismissing }) {
            options += [
                .cardReplace(
                    root: target.root, link: target.link, content: "x",
                    direction: ReplaceDirection(rawValue: "sideways")),
                .cardUpdate(root: target.root, link: target.link),
                .cardUpdate(root: target.root, link: target.link, height: .points(badHeight())),
                .cardPush(root: target.root, link: target.link, content: "x", height: badHeight()),
                .cardReplace(root: target.root, link: target.link, content: "x", height: badHeight()),
            ]
        }
        if let target = modal({ $0.phase != .presented }) {
            // Values are checked before the phase: these are invalidValue, not invalidTransition.
            options += [
                .cardReplace(
                    root: target.root, link: target.link, content: "x", animation: ReplaceAnimation(rawValue: "fade"))
            ]
        }
        return random.element(of: options)
    }

    // MARK: Picking targets and values

    private var linkNames: [String] { flow.links.isEmpty ? inventedLinks : flow.links.map(\.link) }

    private var unregisteredRoots: [String] {
        (flow.roots.isEmpty ? inventedRoots : flow.roots.map(\.root)).filter { state.root($0) == nil }
    }

    private mutating func anyRoot() -> RootState? {
        random.element(of: state.roots)
    }

    /// A live modal (of any root) that passes `filter`, with its root's id.
    private mutating func modal(_ filter: (Modal) -> Bool = { _ in true }) -> (
        root: String, link: String, modal: Modal
    )? {
        let matches = state.roots.flatMap { root in root.modals.filter(filter).map { (root.id, $0.link, $0) } }
        return random.element(of: matches).map { (root: $0.0, link: $0.1, modal: $0.2) }
    }

    private mutating func content(of link: String) -> String {
        if let spec = flow.links.first(where: { $0.link == link }) { return random.element(of: spec.contents)! }
        return random.chance(0.6) ? random.name() : random.text()
    }

    private mutating func sticky(of link: String) -> String? {
        if let spec = flow.links.first(where: { $0.link == link }) { return spec.sticky }
        return random.chance(0.3) ? random.text(maximumLength: 6) : nil
    }

    private mutating func reason() -> DismissReason {
        guard !random.chance(0.7) else { return .programmatic }
        return flow.links.isEmpty && random.chance(0.3)
            ? DismissReason(rawValue: random.name()) : random.element(of: Self.spelledOutReasons)!
    }

    private static let spelledOutReasons: [DismissReason] = [
        .programmatic, .replaced, .parentDismissed, .dimmingTap, .drag, .lifetimeEnded,
    ]

    /// Whether `link` is one the generator made up, not one of the flow's.
    private func isInvented(_ link: String) -> Bool {
        !flow.links.contains { $0.link == link }
    }

    /// A pushed or replaced card's `canDismiss`: a flow's link keeps its
    /// own (`nil`); an invented one now and then changes it.
    private mutating func cardCanDismiss(of link: String) -> Bool? {
        isInvented(link) && random.chance(0.25) ? random.chance(0.5) : nil
    }

    /// A card's height, or none (40% of the time).
    private mutating func height() -> Double? {
        random.chance(0.4) ? random.number(in: 60...900) : nil
    }

    /// A height the spec rejects: 0, negative or not finite.
    private mutating func badHeight() -> Double {
        random.element(of: [0, -random.number(in: 1...500), .infinity, -.infinity])!
    }

    private mutating func size() -> Size {
        Size(width: random.number(in: 200...1400), height: random.number(in: 300...1400))
    }

    /// 1 to 4 strictly increasing points in (0, 1], often just `[1]`.
    private mutating func snapPoints() -> [Double] {
        guard random.chance(0.6) else { return [1.0] }
        var points = Set<Double>()
        for _ in 0..<random.int(in: 1...4) { points.insert((random.double(in: 0.05...1) * 100).rounded() / 100) }
        return points.sorted()
    }
}
