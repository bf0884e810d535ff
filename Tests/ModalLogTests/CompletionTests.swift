import Foundation
import TestSupport
import Testing

@testable import modal_log

/// `modal-log completion SHELL`: each script is loaded by its shell and
/// asked to complete, where the shell is installed (`.ci/run` installs zsh
/// and fish; a test without its shell is skipped and says so).
@Suite struct CompletionTests {
    static func script(_ shell: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modal-log-completion-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("modal-log.\(shell)").path
        try Run(["completion", shell]).output.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What bash's completion function offers for the words of a command line
    /// (the last one being completed), one a line.
    static func bashCompletions(_ words: [String], in folder: String? = nil) throws -> [String] {
        let script = try script("bash")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            \(folder.map { "cd '\($0)'" } ?? "")
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _modal_log
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runProgram(installedProgram("bash")!, ["-c", program])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsValuesAndFiles() throws {
        #expect(try Self.bashCompletions(["modal-log", "ti"]) == ["timeline"])
        #expect(Set(try Self.bashCompletions(["modal-log", "s"])) == ["scan", "serve", "shrink", "state", "stats"])
        #expect(try Self.bashCompletions(["modal-log", "timeline", "--co"]) == ["--color"])
        #expect(try Self.bashCompletions(["modal-log", "timeline", "--color", "a"]) == ["auto", "always"])
        #expect(try Self.bashCompletions(["modal-log", "append", "log", "--sync", ""]) == ["every", "group", "none"])
        #expect(try Self.bashCompletions(["modal-log", "state", "--at", ""]) == [])
        #expect(try Self.bashCompletions(["modal-log", "timeline", "--so"]) == ["--source"])
        #expect(try Self.bashCompletions(["modal-log", "timeline", "--source", "s"]) == ["system"])
        #expect(
            try Self.bashCompletions(["modal-log", "timeline", "--source", ""]) == [
                "user", "system", "app", "test", "none",
            ])
        #expect(try Self.bashCompletions(["modal-log", "completion", ""]) == ["bash", "zsh", "fish"])
        #expect(try Self.bashCompletions(["modal-log", "help", "bi"]) == ["bisect"])
        let logs = try Self.bashCompletions(["modal-log", "replay", "EventLogs/to"], in: Fixtures.packageRoot.path)
        #expect(logs.sorted() == ["EventLogs/torn", "EventLogs/tour.jsonl"])
    }

    @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed: its completion is not checked"))
    func fishCompletesSubcommandsOptionsAndValues() throws {
        let script = try Self.script("fish")
        func complete(_ line: String) throws -> [String] {
            let result = try runProgram(
                installedProgram("fish")!, ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"])
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("modal-log ti") == ["timeline"])
        #expect(try complete("modal-log timeline --co") == ["--color"])
        // fish offers the log's files there too: its file rule for the command does not know the option.
        #expect(Set(try complete("modal-log timeline --color ")).isSuperset(of: ["always", "auto", "never"]))
        #expect(try complete("modal-log bisect --wh") == ["--where"])
        #expect(
            Set(try complete("modal-log timeline --source ")).isSuperset(of: ["user", "system", "app", "test", "none"]))
    }

    @Test(.enabled(if: installedProgram("zsh") != nil, "zsh is not installed: its completion is not checked"))
    func zshLoadsTheScript() throws {
        let script = try Self.script("zsh")
        let syntax = try runProgram(installedProgram("zsh")!, ["-n", script])
        #expect(syntax.status == 0 && syntax.error.isEmpty, "\(syntax.error)")
        // Loaded as a completion system would: it defines the function and registers it.
        let program = "autoload -U compinit; compinit -u -D; source '\(script)'; print -r -- ${_comps[modal-log]}"
        let loaded = try runProgram(installedProgram("zsh")!, ["-f", "-c", program])
        #expect(loaded.status == 0 && loaded.output == "_modal_log\n", "\(loaded.error)")
    }

    @Test func zshOffersALogAgainForACommandThatTakesMany() {
        let script = Run(["completion", "zsh"]).output
        let replay = script.components(separatedBy: "    replay)\n").dropFirst().first ?? ""
        let diff = script.components(separatedBy: "    diff)\n").dropFirst().first ?? ""
        #expect(
            replay.components(separatedBy: "        ;;")[0].contains("'*:log:_files'"), "every log, not only the first")
        #expect(diff.components(separatedBy: "        ;;")[0].contains("':log:_files'"))
    }

    @Test func anUnknownShellIsAUsageError() {
        let run = Run(["completion", "powershell"])
        #expect(run.status == 64 && run.error.hasPrefix("Error: The value 'powershell' is invalid for '<shell>'"))
    }
}
