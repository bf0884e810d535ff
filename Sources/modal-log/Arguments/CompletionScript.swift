/// Shell completion scripts for a command and its subcommands, written
/// from their descriptions, as swift-argument-parser's
/// `--generate-completion-script` does: subcommand names, each one's
/// options, option values from a fixed list, and files for logs.
enum CompletionScript {
    enum Shell: String, ArgumentChoice {
        case bash, zsh, fish
        static let valueName = "shell"
    }

    static func script(for command: CommandDescription, shell: Shell) -> String {
        switch shell {
        case .bash: bash(command)
        case .zsh: zsh(command)
        case .fish: fish(command)
        }
    }

    /// The options a subcommand takes on the command line, as its help lists them.
    private static func options(of command: CommandDescription) -> [OptionDescription] {
        command.options + HelpFormatter.standardOptions
    }

    /// The shell function's name: `_modal_log`.
    private static func functionName(_ command: CommandDescription) -> String {
        "_" + command.name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    // MARK: - bash

    private static func bash(_ command: CommandDescription) -> String {
        let function = functionName(command)
        var lines = [
            "# bash completion for \(command.name); load it with:",
            "#   source <(\(command.name) completion bash)",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [[ $COMP_CWORD -eq 1 ]]; then",
            "        COMPREPLY=($(compgen -W \"\((command.subcommands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " "))\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
        ]
        for subcommand in command.subcommands {
            lines.append("    \(subcommand.name))")
            lines.append("        case \"$prev\" in")
            for option in subcommand.options where !option.isFlag {
                lines.append("        --\(option.name)) \(bashValues(option.completion)); return ;;")
            }
            lines.append("        esac")
            let flags = options(of: subcommand).map { "--\($0.name)" }.joined(separator: " ")
            lines.append("        if [[ \"$cur\" == -* ]]; then")
            lines.append("            COMPREPLY=($(compgen -W \"\(flags)\" -- \"$cur\"))")
            lines.append("        else")
            lines.append("            \(bashValues(positionalCompletion(of: subcommand)))")
            lines.append("        fi")
            lines.append("        ;;")
        }
        lines.append(
            "    help) COMPREPLY=($(compgen -W \"\(command.subcommands.map(\.name).joined(separator: " "))\" -- \"$cur\")) ;;"
        )
        lines += ["    esac", "}", "complete -o filenames -F \(function) \(command.name)", ""]
        return lines.joined(separator: "\n")
    }

    private static func bashValues(_ completion: ArgumentDescription.Completion) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    /// What the command's positional arguments complete with: files when any is a path.
    private static func positionalCompletion(of command: CommandDescription) -> ArgumentDescription.Completion {
        if command.arguments.contains(where: { $0.completion == .file }) { return .file }
        return command.arguments.lazy.map(\.completion).first { $0 != .none } ?? .none
    }

    // MARK: - zsh

    private static func zsh(_ command: CommandDescription) -> String {
        let function = functionName(command)
        var lines = [
            "#compdef \(command.name)",
            "# zsh completion for \(command.name); put it in a folder of $fpath as _\(command.name), or:",
            "#   source <(\(command.name) completion zsh)",
            "\(function)() {",
            "    local -a subcommands",
            "    subcommands=(",
        ]
        lines += command.subcommands.map { "        \(zshQuoted("\($0.name):\($0.abstract)"))" }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'subcommand' subcommands",
            "        return",
            "    fi",
            "    case ${words[2]} in",
        ]
        for subcommand in command.subcommands {
            var specs = options(of: subcommand).map { option -> String in
                let help = zshEscaped(option.help)
                guard let valueName = option.valueName else { return zshQuoted("--\(option.name)[\(help)]") }
                return zshQuoted("--\(option.name)=[\(help)]:\(valueName):\(zshAction(option.completion))")
            }
            // A spec for each argument; `*:` for one that takes many values, offered again after each.
            specs += subcommand.arguments.map {
                zshQuoted("\($0.isVariadic ? "*" : ""):\($0.name):\(zshAction($0.completion))")
            }
            lines.append("    \(subcommand.name))")
            lines.append("        shift words; (( CURRENT-- ))")
            lines.append("        _arguments -s " + specs.joined(separator: " \\\n            "))
            lines.append("        ;;")
        }
        lines += [
            "    esac", "}", "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then", "    \(function) \"$@\"",
            "else", "    compdef \(function) \(command.name)", "fi", "",
        ]
        return lines.joined(separator: "\n")
    }

    private static func zshAction(_ completion: ArgumentDescription.Completion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .words(let words): "(\(words.joined(separator: " ")))"
        }
    }

    /// Text inside `[...]` of an `_arguments` spec: brackets and colons escaped.
    private static func zshEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]:\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: - fish

    private static func fish(_ command: CommandDescription) -> String {
        let name = command.name
        let names = command.subcommands.map(\.name).joined(separator: " ")
        var lines = [
            "# fish completion for \(name); load it with:",
            "#   \(name) completion fish | source",
            "complete -c \(name) -f",
            "complete -c \(name) -n \"not __fish_seen_subcommand_from \(names) help\" -l version -d 'Show the version.'",
        ]
        for subcommand in command.subcommands {
            lines.append(
                "complete -c \(name) -n \"not __fish_seen_subcommand_from \(names) help\" -a \(subcommand.name) -d \(fishQuoted(subcommand.abstract))"
            )
        }
        lines.append("complete -c \(name) -n \"__fish_seen_subcommand_from help\" -a \(fishQuoted(names))")
        for subcommand in command.subcommands {
            let condition = "-n \"__fish_seen_subcommand_from \(subcommand.name)\""
            for option in options(of: subcommand) {
                var line = "complete -c \(name) \(condition) -l \(option.name)"
                if let short = option.shortName { line += " -s \(short)" }
                if !option.isFlag {
                    line += " -r"
                    switch option.completion {
                    case .none: break
                    case .file: line += " -F"
                    case .words(let words): line += " -a \(fishQuoted(words.joined(separator: " ")))"
                    }
                }
                lines.append(line + " -d \(fishQuoted(option.help))")
            }
            switch positionalCompletion(of: subcommand) {
            case .none: break
            case .file: lines.append("complete -c \(name) \(condition) -F")
            case .words(let words):
                lines.append("complete -c \(name) \(condition) -a \(fishQuoted(words.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
