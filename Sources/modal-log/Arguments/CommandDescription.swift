/// What a command takes: the source of its parsing and of its help text.
///
/// A small stand-in for swift-argument-parser (the package takes no
/// dependencies): positional arguments, flags, options with a value, and
/// subcommands, with help laid out the same way.
struct CommandDescription: Sendable {
    /// The name typed on the command line: `replay`.
    var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    var abstract: String
    /// More paragraphs printed after the overview.
    var discussion: String = ""
    var arguments: [ArgumentDescription] = []
    var options: [OptionDescription] = []
    var subcommands: [CommandDescription] = []
}

/// A positional argument: `<log>`.
struct ArgumentDescription: Sendable {
    var name: String
    var help: String
    /// What a shell completes it with.
    var completion: Completion = .none
    /// Whether the command line may leave it out (only the last arguments may).
    var isOptional = false
    /// Whether it takes one value or more (only the last argument may): `<log>...`.
    var isVariadic = false

    /// What a shell's completion offers for an argument or an option's value.
    enum Completion: Sendable, Equatable {
        /// Nothing: a seq, a name.
        case none
        /// Paths on disk.
        case file
        /// One of these words.
        case words([String])
    }
}

/// A flag (`--json`) or an option with a value (`--at <seq>`).
struct OptionDescription: Sendable {
    var name: String
    var shortName: Character? = nil
    /// The value's name in help (`seq`); `nil` for a flag.
    var valueName: String? = nil
    /// Whether the command line must give it (an option with a value only).
    var isRequired = false
    var help: String
    /// What a shell completes its value with.
    var completion: ArgumentDescription.Completion = .none

    var isFlag: Bool { valueName == nil }
}

/// The words of one command line, sorted by the option or argument they
/// give; ``ParsableArguments`` takes its typed values from them.
struct ParsedArguments: Sendable, Equatable {
    var positionals: [String: String] = [:]
    /// Every value of a variadic argument, in order (its first is in ``positionals`` too).
    var lists: [String: [String]] = [:]
    var options: [String: String] = [:]
    var flags: Set<String> = []
}

/// A command line that does not fit its command: exit 64.
struct UsageError: Error, Equatable {
    var message: String
}

extension CommandDescription {
    /// Parses `arguments` (after the command's name) against this description.
    ///
    /// `--` ends the options; `-` alone is a positional (standard input).
    /// `--name=value` and `--name value` are both accepted.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a
    ///   missing or extra argument.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var spelled = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                spelled = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = option(spelled: spelled) else {
                let spellings = options.map { "--\($0.name)" } + options.compactMap { $0.shortName.map { "-\($0)" } }
                throw UsageError(message: "Unknown option '\(spelled)'" + Suggestion.didYouMean(spelled, in: spellings))
            }
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError(message: "Flag '--\(option.name)' takes no value") }
                parsed.flags.insert(option.name)
                continue
            }
            if let inlineValue {
                parsed.options[option.name] = inlineValue
            } else if index < arguments.count {
                parsed.options[option.name] = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "Missing value for '--\(option.name) <\(option.valueName ?? "value")>'")
            }
        }
        for (position, argument) in self.arguments.enumerated() {
            guard position < positionals.count else {
                if argument.isOptional { break }
                throw UsageError(message: "Missing expected argument '<\(argument.name)>'")
            }
            parsed.positionals[argument.name] = positionals[position]
            if argument.isVariadic { parsed.lists[argument.name] = Array(positionals[position...]) }
        }
        if positionals.count > self.arguments.count, self.arguments.last?.isVariadic != true {
            throw UsageError(message: "Unexpected argument '\(positionals[self.arguments.count])'")
        }
        for option in options where option.isRequired && parsed.options[option.name] == nil {
            throw UsageError(message: "Missing expected option '--\(option.name) <\(option.valueName ?? "value")>'")
        }
        return parsed
    }

    private func option(spelled: String) -> OptionDescription? {
        options.first { option in
            spelled == "--\(option.name)" || option.shortName.map { spelled == "-\($0)" } == true
        }
    }
}
