// Shared by the tests and the sidecar fuzz target: Scripts/fuzz compiles this file into it.
import ModalEvents

/// A log index's sidecar as text, to change in a test as a person or a
/// program would, and write back: its header line; a line for each row of
/// its table, `[seq,file,offset,line,historyCount,time,historyBytes,stateBytes,"historyHash","stateHash"]`
/// (`time` `null` for none); then for each checkpoint a line with its
/// history's bytes in hex and a line with its state.
///
/// ```swift
/// let text = try #require(SidecarText.text(of: sidecar))
/// let forged = SidecarText.sidecar(from: text.replacingOccurrences(of: "[20,0,", with: "[20,1,"), resigning: true)
/// ```
package enum SidecarText {
    /// The words of a row of the table.
    static var rowWords: Int { 10 }

    /// Each checkpoint's pieces in `sidecar`, its history's and its state's;
    /// `nil` when they cannot be found.
    package static func pieces(of sidecar: [UInt8]) -> [[UInt8]]? {
        Parts(sidecar)?.pieces
    }

    /// `sidecar` as text; `nil` when its header is not a JSON object or its
    /// table and pieces are not all there.
    package static func text(of sidecar: [UInt8]) -> String? {
        guard let parts = Parts(sidecar), let pieces = parts.pieces else { return nil }
        let rows = parts.rows.map { row in
            let time = row[5] == .max ? "null" : "\(Double(bitPattern: row[5]))"
            let numbers = row[0..<5].map { "\(Int64(bitPattern: $0))" } + [time] + row[6..<8].map { "\($0)" }
            return "[" + (numbers + row[8..<10].map { "\"\(ContentHash.hex($0))\"" }).joined(separator: ",") + "]"
        }
        let body = pieces.enumerated().map { place, piece in
            place % 2 == 0 ? piece.map { hexDigits($0) }.joined() : String(decoding: piece, as: UTF8.self)
        }
        return ([String(decoding: parts.header, as: UTF8.self)] + rows + body).joined(separator: "\n")
    }

    /// The sidecar `text` (as ``text(of:)`` gives it) describes: each
    /// piece's length in its row as the text's piece has it; the hashes as
    /// the text has them, or with `resigning`, all made to hold again (the
    /// pieces', the table's, the header's `check`), as a program that
    /// rewrote the sidecar on purpose would write.
    package static func sidecar(from text: String, resigning: Bool) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = Array(lines.removeFirst().utf8)
        let rowCount = lines.prefix { $0.hasPrefix("[") }.count
        let pieces = lines.dropFirst(rowCount).enumerated().map { place, line in
            place % 2 == 0 ? bytes(ofHex: line) : Array(line.utf8)
        }
        var table = BinaryWriter()
        var body: [UInt8] = []
        for (index, line) in lines.prefix(rowCount).enumerated() {
            guard case .array(let fields) = try? JSONReader.read(Array(line.utf8)[...]), fields.count == rowWords
            else { continue }
            for field in fields.prefix(5) { table.append(integer(field)) }
            table.append(fields[5].doubleValue?.bitPattern ?? .max)
            for piece in 0..<2 {
                let bytes = pieces.count > 2 * index + piece ? pieces[2 * index + piece] : []
                table.append(bytes.count)
                body += bytes
            }
            for field in fields[8...] {
                guard case .string(let hex) = field else { continue }
                table.append(UInt64(hex, radix: 16) ?? 0)
            }
        }
        let sidecar = header + [UInt8(ascii: "\n")] + table.bytes + body
        return resigning ? resigned(sidecar) : sidecar
    }

    /// `sidecar` with its hashes made to hold where its parts can be found:
    /// each piece's in its row (for the pieces the rows' lengths find in
    /// the bytes), the table's in the header, and the header's `check`.
    /// As it is when its header is not a JSON object.
    package static func resigned(_ sidecar: [UInt8]) -> [UInt8] {
        guard var parts = Parts(sidecar) else { return sidecar }
        for (place, range) in parts.pieceRanges.enumerated() {
            parts.rows[place / 2][8 + place % 2] = ContentHash(of: parts.body[range]).value
        }
        var table = BinaryWriter()
        for word in parts.rows.joined() { table.append(word) }
        guard case .object(var members) = try? JSONReader.read(parts.header[...]) else { return sidecar }
        members.removeAll { $0.key == "check" }
        if let place = members.firstIndex(where: { $0.key == "table" }) {
            members[place].value = .string(ContentHash(of: table.bytes[...]).hex)
        }
        let header = signedIndexHeader(body: EventLogEncoder.line(.object(members)).dropLast(2))
        return header + [UInt8(ascii: "\n")] + table.bytes + parts.tail + parts.body
    }

    /// A sidecar's header line, the rows of its table that are there, and
    /// the bytes after them.
    struct Parts {
        var header: [UInt8]
        var rows: [[UInt64]]
        /// Bytes of a row cut short, when the table is.
        var tail: [UInt8]
        var body: [UInt8]

        init?(_ sidecar: [UInt8]) {
            guard let newline = sidecar.firstIndex(of: UInt8(ascii: "\n")),
                case .object(let members) = try? JSONReader.read(sidecar[..<newline])
            else { return nil }
            header = Array(sidecar[..<newline])
            let count = members.first { $0.key == "checkpoints" }.map { SidecarText.integer($0.value) } ?? 0
            var reader = BinaryReader(sidecar[(newline + 1)...], what: "the table")
            rows = []
            while rows.count < count, reader.remaining >= 8 * SidecarText.rowWords {
                rows.append((0..<SidecarText.rowWords).map { _ in (try? reader.word64()) ?? 0 })
            }
            let rest = Array(sidecar[(sidecar.count - reader.remaining)...])
            (tail, body) = rows.count < count ? (rest, []) : ([], rest)
        }

        /// Where each piece is in the body, as the rows' lengths say, for the
        /// pieces, in order, that the body holds.
        var pieceRanges: [Range<Int>] {
            var ranges: [Range<Int>] = []
            for word in rows.flatMap({ $0[6..<8] }) {
                let start = ranges.last?.upperBound ?? 0
                let length = Int(truncatingIfNeeded: word)
                guard length >= 0, length <= body.count - start else { break }
                ranges.append(start..<start + length)
            }
            return ranges
        }

        /// Each checkpoint's pieces, when the rows' lengths split the body exactly.
        var pieces: [[UInt8]]? {
            let ranges = pieceRanges
            guard ranges.count == 2 * rows.count, (ranges.last?.upperBound ?? 0) == body.count, tail.isEmpty else {
                return nil
            }
            return ranges.map { Array(body[$0]) }
        }
    }

    /// A JSON number's integer, as 64 bits; 0 for anything else.
    static func integer(_ value: JSONValue) -> Int {
        guard case .number(let number) = value else { return 0 }
        return number.integerValue ?? 0
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    private static func bytes(ofHex hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
        }
    }
}

/// A sidecar's header line (without its `\n`) from `body`, the header's bytes
/// before its `check`: the body, then `,"check":"` and the body's hash, as
/// an index writes it.
package func signedIndexHeader(body: ArraySlice<UInt8>) -> [UInt8] {
    Array(body) + Array(#","check":""#.utf8) + Array(ContentHash(of: body).hex.utf8) + Array(#""}"#.utf8)
}
