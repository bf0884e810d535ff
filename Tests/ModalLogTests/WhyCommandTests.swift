import Foundation
import ModalEvents
import ModalProjection
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// `modal-log why`: the events that made a fact of the state what it is.
@Suite struct WhyCommandTests {
    static let tour = sample("EventLogs/tour.jsonl")

    /// The seqs of the chain `why --json` gives for `fact`.
    static func chain(_ arguments: [String]) throws -> (value: String?, seqs: [Int], json: JSONValue) {
        let run = Run(["why"] + arguments + ["--json"])
        let json = try JSONReader.read(Array(run.output.utf8))
        let seqs = (json["chain"]?.arrayValue ?? []).compactMap { $0["seq"]?.doubleValue.map(Int.init) }
        return (json["value"]?.stringValue, seqs, json)
    }

    @Test func aRootsStackIsTheLivesOfItsModals() throws {
        let depth = try Self.chain([Self.tour, "depth(sheets)", "--at", "8"])
        #expect(depth.value == "2" && depth.seqs == [3, 4, 7, 8], "\(depth.json)")
        let text = Run(["why", Self.tour, "depth(sheets)", "--at", "8"]).output
        #expect(text.hasPrefix("depth(sheets) after seq 8: 2\n"), "\(text)")
        #expect(text.contains("  7 6.000  modal.present    sheets/address: gone -> presenting"), "\(text)")
    }

    @Test func aModalByItsLinkAloneIsFoundInItsRoot() throws {
        let phase = try Self.chain([Self.tour, "phase(address)"])
        #expect(phase.json["fact"] == "phase(sheets/address)" && phase.value == "presented")
        #expect(phase.seqs == [7, 8], "the present and its completion: \(phase.json)")
        let modal = try Self.chain([Self.tour, "address"])
        #expect(modal.seqs.first == 7 && modal.seqs.contains(10), "its life, drags and all")
        #expect(modal.value?.hasPrefix("presented · sheet") == true)
    }

    @Test func aSnapIsItsIndexAndAPositionItsPosition() throws {
        let snap = try Self.chain([Self.tour, "snap(address)"])
        #expect(snap.value == "1" && snap.seqs == [7, 10], "the present and the drag's end, not the drag")
        let position = try Self.chain([Self.tour, "position(address)"])
        #expect(position.seqs == [7, 9, 10])
    }

    @Test func theKeyboardAndAnOffsetAreTheirLastChanges() throws {
        let offset = try Self.chain([Self.tour, "offset(sheets)", "--at", "13"])
        #expect(offset.value == "288" && offset.seqs == [11])
        let keyboard = try Self.chain([Self.tour, "keyboard"])
        #expect(keyboard.value == "336" && Set(keyboard.seqs) == [11])
    }

    @Test func aRejectionIsExplainedByItsCauseAndTheChainOfWhatItNames() throws {
        let (folder, log) = try VersionTwoLogs.written(RejectionCauseTests.doubleTap, as: "double-tap.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let text = Run(["why", log, "--at", "3", "rejected"]).output
        #expect(
            text.split(separator: "\n").map(String.init).prefix(3) == [
                #"seq 3 modal.present: rejected duplicateLink: link "compose" is already live in root "main" (presenting)"#,
                "because seq 2 modal.present presented it, 0.05 s before",
                "main/compose before it: presenting · sheet · cards Compose",
            ], "\(text)")
        let json = try Self.chain([log, "--at", "6", "rejected"])
        #expect(json.json["rejected"]?["cause"]?["seq"] == 5 && json.seqs == [2, 4, 5, 5], "\(json.json)")
        let gone = try Self.chain([log, "--at", "8", "rejected"])
        #expect(gone.value == "gone" && gone.seqs.last == 7, "the life that ended at seq 7")
    }

    @Test(arguments: [
        (["rejected"], "give --at the seq"), (["--at", "2", "rejected"], "was not rejected"),
        (["--at", "99", "keyboard"], "past the end"), (["seq"], "is the event's, not the state's"),
        (["depth(sheets"], "expected ')'"), (["phase()"], "expected a link"),
        (["--at", "0", "rejected"], "was not rejected"), (["depth"], "expected '('"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let (folder, log) = try VersionTwoLogs.written(RejectionCauseTests.doubleTap, as: "double-tap.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let run = Run(["why", log] + arguments)
        #expect(run.status == 64 && run.error.contains(message), "\(run.error)")
    }

    /// On random sessions, the chain of a modal's phase ends in the change
    /// that made the phase it has, and every link names that modal.
    @Test(arguments: [4, 5] as [UInt64])
    func aPhasesChainEndsInThePhaseItHas(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        let entries = Array(SessionGenerator(seed: seed).prefix(1_500))
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: log))
        var state = ModalState()
        for entry in entries { state.replay(entry) }
        let modals = state.roots.flatMap { root in root.modals.map { (root.id, $0) } }
        #expect(!modals.isEmpty)
        for (root, modal) in modals.prefix(4) {
            let fact = "phase(\(root)/\(modal.link))"
            let chain = try Self.chain([log, fact])
            #expect(chain.value == modal.phase.rawValue, "\(fact)")
            let links = chain.json["chain"]?.arrayValue ?? []
            #expect(links.allSatisfy { $0["root"] == .string(root) && $0["link"] == .string(modal.link) })
            let last = links.last
            let phase = last?["change"] == "added" ? last?["to"]?["phase"] : last?["to"]
            #expect(phase == .string(modal.phase.rawValue), "\(fact): \(String(describing: last))")
        }
    }
}
