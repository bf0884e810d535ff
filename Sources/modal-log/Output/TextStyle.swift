import ModalEvents

/// Colour and weight for a terminal (ANSI SGR codes), or plain text.
struct TextStyle {
    /// A terminal attribute.
    enum Attribute: Int {
        case bold = 1, dim = 2, reverse = 7
        case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36
    }

    /// Whether styles are written; plain text when not.
    var isEnabled: Bool

    static let plain = TextStyle(isEnabled: false)

    /// `text` wrapped in `attributes`, then reset; `text` itself when plain.
    /// These are the only escape sequences the tool's output holds: `text`
    /// has any from a log escaped already.
    func apply(_ text: TerminalText, _ attributes: Attribute...) -> TerminalText {
        apply(text, attributes)
    }

    /// `text` wrapped in `attributes`, then reset; `text` itself when plain or when there are none.
    func apply(_ text: TerminalText, _ attributes: [Attribute]) -> TerminalText {
        guard isEnabled, !attributes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[\(attributes.map { String($0.rawValue) }.joined(separator: ";"))m\(text)\u{1B}[0m"
    }

    /// The colour of an event's type: green for presenting, yellow for
    /// dismissing, cyan for cards, blue for roots and sessions, magenta for
    /// the rest; a batch is bold.
    static func color(of type: EventType) -> Attribute {
        switch type {
        case .modalPresent, .modalPresented: .green
        case .modalDismiss, .modalDismissed: .yellow
        case .cardPush, .cardPop, .cardReplace, .cardUpdate: .cyan
        case .rootRegister, .rootResize, .rootRemove, .sessionStart: .blue
        case .dimmingTap, .keyboardChange, .snapTo, .dragChange, .dragEnd: .magenta
        case .batch: .bold
        }
    }
}

/// `--color <when>`: whether the output is coloured.
struct ColorOption: ParsableArguments {
    @Option(
        .choice,
        help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never. Default: auto.")
    var color: ColorChoice = .auto

    /// What `--color` takes.
    enum ColorChoice: String, ArgumentChoice {
        case auto, always, never
        static let valueName = "when"
    }

    /// The style `--color` asks for, for standard output (or for standard
    /// error, `forErrors`: on a terminal, unless `NO_COLOR` is set).
    func style(for io: ToolIO, forErrors: Bool = false) -> TextStyle {
        switch color {
        case .auto: TextStyle(isEnabled: forErrors ? io.errorIsTerminal && io.allowsColor : io.prefersColor)
        case .always: TextStyle(isEnabled: true)
        case .never: .plain
        }
    }
}
