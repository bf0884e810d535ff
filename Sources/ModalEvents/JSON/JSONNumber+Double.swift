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
    /// The value is found for literals of at most 19 digits whose digits
    /// make an integer up to 2^53 and whose scale is at most 10^22 either way
    /// (`390`, `0.25`, `-1.5`, `1700000000.123`): one correctly rounded
    /// multiplication or division of two exact doubles (Clinger's fast path)
    /// then gives the correctly rounded value, as `Double(_:)` does.
    ///
    /// - Complexity: O(*n*) in the literal's length.
    static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> JSONNumberScan? {
        let count = bytes.count
        let base = bytes.baseAddress!
        var index = start
        let negative = index < count && base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0

        /// Takes the digits from `index` on into `mantissa` (wrapping past 19
        /// of them, when the value is not used), and returns how many there were.
        @inline(__always) func digits() -> Int {
            let first = index
            while index < count {
                let digit = base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            return index - first
        }

        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { return nil }
        // A leading zero is only allowed alone.
        if integerDigits > 1 && base.load(fromByteOffset: integerStart, as: UInt8.self) == UInt8(ascii: "0") {
            return nil
        }
        var fractionDigits = 0
        if index < count, base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { return nil }
        }
        var exponent = -fractionDigits
        if index < count, base.load(fromByteOffset: index, as: UInt8.self) | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count {
                let sign = base.load(fromByteOffset: index, as: UInt8.self)
                if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                    exponentNegative = sign == UInt8(ascii: "-")
                    index += 1
                }
            }
            var written = 0
            let exponentStart = index
            while index < count {
                let digit = base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Past 10^1000 the full conversion decides (an infinity, or 0).
                if written < 1_000_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else { return nil }
            exponent += exponentNegative ? -written : written
        }
        let isExact = integerDigits + fractionDigits <= 19
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
        // Double(String) reads every literal JSON allows (JSONNumber holds no other), so it never gives nil.
        return Double(String(decoding: literal, as: UTF8.self)) ?? .nan
    }
}
