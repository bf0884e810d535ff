import ModalEvents

extension ModalState {
    /// Every way this state breaks what the projection guarantees; empty for
    /// any state the reducer can reach from the empty state.
    ///
    /// One function for the tests and the property-testing harness
    /// (`ModalTesting`); `Docs/Testing.md` lists what it checks. Each entry
    /// names the place:
    /// `roots[0].modals[2]: parent "menu" is not a live modal listed before it`.
    ///
    /// - Complexity: O(*n*) in the size of the state: it also writes the
    ///   state's JSON and reads it back.
    public func invariantViolations() -> [String] {
        let violations = storedValueViolations() + derivedValueViolations()
        guard violations.isEmpty else { return violations }
        // Only a state that keeps the others can read back: reading checks them.
        // Through bytes, as a snapshot on disk would be.
        var writer = JSONWriter()
        writer.write(json)
        do {
            let readBack = try ModalState(json: try JSONReader.read(writer.bytes))
            return readBack == self ? [] : ["json: the state's JSON reads back to a different state"]
        } catch {
            let message = (error as? EventLogError)?.message ?? "\(error)"
            return ["json: the state's JSON does not read back: \(message)"]
        }
    }

    /// The derived values (rules 7, 8 and 9) that do not follow from the stored ones.
    func derivedValueViolations() -> [String] {
        var violations: [String] = []
        for (rootIndex, root) in roots.enumerated() {
            let place = "roots[\(rootIndex)]"
            if root.isDimmingVisible != root.dimmingRule {
                violations.append(
                    "\(place).dimming.visible: is \(root.isDimmingVisible), rule 7 gives \(root.dimmingRule)")
            }
            let offset = root.keyboardOffsetRule(keyboard)
            if !(root.keyboardOffset >= 0) || root.keyboardOffset != offset {
                violations.append(
                    "\(place).keyboardOffset: is \(JSONNumber.text(root.keyboardOffset)), rule 9 gives \(JSONNumber.text(offset))"
                )
            }
            for (modalIndex, modal) in root.modals.enumerated()
            where modal.visibleCards != root.visibleCardsRule(modal.cards.count) {
                violations.append(
                    "\(place).modals[\(modalIndex)].visibleCards: is \(modal.visibleCards), rule 8 gives \(root.visibleCardsRule(modal.cards.count))"
                )
            }
        }
        return violations
    }

    /// The rejections that are out of order or after ``seq``.
    func rejectionViolations() -> [String] {
        rejected.indices.compactMap { index in
            let rejection = rejected[index]
            let isOrdered = index == 0 || rejected[index - 1].seq < rejection.seq
            guard rejection.seq < 1 || rejection.seq > seq || !isOrdered else { return nil }
            return "rejected[\(index)]: seq \(rejection.seq) must be in 1...\(seq), after the one before"
        }
    }

    /// Every invariant of the stored values: the checks ``init(json:)`` makes
    /// of a snapshot (the derived ones are recomputed on reading).
    func storedValueViolations() -> [String] {
        var violations: [String] = []
        func check(_ condition: Bool, _ place: String, _ message: @autoclosure () -> String) {
            if !condition { violations.append("\(place): \(message())") }
        }
        check(seq >= 0, "seq", "must be 0 or more, found \(seq)")
        check(session >= 0, "session", "must be 0 or more, found \(session)")
        check(keyboard.height.isFinite && keyboard.height >= 0, "keyboard.height", "must be finite and 0 or more")
        check(keyboard.responderBottom?.isFinite ?? true, "keyboard.responderBottom", "must be finite")
        violations += rejectionViolations()
        var rootIDs: Set<String> = []
        for (rootIndex, root) in roots.enumerated() {
            let place = "roots[\(rootIndex)]"
            check(rootIDs.insert(root.id).inserted, place, "root \"\(root.id)\" is listed twice")
            check(rootIndex == 0 || roots[rootIndex - 1].level <= root.level, place, "roots must be ordered by level")
            check(
                root.presentation.isKnown && root.policy.isKnown, place, "presentation and policy must be known words")
            check(
                root.dimming.tap.isKnown && root.keyboard.strategy.isKnown, place,
                "dimming.tap and keyboard.strategy must be known words")
            check(root.keyboard.additional.isFinite, place, "keyboard.additional must be finite")
            let size = root.size
            check((try? Check.size(size)) != nil, place, "size must be positive and finite")
            check(root.maxVisibleCards >= 1, place, "maxVisibleCards must be 1 or more")
            violations += root.modalViolations(place: place)
        }
        return violations
    }
}

extension RootState {
    func modalViolations(place rootPlace: String) -> [String] {
        var violations: [String] = []
        func check(_ condition: Bool, _ place: String, _ message: @autoclosure () -> String) {
            if !condition { violations.append("\(place): \(message())") }
        }
        /// Links listed so far, with their phase: a parent is always listed before its children.
        var earlier: [String: ModalPhase] = [:]
        for (modalIndex, modal) in modals.enumerated() {
            let place = "\(rootPlace).modals[\(modalIndex)]"
            check(earlier[modal.link] == nil, place, "link \"\(modal.link)\" is live twice in its root")
            check(!modal.cards.isEmpty, place, "a live modal has at least one card")
            for (cardIndex, card) in modal.cards.enumerated() {
                check(
                    card.height.map { $0.isFinite && $0 > 0 } ?? true, "\(place).cards[\(cardIndex)]",
                    "height must be a finite number > 0")
            }
            check(
                modal.phase != .queued || policy == .queue, place, "only a modal of a queue root waits in its queue")
            check(modal.style.isKnown, place, "style \"\(modal.style)\" is not a known word")
            check(
                (modal.phase == .dismissing) == (modal.dismissReason != nil), place,
                "a dismissReason goes with the dismissing phase, and only with it")
            if let parent = modal.parent {
                check(policy != .single && policy != .queue, place, "a \(policy) root has no nested modals")
                if let parentPhase = earlier[parent] {
                    check(
                        parentPhase != .dismissing || modal.phase == .dismissing, place,
                        "a modal under a dismissing parent is dismissing too")
                } else {
                    check(false, place, "parent \"\(parent)\" is not a live modal listed before it")
                }
            }
            let snap = modal.snap
            // The same rule the reducer applies to `modal.present`.
            check(
                (try? Check.snapPoints(snap.points)) != nil, "\(place).snap",
                "points must be in (0, 1], strictly increasing, not empty")
            check(
                snap.points.indices.contains(snap.index), "\(place).snap", "index \(snap.index) is outside the points")
            check(snap.position.isFinite, "\(place).snap", "position must be finite")
            if modal.phase != .dismissing && !snap.dragging {
                check(snap.position == Double(snap.index), "\(place).snap", "at rest, position is the index")
            }
            if modal.phase == .queued {
                check(!snap.dragging, "\(place).snap", "a queued modal is not on screen: it is not dragged")
            }
            earlier[modal.link] = modal.phase
        }
        if policy == .single {
            let showing = modals.filter { $0.phase != .dismissing }.count
            check(
                showing <= 1, rootPlace,
                "a single root shows at most one modal that is not dismissing, found \(showing)")
        }
        if policy == .queue {
            // Rule 14: one modal shows (or leaves) at a time, at the bottom; the others wait.
            let notQueued = modals.indices.filter { modals[$0].phase != .queued }
            check(
                notQueued.count <= 1, rootPlace,
                "a queue root has at most one modal that is not queued, found \(notQueued.count)")
            check(
                notQueued.allSatisfy { $0 == 0 }, rootPlace,
                "a queue root's modal that is not queued is its bottom one: the others came after it")
            check(
                modals.isEmpty || !notQueued.isEmpty, rootPlace,
                "a queue root whose live modals are all queued presents the bottom one")
        }
        return violations
    }
}
