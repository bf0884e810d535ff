import ModalEvents
import ModalProjection

/// Something legal in a log that is likely a bug in the app: what
/// `modal-log doctor` lists, with its seqs and one line of why.
struct Finding: Equatable {
    enum Kind: String, CaseIterable {
        /// A modal presenting or dismissing past ``Thresholds/stuck``: no completion came.
        case stuck
        /// The same present rejected within ``Thresholds/doubleTap`` of the one it ran into.
        case doubleTap
        /// A present while another modal of its root is still presenting
        /// (UIKit refuses it: "presentation in progress").
        case presentWhilePresenting
        /// The keyboard over the first responder.
        case keyboardOverResponder
        /// Part of a modal lifted past its root's top by the keyboard.
        case offscreen
        /// A modal hidden whole under a sheet, card or custom modal as high as the screen.
        case hiddenUnderSheet
        /// A modal waiting in a queue past ``Thresholds/queue``: the queue does not drain.
        case queueStuck

        /// Whether judging it needs the events' times.
        var needsTimes: Bool { [.stuck, .doubleTap, .queueStuck].contains(self) }
    }

    var kind: Kind
    /// The events that show it, oldest first; the last is where it was found.
    var seqs: [Int]
    var root: String?
    var link: String?
    /// The time of the event where it was found, when the log gives one.
    var time: Double?
    /// The session it was found in: how many `session.start` events had applied.
    var session: Int
    /// One line of why.
    var why: String
}

/// The times past which `doctor` calls something a bug, in seconds.
struct Thresholds: Equatable {
    /// How long a modal may stay presenting or dismissing.
    var stuck = 2.0
    /// How soon after a present the same present is a double tap.
    var doubleTap = 0.5
    /// How long a modal may wait in a queue.
    var queue = 10.0
}

/// Looks at a log's steps one at a time, in order, and keeps what it finds.
///
/// Each finding is made once: a modal stuck is found when the first event
/// past the threshold comes (or at the log's end); what is drawn (the
/// keyboard over the responder, a modal lifted off-screen or hidden) when
/// it starts, and again only after it stopped.
struct Checkup {
    let thresholds: Thresholds
    private(set) var findings: [Finding] = []
    /// Whether an event of the log had a time: without, what needs one is not judged.
    private(set) var hasTimes = false
    /// The sessions that had events, and the info each started with.
    private(set) var sessions: [Int: JSONValue?] = [:]

    /// A modal in a phase that should end soon: since which event, and when.
    private struct Pending {
        var phase: ModalPhase
        var seq: Int
        var time: Double?
        var reported = false
    }

    private var pending: [ModalKey: Pending] = [:]
    /// The waits in the order they began, one list per threshold: only
    /// their fronts are looked at, so a step costs the same however many
    /// modals wait (a queue of a thousand toasts).
    private var waits = (short: WaitList(), long: WaitList())
    private var lastTime: Double?
    /// What is drawn wrong now, so each is found when it starts.
    private var responderCovered = false
    /// By root: the links of its modals lifted off-screen, and hidden under a sheet.
    private var offscreen: [String: Set<String>] = [:]
    private var hidden: [String: Set<String>] = [:]

    /// Waits (a key and the seq it began at) in the order they began.
    private struct WaitList {
        var keys: [(key: ModalKey, seq: Int)] = []
        var front = 0

        mutating func append(_ key: ModalKey, seq: Int) {
            keys.append((key, seq))
            if front > 1_024, front * 2 > keys.count {
                keys.removeFirst(front)
                front = 0
            }
        }
    }

    init(thresholds: Thresholds = Thresholds()) {
        self.thresholds = thresholds
    }

    /// The kinds this log cannot judge: those that need times, when it has none.
    var unjudged: [Finding.Kind] {
        hasTimes ? [] : Finding.Kind.allCases.filter(\.needsTimes)
    }

    mutating func observe(_ step: Step, after state: ModalState) {
        let entry = step.entry
        if let time = entry.time {
            hasTimes = true
            lastTime = time
        }
        if sessions[step.session] == nil {
            var info: JSONValue?
            if case .sessionStart(let given) = entry.event, step.rejection == nil { info = given }
            sessions[step.session] = info
        }
        guard !step.isSkipped else { return }
        if step.rejection != nil { checkDoubleTap(step) }
        // Before the step's own changes: a completion that comes late ends a wait that was stuck.
        checkWaits(at: step, state: state)
        trackPhases(step, state: state)
        checkPresentWhilePresenting(step, state: state)
        checkDrawing(step, state: state)
    }

    /// What the log's end shows: a modal still in a phase that should have
    /// ended, long enough before the last event's time.
    mutating func finish(state: ModalState) {
        guard let end = lastTime else { return }
        for (key, wait) in pending.sorted(by: { $0.value.seq < $1.value.seq }) where !wait.reported {
            guard let since = wait.time, end - since > limit(for: wait.phase) else { continue }
            report(
                wait.phase == .queued ? .queueStuck : .stuck, seqs: [wait.seq], key: key, time: end,
                session: state.session,
                why: "\(key.name) still \(wait.phase.rawValue) when the log ends, \(seconds(end - since)) after seq "
                    + "\(wait.seq)")
        }
    }

    // MARK: - What each finding looks at

    private mutating func checkDoubleTap(_ step: Step) {
        guard let rejection = step.rejection, rejection.code == .duplicateLink,
            case .modalPresent(let presentation) = rejection.rejectedEvent(of: step.entry.event),
            let cause = step.cause, cause.type == .modalPresent,
            let apart = cause.secondsBefore, apart <= thresholds.doubleTap
        else { return }
        let key = ModalKey(root: presentation.root, link: presentation.link)
        report(
            .doubleTap, seqs: [cause.seq, step.entry.seq], key: key, time: step.entry.time, session: step.session,
            why: "\(key.name) presented twice \(seconds(apart)) apart: the second was rejected (duplicateLink), "
                + "a double tap")
    }

    /// Notes each modal that entered a phase that should end soon, and
    /// forgets those that left it.
    private mutating func trackPhases(_ step: Step, state: ModalState) {
        if case .sessionStart = step.entry.event, step.rejection == nil {
            pending = [:]
            waits = (WaitList(), WaitList())
        }
        for change in step.changes {
            guard case .modal(let root, let link) = change.subject, let phases = change.phases else { continue }
            let key = ModalKey(root: root, link: link)
            if let phase = ModalPhase(rawValue: phases.new), [.presenting, .dismissing, .queued].contains(phase) {
                if pending[key]?.phase != phase {
                    pending[key] = Pending(phase: phase, seq: step.entry.seq, time: step.entry.time ?? lastTime)
                    if phase == .queued {
                        waits.long.append(key, seq: step.entry.seq)
                    } else {
                        waits.short.append(key, seq: step.entry.seq)
                    }
                }
            } else {
                pending[key] = nil
            }
        }
    }

    private mutating func checkPresentWhilePresenting(_ step: Step, state: ModalState) {
        guard step.rejection == nil else { return }
        // The presents of one step (a batch's) began together: none was in progress before another.
        var presented: Set<ModalKey> = []
        for case .modalPresent(let presentation) in step.entry.event.steps {
            presented.insert(ModalKey(root: presentation.root, link: presentation.link))
        }
        for event in step.entry.event.steps {
            guard case .modalPresent(let presentation) = event,
                let root = state.root(presentation.root),
                root.modal(link: presentation.link)?.phase == .presenting,
                let other = ModalBox.topmostShown(of: root).last(where: { other in
                    other.phase == .presenting
                        && !presented.contains(ModalKey(root: presentation.root, link: other.link))
                })
            else { continue }
            let key = ModalKey(root: presentation.root, link: presentation.link)
            let otherKey = ModalKey(root: presentation.root, link: other.link)
            let since = pending[otherKey]?.seq
            report(
                .presentWhilePresenting, seqs: (since.map { [$0] } ?? []) + [step.entry.seq], key: key,
                time: step.entry.time, session: step.session,
                why: "\(key.name) presented while \(otherKey.name) was still presenting"
                    + (since.map { " (since seq \($0))" } ?? "")
                    + ": UIKit refuses a presentation in progress")
        }
    }

    /// The keyboard over the responder, modals lifted off-screen or hidden
    /// under a sheet as high as the screen: looked at again only in the
    /// roots the step changed, and only their ``ModalBox/drawnDepth`` topmost shown
    /// modals, so a step's cost does not grow with a root's modals.
    private mutating func checkDrawing(_ step: Step, state: ModalState) {
        var roots: [String] = []
        var keyboard = false
        for change in step.changes {
            switch change.subject {
            case .keyboard: keyboard = true
            case .root(let root), .modal(let root, _): if !roots.contains(root) { roots.append(root) }
            case .session, .rejection: break
            }
        }
        if keyboard || !roots.isEmpty {
            let covered = ModalBox.responderUnderKeyboard(in: state)
            if let covered, !responderCovered {
                report(
                    .keyboardOverResponder, seqs: [step.entry.seq], key: nil, root: covered.root.id,
                    time: step.entry.time, session: step.session,
                    why: "the keyboard (\(points(state.keyboard.height)) pt) covers the first responder by "
                        + "\(points(covered.covered)) pt in root \(covered.root.id) "
                        + "(offset \(points(covered.root.keyboardOffset)))")
            }
            responderCovered = covered != nil
        }
        if step.entry.event.type == .sessionStart || step.entry.event.type == .rootRemove {
            // What was drawn in a root that is gone is not drawn any more.
            offscreen = offscreen.filter { state.root($0.key) != nil }
            hidden = hidden.filter { state.root($0.key) != nil }
        }
        for id in roots {
            guard let root = state.root(id) else { continue }
            // What is drawn now, found against what was: each is reported when it starts.
            let (wasOffscreen, wasHidden) = (offscreen[id] ?? [], hidden[id] ?? [])
            var (nowOffscreen, nowHidden): (Set<String>, Set<String>) = ([], [])
            var cover: Modal?
            for modal in ModalBox.topmostShown(of: root).reversed() {
                let key = ModalKey(root: id, link: modal.link)
                let box = ModalBox(modal, in: root)
                if box.isOffscreen {
                    nowOffscreen.insert(modal.link)
                    if !wasOffscreen.contains(modal.link) {
                        report(
                            .offscreen, seqs: [step.entry.seq], key: key, time: step.entry.time, session: step.session,
                            why: "\(points(-box.top)) pt of \(key.name) lifted past the top of root \(id) "
                                + "(keyboard offset \(points(root.keyboardOffset)))")
                    }
                }
                if let over = cover {
                    nowHidden.insert(modal.link)
                    if !wasHidden.contains(modal.link) {
                        report(
                            .hiddenUnderSheet, seqs: [step.entry.seq], key: key, time: step.entry.time,
                            session: step.session,
                            why: "\(key.name) hidden whole under \(id)/\(over.link), a \(over.style.rawValue) "
                                + "as high as its screen")
                    }
                }
                if cover == nil, Self.isFullHeightSheet(modal, box: box, in: root) { cover = modal }
            }
            offscreen[id] = nowOffscreen.isEmpty ? nil : nowOffscreen
            hidden[id] = nowHidden.isEmpty ? nil : nowHidden
        }
    }

    /// Whether `modal` is a sheet, card or custom modal as high as its root,
    /// presenting or presented: what hides every modal under it.
    static func isFullHeightSheet(_ modal: Modal, box: ModalBox, in root: RootState) -> Bool {
        (modal.phase == .presenting || modal.phase == .presented)
            && [.sheet, .card, .custom].contains(modal.style) && box.height >= root.size.height
    }

    /// A modal presenting, dismissing or queued past its threshold, found at
    /// the first event that shows it.
    private mutating func checkWaits(at step: Step, state: ModalState) {
        guard let now = step.entry.time else { return }
        var (short, long) = waits
        checkWaits(in: &short, now: now, step: step, state: state)
        checkWaits(in: &long, now: now, step: step, state: state)
        waits = (short, long)
    }

    /// Reports the waits at the front of `list` that passed their
    /// threshold by `now`; forgets those that ended.
    private mutating func checkWaits(in list: inout WaitList, now: Double, step: Step, state: ModalState) {
        while list.front < list.keys.count {
            let (key, seq) = list.keys[list.front]
            guard let wait = pending[key], wait.seq == seq, !wait.reported else {
                list.front += 1
                continue
            }
            // A wait that began before any event had a time cannot be timed.
            guard let since = wait.time else {
                list.front += 1
                continue
            }
            guard now - since > limit(for: wait.phase) else { return }
            list.front += 1
            let completion = wait.phase == .dismissing ? "modal.dismissed" : "modal.presented"
            let why =
                wait.phase == .queued
                ? "\(key.name) queued for \(seconds(now - since)) (since seq \(wait.seq)): the queue does not drain"
                : "\(key.name) \(wait.phase.rawValue) for \(seconds(now - since)) (since seq \(wait.seq)): no "
                    + "\(completion) within \(seconds(limit(for: wait.phase)))"
            report(
                wait.phase == .queued ? .queueStuck : .stuck, seqs: [wait.seq, step.entry.seq], key: key, time: now,
                session: state.session, why: why)
        }
    }

    private func limit(for phase: ModalPhase) -> Double {
        phase == .queued ? thresholds.queue : thresholds.stuck
    }

    private mutating func report(
        _ kind: Finding.Kind, seqs: [Int], key: ModalKey?, root: String? = nil, time: Double?, session: Int,
        why: String
    ) {
        if let key, kind == .stuck || kind == .queueStuck { pending[key]?.reported = true }
        findings.append(
            Finding(
                kind: kind, seqs: seqs, root: key?.root ?? root, link: key?.link, time: time, session: session,
                why: why))
    }

    /// `0.05 s`: to the millisecond, as a rejection's cause says it.
    private func seconds(_ value: Double) -> String {
        "\(EventText.number((value * 1_000).rounded() / 1_000)) s"
    }

    private func points(_ value: Double) -> String {
        JSONNumber.text(value.rounded())
    }
}
