/// A seeded random number generator that gives the same numbers on every
/// platform and Swift version: xoshiro256** seeded through SplitMix64.
///
/// The standard library's `random(in:using:)` may change how it maps bits to
/// a range between releases, so the harness maps them itself
/// (``int(below:)``, ``double()``): a seed printed by a failing run today
/// replays the same sequence next year.
///
/// ```swift
/// var random = PropertyRandom(seed: 42)
/// random.int(in: 1...6)   // the same on every machine
/// ```
public struct PropertyRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose numbers depend only on `seed`.
    public init(seed: UInt64) {
        var mixer = seed
        state = (
            Self.splitMix(&mixer), Self.splitMix(&mixer), Self.splitMix(&mixer), Self.splitMix(&mixer)
        )
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = Self.rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = Self.rotate(state.3, 45)
        return result
    }

    /// A number in `0..<bound`, every value equally likely (Lemire's method).
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// A number in `range`, every value equally likely.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.upperBound - range.lowerBound + 1)
    }

    /// A number in `0 ..< 1` with 53 random bits.
    public mutating func double() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A number in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + double() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        double() < probability
    }

    /// One element of `elements`, each equally likely; `nil` when it is empty.
    public mutating func element<C: Collection>(of elements: C) -> C.Element? {
        guard !elements.isEmpty else { return nil }
        return elements[elements.index(elements.startIndex, offsetBy: int(below: elements.count))]
    }

    /// One of `choices`, each as likely as its weight; `nil` when no weight is positive.
    public mutating func weighted<T>(_ choices: [(T, Double)]) -> T? {
        let total = choices.reduce(0) { $0 + max(0, $1.1) }
        guard total > 0 else { return nil }
        var target = double() * total
        for (choice, weight) in choices where weight > 0 {
            target -= weight
            if target < 0 { return choice }
        }
        return choices.last { $0.1 > 0 }?.0
    }

    /// The seed of the `index`-th sequence of a run seeded with `seed`.
    static func sequenceSeed(_ seed: UInt64, index: Int) -> UInt64 {
        var mixer = seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return splitMix(&mixer)
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
