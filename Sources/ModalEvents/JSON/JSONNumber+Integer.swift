extension JSONNumber {
    /// The whole number the literal writes, exactly, when an `Int` holds
    /// it: `42`, `-0`, `4.2e1`, `420e-1`, `9007199254740993` (every digit,
    /// never through a `Double`); `nil` for a fraction (`1.5`) or a whole
    /// number beyond `Int` (`9223372036854775808`, `1e300`).
    ///
    /// - Complexity: O(*n*) in the literal's length.
    package var integerValue: Int? {
        var literal = literal
        return literal.withUTF8 { JSONNumber.wholeNumber(of: UnsafeRawBufferPointer($0)).integer }
    }

    /// Whether the literal writes a whole number, of any size: `1`, `1.0`,
    /// `2e0`, `1e300` (not `1.5`, `1e-3`).
    package var isWholeNumber: Bool {
        var literal = literal
        return literal.withUTF8 { JSONNumber.wholeNumber(of: UnsafeRawBufferPointer($0)).isWhole }
    }

    /// What a literal that is valid JSON writes, as a whole number.
    struct WholeNumber {
        /// Whether it is a whole number, of any size.
        var isWhole: Bool
        /// The number, when it is whole and an `Int` holds it.
        var integer: Int?
    }

    /// Reads `literal`, a valid JSON number, as a whole number: from its
    /// digits, never through a `Double`, so every digit counts.
    static func wholeNumber(of literal: UnsafeRawBufferPointer) -> WholeNumber {
        let count = literal.count
        let negative = count > 0 && literal[0] == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        var index = start
        // Plain digits, no more than 18 of them (what a log's integers are): they fit in 64 bits.
        var plain: Int64 = 0
        while index < count, index - start < 18 {
            let digit = literal[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            plain = plain * 10 + Int64(digit)
            index += 1
        }
        guard index < count else { return WholeNumber(isWhole: true, integer: Int(exactly: negative ? -plain : plain)) }
        return wholeNumber(ofDigitsIn: literal, negative: negative)
    }

    /// ``wholeNumber(of:)`` for any literal: its digits with the point and
    /// the exponent taken into account.
    private static func wholeNumber(ofDigitsIn literal: UnsafeRawBufferPointer, negative: Bool) -> WholeNumber {
        func isDigit(_ index: Int) -> Bool { index < literal.count && literal[index] &- UInt8(ascii: "0") < 10 }
        var index = negative ? 1 : 0
        let integerDigits =
            index..<{
                while isDigit(index) { index += 1 }
                return index
            }()
        var fractionDigits = index..<index
        if index < literal.count, literal[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while isDigit(index) { index += 1 }
            fractionDigits = start..<index
        }
        var exponent = 0
        if index < literal.count, literal[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let exponentNegative = literal[index] == UInt8(ascii: "-")
            if literal[index] == UInt8(ascii: "-") || literal[index] == UInt8(ascii: "+") { index += 1 }
            while isDigit(index) {
                // Past a million, a number is far beyond any Int, or far below 1: the size no longer matters.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(literal[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // The digits, the fraction's after the integer's: digit `k` is worth 10^(scale - k).
        let digitCount = integerDigits.count + fractionDigits.count
        func digit(_ k: Int) -> UInt8 {
            let offset =
                k < integerDigits.count
                ? integerDigits.lowerBound + k
                : fractionDigits.lowerBound + k
                    - integerDigits.count
            return literal[offset] &- UInt8(ascii: "0")
        }
        guard let first = (0..<digitCount).first(where: { digit($0) != 0 }) else {
            return WholeNumber(isWhole: true, integer: 0)  // 0, 0.000, -0e5
        }
        let last = (0..<digitCount).last { digit($0) != 0 }!
        // The place value of the last digit that is not 0: below 1, the number has a fraction.
        let lastPlace = integerDigits.count - 1 - last + exponent
        guard lastPlace >= 0 else { return WholeNumber(isWhole: false, integer: nil) }
        let significant = last - first + 1
        guard significant + lastPlace <= 19 else { return WholeNumber(isWhole: true, integer: nil) }
        var magnitude: UInt64 = 0
        for k in first...last { magnitude = magnitude * 10 + UInt64(digit(k)) }
        for _ in 0..<lastPlace {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return WholeNumber(isWhole: true, integer: nil) }
            magnitude = product
        }
        // Int64.min's magnitude is one more than Int64.max's.
        let value: Int64? =
            negative
            ? (magnitude <= Int64.min.magnitude ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil)
            : Int64(exactly: magnitude)
        return WholeNumber(isWhole: true, integer: value.flatMap { Int(exactly: $0) })
    }
}
