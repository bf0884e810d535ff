public import ModalEvents

extension EventStore where State == ModalState {
    /// Makes `root` show exactly the links of `desired`, with the fewest events: the
    /// missing modals are presented, the extra ones dismissed, the rest left
    /// alone (Square's `modalListObserver`, AppRouter's single source of
    /// truth). When the root already shows them, nothing is appended.
    ///
    /// A modal is known by its link: one that shows with the same link is
    /// left as it is, whatever its content, settings, parent or place in the
    /// stack; reconcile does not reorder, new modals go on top in order. Modals that are
    /// dismissing count as gone. The events are appended as one step (a
    /// `batch` when there are several), checked against the state they were
    /// planned on; when another writer comes in between, reconcile plans again.
    ///
    /// ```swift
    /// // The router's state says which sheets show:
    /// try store.reconcile("sheets", to: router.sheets.map { sheet in
    ///     ModalPresentation(link: sheet.id, content: sheet.view)
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - root: The root to reconcile; each presentation's own `root` is ignored.
    ///   - desired: The modals to show, bottom to top; a parent comes before
    ///     its children.
    /// - Returns: The events appended (one, a batch or a single event, but on
    ///   a version-1 log), none when the root already matches.
    /// - Throws: ``EventStoreError/rejected(_:)`` when it cannot get there: see
    ///   ``ModalState/reconciliation(of:to:)``.
    @discardableResult
    public func reconcile(
        _ root: String = ModalEvent.defaultRoot, to desired: [ModalPresentation], source: EventSource? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws(ModalStoreError) -> [LoggedEvent] {
        try appendPlanned(
            source: source, caller: LoggedEvent.caller(fileID: fileID, line: line), given: ("desired", desired)
        ) { state throws(Rejection) in
            try state.reconciliation(of: root, to: desired)
        }.entries
    }
}

extension ModalState {
    /// The fewest events that make `root` show exactly `desired`: a
    /// `modal.dismiss` for each extra modal that no extra ancestor's
    /// dismissal already covers, then a `modal.present` for each missing one,
    /// in order. In a `single` root, presenting the missing modal dismisses
    /// the others by itself (reason `"replaced"`), so none is dismissed first.
    ///
    /// The plan is not checked against the spec's rules: a modal that is
    /// still dismissing under a desired link is presented again, and the
    /// store rejects that with `duplicateLink`.
    ///
    /// - Throws: A ``Rejection`` (`invalidValue`, seq ``seq`` + 1) when
    ///   `desired` names a link twice, lists a child before its parent or
    ///   without it, keeps a modal whose live parent it leaves out, or holds
    ///   more than one modal for a `single` root.
    /// - Complexity: O(*m* + *d*) in the root's modals and the desired ones.
    public func reconciliation(of root: String, to desired: [ModalPresentation]) throws(Rejection) -> [ModalEvent] {
        var desiredLinks: Set<String> = []
        for presentation in desired {
            if let parent = presentation.parent, !desiredLinks.contains(parent) {
                throw refusal("\"\(presentation.link)\" has parent \"\(parent)\", which is not listed before it")
            }
            guard desiredLinks.insert(presentation.link).inserted else {
                throw refusal("\"\(presentation.link)\" is listed twice")
            }
        }
        let rootState = self.root(root)
        let isSingle = rootState?.policy == .single
        let modals = rootState?.modals ?? []
        if isSingle, desired.count > 1 {
            throw refusal("root \"\(root)\" shows one modal at a time, but \(desired.count) are listed")
        }
        for modal in modals where modal.phase != .dismissing && desiredLinks.contains(modal.link) {
            if let parent = modal.parent, !desiredLinks.contains(parent) {
                throw refusal("\"\(modal.link)\" shows in \"\(parent)\", which is not listed: it would leave with it")
            }
        }
        let shown = Set(modals.filter { $0.phase != .dismissing }.map(\.link))
        let missing = desired.filter { !shown.contains($0.link) }
        let presents = missing.map { presentation in
            var presentation = presentation
            presentation.root = root
            return ModalEvent.modalPresent(presentation)
        }
        if isSingle, !missing.isEmpty {
            return presents
        }
        let extra = Set(modals.filter { $0.phase != .dismissing && !desiredLinks.contains($0.link) }.map(\.link))
        // A dismissal cascades to descendants, so an extra modal under an extra parent needs none of its own.
        let dismissals = modals.filter { modal in
            extra.contains(modal.link) && !(modal.parent.map(extra.contains) ?? false)
        }
        return dismissals.map { .modalDismiss(root: root, link: $0.link) } + presents
    }

    private func refusal(_ message: String) -> Rejection {
        Rejection(seq: LoggedEvent.rejectionSeq(after: seq), code: .invalidValue, message: "reconcile: \(message)")
    }
}
