import ModalEvents
import ModalProjection

/// The `modal-log` tool: every command, callable in-process.
///
/// ```swift
/// let io = ToolIO.captured()
/// let status = ModalLog.run(arguments: ["validate", "EventLogs/modal-presenter/usage.jsonl"], io: io)
/// ```
enum ModalLog {
    static let version = "0.2.0"
    static let name = "modal-log"

    static var commands: [any ToolCommand.Type] {
        [
            ReplayCommand.self, StateCommand.self, ValidateCommand.self, IndexCommand.self, AppendCommand.self,
            RecoverCommand.self, UpgradeCommand.self, RedactCommand.self, TimelineCommand.self,
            DiffCommand.self, WhyCommand.self, ShrinkCommand.self, DoctorCommand.self, BisectCommand.self,
            ScanCommand.self,
            StatsCommand.self,
            DebugCommand.self,
            ExportCommand.self, ServeCommand.self,
            CompletionCommand.self,
        ]
    }

    static let description = CommandDescription(
        name: name,
        abstract: "Read, check and replay modal event logs (format v2, and v1).",
        discussion: """
            A log is JSON Lines: a header, then one event per line. Replaying it \
            folds every event into the state of the app's roots, modals, card \
            stacks and snap points; the same log gives the same state on any machine.
            """,
        subcommands: commands.map { $0.description })

    /// Runs the tool with `arguments` (without the program's name) and
    /// returns its exit status: 74 when its output could not be written
    /// (a full disk, or a closed stream for a command that changes files),
    /// whatever it printed, help included.
    static func run(arguments: [String], io: ToolIO) -> Int32 {
        let status = dispatch(arguments, io: io)
        guard status == ExitCode.success, let failure = io.writeFailure else { return status }
        io.printError("Error: cannot write the output: \(failure)")
        return ExitCode.ioError
    }

    private static func dispatch(_ arguments: [String], io: ToolIO) -> Int32 {
        if arguments.prefix(while: { $0 != "--" }).contains("--version") {
            io.print("\(name) \(version) (event log format v\(LogHeader.currentVersion), reads v1 too)")
            return ExitCode.success
        }
        guard let first = arguments.first else {
            return usageError("Missing subcommand", command: description, path: name, io: io)
        }
        if first == "-h" || first == "--help" {
            io.write(exactly: HelpFormatter.help(for: description, path: name))
            return ExitCode.success
        }
        if first == "help" {
            guard let topic = arguments.dropFirst().first else {
                io.write(exactly: HelpFormatter.help(for: description, path: name))
                return ExitCode.success
            }
            guard let command = command(named: topic) else {
                return usageError(unknownCommand(topic), command: description, path: name, io: io)
            }
            io.write(exactly: HelpFormatter.help(for: command.description, path: "\(name) \(topic)"))
            return ExitCode.success
        }
        guard let command = command(named: first) else {
            return usageError(unknownCommand(first), command: description, path: name, io: io)
        }
        let path = "\(name) \(first)"
        let rest = Array(arguments.dropFirst())
        let options = rest.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") {
            io.write(exactly: HelpFormatter.help(for: command.description, path: path))
            return ExitCode.success
        }
        var parsed: (any ToolCommand)?
        io.endsQuietlyWhenOutputCloses = !command.changesFiles
        do {
            let arguments = try command.parse(rest)
            parsed = arguments
            if let color = arguments.group(ColorOption.self) {
                io.style = color.style(for: io)
                io.errorStyle = color.style(for: io, forErrors: true)
            }
            return try arguments.run(io: io)
        } catch let error as UsageError {
            return usageError(error.message, command: command.description, path: path, io: io)
        } catch let error as EventLogError {
            io.printError("Error: \(error)")
            if error.isMalformedEventLine, parsed?.group(LenientOption.self)?.lenient == false {
                io.printError(Self.lenientHint)
            }
            return ExitCode.for(error)
        } catch {
            io.printError("Error: \(error)")
            return ExitCode.ioError
        }
    }

    /// What a command that could have read on says after a malformed line.
    static let lenientHint: TerminalText =
        "hint: add --lenient to skip malformed lines (each one a warning) and read on"

    private static func command(named name: String) -> (any ToolCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    /// `Unknown subcommand 'replya'; did you mean 'replay'?`
    private static func unknownCommand(_ word: String) -> String {
        "Unknown subcommand '\(word)'"
            + Suggestion.didYouMean(word, in: commands.map { $0.configuration.name } + ["help"])
    }

    private static func usageError(_ message: String, command: CommandDescription, path: String, io: ToolIO) -> Int32 {
        io.printError("Error: \(message)")
        io.printError("Usage: \(HelpFormatter.usage(for: command, path: path))")
        io.printError("  See '\(path) --help' for more information.")
        return ExitCode.usage
    }
}

/// One subcommand of the tool: its options and arguments are its
/// properties (``ParsableArguments``), read from the command line before it runs.
protocol ToolCommand: ParsableArguments {
    /// Its name, and what its help says.
    static var configuration: CommandConfiguration { get }
    /// Whether the command changes files (a log, its index): it then runs
    /// to its end when its output is closed, and exits 74. A command that
    /// only reads ends at once, quietly, with status 0, as a filter under
    /// `| head` does: what read its output took what it wanted.
    static var changesFiles: Bool { get }
    /// Runs the command; throws ``UsageError`` or ``EventLogError``.
    func run(io: ToolIO) throws -> Int32
}

extension ToolCommand {
    static var changesFiles: Bool { false }

    /// The command as `words` (the words after its name) give it.
    static func parse(_ words: [String]) throws(UsageError) -> Self {
        try parse(words, as: description)
    }

    /// What help and completion describe, and what the command line is read against.
    static var description: CommandDescription {
        var description = CommandDescription(
            name: configuration.name, abstract: configuration.abstract, discussion: configuration.discussion)
        for declaration in Self().declarations {
            switch declaration.kind {
            case .option(let option): description.options.append(option)
            case .argument(let argument): description.arguments.append(argument)
            }
        }
        return description
    }
}

/// A command's name and the text of its help.
struct CommandConfiguration: Sendable {
    /// The name typed on the command line: `replay`.
    var name: String
    /// One line for OVERVIEW and the tool's SUBCOMMANDS list.
    var abstract: String
    /// More paragraphs printed after the overview.
    var discussion: String = ""
}
