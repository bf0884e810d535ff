/// What a reader's limits look at in a line's JSON, beyond its length: its
/// longest string or key, and how deeply its arrays and objects nest.
struct LimitMeasure {
    /// The longest string or key, in UTF-8 bytes.
    private(set) var longestString = 0
    /// How deeply arrays and objects nest: 1 for the line's object alone.
    private(set) var depth = 1

    mutating func note(_ string: String) {
        longestString = max(longestString, string.utf8.count)
    }

    /// Notes the strings and the nesting of `value`, found at `depth` (a
    /// container there is that deep).
    ///
    /// - Complexity: O(*n*) in the size of the value; not recursive.
    mutating func note(_ value: JSONValue, depth: Int) {
        /// The values still to look at, with their depths.
        var pending: [(JSONValue, Int)] = [(value, depth)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .null, .bool, .number:
                break
            case .string(let string):
                note(string)
            case .array(let elements):
                self.depth = max(self.depth, depth)
                pending += elements.map { ($0, depth + 1) }
            case .object(let members):
                self.depth = max(self.depth, depth)
                for member in members {
                    note(member.key)
                    pending.append((member.value, depth + 1))
                }
            }
        }
    }
}

/// An upper bound of an event's line's length, and the exact measure of
/// what a reader's limits look at in it, found without writing the line:
/// what lets a store check every event it takes (``EventLogReader/Options/violation(ofLineOf:version:)``)
/// at little cost.
struct LineBound: EventFieldWriter {
    /// At least as many bytes as the line has: a string of *n* UTF-8 bytes
    /// is written in at most 6*n* + 2 (each byte escaped as `\u00XX`).
    private(set) var bytes = 2
    private(set) var measure = LimitMeasure()

    private mutating func key(_ key: String) {
        bytes += Self.bound(of: key) + 2
        measure.note(key)
    }

    private static func bound(of string: String) -> Int { 6 * string.utf8.count + 2 }

    mutating func add(_ key: String, _ value: JSONValue) {
        self.key(key)
        measure.note(value, depth: 2)
        var pending = [value]
        while let value = pending.popLast() {
            switch value {
            case .null, .bool: bytes += 5
            case .number(let number): bytes += number.literal.utf8.count
            case .string(let string): bytes += Self.bound(of: string)
            case .array(let elements):
                bytes += 2 + elements.count
                pending += elements
            case .object(let members):
                bytes += 2 + members.count
                for member in members {
                    bytes += Self.bound(of: member.key) + 1
                    pending.append(member.value)
                }
            }
        }
    }

    mutating func string(_ key: String, _ value: String) {
        self.key(key)
        bytes += Self.bound(of: value)
        measure.note(value)
    }

    mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        bytes += 32
    }

    mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        bytes += 21
    }
}

extension EventLogReader.Options {
    /// What about `entry`'s line in a log of format `version` a reader with
    /// these limits would refuse, as a sentence fragment; `nil` when it
    /// reads. The line is written only when a bound found without it
    /// (``LineBound``) leaves that open: for every event of a usual size,
    /// it is not.
    ///
    /// - Complexity: O(*n*) in the size of the event's strings and values.
    @usableFromInline
    package func violation(ofLineOf entry: LoggedEvent, version: Int) -> String? {
        // An event of names, words and numbers (all but a batch, a session's info, a payload that
        // nests, and numbers as a log spelt them): its line is bounded by its strings' lengths,
        // found with nothing made. Its fields' keys and numbers take less than 1,000 bytes and 36 a
        // snap point.
        if entry.loggedNumbersIfAny == nil, var names = Self.names(of: entry.event) {
            names.add(entry.source?.rawValue ?? "")
            names.longest = max(names.longest, entry.callerLengthBound)
            names.total += entry.callerLengthBound
            if names.longest <= maximumStringLength, 6 * names.total + 1_000 <= maximumLineLength, maximumDepth >= 2 {
                return nil
            }
        }
        var bound = LineBound()
        entry.write(to: &bound, version: version)
        if bound.bytes <= maximumLineLength, bound.measure.depth <= maximumDepth,
            bound.measure.longestString <= maximumStringLength
        {
            return nil
        }
        return line(of: entry, version: version).violation
    }

    /// The line of `entry` in a log of format `version` (`\n` included), and
    /// what about it a reader with these limits would refuse, as a sentence
    /// fragment (`nil` when it reads). A writer checks each event with it, so
    /// that no event it accepts makes its log unreadable.
    ///
    /// - Complexity: O(*n*) in the size of the line; the event's JSON is
    ///   never built (but for a batch's events).
    package func line(of entry: LoggedEvent, version: Int) -> (line: [UInt8], violation: String?) {
        var writer = EventLineWriter()
        entry.write(to: &writer, version: version)
        let line = writer.finish()
        return (line, violation(of: line, measured: writer.measure))
    }

    /// What about `line` (compact JSON of `value`, `\n` included) a reader
    /// with these limits would refuse, as a sentence fragment; `nil` when it
    /// reads.
    ///
    /// - Complexity: O(*n*) in the size of `value`.
    package func violation(of value: JSONValue, line: [UInt8]) -> String? {
        var measure = LimitMeasure()
        measure.note(value, depth: 1)
        return violation(of: line, measured: measure)
    }

    private func violation(of line: [UInt8], measured measure: LimitMeasure) -> String? {
        if line.count - 1 > maximumLineLength { return "its line is longer than \(maximumLineLength) bytes" }
        if measure.depth > maximumDepth { return "it nests deeper than \(maximumDepth) levels" }
        if measure.longestString > maximumStringLength {
            return "it holds a string longer than \(maximumStringLength) bytes"
        }
        return nil
    }

    /// The strings of an event (its names, its words, which may be any
    /// text, and a payload with no array or object in it) when it holds
    /// nothing else but numbers; `nil` for one that holds more (a batch, a
    /// session's info, a payload that nests).
    private static func names(of event: ModalEvent) -> Names? {
        var names = Names()
        switch event {
        case .keyboardChange:
            break
        case .rootResize(let root, _), .rootRemove(let root), .dimmingTap(let root):
            names.add(root)
        case .modalPresented(let root, let link), .modalDismissed(let root, let link), .cardPop(let root, let link),
            .cardUpdate(let root, let link, _, _), .snapTo(let root, let link, _), .dragChange(let root, let link, _),
            .dragEnd(let root, let link, _, _):
            names.add(root)
            names.add(link)
        case .modalDismiss(let root, let link, let reason):
            names.add(root)
            names.add(link)
            names.add(reason.rawValue)
        case .cardPush(let root, let link, let content, let sticky, _, _):
            names.add(root)
            names.add(link)
            names.add(content)
            names.add(sticky ?? "")
        case .cardReplace(let root, let link, let content, let direction, let animation, _, _):
            names.add(root)
            names.add(link)
            names.add(content)
            names.add(direction.rawValue)
            names.add(animation.rawValue)
        case .rootRegister(let registration):
            names.add(registration.root)
            names.add(registration.presentation.rawValue)
            names.add(registration.policy.rawValue)
            names.add(registration.dimming.tap.rawValue)
            names.add(registration.keyboard.strategy.rawValue)
        case .modalPresent(let presentation):
            guard presentation.payload?.isScalar ?? true else { return nil }
            switch presentation.payload {
            case .string(let string)?: names.add(string)
            case .number(let number)?: names.add(number.literal)
            default: break
            }
            names.add(presentation.root)
            names.add(presentation.link)
            names.add(presentation.content)
            names.add(presentation.parent ?? "")
            names.add(presentation.sticky ?? "")
            names.add(presentation.style.rawValue)
            names.total += 6 * presentation.snapPoints.count
        default:
            return nil
        }
        return names
    }

    /// The longest of some strings and their total, in UTF-8 bytes.
    private struct Names {
        var longest = 0
        var total = 0

        mutating func add(_ string: String) {
            longest = max(longest, string.utf8.count)
            total += string.utf8.count
        }
    }
}
