import Foundation
import ModalEvents
import ModalProjection
import ModalTesting
import ModalWorkloads
import TestSupport
import Testing

@testable import modal_log

/// An exported page in headless Chromium: the page's own script runs, then
/// a probe of the test's, whose JSON answer is read back from the DOM that
/// Chromium prints (`--dump-dom`). The probe drives the page as a person
/// would (keys, buttons, the slider, the filters) or calls its `show(index)`,
/// and reads what is drawn: boxes, styles, rows.
enum Chromium {
    static var program: String? { installedProgram("chromium") }

    /// The JSON the probe `script` leaves with `report(value)`, after the page
    /// at `page` opened at `address` (`#seq=N`, or empty) in a window of `width` × `height`.
    static func probe(
        _ page: String, script: String, address: String = "", in folder: TemporaryFolder,
        width: Int = 1400, height: Int = 900
    ) throws -> JSONValue {
        let probe = """
            <script>
            "use strict";
            function report(value) {
              const answer = document.createElement("pre");
              answer.id = "probe";
              answer.textContent = JSON.stringify(value);
              document.body.appendChild(answer);
            }
            try { \(script) } catch (error) { report({ error: String(error) + " " + error.stack }); }
            </script>
            """
        let file = folder.file("probe-\(UUID().uuidString).html")
        // The probe after the page's script, as a second classic script: it sees the page's globals.
        try page.replacing("</body>", with: probe + "</body>").write(toFile: file, atomically: true, encoding: .utf8)
        let dom = try self.dom(
            of: file, address: address, profile: folder.file("profile"), width: width, height: height)
        guard let start = dom.range(of: #"<pre id="probe">"#),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            Issue.record("the probe left no answer: \(dom.suffix(2_000))")
            throw ExportTests.Failure()
        }
        let text = dom[start.upperBound..<end.lowerBound].replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&nbsp;", with: "\u{A0}").replacing("&amp;", with: "&")
        let answer = try JSONReader.read(Array(text.utf8))
        if let error = answer["error"] { Issue.record("the probe failed: \(error)") }
        return answer
    }

    /// The DOM of the page at `file` as Chromium leaves it, opened at `address`.
    static func dom(of file: String, address: String, profile: String, width: Int = 1400, height: Int = 900) throws
        -> String
    {
        let result = try runProgram(
            installedProgram("timeout")!,
            [
                "180", program!, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(profile)", "--window-size=\(width),\(height)", "--virtual-time-budget=10000",
                "--dump-dom", "file://\(file)\(address)",
            ])
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    /// A probe that shows each step in turn and reports what is drawn after
    /// it: for each root on the stage, its frame and each modal's box in CSS
    /// pixels (a modal's bottom from the frame's bottom), the dimming, the
    /// keyboard and the modals waiting beside it.
    static let measureEveryStep = """
        const px = value => Math.round(value * 100) / 100;
        const measured = steps.map((step, index) => {
          show(index);
          const levels = [...document.querySelectorAll("#stage .level")].map(level => Number(level.dataset.level));
          const roots = [...document.querySelectorAll("#stage figure.root")].map(figure => {
            const screen = figure.querySelector(".screen");
            const frame = screen.getBoundingClientRect();
            const inner = { left: frame.left + screen.clientLeft, bottom: frame.top + screen.clientTop + screen.clientHeight };
            const layer = node => node ? Number(getComputedStyle(node).zIndex) : null;
            const modals = [...screen.querySelectorAll(":scope > .modal")].map(view => {
              const box = view.getBoundingClientRect();
              const top = view.querySelector(".card.top");
              const sticky = top.querySelector(".sticky");
              return {
                link: view.dataset.link, phase: view.dataset.phase, top: view.dataset.top === "true",
                width: px(box.width), height: px(box.height), left: px(box.left - inner.left),
                bottom: px(inner.bottom - box.bottom), z: layer(view), opacity: Number(getComputedStyle(view).opacity),
                behind: view.querySelectorAll(".card.behind").length, sticky: sticky ? sticky.textContent : null,
                content: [...top.querySelector(".content").childNodes].filter(node => node.nodeType === 3)
                  .map(node => node.textContent).join(""),
                payload: top.querySelector(".payload") !== null,
              };
            });
            const dimming = screen.querySelector(":scope > .dimming");
            const keyboard = screen.querySelector(":scope > .keyboard");
            return {
              root: figure.dataset.root, level: Number(figure.closest(".level").dataset.level),
              width: px(screen.clientWidth), height: px(screen.clientHeight), modals,
              dimming: dimming ? layer(dimming) : null,
              keyboard: keyboard ? px(keyboard.getBoundingClientRect().height) : null,
              waiting: [...figure.querySelectorAll(".waiting .chip")].map(chip => chip.dataset.link),
            };
          });
          return { seq: step.seq, levels, roots };
        });
        report(measured);
        """
}

/// What the page must draw of a modal, in the root's points: the rules
/// ``HTMLPage`` documents, written again here from the state's own types.
enum ExpectedBox {
    static func of(_ modal: Modal, in root: RootState) -> (width: Double, height: Double, bottom: Double) {
        let (width, height, lift) = (root.size.width, root.size.height, root.keyboardOffset)
        switch modal.style {
        case .alert:
            let box = (width: min(270, width - 32), height: min(150, height))
            return (box.width, box.height, (height - box.height) / 2 + lift)
        case .toast:
            let boxHeight = min(64, height)
            return (max(0, width - 32), boxHeight, height - boxHeight - min(54, height - boxHeight))
        case .fullScreen:
            return (width, height, 0)
        default:
            let fraction = modal.cards.last!.height.map { $0 / height } ?? snapFraction(modal.snap)
            return (width, max(0, min(fraction * height, height - lift)), lift)
        }
    }

    /// The snap position's share of the root's height: between two points in
    /// proportion, below the first towards 0 at -1, past the last the last.
    static func snapFraction(_ snap: SnapState) -> Double {
        let (points, position) = (snap.points, snap.position)
        if position <= -1 { return 0 }
        if position < 0 { return points[0] * (position + 1) }
        if position >= Double(points.count - 1) { return points[points.count - 1] }
        let below = Int(position.rounded(.down))
        return points[below] + (points[below + 1] - points[below]) * (position - Double(below))
    }
}

@Suite(.enabled(if: Chromium.program != nil, "chromium is not installed: the page is not loaded in a browser"))
struct HTMLPageBrowserTests {
    static let tour = sample("EventLogs/tour.jsonl")

    /// Every sample log, the version-2 shop and random logs, each step shown in
    /// Chromium: the frames, the modals' boxes, the dimming, the keyboard and
    /// the queue are what the state says.
    @Test func whatIsDrawnAtEveryStepIsTheState() throws {
        let folder = try TemporaryFolder()
        try folder.write(VersionTwoLogs.shop, to: "shop.jsonl")
        var logs = Fixtures.wellFormedLogs.map(sample) + [folder.file("shop.jsonl")]
        var random = PropertyRandom(seed: 0xB40_5E12)
        for index in 0..<4 {
            logs.append(try RandomLogs.write(index, in: folder, lengths: 20...60, random: &random).path)
        }
        var checked = 0
        for log in logs {
            let page = Run(["export", log, "--format", "html"]).output
            let states = try statesBySeq(of: log)
            guard case .array(let measured) = try Chromium.probe(page, script: Chromium.measureEveryStep, in: folder)
            else { continue }
            #expect(measured.count == states.count, "\(log): a measure a step")
            for step in measured {
                let seq = Int(step["seq"]!.doubleValue!)
                checked += Self.check(step, against: states[seq]!, at: "\(log) seq \(seq)")
            }
        }
        #expect(checked > 300, "modals measured: \(checked)")
    }

    /// Compares one step's measures with `state`; the number of modals it checked.
    static func check(_ step: JSONValue, against state: ModalState, at place: String) -> Int {
        guard case .array(let levels)? = step["levels"], case .array(let roots)? = step["roots"] else {
            Issue.record("\(place): no measures")
            return 0
        }
        let levelsShown = levels.map { Int($0.doubleValue!) }
        #expect(levelsShown == Set(state.roots.map(\.level)).sorted(by: >), "\(place): a band a level, the top first")
        #expect(Set(roots.compactMap { $0["root"]?.stringValue }) == Set(state.roots.map(\.id)), "\(place)")
        var checked = 0
        for shown in roots {
            guard let root = state.roots.first(where: { $0.id == shown["root"]?.stringValue }) else { continue }
            let at = "\(place) root \(root.id)"
            let number = { (key: String, value: JSONValue) in value[key]?.doubleValue ?? .nan }
            #expect(number("level", shown) == Double(root.level), "\(at)")
            let scale = number("width", shown) / root.size.width
            #expect(
                abs(number("height", shown) - root.size.height * scale) <= 1, "\(at): the frame has the root's shape")
            let onScreen = root.modals.filter { $0.phase != .queued }
            let waiting = root.modals.filter { $0.phase == .queued }.map(\.link)
            #expect(
                shown["waiting"] == .array(waiting.map(JSONValue.string)), "\(at): the queued modals wait beside it")
            guard case .array(let modals)? = shown["modals"], modals.count == onScreen.count else {
                Issue.record("\(at): \(shown["modals"] ?? .null) drawn, \(onScreen.map(\.link)) on screen")
                continue
            }
            let topmost = onScreen.last { $0.phase.isShowing }
            var layers: [Double] = []
            for (modal, box) in zip(onScreen, modals) {
                let here = "\(at) modal \(modal.link)"
                #expect(box["link"]?.stringValue == modal.link, "\(here): bottom to top as the state lists them")
                #expect(box["phase"]?.stringValue == modal.phase.rawValue, "\(here)")
                let expected = ExpectedBox.of(modal, in: root)
                for (key, points) in [
                    ("width", expected.width), ("height", expected.height), ("bottom", expected.bottom),
                ] {
                    #expect(abs(number(key, box) - points * scale) <= 1.5, "\(here): \(key) \(points) pt")
                }
                #expect(box["top"] == .bool(modal.link == topmost?.link), "\(here): the top modal is marked")
                #expect((number("opacity", box) < 1) == (modal.phase != .presented), "\(here): fades unless presented")
                let visible = min(modal.visibleCards, modal.cards.count)
                #expect(number("behind", box) == Double(visible - 1), "\(here): the visible cards behind the top one")
                #expect(box["sticky"] == modal.cards.last!.sticky.map(JSONValue.string) ?? .null, "\(here): sticky")
                #expect(box["content"]?.stringValue == modal.cards.last!.content, "\(here)")
                #expect(box["payload"] == .bool(modal.payload != nil), "\(here): its payload")
                layers.append(number("z", box))
                checked += 1
            }
            #expect(layers == layers.sorted() && Set(layers).count == layers.count, "\(at): children over parents")
            let dimming = shown["dimming"]?.doubleValue
            #expect((dimming != nil) == root.isDimmingVisible, "\(at): dimming exactly when the state shows it")
            if let dimming, let topmost, let place = onScreen.firstIndex(where: { $0.link == topmost.link }) {
                #expect(dimming < layers[place] && (place == 0 || dimming > layers[place - 1]), "\(at): under the top")
            }
            let keyboard = shown["keyboard"]?.doubleValue
            #expect((keyboard != nil) == (state.keyboard.height > 0), "\(at): the keyboard when it is up")
            if let keyboard {
                #expect(abs(keyboard - min(state.keyboard.height, root.size.height) * scale) <= 1, "\(at): its height")
            }
        }
        return checked
    }

    /// A sheet resting at a 0.5 detent is half its frame high; pushed to 1, the
    /// whole frame; the dimming comes and goes with the state's.
    @Test func aHalfHeightDetentIsHalfTheFrame() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"root.register","root":"main","size":{"width":400,"height":800}}
            {"seq":2,"type":"modal.present","root":"main","link":"filters","content":"Filters","snapPoints":[0.5,1]}
            {"seq":3,"type":"modal.presented","root":"main","link":"filters"}
            {"seq":4,"type":"snap.to","root":"main","link":"filters","index":1}
            {"seq":5,"type":"modal.dismiss","root":"main","link":"filters"}
            {"seq":6,"type":"modal.dismissed","root":"main","link":"filters"}

            """, to: "detent.jsonl")
        let page = Run(["export", folder.file("detent.jsonl"), "--format", "html"]).output
        let measured = try Chromium.probe(page, script: Chromium.measureEveryStep, in: folder)
        func shares(_ index: Int) -> (height: Double, dimmed: Bool)? {
            guard let root = measured[index]?["roots"]?[0], let modal = root["modals"]?[0] else { return nil }
            return (modal["height"]!.doubleValue! / root["height"]!.doubleValue!, root["dimming"] != .null)
        }
        let half = try #require(shares(2)), whole = try #require(shares(3)), leaving = try #require(shares(4))
        #expect(abs(half.height - 0.5) < 0.005 && half.dimmed)
        #expect(abs(whole.height - 1) < 0.005 && whole.dimmed)
        #expect(!leaving.dimmed, "a dismissing modal alone shows no dimming")
        #expect(measured[5]?["roots"]?[0]?["modals"] == [])
    }

    /// Keys, the step buttons, the slider's ticks and the address move the
    /// position; the address follows it; the type filter and the search choose
    /// the rows j and k stop at.
    @Test func keysButtonsTicksAndTheAddressMoveThePosition() throws {
        let (folder, log) = try VersionTwoLogs.written()
        let page = Run(["export", log, "--format", "html"]).output
        let answer = try Chromium.probe(
            page,
            script: """
                const seen = [];
                const note = what => seen.push([what, Number(document.body.dataset.seq), location.hash,
                  document.querySelector("#rows li.current") ? Number(document.querySelector("#rows li.current").dataset.seq) : null,
                  Number(slider.value)]);
                const press = key => document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
                note("opened");
                for (const key of ["j", "j", "ArrowDown", "ArrowRight", "k", "ArrowUp", "ArrowLeft", "End", "Home"]) {
                  press(key); note(key);
                }
                byId("last").click(); note("last");
                byId("previous").click(); note("previous");
                byId("first").click(); note("first");
                byId("next").click(); note("next");
                document.querySelector("#ticks .tick").click(); note("tick");
                slider.value = 4; slider.dispatchEvent(new Event("input")); note("slider");
                typeFilter.value = "modal.present"; typeFilter.dispatchEvent(new Event("change"));
                press("Home"); note("type Home"); press("j"); note("type j"); press("j"); note("type j"); press("j"); note("type j");
                const typed = count.textContent;
                typeFilter.value = ""; typeFilter.dispatchEvent(new Event("change"));
                search.value = "checkout"; search.dispatchEvent(new Event("input"));
                press("End"); note("search End"); press("k"); note("search k");
                const searched = [...document.querySelectorAll("#rows li")].map(row => Number(row.dataset.seq));
                search.value = ""; search.dispatchEvent(new Event("input"));
                location.hash = "#seq=6";
                setTimeout(() => {
                  note("address");
                  report({ seen, typed, searched, ticks: [...document.querySelectorAll("#ticks .tick")].map(tick => Number(tick.dataset.seq)),
                    header: byId("log").textContent, options: [...typeFilter.options].map(option => option.value) });
                }, 100);
                """, address: "#seq=3", in: folder)
        let seen = try #require(answer["seen"]?.arrayValue).map { step in
            let parts = step.arrayValue!
            return (
                parts[0].stringValue!, Int(parts[1].doubleValue!), parts[2].stringValue!,
                parts[3].doubleValue.map(Int.init), Int(parts[4].doubleValue!)
            )
        }
        let seqs = seen.map { "\($0.0) \($0.1)" }
        #expect(
            seqs == [
                "opened 3", "j 4", "j 5", "ArrowDown 6", "ArrowRight 7", "k 6", "ArrowUp 5", "ArrowLeft 4", "End 14",
                "Home 1", "last 14", "previous 13", "first 1", "next 2", "tick 11", "slider 5", "type Home 4",
                "type j 8",
                "type j 9", "type j 9", "search End 11", "search k 7", "address 6",
            ])
        for (what, seq, address, row, slider) in seen {
            #expect(address == "#seq=\(seq)", "\(what): the address follows the position")
            #expect(slider == seq - 1, "\(what): the slider is at the step")
            if !what.hasPrefix("type") && !what.hasPrefix("search") {
                #expect(row == seq, "\(what): its row is marked")
            }
        }
        #expect(answer["typed"] == "3 of 14")
        #expect(answer["searched"] == [4, 5, 6, 7, 11])
        #expect(answer["ticks"] == [11], "a tick at each rejection")
        #expect(answer["header"] == "version 2")
        #expect(answer["options"]?.arrayValue?.contains("modal.dismissed") == true, "a batch's types are offered")
    }

    /// A 100,000-event session opens with the rows on screen in the page and
    /// no more, and moves to any event with the list following it.
    @Test func aLongLogDrawsOnlyTheRowsOnScreen() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: 20).prefix(100_000))))
            .write(to: URL(fileURLWithPath: log))
        let page = Run(["export", log, "--format", "html"]).output
        let answer = try Chromium.probe(
            page,
            script: """
                const rows = () => document.querySelectorAll("#rows li").length;
                const opened = rows();
                document.dispatchEvent(new KeyboardEvent("keydown", { key: "End" }));
                const atEnd = [Number(document.body.dataset.seq), rows(), Number(document.querySelector("#rows li.current").dataset.seq)];
                show(50000);
                report({ opened, atEnd, middle: [Number(document.body.dataset.seq), rows(), document.querySelector("#rows li.current") !== null],
                  height: byId("rows").getBoundingClientRect().height });
                """, in: folder)
        #expect((answer["opened"]?.doubleValue ?? 1e9) < 80, "rows in the page: \(answer["opened"] ?? .null)")
        #expect(answer["atEnd"]?[0] == 100_000 && answer["atEnd"]?[2] == 100_000)
        #expect((answer["atEnd"]?[1]?.doubleValue ?? 1e9) < 80)
        #expect(answer["middle"] == [50_001, answer["middle"]?[1] ?? .null, true])
        #expect(answer["height"] == 2_000_000, "the list is as long as all its rows")
    }
}

extension JSONValue {
    /// The elements of an array; `nil` for any other value.
    var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The element at `index` of an array; `nil` past its end or for any other value.
    subscript(index: Int) -> JSONValue? {
        arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
    }
}
