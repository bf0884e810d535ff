import ModalEvents
import Testing

/// The words and counted strings of a sidecar's binary parts: what is
/// written reads back, and a short or damaged input is an error naming what
/// was read, never a trap.
@Suite struct BinaryWordsTests {
    @Test func whatIsWrittenReadsBack() throws {
        var writer = BinaryWriter()
        writer.append(UInt64.max)
        writer.append(UInt32(0x0102_0304))
        writer.append(-5)
        writer.append(Int.min)
        writer.appendCounted("rejected · ✓".utf8)
        writer.appendCounted([UInt8]())
        #expect(writer.bytes[8..<12] == [4, 3, 2, 1], "little-endian")

        var reader = BinaryReader(writer.bytes[...], what: "the words")
        #expect(try reader.word64() == .max)
        #expect(try reader.word32() == 0x0102_0304)
        #expect(try reader.integer() == -5)
        #expect(try reader.integer() == .min)
        #expect(try reader.string() == "rejected · ✓")
        #expect(try reader.string() == "")
        #expect(reader.isAtEnd && reader.remaining == 0)
    }

    @Test func aSliceIsReadFromItsOwnStart() throws {
        var writer = BinaryWriter()
        writer.append(UInt32(7))
        writer.append(UInt32(9))
        var reader = BinaryReader(writer.bytes[4...], what: "a slice")
        #expect(try reader.word32() == 9)
        #expect(reader.isAtEnd)
    }

    @Test func aPairIsTwoCountedStringsWithTheirCounts() throws {
        var writer = BinaryWriter()
        writer.appendCounted("ab".utf8)
        writer.appendCounted("c".utf8)
        writer.append(UInt32(1))
        var reader = BinaryReader(writer.bytes[...], what: "a pair")
        #expect(try Array(reader.pair()) == Array(writer.bytes.prefix(4 + 2 + 4 + 1)))
        #expect(reader.remaining == 4)
    }

    @Test(arguments: [
        ([UInt8](), "the input: it ends early"),
        ([1, 2, 3], "the input: it ends early"),
        ([5, 0, 0, 0, 65, 66], "the input: it ends early"),  // a count past the end
        ([0xFF, 0xFF, 0xFF, 0xFF], "the input: it ends early"),
        ([2, 0, 0, 0, 0xC3, 0x28], "the input: a string is not UTF-8"),
        ([1, 0, 0, 0, 0xFF], "the input: a string is not UTF-8"),
    ])
    func aShortOrDamagedInputIsAnError(bytes: [UInt8], message: String) {
        var reader = BinaryReader(bytes[...], what: "the input")
        #expect {
            _ = try reader.string()
        } throws: { error in
            (error as? EventLogError)?.kind == .invalidState && (error as? EventLogError)?.message == message
        }
    }

    @Test func aCountPastWhatCanFollowIsRefusedBeforeAnythingIsMade() throws {
        var writer = BinaryWriter()
        writer.append(UInt32(1_000_000))
        var reader = BinaryReader(writer.bytes[...], what: "a block")
        #expect(throws: EventLogError.self) { try reader.count(atMost: reader.remaining / 12) }
        var small = BinaryReader(writer.bytes[...], what: "a block")
        #expect(try small.count(atMost: 1_000_000) == 1_000_000)
    }
}
