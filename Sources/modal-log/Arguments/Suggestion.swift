/// "Did you mean ...?": the word a user most likely meant, among those the
/// tool knows (commands, options, event types, codes, a log's names).
enum Suggestion {
    /// The candidate nearest to `word`, when it is near enough to be a slip:
    /// the same but for case, or at most a third of its characters (one at
    /// least) to add, remove or change. The first of the nearest wins.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = candidate.lowercased() == word.lowercased() ? 0 : distance(word, candidate, limit: limit)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `; did you mean 'x'?` for the nearest candidate, or nothing.
    static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// ` (did you mean 'x'?)` for the nearest candidate, or nothing: for the
    /// middle of a sentence.
    static func aside(_ word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The edit distance between `a` and `b`, by character: how many to
    /// add, remove, change or swap with the next (`depht` is one from
    /// `depth`), or more than `limit` as soon as it is sure to be.
    ///
    /// - Complexity: O(*n* × *m*) time, O(*m*) memory; a pair whose lengths
    ///   differ by more than `limit` costs nothing.
    static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a)
        let b = Array(b)
        // Past `limit` (never `.max` here), the exact distance does not matter.
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var beforePrevious = Array(0...b.count)
        var previous = beforePrevious
        var current = previous
        for (i, x) in a.enumerated() {
            current[0] = i + 1
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
                if i > 0, j > 0, x == b[j - 1], a[i - 1] == y {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            if current.min()! > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
