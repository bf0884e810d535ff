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
