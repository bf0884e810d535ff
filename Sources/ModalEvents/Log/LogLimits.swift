extension EventLogReader.Options {
    /// The line of `entry` (`\n` included), and what about it a reader with
    /// these limits would refuse, as a sentence fragment (`nil` when it
    /// reads). A writer checks each event with it, so that no event it
    /// accepts makes its log unreadable.
    ///
    /// - Complexity: O(*n*) in the size of the line; the event's JSON is
    ///   never built.
    package func line(of entry: LoggedEvent) -> (line: [UInt8], violation: String?) {
        var writer = EventLineWriter()
        entry.write(to: &writer)
        let line = writer.finish()
        if line.count - 1 > maximumLineLength { return (line, "its line is longer than \(maximumLineLength) bytes") }
        if writer.depth > maximumDepth { return (line, "it nests deeper than \(maximumDepth) levels") }
        if writer.longestString > maximumStringLength {
            return (line, "it holds a string longer than \(maximumStringLength) bytes")
        }
        return (line, nil)
    }

    /// What about `line` (compact JSON of `value`, `\n` included) a reader
    /// with these limits would refuse, as a sentence fragment; `nil` when it
    /// reads. A writer checks each line with it, so that no event it accepts
    /// makes its log unreadable.
    ///
    /// - Complexity: O(*n*) in the size of `value`.
    package func violation(of value: JSONValue, line: [UInt8]) -> String? {
        if line.count - 1 > maximumLineLength { return "its line is longer than \(maximumLineLength) bytes" }
        return violation(of: value, depth: 0)
    }

    private func violation(of value: JSONValue, depth: Int) -> String? {
        switch value {
        case .null, .bool, .number:
            return nil
        case .string(let string):
            return stringViolation(string)
        case .array(let elements):
            guard depth < maximumDepth else { return "it nests deeper than \(maximumDepth) levels" }
            return elements.lazy.compactMap { violation(of: $0, depth: depth + 1) }.first
        case .object(let members):
            guard depth < maximumDepth else { return "it nests deeper than \(maximumDepth) levels" }
            return members.lazy.compactMap { stringViolation($0.key) ?? violation(of: $0.value, depth: depth + 1) }
                .first
        }
    }

    private func stringViolation(_ string: String) -> String? {
        string.utf8.count > maximumStringLength ? "it holds a string longer than \(maximumStringLength) bytes" : nil
    }
}
