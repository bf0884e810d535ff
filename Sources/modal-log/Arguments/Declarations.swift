/// A command line's options and arguments, declared once as typed
/// properties, in the spirit of swift-argument-parser:
///
/// ```swift
/// struct Example: ParsableArguments {
///     @Argument(help: "The log to read.", completion: .file) var log: String
///     @Option(.seq, help: "Start at this seq.") var from: Int?
///     @Flag(help: "Print JSON.") var json: Bool
///     @OptionGroup var color = ColorOption()
/// }
/// ```
///
/// Parsing, help, completion scripts and "did you mean" all come from these
/// declarations (``declarations``): a property's name is its option's
/// (`perLog` is `--per-log`) unless `name:` says otherwise.
protocol ParsableArguments: Sendable {
    /// The arguments before parsing: what help and completion describe.
    init()
}

extension ParsableArguments {
    /// Every option and argument, in the order of the properties (a group's in its place).
    var declarations: [Declaration] {
        Mirror(reflecting: self).children.flatMap { child -> [Declaration] in
            guard let declared = child.value as? any Declared, let label = child.label else { return [] }
            return declared.declarations(property: String(label.drop { $0 == "_" }))
        }
    }

    /// The group of options of type `Group` among the properties (or in a group of theirs), if any.
    func group<Group: ParsableArguments>(_ type: Group.Type) -> Group? {
        for child in Mirror(reflecting: self).children {
            guard let group = child.value as? any GroupOfOptions else { continue }
            if let found = group.arguments as? Group ?? group.arguments.group(type) { return found }
        }
        return nil
    }

    /// The arguments `words` give, read against `description` (made from ``declarations``).
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or bad value.
    static func parse(_ words: [String], as description: CommandDescription) throws(UsageError) -> Self {
        let arguments = Self()
        let parsed = try description.parse(words)
        for declaration in arguments.declarations {
            do {
                try declaration.bind(parsed)
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError(message: "\(error)")
            }
        }
        return arguments
    }
}

/// One option or argument: how help shows it, and how its value is taken from a parse.
struct Declaration: Sendable {
    enum Kind: Sendable {
        case option(OptionDescription)
        case argument(ArgumentDescription)
    }

    var kind: Kind
    /// Stores the value the command line gave (or checks that it gave none).
    var bind: @Sendable (ParsedArguments) throws -> Void
}

/// A property wrapper that declares options or arguments.
protocol Declared {
    func declarations(property: String) -> [Declaration]
}

/// Where a parsed value is kept: the wrapper's copies share it. It is
/// written once, while parsing, before the command runs; after that it is
/// only read (so the command may be read from many threads).
final class ParsedValue<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// `--json`: true when the command line gives it.
@propertyWrapper
struct Flag: Declared, Sendable {
    private let name: String?
    private let shortName: Character?
    private let help: String
    private let parsed = ParsedValue<Bool>()

    init(name: String? = nil, short shortName: Character? = nil, help: String) {
        self.name = name
        self.shortName = shortName
        self.help = help
    }

    var wrappedValue: Bool { parsed.value ?? false }

    func declarations(property: String) -> [Declaration] {
        let option = OptionDescription(name: name ?? optionName(property), shortName: shortName, help: help)
        return [
            Declaration(kind: .option(option)) { [parsed] arguments in
                parsed.value = arguments.flags.contains(option.name)
            }
        ]
    }
}

/// `--at <seq>`: a typed value, optional, required or with a default.
@propertyWrapper
struct Option<Value: Sendable>: Declared, Sendable {
    private let name: String?
    private let shortName: Character?
    private let valueName: String?
    private let help: String
    private let isRequired: Bool
    private let defaultValue: Value?
    private let read: @Sendable (String, String) throws -> Value
    private let completion: ArgumentDescription.Completion
    private let parsed = ParsedValue<Value>()

    /// An option with a default: `@Option(.choice, help: ...) var color: ColorChoice = .auto`.
    init(
        wrappedValue: Value, _ reader: ValueReader<Value>, name: String? = nil, short shortName: Character? = nil,
        valueName: String? = nil, help: String
    ) {
        self.init(reader, name, shortName, valueName, help, isRequired: false, defaultValue: wrappedValue)
    }

    /// An option the command line must give: `@Option(.choice, help: ...) var format: ExportFormat`.
    init(
        _ reader: ValueReader<Value>, name: String? = nil, short shortName: Character? = nil, valueName: String? = nil,
        help: String
    ) {
        self.init(reader, name, shortName, valueName, help, isRequired: true, defaultValue: nil)
    }

    /// An option the command line may leave out: `@Option(.seq, help: ...) var from: Int?`.
    init<Wrapped>(
        _ reader: ValueReader<Wrapped>, name: String? = nil, short shortName: Character? = nil,
        valueName: String? = nil, help: String
    ) where Value == Wrapped? {
        let optional = ValueReader<Wrapped?>(valueName: reader.valueName, completion: reader.completion) {
            text, label in try reader.read(text, label)
        }
        self.init(optional, name, shortName, valueName, help, isRequired: false, defaultValue: .some(nil))
    }

    private init(
        _ reader: ValueReader<Value>, _ name: String?, _ shortName: Character?, _ valueName: String?, _ help: String,
        isRequired: Bool, defaultValue: Value?
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName ?? reader.valueName
        self.help = help
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.read = reader.read
        self.completion = reader.completion
    }

    var wrappedValue: Value {
        guard let value = parsed.value ?? defaultValue else {
            preconditionFailure("a required option was read before the command line was parsed")
        }
        return value
    }

    func declarations(property: String) -> [Declaration] {
        let option = OptionDescription(
            name: name ?? optionName(property), shortName: shortName, valueName: valueName, isRequired: isRequired,
            help: help, completion: completion)
        let label = "--\(option.name) <\(valueName ?? "value")>"
        return [
            Declaration(kind: .option(option)) { [parsed, read] arguments in
                parsed.value = try arguments.options[option.name].map { text in try read(text, label)
                }
            }
        ]
    }
}

/// `<log>`: a positional argument: one value, an optional one, or the rest (`<log>...`).
@propertyWrapper
struct Argument<Value: Sendable>: Declared, Sendable {
    private let name: String?
    private let help: String
    private let completion: ArgumentDescription.Completion?
    private let shape: Shape
    private let read: @Sendable ([String], String) throws -> Value
    private let parsed = ParsedValue<Value>()

    private enum Shape: Sendable { case one, optional, variadic }

    /// One value: `@Argument(.seq, help: ...) var a: Int`.
    init(
        _ reader: ValueReader<Value>, name: String? = nil, help: String,
        completion: ArgumentDescription.Completion? = nil
    ) {
        self.init(name, help, completion ?? reader.completion, .one) { texts, label in
            try reader.read(texts[0], label)
        }
    }

    /// Text: `@Argument(help: ...) var log: String`.
    init(name: String? = nil, help: String, completion: ArgumentDescription.Completion? = nil)
    where Value == String {
        self.init(.text, name: name, help: help, completion: completion)
    }

    /// Texts, one or more: `@Argument(name: "log", help: ...) var logs: [String]`.
    init(name: String? = nil, help: String, completion: ArgumentDescription.Completion? = nil)
    where Value == [String] {
        self.init(.text, name: name, help: help, completion: completion)
    }

    /// A value the command line may leave out (only the last arguments may).
    init<Wrapped>(
        _ reader: ValueReader<Wrapped>, name: String? = nil, help: String,
        completion: ArgumentDescription.Completion? = nil
    ) where Value == Wrapped? {
        self.init(name, help, completion ?? reader.completion, .optional) { texts, label in
            try texts.first.map { text in try reader.read(text, label) }
        }
    }

    /// One value or more (only the last argument may).
    init<Element>(
        _ reader: ValueReader<Element>, name: String? = nil, help: String,
        completion: ArgumentDescription.Completion? = nil
    ) where Value == [Element] {
        self.init(name, help, completion ?? reader.completion, .variadic) { texts, label in
            try texts.map { text in try reader.read(text, label) }
        }
    }

    private init(
        _ name: String?, _ help: String, _ completion: ArgumentDescription.Completion, _ shape: Shape,
        read: @escaping @Sendable ([String], String) throws -> Value
    ) {
        self.name = name
        self.help = help
        self.completion = completion
        self.shape = shape
        self.read = read
    }

    var wrappedValue: Value {
        guard let value = parsed.value else {
            preconditionFailure("an argument was read before the command line was parsed")
        }
        return value
    }

    func declarations(property: String) -> [Declaration] {
        let argument = ArgumentDescription(
            name: name ?? optionName(property), help: help, completion: completion ?? .none,
            isOptional: shape == .optional, isVariadic: shape == .variadic)
        return [
            Declaration(kind: .argument(argument)) { [parsed, read, shape] arguments in
                let texts =
                    shape == .variadic
                    ? arguments.lists[argument.name] ?? [] : arguments.positionals[argument.name].map { [$0] } ?? []
                parsed.value = try read(texts, "<\(argument.name)>")
            }
        ]
    }
}

/// A group of options, whatever its type.
private protocol GroupOfOptions {
    var arguments: any ParsableArguments { get }
}

/// Options shared by several commands, declared once: `@OptionGroup var color = ColorOption()`.
@propertyWrapper
struct OptionGroup<Group: ParsableArguments>: Declared, GroupOfOptions, Sendable {
    var wrappedValue: Group

    init(wrappedValue: Group) { self.wrappedValue = wrappedValue }
    init() { wrappedValue = Group() }

    func declarations(property: String) -> [Declaration] { wrappedValue.declarations }

    fileprivate var arguments: any ParsableArguments { wrappedValue }
}

/// The option or argument a property declares: `perLog` is `per-log`.
private func optionName(_ property: String) -> String {
    var name = ""
    for character in property {
        if character.isUppercase {
            name += "-" + character.lowercased()
        } else {
            name.append(character)
        }
    }
    return name
}
