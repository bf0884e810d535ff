import ModalEvents

/// How an option's or an argument's text becomes its value: `--at <seq>`
/// is a seq, `--color <when>` one of three words.
///
/// Its error (a ``UsageError``) names the value and where it was given:
/// `The value 'x' is invalid for '--at <seq>': expected a seq, 0 or more`.
/// Its closure throws untyped: a typed-throws function type held as a
/// value needs the Swift 6 runtime on Apple's systems (PlatformFloorTests).
struct ValueReader<Value: Sendable>: Sendable {
    /// The value's name in help: `seq`.
    var valueName: String
    /// What a shell completes it with.
    var completion: ArgumentDescription.Completion = .none
    /// Reads `text`; `label` names the option or argument (`--at <seq>`).
    var read: @Sendable (_ text: String, _ label: String) throws -> Value
}

extension ValueReader where Value == String {
    /// The text as it is.
    static var text: Self { ValueReader(valueName: "text") { text, _ in text } }
}

extension ValueReader where Value == Int {
    /// A seq, 0 or more.
    static var seq: Self {
        ValueReader(valueName: "seq") { text, label in
            guard let value = Int(text), value >= 0 else {
                throw UsageError(message: "The value '\(text)' is invalid for '\(label)': expected a seq, 0 or more")
            }
            return value
        }
    }

    /// A TCP port, 0 (one the system picks) to 65535.
    static var port: Self {
        ValueReader(valueName: "port") { text, label in
            guard let value = Int(text), (0...65_535).contains(value) else {
                throw UsageError(message: "The value '\(text)' is invalid for '\(label)': expected a port, 0 to 65535")
            }
            return value
        }
    }

    /// A count, 1 or more.
    static var count: Self {
        ValueReader(valueName: "count") { text, label in
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "The value '\(text)' is invalid for '\(label)': expected a number, 1 or more")
            }
            return value
        }
    }
}

extension ValueReader where Value == Double {
    /// A time in seconds, more than 0: `2`, `0.3`.
    static var seconds: Self {
        ValueReader(valueName: "seconds") { text, label in
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError(
                    message: "The value '\(text)' is invalid for '\(label)': expected seconds, more than 0")
            }
            return value
        }
    }
}

extension ValueReader where Value == Set<Int> {
    /// Seqs, 1 or more, separated by commas: `4`, `4,9,12`.
    static var seqs: Self {
        ValueReader(valueName: "seqs") { text, label in
            var seqs: Set<Int> = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let seq = Int(part.trimmingPrefix(" ")), seq >= 1 else {
                    throw UsageError(
                        message:
                            "The value '\(text)' is invalid for '\(label)': expected seqs, 1 or more, separated by commas"
                    )
                }
                seqs.insert(seq)
            }
            return seqs
        }
    }
}

extension ValueReader where Value: ArgumentChoice {
    /// One of the type's words, with "did you mean" for a near miss.
    static var choice: Self {
        let words = Value.allCases.map(\.rawValue)
        return ValueReader(valueName: Value.valueName, completion: .words(words)) { text, label in
            guard let value = Value(rawValue: text) else {
                throw UsageError(
                    message: "The value '\(text)' is invalid for '\(label)': expected "
                        + words.dropLast().joined(separator: ", ") + " or \(words.last ?? "")"
                        + Suggestion.didYouMean(text, in: words))
            }
            return value
        }
    }
}

/// A value that is one of a few words: `--color auto|always|never`.
protocol ArgumentChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// Its name in help: `when`.
    static var valueName: String { get }
}
