import Foundation
import TestSupport
import Testing

/// `modal-log debug` end to end in a real pseudo-terminal: tmux runs the
/// built tool, keys are sent to it and the screen's text is read back.
/// Skipped, with a message, where tmux is not installed (`.ci/run`
/// installs it).
@Suite(.enabled(if: installedProgram("tmux") != nil, "tmux is not installed: the debugger is not run in a terminal"))
struct DebuggerTerminalTests {
    /// A tmux server of its own, with one window running a command.
    final class Pane {
        let socket = "modal-log-test-\(UUID().uuidString.prefix(8))"
        let tmux = installedProgram("tmux")!

        init(_ command: String, width: Int = 80, height: Int = 24) throws {
            let result = try tmuxRun([
                "new-session", "-d", "-x", String(width), "-y", String(height), "env NO_COLOR=1 TERM=xterm \(command)",
            ])
            try #require(result.status == 0, "tmux did not start: \(result.error)")
        }

        deinit { _ = try? tmuxRun(["kill-server"]) }

        @discardableResult
        func tmuxRun(_ arguments: [String]) throws -> ProgramResult {
            try runProgram(tmux, ["-L", socket, "-f", "/dev/null"] + arguments)
        }

        /// The screen's text, a line per row.
        func screen() throws -> [String] {
            try tmuxRun(["capture-pane", "-p"]).output.split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        }

        /// Sends keys as tmux names them (`j`, `Enter`, `C-c`, `Home`).
        func send(_ keys: String...) throws {
            try tmuxRun(["send-keys"] + keys)
        }

        /// Types `text` as it is.
        func type(_ text: String) throws {
            try tmuxRun(["send-keys", "-l", text])
        }

        /// The screen once it shows `text` and each of `more`: a screen read
        /// while the debugger draws may show the status line before the rest.
        @discardableResult
        func wait(for text: String, _ more: String..., seconds: Double = 20) throws -> String {
            let texts = [text] + more
            var shown = ""
            for text in texts {
                shown = try waitForText(text, seconds: seconds) { try screen().joined(separator: "\n") }
            }
            if texts.allSatisfy(shown.contains) { return shown }
            shown = try screen().joined(separator: "\n")
            for text in texts where !shown.contains(text) {
                Issue.record("the screen never showed \"\(text)\":\n\(shown)")
            }
            return shown
        }

        /// Whether the pane is on the alternate screen.
        func isOnAlternateScreen() throws -> Bool {
            try tmuxRun(["display-message", "-p", "#{alternate_on}"]).output == "1\n"
        }
    }

    static var binary: String {
        get throws { try #require(BinaryTests.binary, "modal-log was not built beside the tests").path }
    }

    /// The debugger on `log`; after it ends, its status and whether the
    /// terminal is back in line mode.
    static func debugger(_ arguments: String, width: Int = 80, height: Int = 24) throws -> Pane {
        try Pane(
            "sh -c '\(try binary) debug \(arguments); echo EXITED $?; stty -a | grep -o \"[-]*icanon\"; sleep 600'",
            width: width, height: height)
    }

    @Test func stepsJumpsSearchesFollowsAndQuitsOn80x24() throws {
        let pane = try Self.debugger(sample("EventLogs/tour.jsonl"))
        var screen = try pane.wait(for: "seq 1 of 14")
        let lines = try pane.screen()
        #expect(lines.prefix(24).allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.hasPrefix("▶    1  root.register    root sheets: registered") })
        #expect(screen.contains("── what seq 1 did"))
        #expect(try pane.isOnAlternateScreen())

        try pane.send("j", "j", "Down", "Right", "j", "j")
        screen = try pane.wait(for: "seq 7 of 14", "▶    7  modal.present    sheets/address: gone -> presenting")
        #expect(screen.contains("└─ \"address\" presenting · sheet · in \"checkout\""))
        try pane.send("k")
        try pane.wait(for: "seq 6 of 14")

        try pane.send("g")
        try pane.wait(for: "go to seq:")
        try pane.type("12")
        try pane.send("Enter")
        screen = try pane.wait(for: "seq 12 of 14", "toasts/toast-saved: gone -> presenting")
        try pane.send(">")
        try pane.wait(for: "seq 14 of 14")
        try pane.send("<")
        try pane.wait(for: "seq 1 of 14")

        try pane.send("/")
        try pane.type("keyboard")
        try pane.send("Enter")
        screen = try pane.wait(for: "seq 11 of 14", "keyboard: height 0 -> 336")

        try pane.send("f")
        try pane.type("address")
        try pane.send("Enter")
        try pane.wait(for: "following address")
        try pane.send("k")
        try pane.wait(for: "seq 10 of 14")
        try pane.send("k", "k", "k")
        try pane.wait(for: "seq 7 of 14")
        try pane.send("k")
        try pane.wait(for: "no earlier event touches address")

        try pane.send("?")
        try pane.wait(for: "the next event (with f: the next that touches it)")
        try pane.send("Escape")
        try pane.wait(for: "── state after seq 7")

        try pane.send("q")
        // Back in line mode: `stty` says icanon, not -icanon.
        try pane.wait(for: "EXITED 0\nicanon")
        #expect(try !pane.isOnAlternateScreen())
    }

    @Test func leavingAnEventOutReplaysWithoutIt() throws {
        let pane = try Self.debugger("\(sample("Tests/Fixtures/rejections/close-stack-last-card.jsonl")) --at 2")
        try pane.wait(for: "seq 2 of 12")
        try pane.send("s")
        var screen = try pane.wait(for: "1 left out", "▶    2  modal.present    skipped")
        #expect(screen.contains("     3  modal.presented  default/checkout rejected unknownLink: no live modal"))
        try pane.send("s")
        screen = try pane.wait(
            for: "seq 2 put back", "     3  modal.presented  default/checkout: presenting -> presented")
    }

    @Test func ctrlCAndSignalsPutTheTerminalBack() throws {
        let interrupted = try Self.debugger(sample("EventLogs/tour.jsonl"))
        try interrupted.wait(for: "seq 1 of 14")
        try interrupted.send("C-c")
        try interrupted.wait(for: "EXITED 0\nicanon")
        #expect(try !interrupted.isOnAlternateScreen())

        let terminated = try Self.debugger(sample("EventLogs/tour.jsonl"))
        try terminated.wait(for: "seq 1 of 14")
        kill(try Self.tool(in: terminated), SIGTERM)
        try terminated.wait(for: "EXITED 143\nicanon")
        #expect(try !terminated.isOnAlternateScreen())
    }

    /// The process of the tool the pane's shell runs.
    static func tool(in pane: Pane) throws -> pid_t {
        let shell = try pane.tmuxRun(["display-message", "-p", "#{pane_pid}"]).output
        let pgrep = try #require(
            installedProgram("pgrep"), "pgrep is not installed: the tool's process cannot be found")
        let tool = try runProgram(pgrep, ["-P", String(shell.dropLast())]).output
        return try #require(pid_t(tool.split(separator: "\n").first ?? ""), "no tool under the pane's shell")
    }

    /// A terminal closed under the debugger (its window shut, a lost ssh
    /// connection; here its tmux server or session killed) ends it. It
    /// failed for kill-server: the tests' tmux servers started with SIGTERM
    /// blocked, so they never ended, and every test's server and debugger
    /// outlived the test (``runProgram(_:_:standardInput:environment:standardOutput:)``
    /// now starts a program with no signal blocked).
    @Test(arguments: ["kill-server", "kill-session"])
    func theDebuggerEndsWhenItsTerminalGoesAway(_ command: String) throws {
        let pane = try Self.debugger(sample("EventLogs/tour.jsonl"))
        try pane.wait(for: "seq 1 of 14")
        try pane.send("j", "j")
        let pid = try Self.tool(in: pane)
        try pane.tmuxRun([command])
        let deadline = ContinuousClock.now + .seconds(10)
        while kill(pid, 0) == 0 && ContinuousClock.now < deadline { usleep(20_000) }
        let alive = kill(pid, 0) == 0
        #expect(!alive, "the debugger (pid \(pid)) still runs 10 s after its terminal went away")
        if alive { kill(pid, SIGKILL) }
    }

    @Test func aLargerTerminalIsUsedWhole() throws {
        let pane = try Self.debugger(sample("EventLogs/tour.jsonl"), width: 140, height: 40)
        try pane.wait(for: "seq 1 of 14")
        try pane.send(">")
        try pane.wait(for: "seq 14 of 14")
        let lines = try pane.screen()
        // All fourteen events fit in the event list; long lines are no longer cut.
        #expect(lines.contains { $0.hasPrefix("     1  root.register") })
        #expect(
            lines.contains { $0.contains("root sheets: keyboardOffset 0 -> 288; root toasts: keyboardOffset 0 -> 272") }
        )
        #expect(lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count > 30)
        try pane.send("q")
        try pane.wait(for: "EXITED 0")
    }

    @Test func followShowsEventsAsTheyLand() throws {
        let folder = try TemporaryFolder()
        let tour = try String(contentsOfFile: sample("EventLogs/tour.jsonl"), encoding: .utf8).split(separator: "\n")
        let log = folder.file("live.jsonl")
        try (tour[0...4].joined(separator: "\n") + "\n").write(toFile: log, atomically: false, encoding: .utf8)
        let pane = try Self.debugger("\(log) --follow")
        try pane.wait(for: "seq 4 of 4")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((tour[5...7].joined(separator: "\n") + "\n").utf8))
        try handle.close()
        try pane.wait(for: "seq 7 of 7", "▶    7  modal.present    sheets/address: gone -> presenting")
        try pane.send("q")
        try pane.wait(for: "EXITED 0")
    }
}
