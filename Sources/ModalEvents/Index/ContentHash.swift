/// A 64-bit hash of a file's bytes, fed a chunk at a time: how a log index
/// tells that the bytes it was built from are still the log's.
///
/// It mixes eight bytes at a time the way MurmurHash3's 64-bit variant does
/// (a multiply, a rotate and a multiply per word, then a final avalanche),
/// so that any change of a byte changes the result, at memory speed. It is
/// for noticing change, not for security: anyone can make two inputs with
/// the same hash on purpose. The result depends only on the bytes, not on
/// how they were split into chunks.
///
/// ```swift
/// var hash = ContentHash()
/// hash.update(firstChunk)
/// hash.update(secondChunk)
/// hash.hex  // 16 hexadecimal digits, as a log index keeps it
/// ```
package struct ContentHash: Sendable {
    private var state: UInt64 = 0x6D6F_6461_6C2D_6C6F  // "modal-lo"
    /// Bytes waiting for a whole word.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length = 0

    package init() {}

    /// Adds `bytes` after those before.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        // Fill a part word first, a byte at a time.
        while pendingCount > 0 && index < bytes.count {
            take(bytes[index])
            index += 1
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            take(bytes[index])
            index += 1
        }
        length += bytes.count
    }

    /// The hash of `bytes` alone.
    package init(of bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The hash of every byte added so far.
    package var value: UInt64 {
        var final = state
        if pendingCount > 0 { final ^= Self.scramble(pending) }
        final ^= UInt64(length)
        // MurmurHash3's finalizer: every input bit reaches every output bit.
        final ^= final >> 33
        final &*= 0xFF51_AFD7_ED55_8CCD
        final ^= final >> 33
        final &*= 0xC4CE_B9FE_1A85_EC53
        final ^= final >> 33
        return final
    }

    /// The hash as 16 hexadecimal digits.
    package var hex: String { Self.hex(value) }

    /// A hash's `value` as 16 hexadecimal digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func take(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * UInt64(pendingCount))
        pendingCount += 1
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
    }

    private mutating func mix(_ word: UInt64) {
        state ^= Self.scramble(word)
        state = (state << 27 | state >> 37) &* 5 &+ 0x52DC_E729
    }

    private static func scramble(_ word: UInt64) -> UInt64 {
        var word = word &* 0x87C3_7B91_1142_53D5
        word = word << 31 | word >> 33
        return word &* 0x4CF5_AD43_2745_937F
    }
}
