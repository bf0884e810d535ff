import ModalEvents
import ModalProjection

/// A log as a Swift Testing test (`export --format swift-test`): its events
/// one a line, as Swift, each checked to apply or to be rejected as the
/// log's replay rejected it (code and message), then the state they end in,
/// in the spec's JSON. A bug report's log becomes a test that fails until
/// the bug is fixed, or that keeps it fixed:
///
///     @Test func closeStackLastCard() throws {
///         var log = LogReplay(formatVersion: 1)
///         log.step(1, 0, .rootRegister(RootRegistration()))
///         log.step(10, 6.8, .cardPop(link: "checkout"), rejected: .lastCard, "modal \"checkout\" has ...")
///         #expect(log.mismatches == [])
///         #expect(log.state.jsonText() == #"""
///             ...
///             """#)
///     }
///
/// `LogReplay` comes from ModalTesting, the package's library for tests.
struct SwiftTestExporter {
    /// The test's name, a Swift identifier made of the log's file name.
    let name: String
    /// The command that wrote it, for the file's first line.
    let command: String
    private var lines: [String] = []
    /// The format version of the log's first file, and of the file being read.
    private let initialVersion: Int
    private var formatVersion: Int
    private var state: ModalState
    private var rejected: RejectionHistory

    init(name: String, command: String, start: ModalState, formatVersion: Int) {
        self.name = name
        self.command = command
        self.formatVersion = formatVersion
        initialVersion = formatVersion
        state = start
        rejected = start.rejected
        if start != ModalState() {
            lines.append("// The log starts from a snapshot: the state it holds.")
            lines.append(
                "log.state = try ModalState(json: JSONValue(parsing: \(Self.rawString(start.jsonText(style: .compact)))))"
            )
        }
    }

    mutating func add(_ step: Step, state: ModalState) {
        let entry = step.entry
        if step.formatVersion != formatVersion {
            formatVersion = step.formatVersion
            lines.append("log.formatVersion = \(formatVersion)")
        }
        var arguments: [String]
        if entry.loggedNumbers.isEmpty {
            arguments = ["\(entry.seq)", entry.time.map(Self.number) ?? "nil", Self.swift(entry.event)]
            if let source = entry.source { arguments.append("source: \(Self.word(source))") }
            if let caller = entry.caller { arguments.append("caller: \(Self.string(caller))") }
        } else {
            // A number the log gave an integer field as a fraction has no Swift form: the entry is its line.
            let line = Self.rawString(entry.json.serialized())
            arguments = ["try LoggedEvent(json: JSONValue(parsing: \(line)), version: \(formatVersion))"]
        }
        if let rejection = step.rejection {
            arguments.append("rejected: .\(rejection.code.rawValue), \(Self.string(rejection.message))")
            rejected.append(rejection)
        }
        lines.append("log.step(\(arguments.joined(separator: ", ")))")
        self.state = state
    }

    var output: String {
        var final = state
        final.rejected = rejected
        let body =
            ["var log = LogReplay(formatVersion: \(initialVersion))"] + lines
            + [
                "#expect(log.mismatches == [])",
                "#expect(log.state.jsonText() == \(Self.rawString(final.jsonText(), indent: "    ")))",
            ]
        return """
            // swift-format-ignore-file
            // Written by `\(Self.oneLine(command))`, one line per event however long.
            // The log's events, each checked to apply or to be rejected as its
            // replay rejected it, and the state they end in.
            import ModalEvents
            import ModalProjection
            import ModalTesting
            import Testing

            @Test func \(name)() throws {
            \(body.map { "    " + $0 }.joined(separator: "\n"))
            }

            """
    }

    // MARK: - Swift for a log's values

    /// A Swift identifier for a log's file name: `close-stack-last-card.jsonl` is `closeStackLastCard`.
    static func identifier(fromFileName path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        var name = words.enumerated().map {
            $0 == 0 ? $1.prefix(1).lowercased() + $1.dropFirst() : $1.prefix(1).uppercased() + $1.dropFirst()
        }.joined()
        if name.isEmpty || name.first!.isNumber || keywords.contains(name) {
            name = "log" + name.prefix(1).uppercased() + name.dropFirst()
        }
        return name
    }

    /// Whether `name` can name a test: letters, digits and `_`, not first a
    /// digit, and no Swift keyword (`default`, `init`, `return`).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber, !keywords.contains(name) else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The words Swift does not take as a function's name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_",
    ]

    /// The event as a Swift expression; the arguments that have their default left out.
    static func swift(_ event: ModalEvent) -> String {
        switch event {
        case .rootRegister(let registration):
            let defaults = RootRegistration()
            var arguments: [String] = []
            if registration.root != defaults.root { arguments.append("root: \(string(registration.root))") }
            if registration.presentation != defaults.presentation {
                arguments.append("presentation: \(word(registration.presentation))")
            }
            if registration.level != defaults.level { arguments.append("level: \(registration.level)") }
            if registration.policy != defaults.policy { arguments.append("policy: \(word(registration.policy))") }
            if registration.dimming != defaults.dimming {
                arguments.append(
                    "dimming: DimmingConfiguration(tap: \(word(registration.dimming.tap)), hidden: \(registration.dimming.hidden))"
                )
            }
            if registration.keyboard != defaults.keyboard {
                arguments.append(
                    "keyboard: KeyboardConfiguration(strategy: \(word(registration.keyboard.strategy)), additional: \(number(registration.keyboard.additional)))"
                )
            }
            if registration.size != defaults.size { arguments.append("size: \(size(registration.size))") }
            if registration.maxVisibleCards != defaults.maxVisibleCards {
                arguments.append("maxVisibleCards: \(registration.maxVisibleCards)")
            }
            return ".rootRegister(RootRegistration(\(arguments.joined(separator: ", "))))"
        case .rootResize(let root, let size):
            return ".rootResize(\(call(root: root, ["size: \(self.size(size))"])))"
        case .rootRemove(let root):
            return ".rootRemove(\(call(root: root, [])))"
        case .modalPresent(let presentation):
            let defaults = ModalPresentation(link: presentation.link, content: presentation.content)
            var arguments = ["link: \(string(presentation.link))", "content: \(string(presentation.content))"]
            if let parent = presentation.parent { arguments.append("parent: \(string(parent))") }
            if presentation.style != defaults.style { arguments.append("style: \(word(presentation.style))") }
            if let payload = presentation.payload { arguments.append("payload: \(json(payload))") }
            if !presentation.canDismiss { arguments.append("canDismiss: false") }
            if presentation.snapPoints != defaults.snapPoints {
                arguments.append("snapPoints: [\(presentation.snapPoints.map(number).joined(separator: ", "))]")
            }
            if presentation.initialSnap != 0 { arguments.append("initialSnap: \(presentation.initialSnap)") }
            if let sticky = presentation.sticky { arguments.append("sticky: \(string(sticky))") }
            if let height = presentation.height { arguments.append("height: \(number(height))") }
            return ".modalPresent(ModalPresentation(\(call(root: presentation.root, arguments))))"
        case .modalPresented(let root, let link):
            return ".modalPresented(\(call(root: root, ["link: \(string(link))"])))"
        case .modalDismiss(let root, let link, let reason):
            var arguments = ["link: \(string(link))"]
            if reason != .programmatic { arguments.append("reason: \(string(reason.rawValue))") }
            return ".modalDismiss(\(call(root: root, arguments)))"
        case .modalDismissed(let root, let link):
            return ".modalDismissed(\(call(root: root, ["link: \(string(link))"])))"
        case .cardPush(let root, let link, let content, let sticky, let height, let canDismiss):
            var arguments = ["link: \(string(link))", "content: \(string(content))"]
            if let sticky { arguments.append("sticky: \(string(sticky))") }
            if let height { arguments.append("height: \(number(height))") }
            if let canDismiss { arguments.append("canDismiss: \(canDismiss)") }
            return ".cardPush(\(call(root: root, arguments)))"
        case .cardPop(let root, let link):
            return ".cardPop(\(call(root: root, ["link: \(string(link))"])))"
        case .cardReplace(let root, let link, let content, let direction, let animation, let height, let canDismiss):
            var arguments = ["link: \(string(link))", "content: \(string(content))"]
            if direction != .forward { arguments.append("direction: \(word(direction))") }
            if animation != .scale { arguments.append("animation: \(word(animation))") }
            if let height { arguments.append("height: \(number(height))") }
            if let canDismiss { arguments.append("canDismiss: \(canDismiss)") }
            return ".cardReplace(\(call(root: root, arguments)))"
        case .cardUpdate(let root, let link, let height, let canDismiss):
            var arguments = ["link: \(string(link))"]
            switch height {
            case .points(let points)?: arguments.append("height: .points(\(number(points)))")
            case .automatic?: arguments.append("height: .automatic")
            case nil: break
            }
            if let canDismiss { arguments.append("canDismiss: \(canDismiss)") }
            return ".cardUpdate(\(call(root: root, arguments)))"
        case .dimmingTap(let root):
            return ".dimmingTap(\(call(root: root, [])))"
        case .keyboardChange(let height, let responderBottom):
            return ".keyboardChange(height: \(number(height))"
                + (responderBottom.map { ", responderBottom: \(number($0))" } ?? "") + ")"
        case .snapTo(let root, let link, let index):
            return ".snapTo(\(call(root: root, ["link: \(string(link))", "index: \(index)"])))"
        case .dragChange(let root, let link, let position):
            return ".dragChange(\(call(root: root, ["link: \(string(link))", "position: \(number(position))"])))"
        case .dragEnd(let root, let link, let position, let velocity):
            var arguments = ["link: \(string(link))"]
            if let position { arguments.append("position: \(number(position))") }
            if velocity != 0 { arguments.append("velocity: \(number(velocity))") }
            return ".dragEnd(\(call(root: root, arguments)))"
        case .sessionStart(let info):
            return ".sessionStart(\(info.map { "info: \(json($0))" } ?? ""))"
        case .batch(let events):
            return ".batch([\(events.map(swift).joined(separator: ", "))])"
        }
    }

    /// Arguments with the root first, left out when it is the default one.
    private static func call(root: String, _ arguments: [String]) -> String {
        ((root == ModalEvent.defaultRoot ? [] : ["root: \(string(root))"]) + arguments).joined(separator: ", ")
    }

    /// A word of the spec: its static member when the spec lists it (`.sheet`), else its raw value.
    private static func word<Word: SpecWord>(_ word: Word) -> String {
        word.isKnown ? ".\(word.rawValue)" : "\(Word.self)(rawValue: \(string(word.rawValue)))"
    }

    private static func size(_ size: Size) -> String {
        "Size(width: \(number(size.width)), height: \(number(size.height)))"
    }

    /// A `Double` as Swift reads it back exactly: `390`, `0.5`, `1e-07`,
    /// `Double.infinity` (a log's `1e999`, which its replay rejects).
    static func number(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A JSON value as a Swift literal (`["items": 3, "total": "42.50"]`); a
    /// number whose literal a `Double` does not keep is written as that literal.
    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let bool): "\(bool)"
        case .string(let text): string(text)
        case .number(let number):
            number.doubleValue.isFinite && JSONNumber(number.doubleValue).literal == number.literal
                ? self.number(number.doubleValue) : ".number(JSONNumber(literal: \(string(number.literal)))!)"
        case .array(let elements): "[\(elements.map(json).joined(separator: ", "))]"
        case .object(let members):
            members.isEmpty
                ? "[:]" : "[\(members.map { "\(string($0.key)): \(json($0.value))" }.joined(separator: ", "))]"
        }
    }

    /// `text` on one line: a newline or a return in a path would end a comment.
    static func oneLine(_ text: String) -> String {
        TerminalText.escaping(text)
    }

    /// `text` as a Swift string literal, every character that could end or
    /// change it escaped.
    static func string(_ text: String) -> String {
        // The terminal's escapes are Swift's too (`\\`, `\n`, `\u{1B}`): only the quotes are added.
        "\"" + TerminalText.escaping(text).replacing("\"", with: "\\\"") + "\""
    }

    /// `text` as a raw string literal (`#"..."#`, or `#"""` over lines
    /// indented by `indent`), with as many `#` as it takes for nothing in
    /// it to end the literal.
    static func rawString(_ text: String, indent: String? = nil) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        guard let indent, text.contains("\n") else { return "\(hashes)\"\(text)\"\(hashes)" }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + "    " + $0 }
        return "\(hashes)\"\"\"\n\(body.joined(separator: "\n"))\n\(indent)    \"\"\"\(hashes)"
    }
}
