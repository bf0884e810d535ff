import ModalEvents
import ModalProjection

/// Reads the condition language of `modal-log bisect --where`:
///
///     condition  = term ("or" term)*
///     term       = factor ("and" factor)*
///     factor     = "not" factor | "(" condition ")" | test
///     test       = "rejected" ["(" code ")"] | "broken"
///                | "type" ("==" | "!=") type | "source" ("==" | "!=") (source | "none")
///                | "phase" "(" modal ")" ("==" | "!=") phase
///                | ("live" | "dragging" | "canDismiss" | "covered" | "offscreen") "(" modal ")"
///                | "dimming" "(" name ")" | "style" "(" modal ")" ("==" | "!=") style
///                | quantity comparison (number | quantity)
///                | ("height" "(" modal ")" | "time" | "dt") ("==" | "!=") "none"
///     quantity   = ("depth" | "queued" | "offset") "(" name ")"
///                | ("cards" | "snap" | "position" | "height") "(" modal ")"
///                | "keyboard" | "roots" | "modals" | "seq" | "time" | "dt" | "rejections" | "session"
///     modal      = name ["/" name]        (root/link, or a link in any root)
///     name       = [A-Za-z0-9_.-]+ | a JSON string
///
/// `and` binds tighter than `or`; `not` tighter than both. A chain of
/// `and`s (or of `or`s) is read as one list, so its length does not nest;
/// `not` and brackets do, at most ``maximumDepth`` levels.
struct ConditionParser {
    /// The most levels of `not` and brackets a condition may nest: deeper
    /// is refused (``Failure``), so that no condition makes the parser, or
    /// the code that checks and prints conditions, recurse without bound.
    static let maximumDepth = 100

    /// Why a condition could not be read, and where.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The column (1-based, in Unicode scalars) where reading stopped.
        var column: Int
        var message: String

        var description: String { "column \(column): \(message)" }
    }

    /// The words the language keeps for itself; a name spelled like one is quoted.
    static let keywords: Set<String> = ["and", "or", "not"]

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-".unicodeScalars.contains(scalar)
    }

    /// Reads `text` as a condition.
    ///
    /// - Throws: ``Failure`` naming the column and what was expected.
    static func parse(_ text: String) throws(Failure) -> Condition {
        try parsing(text, whole: "a whole condition") { parser throws(Failure) in try parser.condition() }
    }

    /// Reads all of `text` with `read`: what follows what it reads is an
    /// error (`unexpected ')' after a whole condition`).
    static func parsing<Value>(
        _ text: String, whole: String, _ read: (inout ConditionParser) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        var parser = ConditionParser(tokens: try tokenize(text), end: text.unicodeScalars.count + 1)
        let value = try read(&parser)
        if let extra = parser.peek {
            throw Failure(column: extra.column, message: "unexpected '\(extra.text)' after \(whole)")
        }
        return value
    }

    // MARK: - Tokens

    struct Token: Equatable {
        enum Kind { case word, string, symbol }
        var kind: Kind
        var text: String
        var column: Int
    }

    /// Whether `scalar`, after `word`, is the `+` of a number's exponent
    /// (`1e+16`, as a condition prints a number that large): `word` is a
    /// number, then `e` or `E`.
    static func isExponentSign(_ scalar: Unicode.Scalar, after word: String) -> Bool {
        scalar == "+" && (word.hasSuffix("e") || word.hasSuffix("E")) && Double(word.dropLast()) != nil
    }

    static func tokenize(_ text: String) throws(Failure) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let column = index + 1
            if scalar.properties.isWhitespace {
                index += 1
            } else if isNameCharacter(scalar) {
                var word = ""
                while index < scalars.count,
                    isNameCharacter(scalars[index]) || isExponentSign(scalars[index], after: word)
                {
                    word.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(Token(kind: .word, text: word, column: column))
            } else if scalar == "\"" {
                let (string, next) = try quotedString(scalars, from: index)
                tokens.append(Token(kind: .string, text: string, column: column))
                index = next
            } else if "()/".unicodeScalars.contains(scalar) {
                tokens.append(Token(kind: .symbol, text: String(scalar), column: column))
                index += 1
            } else if "=!<>".unicodeScalars.contains(scalar) {
                let pair =
                    index + 1 < scalars.count && scalars[index + 1] == "=" ? String(scalar) + "=" : String(scalar)
                guard Condition.Comparison(rawValue: pair) != nil else {
                    throw Failure(column: column, message: "'\(pair)' is not a comparison: use ==, !=, <, <=, > or >=")
                }
                tokens.append(Token(kind: .symbol, text: pair, column: column))
                index += pair.unicodeScalars.count
            } else {
                throw Failure(column: column, message: "unexpected character '\(scalar)'")
            }
        }
        return tokens
    }

    /// A JSON string starting at `start`, read with the package's JSON reader.
    private static func quotedString(
        _ scalars: [Unicode.Scalar], from start: Int
    ) throws(Failure) -> (String, Int) {
        var index = start + 1
        while index < scalars.count, scalars[index] != "\"" {
            index += scalars[index] == "\\" ? 2 : 1
        }
        guard index < scalars.count else { throw Failure(column: start + 1, message: "a string is not closed") }
        var literal = ""
        literal.unicodeScalars.append(contentsOf: scalars[start...index])
        guard let value = try? JSONReader.read(Array(literal.utf8)).stringValue else {
            throw Failure(column: start + 1, message: "\(literal) is not a valid JSON string")
        }
        return (value, index + 1)
    }

    // MARK: - Grammar

    private(set) var tokens: [Token]
    var position = 0
    /// How many levels of `not` and brackets enclose the factor being read.
    private var depth = 0
    /// The column just past the text, for errors at its end.
    private let end: Int

    init(tokens: [Token], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func condition() throws(Failure) -> Condition {
        var terms = [try term()]
        while accept(word: "or") { terms.append(try term()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func term() throws(Failure) -> Condition {
        var factors = [try factor()]
        while accept(word: "and") { factors.append(try factor()) }
        return factors.count == 1 ? factors[0] : .and(factors)
    }

    private mutating func factor() throws(Failure) -> Condition {
        guard let token = peek,
            (token.kind == .word && token.text == "not") || (token.kind == .symbol && token.text == "(")
        else {
            return try test()
        }
        guard depth < Self.maximumDepth else {
            throw Failure(
                column: token.column,
                message: "the condition nests deeper than \(Self.maximumDepth) levels of 'not' and brackets")
        }
        depth += 1
        defer { depth -= 1 }
        if accept(word: "not") { return .not(try factor()) }
        position += 1  // (
        let condition = try self.condition()
        try expect(symbol: ")", after: "the condition in brackets")
        return condition
    }

    private mutating func test() throws(Failure) -> Condition {
        guard let token = peek else { throw failure("expected a condition") }
        guard token.kind == .word else { throw failure("expected a condition, found '\(token.text)'") }
        position += 1
        switch token.text {
        case "rejected":
            guard accept(symbol: "(") else { return .rejected(nil) }
            let name = try self.name(what: "a rejection code")
            guard let code = RejectionCode(rawValue: name.text) else {
                throw Self.notOneOf(name, "a rejection code", RejectionCode.allCases.map(\.rawValue))
            }
            try expect(symbol: ")", after: "the rejection code")
            return .rejected(code)
        case "broken":
            return .broken
        case "type":
            let isEqual = try equality(after: "type")
            let name = try self.name(what: "an event type")
            guard let type = EventType(rawValue: name.text) else {
                throw Self.notOneOf(name, "an event type", EventType.allCases.map(\.rawValue))
            }
            return .type(type, isEqual: isEqual)
        case "source":
            let isEqual = try equality(after: "source")
            let name = try self.name(what: "a source")
            guard StepFilter.sourceWords.contains(name.text) else {
                throw Self.notOneOf(name, "a source", StepFilter.sourceWords)
            }
            return .source(name.text == StepFilter.noSource ? nil : EventSource(rawValue: name.text), isEqual: isEqual)
        case "phase":
            let modal = try modalArgument()
            let isEqual = try equality(after: "phase(\(modal))")
            let name = try self.name(what: "a phase")
            guard name.text == StateChange.gone || ModalPhase(rawValue: name.text) != nil else {
                let phases = ModalPhase.allCases.map(\.rawValue)
                throw Failure(
                    column: name.column,
                    message:
                        "'\(name.text)' is not a phase\(Suggestion.aside(name.text, in: phases + [StateChange.gone])): "
                        + "\(phases.joined(separator: ", ")) or gone")
            }
            return .phase(modal, ModalPhase(rawValue: name.text), isEqual: isEqual)
        case "live": return .live(try modalArgument())
        case "dragging": return .dragging(try modalArgument())
        case "canDismiss": return .canDismiss(try modalArgument())
        case "covered": return .covered(try modalArgument())
        case "offscreen": return .offscreen(try modalArgument())
        case "style":
            let modal = try modalArgument()
            let isEqual = try equality(after: "style(\(modal))")
            let name = try self.name(what: "a style")
            guard let style = ModalStyle.knownValues.first(where: { $0.rawValue == name.text }) else {
                throw Self.notOneOf(name, "a style", ModalStyle.knownValues.map(\.rawValue))
            }
            return .style(modal, style, isEqual: isEqual)
        case "dimming": return .dimming(root: try rootArgument())
        case "content":
            let modal = try modalArgument()
            let isEqual = try equality(after: "content(\(modal))")
            return .content(modal, try self.name(what: "a content name").text, isEqual: isEqual)
        default:
            let quantity = try self.quantity(token)
            return try comparison(of: quantity)
        }
    }

    mutating func quantity(_ token: Token) throws(Failure) -> Condition.Quantity {
        switch token.text {
        case "depth": return .depth(root: try rootArgument())
        case "queued": return .queued(root: try rootArgument())
        case "presented": return .presented(root: try rootArgument())
        case "height": return .height(try modalArgument())
        case "offset": return .offset(root: try rootArgument())
        case "cards": return .cards(try modalArgument())
        case "snap": return .snap(try modalArgument())
        case "position": return .position(try modalArgument())
        case "keyboard": return .keyboard
        case "roots": return .roots
        case "modals": return .modals
        case "seq": return .seq
        case "time": return .time
        case "dt": return .dt
        case "rejections": return .rejections
        case "session": return .session
        default:
            let tests =
                [
                    "rejected", "broken", "type", "source", "phase", "live", "dragging", "canDismiss", "covered",
                    "offscreen", "dimming", "content", "style",
                ] + Self.quantities
            throw Failure(
                column: token.column,
                message: "'\(token.text)' is not a test\(Suggestion.aside(token.text, in: tests)): expected "
                    + tests.dropLast().joined(separator: ", ") + " or \(tests.last!)")
        }
    }

    private mutating func comparison(of quantity: Condition.Quantity) throws(Failure) -> Condition {
        guard let token = peek, token.kind == .symbol, let comparison = Condition.Comparison(rawValue: token.text)
        else { throw failure("expected a comparison (==, !=, <, <=, >, >=) after \(quantity)") }
        position += 1
        if let none = peek, none.kind == .word, none.text == StepFilter.noSource {
            guard quantity.canBeNone, comparison == .equal || comparison == .notEqual else {
                throw Failure(
                    column: none.column,
                    message: "'none' is compared only with == or != to height(MODAL), time or dt, not \(quantity) "
                        + comparison.rawValue)
            }
            position += 1
            return .compare(quantity, comparison, .noValue)
        }
        let none = quantity.canBeNone && (comparison == .equal || comparison == .notEqual) ? ", none" : ""
        let expected = "expected a number\(none) or a value to compare with after \(quantity) \(comparison.rawValue)"
        guard let operand = peek, operand.kind == .word else { throw failure(expected) }
        if let value = Double(operand.text) {
            guard value.isFinite else {
                throw Failure(column: operand.column, message: "'\(operand.text)' is not a finite number")
            }
            position += 1
            return .compare(quantity, comparison, .number(value))
        }
        // Another number of the state or the event: `keyboard > height(main)`.
        guard Self.quantities.contains(operand.text) else {
            throw Failure(
                column: operand.column,
                message: "\(expected), found '\(operand.text)'\(Suggestion.aside(operand.text, in: Self.quantities))")
        }
        position += 1
        return .compare(quantity, comparison, .quantity(try self.quantity(operand)))
    }

    /// The names of the numbers a condition compares.
    static let quantities = [
        "depth", "queued", "presented", "cards", "snap", "position", "height", "offset", "keyboard", "roots", "modals",
        "seq", "time", "dt", "rejections", "session",
    ]

    /// `==` (true) or `!=` (false).
    private mutating func equality(after what: String) throws(Failure) -> Bool {
        if accept(symbol: "==") { return true }
        if accept(symbol: "!=") { return false }
        throw failure("expected == or != after \(what)")
    }

    mutating func modalArgument() throws(Failure) -> Condition.ModalReference {
        try expect(symbol: "(", after: "the test's name")
        let reference = try modalReference()
        try expect(symbol: ")", after: "the modal")
        return reference
    }

    /// `root/link`, or a link in any root.
    mutating func modalReference() throws(Failure) -> Condition.ModalReference {
        let first = try name(what: "a link or root/link")
        guard accept(symbol: "/") else { return Condition.ModalReference(root: nil, link: first.text) }
        return Condition.ModalReference(root: first.text, link: try name(what: "a link after the root").text)
    }

    mutating func rootArgument() throws(Failure) -> String {
        try expect(symbol: "(", after: "the test's name")
        let root = try name(what: "a root")
        try expect(symbol: ")", after: "the root")
        return root.text
    }

    private mutating func name(what: String) throws(Failure) -> Token {
        guard let token = peek, token.kind != .symbol else { throw failure("expected \(what)") }
        position += 1
        return token
    }

    private mutating func accept(word: String) -> Bool {
        guard let token = peek, token.kind == .word, token.text == word else { return false }
        position += 1
        return true
    }

    private mutating func accept(symbol: String) -> Bool {
        guard let token = peek, token.kind == .symbol, token.text == symbol else { return false }
        position += 1
        return true
    }

    private mutating func expect(symbol: String, after what: String) throws(Failure) {
        guard accept(symbol: symbol) else { throw failure("expected '\(symbol)' after \(what)") }
    }

    /// `name` is not one of `choices`.
    private static func notOneOf(_ name: Token, _ what: String, _ choices: [String]) -> Failure {
        Failure(
            column: name.column,
            message: "'\(name.text)' is not \(what)\(Suggestion.aside(name.text, in: choices)): one of "
                + choices.joined(separator: ", "))
    }

    /// A failure at the next token (or the end), saying what was found there.
    func failure(_ message: String) -> Failure {
        guard let token = peek else { return Failure(column: end, message: message + ", found the end") }
        return Failure(
            column: token.column, message: message + (message.contains(", found") ? "" : ", found '\(token.text)'"))
    }
}
