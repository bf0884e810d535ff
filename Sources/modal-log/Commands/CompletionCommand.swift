/// `modal-log completion SHELL`: a completion script for bash, zsh or fish.
enum CompletionCommand: ToolCommand {
    static let description = CommandDescription(
        name: "completion",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            Completes subcommands, their options, option values from a fixed list \
            (--color, --sync, --format, --source) and log files. Load it in the shell's start-up file:
              bash:  source <(modal-log completion bash)
              zsh:   source <(modal-log completion zsh)
              fish:  modal-log completion fish | source
            """,
        arguments: [
            ArgumentDescription(
                name: "shell", help: "bash, zsh or fish.",
                completion: .words(CompletionScript.Shell.allCases.map(\.rawValue)))
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let name = arguments.positionals["shell"]!
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(message: "The value '\(name)' is invalid for '<shell>': expected bash, zsh or fish")
        }
        io.write(exactly: CompletionScript.script(for: ModalLog.description, shell: shell))
        return ExitCode.success
    }
}
