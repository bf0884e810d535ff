public import ModalEvents

/// The store an app holds for its modals: an ``EventStore`` that runs
/// ``ModalState``, with the modal commands, lifetimes and reconcile.
///
/// ```swift
/// let store = ModalStore()
/// try store.registerRoot(RootRegistration(root: "sheets"))
/// let compose = try store.present(
///     ModalPresentation(root: "sheets", link: "compose", content: "ComposeView"))
/// try store.presented("compose", in: "sheets")
/// ```
public typealias ModalStore = EventStore<ModalState>

/// Why a ``ModalStore`` did not append: a ``Rejection`` with the spec's
/// code, or an optimistic-concurrency conflict.
public typealias ModalStoreError = EventStoreError<Rejection>

extension EventStore where State == ModalState {
    /// An empty store: no roots, no events.
    public convenience init(options: EventStoreOptions = EventStoreOptions()) {
        self.init(state: ModalState(), options: options)
    }

    /// A store that holds `entries`, a log from elsewhere, replayed with its
    /// rejections recorded; appends continue after its last seq.
    ///
    /// - Throws: ``EventStoreError/seqOutOfOrder(expected:found:)`` when the
    ///   entries' seqs do not run 1, 2, 3, ...
    public convenience init(
        replaying entries: some Sequence<LoggedEvent>, options: EventStoreOptions = EventStoreOptions()
    ) throws(ModalStoreError) {
        self.init(state: ModalState(), options: options)
        try replay(entries)
    }

    /// The payload a modal was presented with, while it is live: it stays
    /// readable while the modal animates out, until `modal.dismissed`
    /// (ModalPresenter's data source cache).
    ///
    /// - Returns: The payload, or `nil` when the modal has none or has left.
    public func payload(of link: String, in root: String = ModalEvent.defaultRoot) -> JSONValue? {
        state.modal(link: link, in: root)?.payload
    }
}
