import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// A log whose names and strings a terminal would obey: an OSC that sets
/// the window's title, a CSI that clears the screen, a `\r\n` that forges a
/// line, BEL, NUL and its neighbours, DEL, C1 controls (U+009B, a CSI in one
/// character) and bidi overrides and isolates. Every output for people
/// shows them escaped, as a Swift literal writes them (`\u{1B}`, `\r\n`);
/// `--json` keeps them exact.
@Suite struct HostileNameTests {
    static let osc = "\u{1B}]0;pwned\u{07}"
    static let root = "sheets" + osc
    static let link = "pay\u{1B}[2J"
    static let child = "child\u{2066}x\u{2069}"
    static let forged = "Card\r\nseq 99: forged line"
    static let sticky = "Chrome\u{9B}2J"
    static let bidi = "Next\u{202E}gnp.exe\u{202C}"
    static let ghost = "ghost\u{1B}[2J"
    static let note = "\u{0}\u{1}\u{1F}\u{7F}\u{85}"
    /// A file name holds them too.
    static let fileName = "log\u{1B}[2J\u{9B}1m.jsonl"

    /// How the tool shows each.
    static let shownRoot = #"sheets\u{1B}]0;pwned\u{7}"#
    static let shownLink = #"pay\u{1B}[2J"#
    static let shownChild = #"child\u{2066}x\u{2069}"#
    static let shownForged = #"Card\r\nseq 99: forged line"#
    static let shownSticky = #"Chrome\u{9B}2J"#
    static let shownBidi = #"Next\u{202E}gnp.exe\u{202C}"#
    static let shownGhost = #"ghost\u{1B}[2J"#
    static let shownFileName = #"log\u{1B}[2J\u{9B}1m.jsonl"#

    /// Nine events: a session whose info, a root, a modal with a card stack,
    /// a sticky element, a payload and callers, a child, a rejected present
    /// into an unknown root, a batch, and a rejected dismiss whose source
    /// is not a source, all named with the strings above.
    static var log: String {
        let lines: [JSONValue] = [
            ["format": "modal-events", "version": 2, "app": .string("App" + osc)],
            ["seq": 1, "type": "session.start", "info": ["build": .string(osc)], "source": "system"],
            [
                "seq": 2, "type": "root.register", "root": .string(root), "source": "user",
                "caller": "Evil\u{07}.swift:1",
            ],
            [
                "seq": 3, "type": "modal.present", "root": .string(root), "link": .string(link),
                "content": .string(forged), "sticky": .string(sticky), "payload": ["note": .string(note)],
                "source": "user", "caller": "C\u{1B}[2J.swift:3",
            ],
            ["seq": 4, "type": "modal.presented", "root": .string(root), "link": .string(link)],
            ["seq": 5, "type": "card.push", "root": .string(root), "link": .string(link), "content": .string(bidi)],
            [
                "seq": 6, "type": "modal.present", "root": .string(root), "link": .string(child), "content": "V",
                "parent": .string(link),
            ],
            ["seq": 7, "type": "modal.present", "root": .string(ghost), "link": "x", "content": "V"],
            [
                "seq": 8, "type": "batch",
                "events": [
                    ["type": "card.pop", "root": .string(root), "link": .string(link)],
                    ["type": "modal.dismiss", "root": .string(root), "link": .string(child), "reason": "closeAll"],
                ],
                "source": "app", "caller": .string("Router" + osc),
            ],
            [
                "seq": 9, "type": "modal.dismiss", "root": .string(root), "link": .string(link), "reason": "swipe",
                "source": "user\u{1B}[31m",
            ],
        ]
        return lines.map { $0.serialized() + "\n" }.joined()
    }

    /// The log written as ``fileName`` in a new folder (keep it while the path is used).
    static func written() throws -> (TemporaryFolder, String) {
        try VersionTwoLogs.written(log, as: fileName)
    }

    /// Whether a terminal would obey `scalar` or let it reorder the line:
    /// C0 but the newline, DEL, C1, bidi embeddings, overrides and isolates.
    static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Checks text for people: no raw control or bidi character (but the
    /// tool's own colours when `styled`), no line forged by a name, and
    /// each of `shown` there.
    static func expectSafe(
        _ text: String, styled: Bool = false, showing shown: [String] = [], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let plain = styled ? TimelineCommandTests.strippingStyles(text) : text
        let raw = plain.unicodeScalars.filter(isRaw).map { String($0.value, radix: 16) }
        #expect(raw.isEmpty, "\(what): raw characters \(raw)", sourceLocation: sourceLocation)
        // Where a terminal starts a line: at a newline or a return (`\r\n` is one Character).
        let forged = plain.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("seq 99") }
        #expect(forged.isEmpty, "\(what): forged lines \(forged)", sourceLocation: sourceLocation)
        for shown in shown {
            #expect(plain.contains(shown), "\(what) does not show \(shown):\n\(plain)", sourceLocation: sourceLocation)
        }
    }

    /// Every command that prints for people (`LOG` stands for the log), and what each must show escaped.
    static let commands: [([String], [String])] = [
        (
            ["replay", "LOG"],
            [shownRoot, shownLink, shownForged, shownSticky, shownChild, #"\u{7F}\u{85}"#, shownGhost]
        ),
        (["replay", "LOG", "--skip", "2"], [shownRoot, shownGhost, "skipped: seq 2"]),
        (["state", "LOG", "--at", "6"], [shownRoot, shownBidi, shownChild, "in \"\(shownLink)\""]),
        (["validate", "LOG"], [shownGhost, #"user\u{1B}[31m"#, shownFileName]),
        (
            ["timeline", "LOG", "--wide"],
            [shownRoot, shownForged, shownBidi, shownChild, shownGhost, #"\u{1B}]0;pwned\u{7}"#]
        ),
        (["timeline", "LOG", "--wide", "--color", "always"], [shownRoot, shownForged]),
        (["timeline", "LOG", "--link", child], [shownChild]),
        (["diff", "LOG", "0", "9"], [shownRoot, shownForged, shownChild, shownGhost]),
        (["diff", "LOG", "4", "5", "--color", "always"], [shownBidi]),
        (["bisect", "LOG", "--where", "rejected", "--state"], [shownGhost, shownRoot]),
        (["bisect", "LOG", "--where", "live(\(JSONValue.string(child).serialized()))"], [shownChild]),
        (["stats", "LOG"], [shownRoot, shownGhost, shownFileName, #"user\u{1B}[31m"#]),
        (["export", "LOG", "--format", "mermaid"], [#"sheets\u{1B}]0#59;pwned\u{7}"#, shownBidi]),
        (["export", "LOG", "--format", "dot"], [#"sheets\\u{1B}]0;pwned\\u{7}"#]),
    ]

    @Test(arguments: commands)
    func everyOutputForPeopleShowsControlsEscaped(arguments: [String], shown: [String]) throws {
        let (folder, log) = try Self.written()
        defer { withExtendedLifetime(folder) {} }
        let run = Run(arguments.map { $0 == "LOG" ? log : $0 })
        let what = arguments.joined(separator: " ")
        #expect(run.status == 0 || run.status == 1, "\(what): \(run.error)")
        Self.expectSafe(run.output, styled: arguments.contains("always"), showing: shown, what)
        Self.expectSafe(run.error, what + " (standard error)")
    }

    @Test func theDebuggerShowsControlsEscapedOnEveryScreen() throws {
        let (folder, log) = try Self.written()
        defer { withExtendedLifetime(folder) {} }
        var session = try DebugCommand.load(log).0
        var screens = ""
        for (width, height) in [(80, 24), (200, 60)] {
            for index in session.events.indices {
                session.move(to: index)
                let lines = DebugScreen.render(session, width: width, height: height, style: .plain).map { "\($0)" }
                #expect(lines.count == height)
                screens += lines.joined(separator: "\n") + "\n"
            }
        }
        session.handle(.character("f"))
        for character in "root \(Self.root)" { session.handle(.character(character)) }
        session.handle(.enter)
        screens += DebugScreen.render(session, width: 80, height: 24, style: .plain).map { "\($0)" }.joined()
        Self.expectSafe(
            screens, showing: [Self.shownRoot, Self.shownForged, Self.shownBidi, Self.shownChild, Self.shownFileName],
            "debug")
    }

    @Test func errorsAndWarningsThatNameWhatALogHoldsShowItEscaped() throws {
        let (folder, log) = try Self.written()
        defer { withExtendedLifetime(folder) {} }
        let header = #"{"format":"modal-events","version":2}"#
        try folder.write(header + "\n" + #"{"seq":1,"type":"x\u001b]0;pwned\u0007"}"# + "\n", to: "bad.jsonl")
        let malformed = Run(["validate", folder.file("bad.jsonl")])
        #expect(malformed.status == 65)
        Self.expectSafe(malformed.error, showing: [#"unknown event type "x\u{1B}]0;pwned\u{7}""#], "a malformed line")
        let lenient = Run(["replay", folder.file("bad.jsonl"), "--lenient"])
        Self.expectSafe(lenient.error, showing: [#"warning: "#, #"x\u{1B}]0;pwned\u{7}"#], "a skipped line")

        let rejected = Run(
            ["append", folder.file("new.jsonl")],
            standardInput: #"{"type":"modal.present","root":"ghost\u001b[2J","link":"x","content":"V"}"# + "\n")
        #expect(rejected.status == 1)
        Self.expectSafe(rejected.error, showing: [#"no modal host for root "\#(Self.shownGhost)""#], "a rejection")

        let missing = Run(["replay", folder.file("gone\u{1B}]0;pwned\u{07}.jsonl")])
        #expect(missing.status == 66)
        Self.expectSafe(missing.error, showing: [#"gone\u{1B}]0;pwned\u{7}.jsonl"#], "a missing file")

        let usage = [
            Run(["timeline", log, "--source", "user\r\nseq 99: forged"]),
            Run(["bisect", log, "--where", "depth(\u{1B}[2J"]),
            Run(["replay", log, "--skip", "\u{9B}2J"]),
            Run(["state", log, "--at", "\u{202E}1"]),
        ]
        for run in usage {
            #expect(run.status == 64)
            Self.expectSafe(run.error, showing: ["Error: "], "a usage error")
        }
        #expect(usage[0].error.contains(#"user\r\nseq 99: forged"#))
    }

    @Test func jsonKeepsEveryNameExact() throws {
        let (folder, log) = try Self.written()
        defer { withExtendedLifetime(folder) {} }
        let state = try ModalState(json: JSONReader.read(Array(Run(["replay", log, "--json"]).output.utf8)))
        #expect(state.roots.map(\.id) == [Self.root])
        let modal = try #require(state.modal(link: Self.link, in: Self.root))
        #expect(modal.cards.map(\.content) == [Self.forged] && modal.cards.first?.sticky == Self.sticky)
        #expect(modal.payload == ["note": .string(Self.note)])
        #expect(state.rejected.first?.message.contains(Self.ghost) == true)

        let timeline = Run(["timeline", log, "--json"]).output.split(separator: "\n")
        let line = try JSONReader.read(Array(timeline[2].utf8))
        #expect(line["root"] == .string(Self.root) && line["link"] == .string(Self.link))
        #expect(line["effect"]?.stringValue?.hasPrefix("\(Self.root)/\(Self.link): gone -> presenting") == true)
        #expect(line["caller"] == "C\u{1B}[2J.swift:3")

        let diff = try JSONReader.read(Array(Run(["diff", log, "0", "9", "--json"]).output.utf8))
        #expect(diff.serialized().contains(JSONValue.string(Self.forged).serialized()))
        let stats = try JSONReader.read(Array(Run(["stats", log, "--json"]).output.utf8))
        #expect(stats["byRoot"]?[Self.root] == 7 && stats["byRoot"]?[Self.ghost] == 1)
        for json in [Run(["replay", log, "--json"]).output, timeline.joined(), diff.serialized(), stats.serialized()] {
            #expect(!json.contains(#"\u{"#), "JSON has its own escapes, not the terminal's")
        }
    }
}

/// The HTML page puts names in as text, never as markup.
@Suite struct HostilePageTests {
    static let image = "<img src=x onerror=\"document.body.setAttribute('data-pwned', 1)\">"
    static let script = "</script><script>document.body.setAttribute('data-pwned', 2)</script>"
    static let bold = "<b>bold</b> & \u{1B}[2J"

    static let log = """
        {"format":"modal-events","version":2}
        {"seq":1,"type":"root.register","root":\(JSONValue.string(image).serialized())}
        {"seq":2,"type":"modal.present","root":\(JSONValue.string(image).serialized()),"link":\(JSONValue.string(script).serialized()),"content":\(JSONValue.string(bold).serialized())}

        """

    @Test func namesReachThePageAsDataAndNeverCloseItsScript() throws {
        let (folder, log) = try VersionTwoLogs.written(Self.log, as: "markup.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let page = Run(["export", log, "--format", "html"]).output
        let root = try #require(PageData(page).state(at: 1)["roots"]?[0])
        let modal = try #require(root["modals"]?[0])
        #expect(root["root"] == .string(Self.image) && modal["link"] == .string(Self.script))
        #expect(modal["cards"]?[0]?["content"] == .string(Self.bold))
        // The data's scripts and the page's own: a name closes none, and is nowhere else.
        let scripts = HTMLPage.links.count { $0.tag == "script" }
        let dataScripts = page.components(separatedBy: #"<script type="application/json""#).count - 1
        #expect(dataScripts == 3, "the data, one chunk of steps, one of the table")
        #expect(page.components(separatedBy: "</script>").count == 1 + dataScripts + scripts)
        let markup = Self.withoutData(page)
        #expect(!markup.contains("<img") && !markup.contains("<b>") && !markup.contains("data-pwned"))
    }

    /// `page` without the JSON its data scripts hold, where names are as the log has them.
    static func withoutData(_ page: String) -> String {
        page.replacing(/<script type="application\/json" id="[a-z0-9-]+">.*?<\/script>/.dotMatchesNewlines(), with: "")
    }

    @Test(
        .enabled(
            if: installedProgram("chromium") != nil, "chromium is not installed: the page is not loaded in a browser"))
    func chromiumShowsNamesAsText() throws {
        let (folder, log) = try VersionTwoLogs.written(Self.log, as: "markup.jsonl")
        let page = folder.file("markup.html")
        try Run(["export", log, "--format", "html"]).output.write(toFile: page, atomically: true, encoding: .utf8)
        let dom = try Chromium.dom(of: page, address: "#seq=2", profile: folder.file("profile"))
        // The page as the browser left it: the names are text, and no markup of theirs ran.
        let shown = Self.withoutData(dom)
        #expect(shown.contains(#"<body data-seq="2">"#) && !shown.contains("data-pwned="), "a name ran as markup")
        #expect(!shown.contains("<img") && !shown.contains("<b>bold"))
        #expect(shown.contains(#"<b>&lt;img src=x onerror="document.body.setAttribute('data-pwned', 1)"&gt;</b>"#))
        #expect(shown.contains("<span class=\"name\">&lt;b&gt;bold&lt;/b&gt; &amp; \u{1B}[2J</span>"))
    }
}

/// End to end in a real terminal (tmux): the log cannot set the pane's
/// title, and the debugger shows what it holds escaped.
@Suite(.enabled(if: installedProgram("tmux") != nil, "tmux is not installed: no terminal to check"))
struct HostileNameTerminalTests {
    @Test func aLogCannotSetTheTitleOrClearTheScreen() throws {
        let (folder, log) = try VersionTwoLogs.written(HostileNameTests.log, as: "hostile.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let binary = try DebuggerTerminalTests.binary
        let pane = try DebuggerTerminalTests.Pane(
            "sh -c '\(binary) replay \(log); \(binary) timeline \(log) --color always; echo EXITED; sleep 600'",
            width: 200, height: 60)
        let screen = try pane.wait(for: "EXITED")
        #expect(screen.contains("root \"\(HostileNameTests.shownRoot)\""), "the replay was cleared away:\n\(screen)")
        #expect(screen.contains(HostileNameTests.shownForged))
        let title = try pane.tmuxRun(["display-message", "-p", "#{pane_title}"]).output
        #expect(!title.contains("pwned"), "the log set the title")
    }

    @Test func theDebuggerShowsTheNamesEscaped() throws {
        let (folder, log) = try VersionTwoLogs.written(HostileNameTests.log, as: "hostile.jsonl")
        defer { withExtendedLifetime(folder) {} }
        let pane = try DebuggerTerminalTests.debugger(log, width: 120, height: 40)
        try pane.wait(for: "seq 1 of 9")
        try pane.send("g")
        try pane.type("6")
        try pane.send("Enter")
        try pane.wait(for: "seq 6 of 9")
        for shown in [HostileNameTests.shownRoot, HostileNameTests.shownBidi, HostileNameTests.shownForged] {
            try pane.wait(for: shown)
        }
        let title = try pane.tmuxRun(["display-message", "-p", "#{pane_title}"]).output
        #expect(!title.contains("pwned"))
        try pane.send("q")
        try pane.wait(for: "EXITED 0\nicanon")
    }
}
