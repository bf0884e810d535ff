/// The strings a log reader has made, by their bytes, so that a name that
/// comes back (a log names the same few roots, links, contents and words
/// over and over) is not made again: a lookup costs a fraction of making
/// the string, and copies of a string longer than 15 bytes share its storage.
///
/// It keeps the last string of each of 256 slots, picked by a hash of the
/// bytes: a string of up to 16 bytes packed as two words, so a hit compares
/// three integers. Longer strings are made each time. The slots are made
/// with the first string, so a reader that stops before its first event
/// (a bad header, a fault on line 2) costs no table.
final class StringCache {
    private static let slotCount = 256

    /// One allocation: each slot's name, then each slot's string.
    private struct Table {
        /// ``PackedName/none`` (all zero bits) for a slot that holds no string yet.
        let names: UnsafeMutablePointer<PackedName>
        /// Initialized only in the slots whose name is not ``PackedName/none``.
        let strings: UnsafeMutablePointer<String>

        init() {
            let namesBytes = MemoryLayout<PackedName>.stride * StringCache.slotCount
            let raw = UnsafeMutableRawPointer.allocate(
                byteCount: namesBytes + MemoryLayout<String>.stride * StringCache.slotCount,
                alignment: max(MemoryLayout<PackedName>.alignment, MemoryLayout<String>.alignment))
            // Every name none at once, rather than a slot at a time.
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: namesBytes)
            names = raw.bindMemory(to: PackedName.self, capacity: StringCache.slotCount)
            strings = (raw + namesBytes).bindMemory(to: String.self, capacity: StringCache.slotCount)
        }
    }

    private var table: Table?

    init() {}

    deinit {
        guard let table else { return }
        for slot in 0..<Self.slotCount where table.names[slot] != .none {
            (table.strings + slot).deinitialize(count: 1)
        }
        UnsafeMutableRawPointer(table.names).deallocate()
    }

    /// The string of `bytes`, which must be UTF-8: exactly
    /// `String(decoding: bytes, as: UTF8.self)`.
    ///
    /// - Parameter room: How many bytes from the start of `bytes` may be
    ///   read (at least `bytes.count`), as for ``PackedName``.
    func string(_ bytes: UnsafeRawBufferPointer, room: Int) -> String {
        guard let name = PackedName(bytes, room: room) else { return String(decoding: bytes, as: UTF8.self) }
        let table = self.table ?? makeTable()
        let slot =
            Int(truncatingIfNeeded: (name.low ^ name.high &* 31 ^ UInt64(name.length)) &* 0x9E37_79B9_7F4A_7C15 >> 56)
            & (Self.slotCount - 1)
        if table.names[slot] == name { return table.strings[slot] }
        let made = String(decoding: bytes, as: UTF8.self)
        if table.names[slot] == .none {
            (table.strings + slot).initialize(to: made)
        } else {
            table.strings[slot] = made
        }
        table.names[slot] = name
        return made
    }

    private func makeTable() -> Table {
        let table = Table()
        self.table = table
        return table
    }
}
