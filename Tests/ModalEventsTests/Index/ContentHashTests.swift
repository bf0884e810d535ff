import ModalEvents
import Testing

/// The hash a log index keeps of each file: it changes with any byte, and
/// depends only on the bytes, not on how they come in chunks.
@Suite struct ContentHashTests {
    static func hash(_ bytes: [UInt8], chunks: [Int] = []) -> UInt64 {
        var hash = ContentHash()
        var rest = bytes[...]
        for size in chunks where !rest.isEmpty {
            let chunk = Array(rest.prefix(size))
            chunk.withUnsafeBytes { hash.update($0) }
            rest = rest.dropFirst(size)
        }
        Array(rest).withUnsafeBytes { hash.update($0) }
        return hash.value
    }

    @Test func theChunksDoNotMatter() {
        var random = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let whole = Self.hash(bytes)
            for _ in 0..<20 {
                let chunks = (0..<5).map { _ in Int.random(in: 0...40, using: &random) }
                #expect(Self.hash(bytes, chunks: chunks) == whole, "length \(length), chunks \(chunks)")
            }
        }
    }

    @Test func anyChangedByteChangesTheHash() {
        let bytes = Array(#"{"seq":1,"type":"modal.present","link":"compose","content":"ComposeView"}"#.utf8)
        let original = Self.hash(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x02, 0x10, 0x80] {
                var changed = bytes
                changed[index] ^= flip
                seen.insert(Self.hash(changed))
            }
        }
        // Every one of the changes gives a hash of its own.
        #expect(seen.count == 1 + bytes.count * 4)
    }

    @Test func theLengthCounts() {
        #expect(Self.hash([]) != Self.hash([0]))
        #expect(Self.hash([0]) != Self.hash([0, 0]))
        #expect(Self.hash(Array(repeating: 0, count: 8)) != Self.hash(Array(repeating: 0, count: 16)))
    }

    @Test func hexHasSixteenDigits() {
        var hash = ContentHash()
        [UInt8(1)].withUnsafeBytes { hash.update($0) }
        #expect(hash.hex.count == 16)
        #expect(UInt64(hash.hex, radix: 16) == hash.value)
    }
}
