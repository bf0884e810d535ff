import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import Testing

/// A store, a `ModalDriver` and a `SimulatedHost` through random sessions:
/// the app presents, dismisses, pushes and snaps; the user taps and drags;
/// the keyboard comes and goes; time passes and animations end or are
/// interrupted (in every other session an interrupted one still calls its
/// completion late, as UIKit's do); now and then the app is launched again. Once the host's
/// animations are over, it shows the store's state, no modal is left half
/// presented or half dismissed, and no event of the host's or the driver's
/// was rejected.
@MainActor
@Suite struct DriverSimulationTests {
    /// The sessions CI runs; `MODAL_SIMULATION_SESSIONS` asks for more.
    static let sessions = Int(environment("MODAL_SIMULATION_SESSIONS") ?? "") ?? 2_000

    @Test func aHostShowsTheStoresStateOnceItSettles() throws {
        var totals = HostSession.Totals()
        for seed in 0..<UInt64(Self.sessions) {
            var session = try HostSession(seed: seed)
            session.run(steps: 60)
            let failure = session.failure()
            #expect(failure == nil, "session \(seed): \(failure ?? "")")
            if failure != nil { break }
            totals.add(session)
        }
        print("DriverSimulationTests: \(Self.sessions) sessions, \(totals)")
        // The sessions reach what they are meant to.
        #expect(totals.relaunches > Self.sessions / 10)
        #expect(totals.interrupted > Self.sessions && totals.lateCompletions > Self.sessions / 2)
        #expect(totals.drags > Self.sessions && totals.queued > Self.sessions / 4)
    }

    /// A planted bug is caught within a few sessions.
    @Test(arguments: [SimulatedHost.Flaw.dropsDismissalWhilePresenting, .ignoresPops])
    func aFlawedHostIsCaught(flaw: SimulatedHost.Flaw) throws {
        let caught = try Self.firstFailure(flaws: [flaw])
        print(
            "DriverSimulationTests: \(flaw) caught in session \(caught.map { "\($0.seed)" } ?? "none"): \(caught?.failure ?? "")"
        )
        #expect(caught != nil)
    }

    @Test func aDriverThatAppendsEveryCompletionIsCaught() throws {
        let caught = try Self.firstFailure(flaws: [], checksCompletions: false)
        print(
            "DriverSimulationTests: an unchecked completion caught in session \(caught.map { "\($0.seed)" } ?? "none")")
        #expect(caught?.failure.hasPrefix("rejected: ") == true, "\(caught?.failure ?? "not caught")")
    }

    /// The first session of 200 with `flaws` planted that fails, and how.
    static func firstFailure(
        flaws: Set<SimulatedHost.Flaw>, checksCompletions: Bool = true
    ) throws -> (seed: UInt64, failure: String)? {
        for seed in 0..<200 as Range<UInt64> {
            var session = try HostSession(seed: seed, flaws: flaws, checksCompletions: checksCompletions)
            session.run(steps: 60)
            if let failure = session.failure() { return (seed, failure) }
        }
        return nil
    }
}

/// One random session of an app, its user and its host.
@MainActor
struct HostSession {
    var random: PropertyRandom
    var store: ModalStore
    var host: SimulatedHost
    var driver: ModalDriver
    let flaws: Set<SimulatedHost.Flaw>
    let checksCompletions: Bool
    /// The modals the app keeps presented, by their lifetimes; releasing one dismisses its modal.
    var lifetimes: [String: ModalLifetime] = [:]
    var relaunches = 0
    var drags = 0
    var queued = 0

    static let roots = [
        RootRegistration(root: "sheets"),
        RootRegistration(root: "alerts", level: 5, policy: .single),
        RootRegistration(root: "toasts", presentation: .overlay, level: 10, policy: .queue),
        RootRegistration(root: "cards", level: 1, dimming: DimmingConfiguration(tap: .passThrough), maxVisibleCards: 3),
    ]
    static let links = ["cart", "checkout", "address", "help", "saved", "sent"]

    init(seed: UInt64, flaws: Set<SimulatedHost.Flaw> = [], checksCompletions: Bool = true) throws {
        random = PropertyRandom(seed: seed)
        self.flaws = flaws
        self.checksCompletions = checksCompletions
        store = ModalStore(options: EventStoreOptions(timestamps: .none))
        host = SimulatedHost(
            store: store, random: random.split(), flaws: flaws, completesInterruptedAnimations: seed.isMultiple(of: 2))
        driver = ModalDriver(store: store, host: host)
        driver.checksCompletions = checksCompletions
    }

    mutating func run(steps: Int) {
        for _ in 0..<steps {
            step()
            driver.catchUp()
        }
        host.settle(with: driver)
    }

    /// What is wrong once the host settled, or `nil`.
    func failure() -> String? {
        if let mismatch = host.mismatches.first { return "the host was told of what it does not show: \(mismatch)" }
        if let rejection = host.rejections.first ?? driver.rejections.first { return "rejected: \(rejection)" }
        let halfway = store.state.roots.flatMap(\.modals).filter { $0.phase == .presenting || $0.phase == .dismissing }
        if let modal = halfway.first { return "\(modal.link) is still \(modal.phase)" }
        guard host.screen == ModalScreen(store.state) else {
            return "the host shows\n\(host.screen)\nthe store has\n\(ModalScreen(store.state))"
        }
        return nil
    }

    // MARK: Steps

    mutating func step() {
        let actions: [(Action, Double)] = [
            (.register, 1), (.removeRoot, 0.15), (.resize, 0.3), (.present, 4), (.dismiss, 1.5), (.release, 1),
            (.card, 2), (.snap, 0.7), (.tap, 0.8), (.drag, 1.5), (.keyboard, 0.8), (.wait, 4), (.compound, 0.5),
            (.relaunch, 0.06),
        ]
        switch random.weighted(actions)! {
        case .register:
            if let root = random.element(of: Self.roots.filter({ store.state.root($0.root) == nil })) {
                _ = try? store.registerRoot(root)
            }
        case .removeRoot:
            if let root = random.element(of: store.state.roots) { _ = try? store.removeRoot(root.id) }
        case .resize:
            if let root = random.element(of: store.state.roots) {
                _ = try? store.resizeRoot(
                    root.id, to: random.chance(0.5) ? Size(width: 844, height: 390) : .defaultRoot)
            }
        case .present:
            present()
        case .dismiss:
            if let (root, modal) = liveModal({ $0.phase != .dismissing }) {
                _ = try? store.dismiss(modal.link, in: root, reason: random.chance(0.5) ? .programmatic : "closeTapped")
            }
        case .release:
            if let key = random.element(of: Array(lifetimes.keys).sorted()) { lifetimes[key] = nil }
        case .card:
            changeCards()
        case .snap:
            if let (root, modal) = liveModal({ $0.phase == .presented }) {
                _ = try? store.snap(modal.link, to: random.int(below: modal.snap.points.count), in: root)
            }
        case .tap:
            if let root = random.element(of: store.state.roots) { host.tapDimming(in: root.id) }
        case .drag:
            if let (root, modal) = liveModal({ $0.phase == .presented }) {
                let top = Double(modal.snap.points.count)
                let positions = (0..<random.int(in: 1...4)).map { _ in random.double(in: -1.2...top - 0.5) }
                drags += 1
                host.drag(modal.link, in: root, through: positions, velocity: random.double(in: -8...8))
            }
        case .keyboard:
            _ = try? store.changeKeyboard(
                height: random.chance(0.4) ? 0 : 336, responderBottom: random.chance(0.5) ? nil : 700)
        case .wait:
            host.advance(by: random.double(in: 0...0.4))
        case .compound:
            compound()
        case .relaunch:
            relaunch()
        }
        queued += store.state.roots.flatMap(\.modals).filter { $0.phase == .queued }.count
    }

    enum Action {
        case register, removeRoot, resize, present, dismiss, release, card, snap, tap, drag, keyboard, wait, compound
        case relaunch
    }

    /// A live modal of any root that passes `test`, with its root.
    mutating func liveModal(_ test: (Modal) -> Bool) -> (root: String, modal: Modal)? {
        let candidates = store.state.roots.flatMap { root in root.modals.filter(test).map { (root.id, $0) } }
        return random.element(of: candidates).map { (root: $0.0, modal: $0.1) }
    }

    /// The app presents a modal, keeping its lifetime (or, now and then, not).
    mutating func present() {
        guard let root = random.element(of: store.state.roots) else { return }
        guard let link = random.element(of: Self.links.filter({ root.modal(link: $0) == nil })) else { return }
        let points = random.element(of: [[1.0], [0.5, 1], [0.25, 0.5, 1]])!
        let parent =
            root.policy == .stack && random.chance(0.3)
            ? random.element(of: root.modals.filter { $0.phase != .dismissing })?.link : nil
        let presentation = ModalPresentation(
            root: root.id, link: link, content: "\(link)View", parent: parent,
            style: random.element(of: ModalStyle.knownValues)!, canDismiss: random.chance(0.8), snapPoints: points,
            initialSnap: random.int(below: points.count), height: random.chance(0.3) ? 420 : nil)
        guard let lifetime = try? store.present(presentation) else { return }
        if random.chance(0.9) { lifetimes["\(root.id)/\(link)/\(lifetime.seq)"] = lifetime }
    }

    mutating func changeCards() {
        guard let (root, modal) = liveModal({ $0.phase != .dismissing }) else { return }
        let content = random.element(of: ["Cart", "Shipping", "Payment", "Review"])!
        switch random.int(below: 4) {
        case 0:
            _ = try? store.push(content, height: random.chance(0.3) ? 380 : nil, onto: modal.link, in: root)
        case 1:
            _ = try? store.pop(from: modal.link, in: root)
        case 2:
            _ = try? store.replaceTopCard(
                of: modal.link, with: content, direction: random.chance(0.5) ? .forward : .backward,
                animation: random.chance(0.5) ? .scale : .slide, in: root)
        default:
            _ = try? store.updateTopCard(of: modal.link, canDismiss: random.chance(0.5), in: root)
        }
    }

    mutating func compound() {
        guard let root = random.element(of: store.state.roots) else { return }
        switch random.int(below: 3) {
        case 0:
            _ = try? store.dismissAll(in: root.id)
        case 1 where root.policy != .single:
            let links = Array(Self.links.filter { root.modal(link: $0) == nil }.prefix(2))
            let presentations = links.map { ModalPresentation(link: $0, content: "\($0)View") }
            for (link, lifetime) in zip(links, (try? store.replaceStack(in: root.id, with: presentations)) ?? []) {
                lifetimes["\(root.id)/\(link)/\(lifetime.seq)"] = lifetime
            }
        default:
            _ = try? store.batch { batch in
                for modal in root.modals where modal.phase == .presented {
                    batch.push("Extra", onto: modal.link, in: root.id)
                }
                batch.changeKeyboard(height: 0)
            }
        }
    }

    /// The app is launched again: its host and its lifetimes are gone; the
    /// next process opens the log (here, the events) and starts a session.
    mutating func relaunch() {
        driver.stop()
        lifetimes = [:]
        guard let next = try? ModalStore(replaying: store.events, options: EventStoreOptions(timestamps: .none))
        else { return }
        _ = try? next.append(.sessionStart())
        store = next
        host = SimulatedHost(
            store: store, random: random.split(), flaws: flaws,
            completesInterruptedAnimations: host.completesInterruptedAnimations)
        driver = ModalDriver(store: store, host: host)
        driver.checksCompletions = checksCompletions
        relaunches += 1
    }

    /// What the sessions reached, summed.
    @MainActor
    struct Totals {
        var relaunches = 0
        var interrupted = 0
        var lateCompletions = 0
        var drags = 0
        var queued = 0

        mutating func add(_ session: HostSession) {
            relaunches += session.relaunches
            interrupted += session.host.interrupted
            lateCompletions += session.host.lateCompletions
            drags += session.drags
            queued += session.queued
        }
    }
}

extension PropertyRandom {
    /// A generator of its own, seeded from this one.
    mutating func split() -> PropertyRandom { PropertyRandom(seed: next()) }
}

/// The value of an environment variable.
func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
}
