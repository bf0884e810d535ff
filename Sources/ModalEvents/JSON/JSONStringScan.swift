/// Finds the bytes of a JSON string that need a closer look, eight at a
/// time: the readers step over the rest in bulk.
enum JSONStringScan {
    /// The index of the first byte at or after `start` that is a quote, a
    /// backslash, a control character (below 0x20) or not ASCII (0x80 and
    /// up); `bytes.count` when there is none. The last bytes of a buffer
    /// that do not fill a word are not looked at: the caller goes on from
    /// the index returned one byte at a time.
    ///
    /// - Complexity: O(*n*), a word at a time.
    @inline(__always)
    static func nextSpecialByte(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let base = bytes.baseAddress!
        while index + 8 <= bytes.count {
            let special = specialBytes(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if special != 0 { return index + special.trailingZeroBitCount >> 3 }
            index += 8
        }
        return index
    }

    /// The bytes of `word` (eight in a row, the first in the low bits) that
    /// are a quote, a backslash, below 0x20 or 0x80 and up, as the high bit
    /// of each (SWAR: bit tricks on the whole word). A borrow can mark a byte
    /// above a marked one too, so only the lowest mark is sure.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let belowSpace = (word &- 0x20 &* ones) & ~word & highs
        return belowSpace | word & highs | zeroBytes(word ^ 0x22 &* ones) | zeroBytes(word ^ 0x5C &* ones)
    }
}
