/// Lays out help the way swift-argument-parser does: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS, wrapped at 80 columns.
enum HelpFormatter {
    static let width = 80
    /// Where the description column starts.
    static let labelWidth = 26

    /// The full help of `command`; `path` is the command line that reaches it (`modal-log replay`).
    static func help(for command: CommandDescription, path: String) -> String {
        var sections: [String] = []
        var overview = wrap("OVERVIEW: \(command.abstract)", indent: 0)
        if !command.discussion.isEmpty {
            overview +=
                "\n\n"
                + command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0) }.joined(separator: "\n")
        }
        sections.append(overview)
        sections.append(wrap("USAGE: \(usage(for: command, path: path))", indent: 0, hangingIndent: 7))
        if !command.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + command.arguments.map { row(label: "<\($0.name)>", help: $0.help) }.joined(separator: "\n"))
        }
        let options = command.options + standardOptions
        sections.append(
            "OPTIONS:\n"
                + options.map { row(label: label(for: $0), help: ($0.isRequired ? "(required) " : "") + $0.help) }
                .joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            sections.append(
                "SUBCOMMANDS:\n"
                    + command.subcommands.map { row(label: $0.name, help: $0.abstract) }.joined(separator: "\n")
                    + "\n\n  See '\(path) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The one-line usage: `modal-log state <log> --at <seq> [--json]`.
    static func usage(for command: CommandDescription, path: String) -> String {
        if !command.subcommands.isEmpty { return "\(path) <subcommand>" }
        var parts =
            [path]
            + command.arguments.map {
                ($0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>") + ($0.isVariadic ? "..." : "")
            }
        for option in command.options {
            let spelled = option.isFlag ? "--\(option.name)" : "--\(option.name) <\(option.valueName!)>"
            parts.append(option.isRequired ? spelled : "[\(spelled)]")
        }
        return parts.joined(separator: " ")
    }

    /// The options every command takes.
    static let standardOptions: [OptionDescription] = {
        [
            OptionDescription(name: "version", help: "Show the version."),
            OptionDescription(name: "help", shortName: "h", help: "Show help information."),
        ]
    }()

    private static func label(for option: OptionDescription) -> String {
        var label = option.shortName.map { "-\($0), " } ?? ""
        label += "--\(option.name)"
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return label
    }

    private static func row(label: String, help: String) -> String {
        let lead = "  " + label
        let helpLines = wrapWords(help, width: width - labelWidth)
        var lines: [String] = []
        if lead.count + 2 > labelWidth {
            lines.append(lead)
            lines += helpLines.map { String(repeating: " ", count: labelWidth) + $0 }
        } else {
            let padded = lead + String(repeating: " ", count: labelWidth - lead.count)
            lines.append(padded + (helpLines.first ?? ""))
            lines += helpLines.dropFirst().map { String(repeating: " ", count: labelWidth) + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private static func wrap(_ text: String, indent: Int, hangingIndent: Int = 0) -> String {
        let lines = wrapWords(text, width: width - indent, laterWidth: width - indent - hangingIndent)
        return lines.enumerated().map { (index, line) in
            String(repeating: " ", count: index == 0 ? indent : indent + hangingIndent) + line
        }.joined(separator: "\n")
    }

    /// Splits `text` into lines of at most `width` columns, breaking at spaces.
    static func wrapWords(_ text: String, width: Int, laterWidth: Int? = nil) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let limit = lines.isEmpty ? width : (laterWidth ?? width)
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= limit {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
