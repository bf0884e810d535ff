/// The strings a log reader has made, by their bytes, so that a name that
/// comes back (a log names the same few roots, links, contents and words
/// over and over) is not made again: a lookup costs a fraction of making
/// the string, and copies of a string longer than 15 bytes share its storage.
///
/// It keeps the last string of each of 256 slots, picked by a hash of the
/// bytes: a string of up to 16 bytes packed as two words, so a hit compares
/// three integers. Longer strings are made each time.
final class StringCache {
    private static let slotCount = 256
    private let names: UnsafeMutablePointer<PackedName>
    private let strings: UnsafeMutablePointer<String>

    init() {
        names = .allocate(capacity: Self.slotCount)
        names.initialize(repeating: .none, count: Self.slotCount)
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        names.deallocate()
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
    }

    /// The string of `bytes`, which must be UTF-8: exactly
    /// `String(decoding: bytes, as: UTF8.self)`.
    ///
    /// - Parameter room: How many bytes from the start of `bytes` may be
    ///   read (at least `bytes.count`), as for ``PackedName``.
    func string(_ bytes: UnsafeRawBufferPointer, room: Int) -> String {
        guard let name = PackedName(bytes, room: room) else { return String(decoding: bytes, as: UTF8.self) }
        let slot =
            Int(truncatingIfNeeded: (name.low ^ name.high &* 31 ^ UInt64(name.length)) &* 0x9E37_79B9_7F4A_7C15 >> 56)
            & (Self.slotCount - 1)
        if names[slot] == name { return strings[slot] }
        let made = String(decoding: bytes, as: UTF8.self)
        names[slot] = name
        strings[slot] = made
        return made
    }
}
