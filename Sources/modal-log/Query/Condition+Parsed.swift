extension Condition {
    /// The condition `--where` gives.
    ///
    /// - Throws: ``UsageError`` naming the column where it cannot be read.
    static func parsed(_ text: String) throws(UsageError) -> Condition {
        do {
            return try ConditionParser.parse(text)
        } catch {
            throw UsageError(message: "--where: \(error.message) (at column \(error.column) of '\(text)')")
        }
    }
}

extension ValueReader where Value == Condition {
    /// A condition of the query language: `--where 'modals >= 3'`.
    static var condition: Self {
        ValueReader(valueName: "condition") { text, _ in try Condition.parsed(text) }
    }
}
