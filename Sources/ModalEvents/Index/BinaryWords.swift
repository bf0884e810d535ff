/// Writes little-endian words and counted byte strings: the binary parts of
/// a log index's sidecar (its checkpoint table, a history's elements).
///
/// ```swift
/// var writer = BinaryWriter()
/// writer.append(UInt64(42))
/// writer.appendCounted(Array("unknownRoot".utf8))
/// writer.bytes.count  // 8 + 4 + 11
/// ```
package struct BinaryWriter: Sendable {
    /// What was written so far.
    package var bytes: [UInt8] = []

    package init() {}

    /// Appends `word`, its lowest byte first.
    package mutating func append(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
    }

    /// Appends `word`, its lowest byte first.
    package mutating func append(_ word: UInt32) {
        withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
    }

    /// Appends `integer`'s bits as a 64-bit word.
    package mutating func append(_ integer: Int) {
        append(UInt64(bitPattern: Int64(integer)))
    }

    /// Appends how many bytes `string` has (a 32-bit word), then the bytes.
    ///
    /// - Precondition: fewer than 2^32 bytes.
    package mutating func appendCounted(_ string: some Collection<UInt8>) {
        append(UInt32(string.count))
        bytes += string
    }
}

/// Reads what a ``BinaryWriter`` wrote, checking each read against the
/// bytes left: a short or damaged input is an error, never a trap.
package struct BinaryReader {
    private let bytes: ArraySlice<UInt8>
    /// Where the next read starts in `bytes`' indices.
    private var offset: Int
    /// What the bytes are, for errors: `the history of checkpoint 3`.
    private let what: String

    /// A reader of `bytes`, called `what` in its errors.
    package init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.offset = bytes.startIndex
        self.what = what
    }

    /// Whether every byte was read.
    package var isAtEnd: Bool { offset == bytes.endIndex }

    /// How many bytes are left to read.
    package var remaining: Int { bytes.endIndex - offset }

    /// The next 64-bit word.
    ///
    /// - Throws: ``EventLogError`` (`invalidState`) when fewer than 8 bytes are left.
    package mutating func word64() throws(EventLogError) -> UInt64 {
        let slice = try take(8)
        return slice.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// The next 32-bit word.
    ///
    /// - Throws: ``EventLogError`` (`invalidState`) when fewer than 4 bytes are left.
    package mutating func word32() throws(EventLogError) -> UInt32 {
        let slice = try take(4)
        return slice.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }

    /// The next 64-bit word as a signed integer.
    package mutating func integer() throws(EventLogError) -> Int {
        Int(Int64(bitPattern: try word64()))
    }

    /// A count (a 32-bit word) that is at most `maximum`: a damaged count
    /// is found before anything is made for it.
    ///
    /// - Throws: ``EventLogError`` (`invalidState`) for a larger one.
    package mutating func count(atMost maximum: Int) throws(EventLogError) -> Int {
        let count = Int(try word32())
        guard count <= maximum else { throw fault("a count of \(count) where at most \(maximum) can follow") }
        return count
    }

    /// The next counted byte string (as ``BinaryWriter/appendCounted(_:)`` wrote it).
    package mutating func counted() throws(EventLogError) -> ArraySlice<UInt8> {
        try take(Int(word32()))
    }

    /// The next two counted byte strings, their counts included.
    package mutating func pair() throws(EventLogError) -> ArraySlice<UInt8> {
        let start = offset
        _ = try counted()
        _ = try counted()
        return bytes[start..<offset]
    }

    /// The next counted byte string as a String.
    ///
    /// - Throws: ``EventLogError`` (`invalidState`) when it is not UTF-8.
    package mutating func string() throws(EventLogError) -> String {
        let utf8 = try counted()
        var string = String(decoding: utf8, as: UTF8.self)
        // Invalid UTF-8 is decoded with replacement characters: other bytes.
        let isUTF8 = string.withUTF8 { decoded in utf8.withUnsafeBufferPointer { decoded.elementsEqual($0) } }
        guard isUTF8 else { throw fault("a string is not UTF-8") }
        return string
    }

    /// The error for what was found wrong: `invalidState`, naming the bytes.
    package func fault(_ message: String) -> EventLogError {
        EventLogError(.invalidState, message: "\(what): \(message)")
    }

    private mutating func take(_ count: Int) throws(EventLogError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.endIndex - offset >= count else { throw fault("it ends early") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}
