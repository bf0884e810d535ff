public import ModalEvents

extension ModalState: EventProjection {
    /// Applies `entry`, or throws its rejection and leaves the state exactly
    /// as it was (``seq`` and ``rejected`` included): the projection of the
    /// spec's numbered rules.
    ///
    /// Pure: the result depends only on the state and `entry`, with no
    /// clock, randomness or I/O, so a log replays to the same state on any
    /// machine. Checks run in a fixed order (root, link, values, phase, the
    /// rest) and the first that fails names the code; `Docs/Semantics.md`
    /// lists them event by event. It does not check that `entry.seq` follows
    /// ``seq``: the log reader does. A store's commands apply their events
    /// with it; ``replay(_:)`` applies an event as a log holds it, recording
    /// a rejection in ``rejected``.
    ///
    /// ```swift
    /// var state = ModalState()
    /// try state.apply(LoggedEvent(seq: 1, event: .rootRegister(RootRegistration())))
    /// state.replay(LoggedEvent(seq: 2, event: .modalPresented(link: "compose")))  // unknownLink, recorded
    /// ```
    ///
    /// - Throws: The event's ``Rejection``, with its seq and the spec's code.
    /// - Complexity: O(*r* + *m*) in the number of roots and of the root's
    ///   modals; a batch, that times its events; a `session.start`, O(1).
    public mutating func apply(_ entry: LoggedEvent) throws(Rejection) {
        try apply(entry, formatVersion: LogHeader.currentVersion)
    }

    /// Records that `entry` was rejected: ``seq`` moves to it and
    /// `rejection` joins ``rejected``, as a replay of a log does.
    public mutating func record(_ rejection: Rejection, of entry: LoggedEvent) {
        rejected.append(rejection)
        seq = entry.seq
    }

    /// The rejection `event` would get as the next event (seq ``seq`` + 1),
    /// or `nil` when it would apply. The state does not change.
    ///
    /// ```swift
    /// state.rejection(of: .modalPresented(link: "compose"))?.code  // .unknownLink
    /// ```
    ///
    /// - Complexity: O(size of the state): it applies the event to a copy.
    public func rejection(of event: ModalEvent) -> Rejection? {
        var copy = self
        do {
            try copy.apply(LoggedEvent(seq: LoggedEvent.rejectionSeq(after: seq), event: event))
            return nil
        } catch {
            return error
        }
    }
}

extension ModalState: LogProjection {
    /// Applies `entry` as ``apply(_:)`` does, as a log of format
    /// `formatVersion` means it: in a version-1 log, `queue` is not a policy.
    public mutating func apply(_ entry: LoggedEvent, formatVersion: Int) throws(Rejection) {
        do {
            try take(entry, formatVersion: formatVersion)
        } catch {
            throw Rejection(seq: entry.seq, code: error.code, message: error.message)
        }
        seq = entry.seq
    }
}

extension Rejection {
    /// How a batch's rejection starts: `events[I]: `, then the rejection of
    /// its event `I`.
    static func batchPrefix(_ index: Int) -> String { "events[\(index)]: " }

    /// Which event of a rejected batch rejected it (the `I` its message
    /// starts with, `events[I]: `); `nil` for another rejection.
    public var batchIndex: Int? {
        guard message.hasPrefix("events[") else { return nil }
        return Int(message.dropFirst("events[".count).prefix { $0 != "]" })
    }
}

/// Why an event is rejected, before the rejection is tied to a seq.
struct RuleViolation: Error {
    var code: RejectionCode
    var message: String

    init(_ code: RejectionCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ModalState {
    /// Applies `entry` or throws why it cannot apply: its `source` and
    /// `caller` are checked first, then its event.
    mutating func take(_ entry: LoggedEvent, formatVersion: Int) throws(RuleViolation) {
        if let problem = entry.originProblem { throw RuleViolation(.invalidValue, problem) }
        try fold(entry.event, formatVersion: formatVersion, loggedNumbers: entry.loggedNumbersIfAny)
    }

    /// Applies `event` or throws why it cannot apply, leaving the state as
    /// it was: a batch's events in turn, all or none (rule 13), any other
    /// event as its rule says.
    mutating func fold(
        _ event: ModalEvent, formatVersion: Int, loggedNumbers: [LoggedNumber]?
    ) throws(RuleViolation) {
        guard case .batch(let events) = event else {
            try applyRule(event, formatVersion: formatVersion, numbers: LoggedNumbers(loggedNumbers, step: 0))
            return
        }
        guard (1...ModalEvent.maximumBatchCount).contains(events.count) else {
            throw RuleViolation(
                .invalidValue, "a batch holds 1 to \(ModalEvent.maximumBatchCount) events, found \(events.count)")
        }
        let before = self
        let numbers = loggedNumbers?.byStep(count: events.count)
        for (index, event) in events.enumerated() {
            do throws(RuleViolation) {
                switch event {
                case .batch, .sessionStart:
                    throw RuleViolation(.invalidValue, "a batch cannot hold a \"\(event.type.rawValue)\"")
                default:
                    try applyRule(event, formatVersion: formatVersion, numbers: LoggedNumbers(numbers?[index], step: 0))
                }
            } catch {
                self = before
                throw RuleViolation(error.code, Rejection.batchPrefix(index) + error.message)
            }
        }
    }

    /// Applies `event` (not a batch) or throws why it cannot apply; checks
    /// come before any change. Each rule brings the derived values it can
    /// change up to date (the dimming when a phase changes or a modal comes
    /// or goes, a modal's visible cards when its stack does, the keyboard
    /// offsets when the keyboard or a root's size does), and a queue root
    /// moves its queue on at `modal.dismissed` (rule 14: a queue root has
    /// at most one modal that is not queued, and only that event removes
    /// it and leaves the rest queued), so an event costs no more than the
    /// modals it touches.
    private mutating func applyRule(
        _ event: ModalEvent, formatVersion: Int, numbers: LoggedNumbers
    ) throws(RuleViolation) {
        switch event {
        case .batch:
            preconditionFailure("a batch is folded event by event")
        case .sessionStart:
            roots = []
            keyboard = KeyboardState()
            session += 1
        case .rootRegister(let registration):
            try register(registration, formatVersion: formatVersion, numbers: numbers)
        case .rootResize(let root, let size):
            let index = try registeredRoot(root)
            try Check.size(size)
            _roots[index].size = size
            _roots[index].refreshKeyboardOffset(keyboard)
        case .rootRemove(let root):
            let index = try registeredRoot(root)
            rootDirectory.removing(root, at: index)
            _roots.remove(at: index)
        case .modalPresent(let presentation):
            try present(presentation, numbers: numbers)
        case .modalPresented(let root, let link):
            try updateModal(link, in: root) { modal throws(RuleViolation) in
                guard modal.phase == .presenting else {
                    throw RuleViolation(
                        .invalidTransition, "modal \"\(link)\" is \(modal.phase.rawValue), not presenting")
                }
                modal.phase = .presented
            }
        case .modalDismiss(let root, let link, let reason):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            if _roots[rootIndex]._modals[modalIndex].phase == .queued {
                // Never shown: it leaves at once (rule 14), behind the modal that is not queued.
                _roots[rootIndex].remove(at: modalIndex)
            } else {
                _roots[rootIndex].startDismissing(at: modalIndex, reason: reason)
            }
            _roots[rootIndex].refreshDimming()
        case .modalDismissed(let root, let link):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            _roots[rootIndex].remove(at: modalIndex)
            _roots[rootIndex].promoteQueued()
            _roots[rootIndex].refreshDimming()
        case .cardPush(let root, let link, let content, let sticky, let height, let canDismiss):
            try updateStack(link, in: root) { modal throws(RuleViolation) in
                try Check.height(height)
                try modal.checkNotDismissing("push a card")
                modal.cards.append(
                    Card(content: content, sticky: sticky, height: height, canDismiss: canDismiss ?? modal.canDismiss))
            }
        case .cardPop(let root, let link):
            try updateStack(link, in: root) { modal throws(RuleViolation) in
                try modal.checkNotDismissing("pop a card")
                guard modal.cards.count > 1 else {
                    throw RuleViolation(
                        .lastCard, "modal \"\(link)\" has one card left: dismiss the modal to close the stack")
                }
                modal.cards.removeLast()
            }
        case .cardReplace(let root, let link, let content, let direction, let animation, let height, let canDismiss):
            try updateStack(link, in: root) { modal throws(RuleViolation) in
                try Check.known(direction, field: "direction")
                try Check.known(animation, field: "animation")
                try Check.height(height)
                try modal.checkNotDismissing("replace a card")
                // The sticky stays; the height is the event's; canDismiss stays unless the event gives one.
                let top = modal.cards.popLast() ?? Card(content: content)  // only a state built by hand has no card
                modal.cards.append(
                    Card(content: content, sticky: top.sticky, height: height, canDismiss: canDismiss ?? top.canDismiss)
                )
            }
        case .cardUpdate(let root, let link, let height, let canDismiss):
            try updateModal(link, in: root) { modal throws(RuleViolation) in
                guard height != nil || canDismiss != nil else {
                    throw RuleViolation(.invalidValue, "card.update changes nothing: give a height, canDismiss or both")
                }
                if case .points(let points) = height { try Check.height(points) }
                try modal.checkNotDismissing("update a card")
                guard !modal.cards.isEmpty else { return }  // only a state built by hand has no card
                let top = modal.cards.count - 1
                switch height {
                case .points(let points)?: modal.cards[top].height = points
                case .automatic?: modal.cards[top].height = nil
                case nil: break
                }
                if let canDismiss { modal.cards[top].canDismiss = canDismiss }
            }
        case .dimmingTap(let root):
            let rootIndex = try registeredRoot(root)
            _roots[rootIndex].tapDimming()
            _roots[rootIndex].refreshDimming()
        case .keyboardChange(let height, let responderBottom):
            try Check.finite(height, field: "keyboard height")
            guard height >= 0 else {
                throw RuleViolation(
                    .invalidValue, "keyboard height must be 0 or more, found \(JSONNumber.text(height))")
            }
            if let responderBottom { try Check.finite(responderBottom, field: "responderBottom") }
            keyboard = KeyboardState(height: height, responderBottom: responderBottom)
            for index in _roots.indices { _roots[index].refreshKeyboardOffset(keyboard) }
        case .snapTo(let root, let link, let index):
            try updateModal(link, in: root) { modal throws(RuleViolation) in
                let snapIndex = try Check.snapIndex(
                    index, logged: numbers[.index], field: "index", points: modal.snap.points, link: modal.link)
                try modal.checkPresented("snap")
                modal.snap.index = snapIndex
                modal.snap.position = Double(snapIndex)
                modal.snap.dragging = false
            }
        case .dragChange(let root, let link, let position):
            try updateModal(link, in: root) { modal throws(RuleViolation) in
                try Check.finite(position, field: "position")
                try modal.checkPresented("drag")
                modal.snap.position = position
                modal.snap.dragging = true
            }
        case .dragEnd(let root, let link, let position, let velocity):
            let (rootIndex, modalIndex) = try locate(link, in: root)
            if let position { try Check.finite(position, field: "position") }
            try Check.finite(velocity, field: "velocity")
            try _roots[rootIndex]._modals[modalIndex].checkPresented("end a drag of")
            _roots[rootIndex].endDrag(at: modalIndex, position: position, velocity: velocity)
            _roots[rootIndex].refreshDimming()
        }
    }

    /// Finds the live modal `link` of `root` and hands it to `body` in place
    /// (no copy of the root's modals); `body` checks before it changes anything.
    ///
    /// - Returns: Where the modal is.
    @discardableResult
    private mutating func updateModal(
        _ link: String, in root: String, _ body: (inout Modal) throws(RuleViolation) -> Void
    ) throws(RuleViolation) -> (root: Int, modal: Int) {
        let (rootIndex, modalIndex) = try locate(link, in: root)
        // The bodies change no link, parent, or phase the directory counts (presenting becomes presented).
        try body(&_roots[rootIndex]._modals[modalIndex])
        return (rootIndex, modalIndex)
    }

    /// ``updateModal(_:in:_:)`` for a change to the card stack: then its visible cards follow.
    private mutating func updateStack(
        _ link: String, in root: String, _ body: (inout Modal) throws(RuleViolation) -> Void
    ) throws(RuleViolation) {
        let (rootIndex, modalIndex) = try updateModal(link, in: root, body)
        _roots[rootIndex].refreshVisibleCards(at: modalIndex)
    }

    private mutating func register(
        _ registration: RootRegistration, formatVersion: Int, numbers: LoggedNumbers
    ) throws(RuleViolation) {
        guard rootIndex(registration.root) == nil else {
            throw RuleViolation(.duplicateRoot, "root \"\(registration.root)\" is already registered")
        }
        try Check.known(registration.presentation, field: "presentation")
        try Check.integer(registration.level, logged: numbers[.level], field: "level")
        let level = registration.level
        // Version 1 knows no queue: there, "queue" is a word like any other it does not list, rejected as before.
        let policies = formatVersion < 2 ? RootPolicy.knownValues.filter { $0 != .queue } : RootPolicy.knownValues
        guard policies.contains(registration.policy) else {
            let list = policies.map(\.rawValue).joined(separator: ", ")
            throw RuleViolation(.invalidValue, "policy \"\(registration.policy.rawValue)\" is not one of \(list)")
        }
        try Check.known(registration.dimming.tap, field: "dimming.tap")
        try Check.known(registration.keyboard.strategy, field: "keyboard.strategy")
        try Check.finite(registration.keyboard.additional, field: "keyboard.additional")
        try Check.size(registration.size)
        try Check.integer(registration.maxVisibleCards, logged: numbers[.maxVisibleCards], field: "maxVisibleCards")
        let maxVisibleCards = registration.maxVisibleCards
        guard maxVisibleCards >= 1 else {
            throw RuleViolation(.invalidValue, "maxVisibleCards must be 1 or more, found \(maxVisibleCards)")
        }
        let root = RootState(id: registration.root, settings: RootSettings(registration), size: registration.size)
        // Bottom to top by level, then registration: after every root of the same or a lower level.
        let position = rootDirectory.place(forLevel: level, in: _roots)
        _roots.insert(root, at: position)
        rootDirectory.inserted(at: position, of: _roots)
        _roots[position].refreshKeyboardOffset(keyboard)
    }

    private mutating func present(_ presentation: ModalPresentation, numbers: LoggedNumbers) throws(RuleViolation) {
        let rootIndex = try registeredRoot(presentation.root)
        try _roots.withUnsafeBufferPointer { roots throws(RuleViolation) in
            try roots[rootIndex].checkPresentable(presentation)
        }
        let initialSnap = try Check.snapIndex(
            presentation.initialSnap, logged: numbers[.initialSnap], field: "initialSnap",
            points: presentation.snapPoints, link: presentation.link)
        var phase = ModalPhase.presenting
        switch _roots[rootIndex].settings.policy {
        case .single:
            _roots[rootIndex].startDismissingAll(reason: .replaced)
        case .queue where !_roots[rootIndex]._modals.isEmpty:
            phase = .queued
        default:
            break
        }
        let card = Card(
            content: presentation.content, sticky: presentation.sticky, height: presentation.height,
            canDismiss: presentation.canDismiss)
        _roots[rootIndex].append(
            Modal(
                link: presentation.link, phase: phase, style: presentation.style, parent: presentation.parent,
                payload: presentation.payload, cards: [card],
                snap: SnapState(points: presentation.snapPoints, index: initialSnap, position: Double(initialSnap))))
        _roots[rootIndex].refreshVisibleCards(at: _roots[rootIndex]._modals.count - 1)
        _roots[rootIndex].refreshDimming()
    }

    private func registeredRoot(_ id: String) throws(RuleViolation) -> Int {
        guard let index = rootIndex(id) else {
            throw RuleViolation(.unknownRoot, "no modal host for root \"\(id)\": register it with root.register first")
        }
        return index
    }

    private func locate(_ link: String, in root: String) throws(RuleViolation) -> (root: Int, modal: Int) {
        let rootIndex = try registeredRoot(root)
        guard let modalIndex = modalIndex(link: link, inRootAt: rootIndex) else {
            throw RuleViolation(.unknownLink, "no live modal \"\(link)\" in root \"\(root)\"")
        }
        return (rootIndex, modalIndex)
    }
}

extension RootState {
    /// The checks of rule 3 before `initialSnap`: the link, the parent, the
    /// style and the snap points.
    func checkPresentable(_ presentation: ModalPresentation) throws(RuleViolation) {
        if let existing = modalIndex(link: presentation.link) {
            throw RuleViolation(
                .duplicateLink,
                "link \"\(presentation.link)\" is already live in root \"\(id)\" (\(_modals[existing].phase.rawValue))")
        }
        if let parent = presentation.parent {
            guard let parentIndex = modalIndex(link: parent) else {
                throw RuleViolation(.unknownLink, "parent \"\(parent)\" is not a live modal of root \"\(id)\"")
            }
            guard _modals[parentIndex].phase != .dismissing else {
                throw RuleViolation(.unknownLink, "parent \"\(parent)\" is dismissing")
            }
            guard settings.policy != .single else {
                throw RuleViolation(.invalidValue, "root \"\(id)\" shows one modal at a time: a parent is not allowed")
            }
            guard settings.policy != .queue else {
                throw RuleViolation(
                    .invalidValue, "root \"\(id)\" queues its modals one at a time: a parent is not allowed")
            }
        }
        try Check.known(presentation.style, field: "style")
        try Check.snapPoints(presentation.snapPoints)
        try Check.height(presentation.height)
    }

    /// Adds `modal` on top. The caller refreshes its visible cards and the dimming.
    mutating func append(_ modal: Modal) {
        _modals.append(modal)
        directory.appended(to: _modals)
    }

    /// Sets the phase of the modal at `index` (and its reason), as the directory counts it.
    private mutating func setPhase(_ phase: ModalPhase, reason: DismissReason? = nil, at index: Int) {
        directory.phaseChanged(from: _modals[index].phase, to: phase)
        _modals[index].phase = phase
        if let reason { _modals[index].dismissReason = reason }
    }

    /// Rule 14: when every live modal of a queue root is queued, the bottom
    /// one starts presenting. The caller refreshes the dimming.
    ///
    /// - Complexity: O(1): the directory counts the queued modals.
    mutating func promoteQueued() {
        guard settings.policy == .queue, !_modals.isEmpty, directory.queued == _modals.count else { return }
        setPhase(.presenting, at: 0)
    }

    /// Starts dismissing the modal at `index` and every live descendant that
    /// is not already dismissing (rule 5). Does nothing to a dismissing modal.
    mutating func startDismissing(at index: Int, reason: DismissReason) {
        guard _modals[index].phase != .dismissing else { return }
        setPhase(.dismissing, reason: reason, at: index)
        for descendant in descendants(of: index) where _modals[descendant].phase != .dismissing {
            setPhase(.dismissing, reason: .parentDismissed, at: descendant)
        }
    }

    /// Starts dismissing every modal that is not already dismissing, bottom
    /// to top (rule 3, in a `single` root), with `reason`.
    ///
    /// - Complexity: O(*k*) in the modals from the top down to the lowest
    ///   that is not dismissing: in a `single` root, the top one alone.
    mutating func startDismissingAll(reason: DismissReason) {
        // Found from the top, as they are usually there; dismissed from the bottom, as the rule goes.
        var found: [Int] = []
        var index = _modals.count
        while found.count < directory.notDismissing, index > 0 {
            index -= 1
            if _modals[index].phase != .dismissing { found.append(index) }
        }
        for index in found.reversed() { startDismissing(at: index, reason: reason) }
    }

    /// Removes the modal at `index` with every descendant (rule 6), keeping
    /// the order of the others.
    mutating func remove(at index: Int) {
        let leaving = descendants(of: index)
        // From the top down, the modal itself last (`[index] + leaving` made an array each time).
        for place in leaving.reversed() { directory.removing(_modals[place], at: place) }
        directory.removing(_modals[index], at: index)
        guard !leaving.isEmpty else {
            _modals.remove(at: index)
            return
        }
        var kept = index
        var next = 0  // the next of `leaving`, which are in order
        for candidate in _modals.indices.dropFirst(index + 1) {
            if next < leaving.count, leaving[next] == candidate {
                next += 1
            } else {
                _modals.swapAt(kept, candidate)
                kept += 1
            }
        }
        _modals.removeSubrange(kept...)
    }

    /// The indexes of the modals nested, at any depth, in the modal at
    /// `index`, in order. A child is always presented after its parent, so
    /// one pass forward finds them all.
    ///
    /// - Complexity: O(1) in a root with no nested modal; else O(*n*) in
    ///   the modals above `index`.
    func descendants(of index: Int) -> [Int] {
        guard directory.nested > 0 else { return [] }
        let modals = _modals
        var found: [Int] = []
        /// The links of the family once it grows, so the pass stays linear.
        var family: Set<String> = []
        for candidate in modals.indices.dropFirst(index + 1) {
            guard let parent = modals[candidate].parent else { continue }
            let inFamily =
                if family.isEmpty {
                    parent == modals[index].link || found.contains { modals[$0].link == parent }
                } else {
                    family.contains(parent)
                }
            guard inFamily else { continue }
            found.append(candidate)
            if found.count == 8 {
                family = Set(([index] + found).map { modals[$0].link })
            } else if !family.isEmpty {
                family.insert(modals[candidate].link)
            }
        }
        return found
    }

    /// A tap on the dimming view (rule 7).
    mutating func tapDimming() {
        guard settings.dimming.tap == .dismissTopmost,
            let topmost = topmostShowing,
            _modals[topmost].canDismiss
        else { return }
        startDismissing(at: topmost, reason: .dimmingTap)
    }

    /// Releases a drag (rule 11).
    mutating func endDrag(at index: Int, position: Double?, velocity: Double) {
        let snap = _modals[index].snap
        let released = position ?? snap.position
        let lastPoint = Double(snap.points.count - 1)
        let projected = (released + 0.2 * velocity).rounded(.toNearestOrAwayFromZero)
        var target = Int(min(max(projected, -1), lastPoint))
        if target == -1 {
            if _modals[index].canDismiss {
                _modals[index].snap.position = -1
                _modals[index].snap.dragging = false
                startDismissing(at: index, reason: .drag)
                return
            }
            target = 0
        }
        _modals[index].snap.index = target
        _modals[index].snap.position = Double(target)
        _modals[index].snap.dragging = false
    }
}

extension Modal {
    func checkNotDismissing(_ action: String) throws(RuleViolation) {
        guard phase != .dismissing else {
            throw RuleViolation(.invalidTransition, "cannot \(action) on modal \"\(link)\": it is dismissing")
        }
    }

    func checkPresented(_ action: String) throws(RuleViolation) {
        guard phase == .presented else {
            throw RuleViolation(
                .invalidTransition, "cannot \(action) modal \"\(link)\": it is \(phase.rawValue), not presented")
        }
    }
}

/// The numbers a log gives the integer fields of one step's event that
/// their `Int`s do not hold (``LoggedEvent/loggedNumbers``): none for every
/// event an app makes. (Here, not beside ``LoggedNumber``: a replay of 10^5
/// events takes 0.8% more instructions with it in the other module.)
struct LoggedNumbers {
    /// `nil` for none, so that an event without any copies nothing.
    private let numbers: [LoggedNumber]?
    private let step: Int

    init(_ numbers: [LoggedNumber]?, step: Int) {
        self.numbers = numbers
        self.step = step
    }

    subscript(field: IntegerField) -> LoggedNumber? {
        numbers?.number(of: field, step: step)
    }
}

/// Value checks: a value out of its range is `invalidValue`.
enum Check {
    static func finite(_ value: Double, field: String) throws(RuleViolation) {
        guard value.isFinite else {
            throw RuleViolation(.invalidValue, "\(field) must be a finite number, found \(JSONNumber.text(value))")
        }
    }

    /// An integer field with no range of its own (`level`, `maxVisibleCards`):
    /// any whole number a log holds exactly, within 64 bits (Semantics
    /// decision 3), as every `Int` is; else `invalidValue`.
    static func integer(_ value: Int, logged: LoggedNumber?, field: String) throws(RuleViolation) {
        try integer(value, logged: logged, field: field, isInRange: true) {
            RuleViolation(
                .invalidValue,
                "\(field) \($0) is out of range: a log holds whole numbers from \(Int.min) to \(Int.max) exactly")
        }
    }

    /// A snap index: an integer (`invalidValue`), then one of `points`'
    /// indexes (`snapOutOfRange`). `logged`, when the log gave the field a
    /// number its `Int` does not hold, is checked instead of `value`.
    static func snapIndex(
        _ value: Int, logged: LoggedNumber?, field: String, points: [Double], link: String
    ) throws(RuleViolation) -> Int {
        // A whole number beyond 64 bits is far outside any snap points.
        try integer(value, logged: logged, field: field, isInRange: points.indices.contains(value)) {
            RuleViolation(
                .snapOutOfRange,
                "\(field == "index" ? "snap index" : field) \($0) is outside 0..<\(points.count) of modal \"\(link)\"")
        }
        return value
    }

    /// An integer field: its `Int` (`value`), in range when `isInRange`, or
    /// the number the log gave it that an `Int` does not hold (`logged`),
    /// which is `invalidValue` unless finite and whole (as its literal
    /// writes it), and then out of range. `outOfRange` makes the rejection
    /// for the number's text.
    private static func integer(
        _ value: Int, logged: LoggedNumber?, field: String, isInRange: Bool, outOfRange: (String) -> RuleViolation
    ) throws(RuleViolation) {
        guard let logged else {
            guard isInRange else { throw outOfRange("\(value)") }
            return
        }
        try finite(logged.value, field: field)
        guard logged.number.isWholeNumber else {
            throw RuleViolation(.invalidValue, "\(field) must be an integer, found \(logged.number)")
        }
        throw outOfRange(logged.number.literal)
    }

    static func known<Word: SpecWord>(_ word: Word, field: String) throws(RuleViolation) {
        guard word.isKnown else {
            throw RuleViolation(.invalidValue, "\(field) \"\(word.rawValue)\" is not one of \(Word.knownList)")
        }
    }

    /// A card's preferred height: none, or a finite number > 0.
    static func height(_ height: Double?) throws(RuleViolation) {
        guard let height else { return }
        guard height.isFinite, height > 0 else {
            throw RuleViolation(.invalidValue, "height must be a finite number > 0, found \(JSONNumber.text(height))")
        }
    }

    static func size(_ size: Size) throws(RuleViolation) {
        guard size.width > 0, size.height > 0 else {
            throw RuleViolation(.invalidValue, "size must be positive, found \(size)")
        }
        try finite(size.width, field: "size.width")
        try finite(size.height, field: "size.height")
    }

    static func snapPoints(_ points: [Double]) throws(RuleViolation) {
        guard !points.isEmpty else { throw RuleViolation(.invalidValue, "snapPoints must not be empty") }
        for (index, point) in points.enumerated() {
            guard point > 0, point <= 1 else {
                throw RuleViolation(
                    .invalidValue, "snapPoints[\(index)] must be in (0, 1], found \(JSONNumber.text(point))")
            }
            guard index == 0 || points[index - 1] < point else {
                throw RuleViolation(
                    .invalidValue,
                    "snapPoints must be strictly increasing, found \(JSONNumber.text(point)) after \(JSONNumber.text(points[index - 1]))"
                )
            }
        }
    }
}
