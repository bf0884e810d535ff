/// `modal-log completion SHELL`: a completion script for bash, zsh or fish.
struct CompletionCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "completion",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            Completes subcommands, their options, option values from a fixed list \
            (--color, --sync, --format, --source) and log files. Load it in the shell's start-up file:
              bash:  source <(modal-log completion bash)
              zsh:   source <(modal-log completion zsh)
              fish:  modal-log completion fish | source
            """)

    @Argument(.choice, help: "bash, zsh or fish.")
    var shell: CompletionScript.Shell

    func run(io: ToolIO) throws -> Int32 {
        io.write(exactly: CompletionScript.script(for: ModalLog.description, shell: shell))
        return ExitCode.success
    }
}
