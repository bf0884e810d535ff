import ModalEvents
import ModalTesting
import Testing

@testable import ModalProjection

/// How a log index keeps the rejections: a block of each checkpoint's new
/// ones reads back to the same history, a prefix costs nothing, and a block
/// that is not one this package wrote is refused with nothing appended.
@Suite struct RejectionBlockTests {
    static let codes = RejectionCode.allCases

    /// `count` rejections after seq `after`, their reasons drawn from a few.
    static func rejections(_ count: Int, after: Int, random: inout PropertyRandom) -> [Rejection] {
        var seq = after
        return (0..<count).map { _ in
            seq += random.int(in: 1...5)
            let reason = random.int(in: 0...3)
            return Rejection(seq: seq, code: codes[reason % codes.count], message: "reason \(reason) · ✓")
        }
    }

    @Test func blocksReadBackToTheHistory() throws {
        var random = PropertyRandom(seed: 0xB10C)
        for _ in 0..<200 {
            let whole = RejectionHistory(Self.rejections(random.int(in: 0...60), after: 0, random: &random))
            // Cut into blocks at random places, as checkpoints cut it.
            var cuts = Set((0..<random.int(in: 0...5)).map { _ in random.int(in: 0...whole.count) })
            cuts.insert(whole.count)
            var read = RejectionHistory()
            var start = 0
            for cut in cuts.sorted() {
                try read.append(encoded: whole.truncated(to: cut).encoded(from: start)[...])
                #expect(read.count == cut)
                start = cut
            }
            #expect(read == whole)
            #expect(Array(read) == Array(whole))
        }
    }

    @Test func aPrefixSharesItsStorageAndAppendsApart() throws {
        let whole = RejectionHistory([
            Rejection(seq: 2, code: .unknownRoot, message: "a"), Rejection(seq: 5, code: .unknownRoot, message: "a"),
            Rejection(seq: 9, code: .duplicateRoot, message: "b"),
        ])
        var prefix = whole.truncated(to: 1)
        #expect(prefix.surelyExtends(RejectionHistory()) == false)
        #expect(whole.surelyExtends(prefix), "the same storage, read further")
        prefix.append(Rejection(seq: 3, code: .duplicateLink, message: "c"))
        #expect(Array(prefix.map(\.seq)) == [2, 3])
        #expect(Array(whole.map(\.seq)) == [2, 5, 9], "the longer one is untouched")
    }

    /// Two copies of one history that both append after it part ways: each
    /// keeps its own rejections, and one read from blocks after the split
    /// does as well.
    @Test func copiesThatAppendApartKeepTheirOwn() throws {
        var whole = RejectionHistory([Rejection(seq: 1, code: .unknownRoot, message: "a")])
        var copy = whole.truncated(to: whole.count)
        copy.append(Rejection(seq: 2, code: .duplicateRoot, message: "b"))
        whole.append(Rejection(seq: 3, code: .duplicateLink, message: "c"))
        #expect(copy.map(\.seq) == [1, 2] && copy.last?.message == "b")
        #expect(whole.map(\.seq) == [1, 3] && whole.last?.message == "c")
        var read = RejectionHistory()
        try read.append(encoded: whole.encoded(from: 0)[...])
        var branch = read.truncated(to: 1)
        try branch.append(encoded: copy.encoded(from: 1)[...])
        try read.append(
            encoded: RejectionHistory([Rejection(seq: 9, code: .unknownRoot, message: "d")]).encoded(from: 0)[...])
        #expect(branch.map(\.seq) == [1, 2] && read.map(\.seq) == [1, 3, 9])
    }

    /// A block, then the same block with a fault planted.
    @Test(arguments: [
        ("an unknown code", "no rejection code \"unknownRooz\""),
        ("a seq out of order", "seq 4 does not come after 7"),
        ("a reason out of range", "no reason 2 among 1"),
        ("a byte after the end", "it has bytes after its last rejection"),
        ("a byte short", "it ends early"),
    ])
    func aDamagedBlockIsRefusedWithNothingAppended(fault: String, message: String) throws {
        var history = RejectionHistory([Rejection(seq: 7, code: .unknownRoot, message: "m")])
        let earlier = history
        var writer = BinaryWriter()
        writer.append(UInt32(1))
        writer.appendCounted((fault == "an unknown code" ? "unknownRooz" : "unknownRoot").utf8)
        writer.appendCounted("no modal host".utf8)
        writer.append(UInt32(1))
        writer.append(fault == "a seq out of order" ? 4 : 8)
        writer.append(UInt32(fault == "a reason out of range" ? 2 : 0))
        if fault == "a byte after the end" { writer.bytes.append(0) }
        if fault == "a byte short" { writer.bytes.removeLast() }
        #expect {
            try history.append(encoded: writer.bytes[...])
        } throws: { error in
            (error as? EventLogError)?.message == "a block of rejections: \(message)"
        }
        #expect(history == earlier && history.count == 1)
        // The same block, mended, appends.
        var mended = BinaryWriter()
        mended.append(UInt32(1))
        mended.appendCounted("unknownRoot".utf8)
        mended.appendCounted("no modal host".utf8)
        mended.append(UInt32(1))
        mended.append(8)
        mended.append(UInt32(0))
        try history.append(encoded: mended.bytes[...])
        #expect(history.last == Rejection(seq: 8, code: .unknownRoot, message: "no modal host"))
    }

    /// Reasons a block shares with the blocks read before are found by their
    /// bytes, and each is kept once.
    @Test func manyBlocksOfTheSameReasonsKeepEachOnce() throws {
        var history = RejectionHistory()
        var source = RejectionHistory()
        for block in 0..<100 {
            let start = source.count
            for offset in 0..<3 {
                source.append(
                    Rejection(seq: 10 * block + offset + 1, code: .unknownRoot, message: "reason \(offset % 2)"))
            }
            try history.append(encoded: source.encoded(from: start)[...])
        }
        #expect(history == source)
        #expect(history.storedReasonCount == 2)
    }
}
