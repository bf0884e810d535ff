import ModalEvents

extension ModalState {
    /// Every way this state breaks what the projection guarantees; empty for
    /// any state the reducer can reach from the empty state.
    ///
    /// One function for the tests and the property-testing harness
    /// (`ModalTesting`); `Docs/Testing.md` lists what it checks. Each
    /// violation names its invariant and its place:
    /// `roots[0].modals[2]: parent "menu" is not a live modal listed before it`.
    ///
    /// - Complexity: O(*n*) in the size of the state: it also writes the
    ///   state's JSON and reads it back.
    public func invariantViolations() -> [InvariantViolation] {
        let violations = storedValueViolations() + derivedValueViolations()
        guard violations.isEmpty else { return violations }
        // Only a state that keeps the others can read back: reading checks them.
        // Through bytes, as a snapshot on disk would be.
        var writer = JSONWriter()
        writer.write(json)
        do {
            let readBack = try ModalState(json: try JSONReader.read(writer.bytes))
            return readBack == self
                ? [] : [InvariantViolation(.json, "json", "the state's JSON reads back to a different state")]
        } catch {
            let message = (error as? EventLogError)?.message ?? "\(error)"
            return [InvariantViolation(.json, "json", "the state's JSON does not read back: \(message)")]
        }
    }

    /// The derived values (rules 7, 8 and 9) that do not follow from the stored ones.
    func derivedValueViolations() -> [InvariantViolation] {
        var violations: [InvariantViolation] = []
        for (rootIndex, root) in roots.enumerated() {
            let place = "roots[\(rootIndex)]"
            if root.isDimmingVisible != root.dimmingRule {
                violations.append(
                    InvariantViolation(
                        .dimming, "\(place).dimming.visible",
                        "is \(root.isDimmingVisible), rule 7 gives \(root.dimmingRule)"))
            }
            let offset = root.keyboardOffsetRule(keyboard)
            if !(root.keyboardOffset >= 0) || root.keyboardOffset != offset {
                violations.append(
                    InvariantViolation(
                        .keyboardOffset, "\(place).keyboardOffset",
                        "is \(JSONNumber.text(root.keyboardOffset)), rule 9 gives \(JSONNumber.text(offset))"))
            }
            for (modalIndex, modal) in root.modals.enumerated()
            where modal.visibleCards != root.visibleCardsRule(modal.cards.count) {
                violations.append(
                    InvariantViolation(
                        .visibleCards, "\(place).modals[\(modalIndex)].visibleCards",
                        "is \(modal.visibleCards), rule 8 gives \(root.visibleCardsRule(modal.cards.count))"))
            }
        }
        return violations
    }

    /// The rejections that are out of order or after ``seq``.
    func rejectionViolations() -> [InvariantViolation] {
        rejected.indices.compactMap { index in
            let rejection = rejected[index]
            let isOrdered = index == 0 || rejected[index - 1].seq < rejection.seq
            guard rejection.seq < 1 || rejection.seq > seq || !isOrdered else { return nil }
            return InvariantViolation(
                .counters, "rejected[\(index)]", "seq \(rejection.seq) must be in 1...\(seq), after the one before")
        }
    }

    /// Every invariant of the stored values: the checks ``init(json:)`` makes
    /// of a snapshot (the derived ones are recomputed on reading).
    func storedValueViolations() -> [InvariantViolation] {
        var violations = InvariantViolation.List()
        violations.check(seq >= 0, .counters, "seq", "must be 0 or more, found \(seq)")
        violations.check(session >= 0, .counters, "session", "must be 0 or more, found \(session)")
        violations.check(
            keyboard.height.isFinite && keyboard.height >= 0, .keyboard, "keyboard.height",
            "must be finite and 0 or more")
        violations.check(
            keyboard.responderBottom?.isFinite ?? true, .keyboard, "keyboard.responderBottom", "must be finite")
        violations.all += rejectionViolations()
        var rootIDs: Set<String> = []
        for (rootIndex, root) in roots.enumerated() {
            let place = "roots[\(rootIndex)]"
            violations.check(
                rootIDs.insert(root.id).inserted, .uniqueRoots, place, "root \"\(root.id)\" is listed twice")
            violations.check(
                rootIndex == 0 || roots[rootIndex - 1].level <= root.level, .rootOrder, place,
                "roots must be ordered by level")
            violations.check(
                root.presentation.isKnown && root.policy.isKnown, .rootSettings, place,
                "presentation and policy must be known words")
            violations.check(
                root.dimming.tap.isKnown && root.keyboard.strategy.isKnown, .rootSettings, place,
                "dimming.tap and keyboard.strategy must be known words")
            violations.check(
                root.keyboard.additional.isFinite, .rootSettings, place, "keyboard.additional must be finite")
            let size = root.size
            violations.check(
                (try? Check.size(size)) != nil, .rootSettings, place, "size must be positive and finite")
            violations.check(root.maxVisibleCards >= 1, .rootSettings, place, "maxVisibleCards must be 1 or more")
            violations.all += root.modalViolations(place: place)
        }
        return violations.all
    }
}

extension RootState {
    func modalViolations(place rootPlace: String) -> [InvariantViolation] {
        var violations = InvariantViolation.List()
        /// Links listed so far, with their phase: a parent is always listed before its children.
        var earlier: [String: ModalPhase] = [:]
        for (modalIndex, modal) in modals.enumerated() {
            let place = "\(rootPlace).modals[\(modalIndex)]"
            violations.check(
                earlier[modal.link] == nil, .uniqueLinks, place, "link \"\(modal.link)\" is live twice in its root")
            violations.check(!modal.cards.isEmpty, .cards, place, "a live modal has at least one card")
            for (cardIndex, card) in modal.cards.enumerated() {
                violations.check(
                    card.height.map { $0.isFinite && $0 > 0 } ?? true, .cards, "\(place).cards[\(cardIndex)]",
                    "height must be a finite number > 0")
            }
            violations.check(
                modal.phase != .queued || settings.policy == .queue, .rootPolicy, place,
                "only a modal of a queue root waits in its queue")
            violations.check(modal.style.isKnown, .modalSettings, place, "style \"\(modal.style)\" is not a known word")
            violations.check(
                (modal.phase == .dismissing) == (modal.dismissReason != nil), .modalSettings, place,
                "a dismissReason goes with the dismissing phase, and only with it")
            if let parent = modal.parent {
                violations.check(
                    settings.policy != .single && settings.policy != .queue, .rootPolicy, place,
                    "a \(settings.policy) root has no nested modals")
                if let parentPhase = earlier[parent] {
                    violations.check(
                        parentPhase != .dismissing || modal.phase == .dismissing, .dismissingFamilies, place,
                        "a modal under a dismissing parent is dismissing too")
                } else {
                    violations.check(
                        false, .liveParents, place, "parent \"\(parent)\" is not a live modal listed before it")
                }
            }
            let snap = modal.snap
            // The same rule the reducer applies to `modal.present`.
            violations.check(
                (try? Check.snapPoints(snap.points)) != nil, .snap, "\(place).snap",
                "points must be in (0, 1], strictly increasing, not empty")
            violations.check(
                snap.points.indices.contains(snap.index), .snap, "\(place).snap",
                "index \(snap.index) is outside the points")
            violations.check(snap.position.isFinite, .snap, "\(place).snap", "position must be finite")
            if modal.phase != .dismissing && !snap.dragging {
                violations.check(
                    snap.position == Double(snap.index), .snap, "\(place).snap", "at rest, position is the index")
            }
            if modal.phase == .queued {
                violations.check(
                    !snap.dragging, .rootPolicy, "\(place).snap", "a queued modal is not on screen: it is not dragged")
            }
            earlier[modal.link] = modal.phase
        }
        if settings.policy == .single {
            let showing = modals.filter { $0.phase != .dismissing }.count
            violations.check(
                showing <= 1, .rootPolicy, rootPlace,
                "a single root shows at most one modal that is not dismissing, found \(showing)")
        }
        if settings.policy == .queue {
            // Rule 14: one modal shows (or leaves) at a time, at the bottom; the others wait.
            let notQueued = modals.indices.filter { modals[$0].phase != .queued }
            violations.check(
                notQueued.count <= 1, .rootPolicy, rootPlace,
                "a queue root has at most one modal that is not queued, found \(notQueued.count)")
            violations.check(
                notQueued.allSatisfy { $0 == 0 }, .rootPolicy, rootPlace,
                "a queue root's modal that is not queued is its bottom one: the others came after it")
            violations.check(
                modals.isEmpty || !notQueued.isEmpty, .rootPolicy, rootPlace,
                "a queue root whose live modals are all queued presents the bottom one")
        }
        return violations.all
    }
}

/// One way a state breaks what the projection guarantees
/// (``ModalState/invariantViolations()``): which invariant, where, and what.
public struct InvariantViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the projection guarantees, numbered as `Docs/Testing.md` lists it.
    public enum Invariant: Int, Sendable, Hashable, CaseIterable {
        /// `seq` and `session` are 0 or more; rejections are in seq order, within `1...seq`.
        case counters = 1
        /// The keyboard's height is finite and 0 or more; its responder bottom is finite.
        case keyboard
        /// Root ids are unique.
        case uniqueRoots
        /// Roots are ordered by level.
        case rootOrder
        /// A root's words are known, its `additional` finite, its size
        /// positive and finite, its `maxVisibleCards` 1 or more.
        case rootSettings
        /// A link is unique among the live modals of its root.
        case uniqueLinks
        /// Every live modal has a card; a card's height is none or finite and above 0.
        case cards
        /// A modal's style is a known word; it has a `dismissReason` exactly when dismissing.
        case modalSettings
        /// A parent is live and listed before its children.
        case liveParents
        /// No modal that is not dismissing under a dismissing parent.
        case dismissingFamilies
        /// What a `single` or a `queue` root allows (rules 3 and 14).
        case rootPolicy
        /// Snap points, the snap index within them, a finite position that is the index at rest.
        case snap
        /// `visibleCards` follows rule 8.
        case visibleCards
        /// `dimming.visible` follows rule 7.
        case dimming
        /// `keyboardOffset` follows rule 9.
        case keyboardOffset
        /// The state's JSON reads back to the same state.
        case json
    }

    /// The invariant broken.
    public var invariant: Invariant
    /// Where, as a path into the state's JSON: `roots[0].modals[2]`.
    public var place: String
    /// What is wrong, for a person.
    public var message: String

    init(_ invariant: Invariant, _ place: String, _ message: String) {
        self.invariant = invariant
        self.place = place
        self.message = message
    }

    /// `roots[0].modals[2]: parent "menu" is not a live modal listed before it`.
    public var description: String { "\(place): \(message)" }

    /// Violations as the checks find them.
    struct List {
        var all: [InvariantViolation] = []

        mutating func check(
            _ condition: Bool, _ invariant: Invariant, _ place: String, _ message: @autoclosure () -> String
        ) {
            if !condition { all.append(InvariantViolation(invariant, place, message())) }
        }
    }
}
