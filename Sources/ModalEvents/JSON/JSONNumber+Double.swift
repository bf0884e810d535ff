/// A JSON number found where it stands in UTF-8 text: where it ends and,
/// for most literals, its `Double`, both from one pass over its bytes.
struct JSONNumberScan {
    /// The offset just past the number.
    var end: Int
    /// The number's `Double`, exactly what `Double(literal)` gives; `nil`
    /// when the literal needs the full conversion (``JSONNumber/double(of:)``).
    var value: Double?

    /// Reads the number that starts at `start`, checking it against JSON's
    /// grammar as the JSON reader does; `nil` when it breaks it (a leading
    /// zero, a bare `-`, a `.` or `e` with no digit after it).
    ///
    /// The value is found for literals of at most 19 significant digits
    /// whose digits make an integer up to 2^53 and whose scale is at most
    /// 10^22 either way (`390`, `0.25`, `-1.5`, `1700000000.123`): one
    /// correctly rounded multiplication or division of two exact doubles
    /// (Clinger's fast path) then gives the correctly rounded value, as
    /// `Double(_:)` does.
    ///
    /// - Complexity: O(*n*) in the literal's length.
    static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> JSONNumberScan? {
        var index = start
        let count = bytes.count
        let negative = index < count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits in `mantissa`
        var exponent = 0  // of ten, applied to `mantissa`
        var isExact = true

        @inline(__always) func digit(at offset: Int) -> UInt64? {
            guard offset < count else { return nil }
            let value = bytes[offset] &- UInt8(ascii: "0")
            return value < 10 ? UInt64(value) : nil
        }
        @inline(__always) func take(_ value: UInt64) {
            guard mantissa != 0 || value != 0 else { return }  // a leading zero adds nothing
            guard digits < 19 else {
                isExact = false
                return
            }
            mantissa = mantissa &* 10 &+ value
            digits += 1
        }

        guard let first = digit(at: index) else { return nil }
        index += 1
        if first == 0 {
            if digit(at: index) != nil { return nil }  // a leading zero
        } else {
            take(first)
            while let value = digit(at: index) {
                take(value)
                index += 1
            }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(at: index) != nil else { return nil }
            while let value = digit(at: index) {
                take(value)
                exponent -= 1
                index += 1
            }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard digit(at: index) != nil else { return nil }
            var written = 0
            while let value = digit(at: index) {
                // Past 10^1000 the full conversion decides (an infinity, or 0).
                if written < 1_000_000 { written = written * 10 + Int(value) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        return JSONNumberScan(end: index, value: isExact ? fastValue(mantissa, exponent, negative) : nil)
    }

    private static func fastValue(_ mantissa: UInt64, _ exponent: Int, _ negative: Bool) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let scale = powersOfTen[exponent < 0 ? -exponent : exponent]
        let magnitude = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        return negative ? -magnitude : magnitude
    }

    /// 10^0 through 10^22: every power of ten a `Double` holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
}

extension JSONNumber {
    /// The `Double` a number literal that is valid JSON reads as: exactly
    /// what `Double(literal)` gives, an infinity when it overflows (`1e999`),
    /// with no `String` made when the literal allows (see ``JSONNumberScan``).
    static func double(of literal: UnsafeRawBufferPointer) -> Double {
        if !literal.isEmpty, let value = JSONNumberScan.scan(literal, from: 0)?.value { return value }
        return Double(String(decoding: literal, as: UTF8.self)) ?? .nan
    }
}
