import ModalEvents
import ModalProjection
import Testing

@testable import ModalTesting

/// The generator reaches the states that matter, and follows a flow.
@Suite struct GeneratorTests {
    /// What 1,500 sequences of ``ModalFlow/anything`` reached.
    struct Reach {
        var deepestStack = 0
        var deepestNesting = 0
        var mostRoots = 0
        var applied: Set<EventType> = []
        var codes: Set<RejectionCode> = []
        var reasons: Set<DismissReason> = []
        var events = 0
        var rejections = 0
        var nonASCIINames = 0
        var nestedPayloads = 0
        var phases: Set<ModalPhase> = []
        var refusedBatches = 0
        var signedEvents = 0

        init(flow: ModalFlow, sequences: Int, seed: UInt64) {
            let generator = EventGenerator(flow: flow)
            for index in 0..<sequences {
                var random = PropertyRandom(seed: seed &+ UInt64(index))
                var state = ModalState()
                for entry in generator.sequence(length: random.int(in: flow.length), random: &random) {
                    events += 1
                    if entry.source != nil || entry.caller != nil { signedEvents += 1 }
                    if let rejection = state.replay(entry) {
                        rejections += 1
                        codes.insert(rejection.code)
                        if case .batch = entry.event { refusedBatches += 1 }
                        continue
                    }
                    applied.insert(entry.event.type)
                    if entry.event.links.contains(where: { $0.unicodeScalars.contains { !$0.isASCII } }) {
                        nonASCIINames += 1
                    }
                    if case .modalPresent(let presentation) = entry.event,
                        case .object(let members) = presentation.payload,
                        members.contains(where: {
                            if case .object = $0.value { true } else if case .array = $0.value { true } else { false }
                        })
                    {
                        nestedPayloads += 1
                    }
                    mostRoots = max(mostRoots, state.roots.count)
                    for root in state.roots {
                        for modal in root.modals {
                            deepestStack = max(deepestStack, modal.cards.count)
                            deepestNesting = max(deepestNesting, Self.depth(of: modal, in: root))
                            if let reason = modal.dismissReason { reasons.insert(reason) }
                            phases.insert(modal.phase)
                        }
                    }
                }
            }
        }

        static func depth(of modal: Modal, in root: RootState) -> Int {
            var depth = 1
            var parent = modal.parent
            while let link = parent, let next = root.modal(link: link) {
                depth += 1
                parent = next.parent
            }
            return depth
        }
    }

    @Test func anythingReachesDeepStacksNestingRootsSnapsAndDrags() {
        let reach = Reach(flow: .anything, sequences: 1_500, seed: 1)
        #expect(reach.deepestStack >= 6)
        #expect(reach.deepestNesting >= 4)
        #expect(reach.mostRoots >= 4)
        #expect(
            reach.applied == Set(EventType.allCases),
            "never applied: \(Set(EventType.allCases).subtracting(reach.applied))")
        #expect(
            reach.codes == Set(RejectionCode.allCases),
            "never rejected with: \(Set(RejectionCode.allCases).subtracting(reach.codes))")
        #expect(reach.reasons.isSuperset(of: [.programmatic, .replaced, .parentDismissed, .dimmingTap, .drag]))
        #expect(reach.nonASCIINames > 0 && reach.nestedPayloads > 0)
        // Format version 2: queues, batches refused as well as applied, sources and callers.
        #expect(reach.phases == Set(ModalPhase.allCases))
        #expect(reach.refusedBatches > 10)
        #expect(reach.signedEvents > reach.events / 3)
        // 15% are made to be rejected; a few more are rejected by chance (a
        // valid event cannot always be made), never most of them.
        let share = Double(reach.rejections) / Double(reach.events)
        #expect((0.12...0.3).contains(share), "rejected share \(share)")
    }

    @Test func withNoInvalidShareNothingIsRejected() {
        var flow = ModalFlow.anything
        flow.invalidShare = 0
        let reach = Reach(flow: flow, sequences: 500, seed: 2)
        #expect(reach.rejections == 0, "rejected: \(reach.codes)")
        let shop = Reach(
            flow: AppFlowTests.shop(checkoutParents: ["cart"]).with(invalidShare: 0), sequences: 500, seed: 3)
        #expect(shop.rejections == 0, "rejected: \(shop.codes)")
    }

    @Test func withAnInvalidShareOfOneEverythingIsRejected() {
        let reach = Reach(flow: ModalFlow.anything.with(invalidShare: 1), sequences: 200, seed: 4)
        // Nothing registers a root, so every event names an unknown root or a bad value.
        #expect(reach.rejections == reach.events)
        #expect(reach.codes == [.unknownRoot, .invalidValue])
    }

    @Test func everyInvalidEventIsRejectedWithEveryCodeReached() {
        var codes: Set<RejectionCode> = []
        var made = 0
        for seed in 0..<300 as Range<UInt64> {
            var random = PropertyRandom(seed: seed)
            var state = ModalState()
            for entry in EventGenerator(flow: .anything.with(invalidShare: 0)).sequence(length: 30, random: &random) {
                state.replay(entry)
            }
            var generation = Generation(flow: .anything, random: random)
            generation.state = state
            for _ in 0..<20 {
                generation.loggedNumbers = []
                guard let event = generation.invalidEvent() else { continue }
                made += 1
                var after = state
                let rejection = after.replay(
                    LoggedEvent(seq: state.seq + 1, event: event, loggedNumbers: generation.loggedNumbers))
                #expect(rejection != nil, "applies: \(event)")
                if let rejection { codes.insert(rejection.code) }
            }
        }
        #expect(made > 5_000)
        #expect(codes == Set(RejectionCode.allCases))
    }

    @Test func dragsEndOnHalvesToo() {
        var ties = 0
        var random = PropertyRandom(seed: 8)
        for entry in EventGenerator(flow: .anything).sequence(length: 20_000, random: &random) {
            guard case .dragEnd(_, _, let position?, let velocity) = entry.event else { continue }
            let released = position + 0.2 * velocity
            if released.rounded(.toNearestOrEven) != released.rounded(.toNearestOrAwayFromZero) { ties += 1 }
        }
        #expect(ties > 10)
    }

    @Test func anAppFlowUsesItsOwnRootsLinksAndContents() {
        var flow = AppFlowTests.shop(checkoutParents: ["cart"])
        flow.weights[.cardPush] = 0
        let generator = EventGenerator(flow: flow)
        var pushes = 0
        for seed in 0..<300 as Range<UInt64> {
            var random = PropertyRandom(seed: seed)
            var state = ModalState()
            for entry in generator.sequence(length: 40, random: &random) {
                let rejected = state.replay(entry) != nil
                if rejected { continue }
                #expect(entry.event.root == nil || entry.event.root == "default")
                #expect(entry.event.links.allSatisfy { ["cart", "checkout"].contains($0) })
                if case .modalPresent(let presentation) = entry.event {
                    #expect(presentation.link == "cart" ? presentation.parent == nil : presentation.parent == "cart")
                    #expect(["CartView", "Address"].contains(presentation.content))
                }
                if case .cardPush = entry.event { pushes += 1 }
            }
        }
        #expect(pushes == 0)
    }

    @Test func theSameSeedGivesTheSameSequence() {
        var first = PropertyRandom(seed: 77)
        var second = PropertyRandom(seed: 77)
        let generator = EventGenerator(flow: .anything)
        let a = generator.sequence(length: 60, random: &first)
        #expect(a == generator.sequence(length: 60, random: &second))
        #expect(a.map(\.seq) == Array(1...60))
        #expect(
            zip(a, a.dropFirst()).allSatisfy {
                ($0.time ?? 0) <= ($1.time ?? .infinity) || $1.time == nil || $0.time == nil
            })
    }
}

extension ModalFlow {
    func with(invalidShare: Double) -> ModalFlow {
        var flow = self
        flow.invalidShare = invalidShare
        return flow
    }
}
