import ModalEvents
import ModalProjection
import Testing

/// Rules 10 and 11: snap points and drags (AdaptiveModal, AppRouter's detents).
@Suite("Rule 10-11: snap and drag") struct SnapDragRuleTests {
    static let sheet = replay([
        register(), present("sheet", snapPoints: [0.25, 0.5, 1], initialSnap: 1), .modalPresented(link: "sheet"),
    ])

    @Test func snapToSetsTheIndexAndPositionAndEndsADrag() {
        let dragging = replay([.dragChange(link: "sheet", position: 1.4)], from: Self.sheet)
        expectReduce(dragging, .snapTo(link: "sheet", index: 2)) { state in
            state["sheet"].snap.index = 2
            state["sheet"].snap.position = 2
            state["sheet"].snap.dragging = false
        }
    }

    @Test func snapToOutsideThePointsIsSnapOutOfRange() {
        expectRejected(Self.sheet, .snapTo(link: "sheet", index: 3), .snapOutOfRange)
        expectRejected(Self.sheet, .snapTo(link: "sheet", index: -1), .snapOutOfRange)
    }

    @Test func aFractionalOrInfiniteIndexIsInvalidValue() {
        expectRejected(Self.sheet, .snapTo(link: "sheet", index: 0), logged: [.index: 1.5], .invalidValue)
        expectRejected(Self.sheet, .snapTo(link: "sheet", index: 0), logged: [.index: .infinity], .invalidValue)
    }

    @Test func aHugeIntegerIndexIsSnapOutOfRange() {
        expectRejected(Self.sheet, .snapTo(link: "sheet", index: 0), logged: [.index: 1e20], .snapOutOfRange)
        expectRejected(replay([register()]), present("a"), logged: [.initialSnap: 1e20], .snapOutOfRange)
    }

    @Test func infinitePositionsAndVelocitiesAreInvalidValue() {
        expectRejected(Self.sheet, .dragChange(link: "sheet", position: .infinity), .invalidValue)
        expectRejected(Self.sheet, .dragEnd(link: "sheet", position: -.infinity), .invalidValue)
        expectRejected(Self.sheet, .dragEnd(link: "sheet", velocity: .infinity), .invalidValue)
    }

    @Test func roundingIsDoneInDoubles() {
        // 0.7 + 0.2 * -1 is 0.49999999999999994 in double precision: it rounds to 0.
        let state = replay([.dragEnd(link: "sheet", position: 0.7, velocity: -1)], from: Self.sheet)
        #expect(state["sheet"].snap.index == 0)
    }

    static let motionEvents: [ModalEvent] = [
        .snapTo(link: "sheet", index: 0), .dragChange(link: "sheet", position: 0.5), .dragEnd(link: "sheet"),
    ]

    @Test(arguments: motionEvents)
    func snapAndDragNeedAPresentedModal(event: ModalEvent) {
        let presenting = replay([register(), present("sheet", snapPoints: [0.25, 0.5, 1])])
        expectRejected(presenting, event, .invalidTransition)
        let dismissing = replay([.modalDismiss(link: "sheet")], from: Self.sheet)
        expectRejected(dismissing, event, .invalidTransition)
    }

    @Test func valueAndRangeChecksComeBeforeThePhaseCheck() {
        let presenting = replay([register(), present("sheet")])
        expectRejected(presenting, .snapTo(link: "sheet", index: 5), .snapOutOfRange)
        expectRejected(presenting, .snapTo(link: "sheet", index: 0), logged: [.index: 0.5], .invalidValue)
        expectRejected(presenting, .dragChange(link: "sheet", position: .infinity), .invalidValue)
        expectRejected(presenting, .dragEnd(link: "sheet", velocity: -.infinity), .invalidValue)
    }

    @Test func dragChangeSetsDraggingAndPositionEvenPastTheEnds() {
        expectReduce(Self.sheet, .dragChange(link: "sheet", position: 2.7)) { state in
            state["sheet"].snap.position = 2.7
            state["sheet"].snap.dragging = true
        }
        expectReduce(Self.sheet, .dragChange(link: "sheet", position: -1.3)) { state in
            state["sheet"].snap.position = -1.3
            state["sheet"].snap.dragging = true
        }
    }

    struct Release: Sendable, CustomTestStringConvertible {
        var position: Double
        var velocity: Double
        var target: Int
        var testDescription: String { "position \(position), velocity \(velocity) -> \(target)" }
    }

    /// Three snap points, so targets clamp to -1...2. Target -1 is checked separately.
    static let releases: [Release] = [
        Release(position: 1, velocity: 0, target: 1),
        Release(position: 1.4, velocity: 0, target: 1),
        Release(position: 1.5, velocity: 0, target: 2),  // halves round away from zero
        Release(position: 0.5, velocity: 0, target: 1),
        Release(position: 1, velocity: 2.5, target: 2),  // 1 + 0.5 = 1.5 -> 2
        Release(position: 1, velocity: -2.5, target: 1),  // 1 - 0.5 = 0.5 -> 1
        Release(position: 1.2, velocity: -4, target: 0),  // 0.4 -> 0
        Release(position: 2.4, velocity: 10, target: 2),  // 4.4 clamps to 2
        Release(position: 0.2, velocity: -0.5, target: 0),  // 0.1 -> 0
    ]

    @Test(arguments: releases)
    func dragEndSnapsToTheRoundedProjectedTarget(release: Release) {
        let dragging = replay([.dragChange(link: "sheet", position: release.position)], from: Self.sheet)
        expectReduce(dragging, .dragEnd(link: "sheet", velocity: release.velocity)) { state in
            state["sheet"].snap.index = release.target
            state["sheet"].snap.position = Double(release.target)
            state["sheet"].snap.dragging = false
        }
    }

    @Test func negativeHalvesRoundAwayFromZero() {
        // -0.5 rounds to -1: dismiss by drag.
        let state = replay([.dragEnd(link: "sheet", position: -0.5)], from: Self.sheet)
        #expect(state["sheet"].phase == .dismissing)
        // -0.4 rounds to 0.
        let kept = replay([.dragEnd(link: "sheet", position: -0.4)], from: Self.sheet)
        #expect(kept["sheet"].snap.index == 0 && kept["sheet"].phase == .presented)
    }

    @Test func dragEndPositionOverridesTheCurrentPosition() {
        let dragging = replay([.dragChange(link: "sheet", position: 0.1)], from: Self.sheet)
        expectReduce(dragging, .dragEnd(link: "sheet", position: 2, velocity: 0)) { state in
            state["sheet"].snap.index = 2
            state["sheet"].snap.position = 2
            state["sheet"].snap.dragging = false
        }
    }

    @Test func aTargetOfMinusOneDismissesByDragKeepingTheIndex() {
        let family = replay(
            [present("child", parent: "sheet"), .dragChange(link: "sheet", position: -0.2)], from: Self.sheet)
        expectReduce(family, .dragEnd(link: "sheet", velocity: -5)) { state in
            state["sheet"].phase = .dismissing
            state["sheet"].dismissReason = "drag"
            state["sheet"].snap.position = -1
            state["sheet"].snap.dragging = false
            state["child"].phase = .dismissing
            state["child"].dismissReason = "parentDismissed"
        }
    }

    @Test func aTargetOfMinusOneWithoutCanDismissSnapsToZero() {
        let locked = replay([
            register(), present("locked", canDismiss: false, snapPoints: [0.5, 1], initialSnap: 1),
            .modalPresented(link: "locked"), .dragChange(link: "locked", position: -0.8),
        ])
        expectReduce(locked, .dragEnd(link: "locked", velocity: -3)) { state in
            state["locked"].snap.index = 0
            state["locked"].snap.position = 0
            state["locked"].snap.dragging = false
        }
    }

    @Test func dragEndWithoutADragStillSettles() {
        expectReduce(Self.sheet, .dragEnd(link: "sheet", velocity: 3)) { state in
            state["sheet"].snap.index = 2  // 1 + 0.6 = 1.6 -> 2
            state["sheet"].snap.position = 2
        }
    }
}
