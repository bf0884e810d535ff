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
    /// it: for each device on the stage, its screen and each modal's box in
    /// CSS pixels (a modal's bottom from the screen's bottom), its name line,
    /// the dimmings, the keyboards, the modals waiting beside it, whether the
    /// outline lists each, and whether the first device is in the window.
    static let measureEveryStep = """
        const px = value => Math.round(value * 100) / 100;
        const rect = box => [px(box.left), px(box.top), px(box.right), px(box.bottom)];
        const measured = steps.map((step, index) => {
          show(index);
          const devices = [...document.querySelectorAll("#devices figure.device")].map(figure => {
            const screen = figure.querySelector(".screen").getBoundingClientRect();
            const layer = node => Number(getComputedStyle(node).zIndex);
            const listed = key => [...document.querySelectorAll("#outline .modal-entry")].some(entry => entry.dataset.key === key);
            const modals = [...figure.querySelectorAll(".canvas > .modal")].map(view => {
              const box = view.getBoundingClientRect();
              const sticky = view.querySelector(".sticky");
              return {
                key: view.dataset.key, phase: view.dataset.phase, top: view.dataset.top === "true",
                width: px(box.width), height: px(box.height), left: px(box.left - screen.left),
                above: px(box.top - screen.top), bottom: px(screen.bottom - box.bottom), z: layer(view),
                box: rect(box), label: rect(view.querySelector(".label").getBoundingClientRect()),
                strips: view.querySelectorAll(".strip").length, sticky: sticky ? sticky.textContent : null,
                content: view.querySelector(".label .name").textContent, listed: listed(view.dataset.key),
                payload: view.querySelector(".payload") ? view.querySelector(".payload").textContent : null,
              };
            });
            return {
              size: figure.dataset.size, width: px(screen.width), height: px(screen.height), modals,
              inView: screen.top >= 0 && screen.left >= 0 && screen.bottom <= innerHeight && screen.right <= innerWidth,
              dimmings: [...figure.querySelectorAll(".canvas > .dimming")].map(node => [node.dataset.root, layer(node)]),
              keyboards: [...figure.querySelectorAll(".canvas > .keyboard")].map(node => px(node.getBoundingClientRect().height)),
              waiting: [...figure.querySelectorAll(".waiting .chip")].map(chip => [chip.dataset.key, listed(chip.dataset.key)]),
            };
          });
          return { seq: step.seq, devices };
        });
        report(measured);
        """
}

/// What the page must draw of a modal, in the root's points: the rules
/// `picture.js` documents, written again here from the state's own types.
enum ExpectedBox {
    /// The box's width, left edge and bottom edge (from the root's bottom),
    /// before the page moves it down to keep the names under it in view.
    static func of(_ modal: Modal, in root: RootState, sheetsAbove: Int) -> (
        width: Double, left: Double, bottom: Double
    ) {
        let (width, height) = (root.size.width, root.size.height)
        let lift = root.keyboardOffset
        let inset = min(16, width / 10)
        switch modal.style {
        case .alert:
            let box = (width: min(270, width - 2 * inset), height: min(150, height))
            return (box.width, (width - box.width) / 2, lift + (height - lift - box.height) / 2)
        case .toast:
            let boxHeight = min(64, height)
            return (width - 2 * inset, inset, height - boxHeight - min(54, height - boxHeight))
        case .fullScreen:
            return (width, 0, 0)
        default:
            let scaled = width * (1 - 0.05 * Double(min(sheetsAbove, 3)))
            return (scaled, (width - scaled) / 2, lift)
        }
    }

    static func isSheetLike(_ modal: Modal) -> Bool { ![.alert, .toast, .fullScreen].contains(modal.style) }
}

@Suite(.enabled(if: Chromium.program != nil, "chromium is not installed: the page is not loaded in a browser"))
struct HTMLPageBrowserTests {
    static let tour = sample("EventLogs/tour.jsonl")

    /// Roots of one level side by side and of very different sizes, a
    /// landscape root whose keyboard lifts an alert, a root too narrow for an
    /// alert's or a toast's insets, a resize, a card taller than its root, and
    /// a payload with a number JavaScript cannot hold.
    static let edges = """
        {"format":"modal-events","version":2}
        {"seq":1,"type":"root.register","root":"main"}
        {"seq":2,"type":"root.register","root":"side","size":{"width":300,"height":500}}
        {"seq":3,"type":"root.register","root":"tiny","level":5,"size":{"width":20,"height":100}}
        {"seq":4,"type":"root.register","root":"wide","level":5,"size":{"width":844,"height":390},"keyboard":{"strategy":"offsetByKeyboardHeight"}}
        {"seq":5,"type":"modal.present","root":"main","link":"order","content":"Order","payload":{"orderID":12345678901234567891,"note":"<!-- x"}}
        {"seq":6,"type":"modal.present","root":"tiny","link":"alert","content":"A","style":"alert"}
        {"seq":7,"type":"modal.present","root":"tiny","link":"toast","content":"T","style":"toast"}
        {"seq":8,"type":"keyboard.change","height":216}
        {"seq":9,"type":"modal.present","root":"wide","link":"delete","content":"DeleteAlert","style":"alert"}
        {"seq":10,"type":"modal.present","root":"side","link":"tall","content":"Tall","style":"card","height":900}
        {"seq":11,"type":"root.resize","root":"main","size":{"width":1024,"height":1366}}
        {"seq":12,"type":"keyboard.change","height":0}

        """

    /// Every sample log, the version-2 shop, the edges above and random logs,
    /// each step shown in Chromium at 1024 × 700: the devices (the roots of
    /// one size on one screen, the lowest level's first and in the window),
    /// the modals' boxes, the top card, one top mark a device, the dimming,
    /// the keyboard and the queue are what the state says; no two names
    /// overlap, none is under a modal above it, and the outline lists every modal.
    @Test func whatIsDrawnAtEveryStepIsTheState() throws {
        let folder = try TemporaryFolder()
        try folder.write(VersionTwoLogs.shop, to: "shop.jsonl")
        try folder.write(Self.edges, to: "edges.jsonl")
        var logs = Fixtures.wellFormedLogs.map(sample) + [folder.file("shop.jsonl"), folder.file("edges.jsonl")]
        var random = PropertyRandom(seed: 0xB40_5E12)
        for index in 0..<4 {
            logs.append(try RandomLogs.write(index, in: folder, lengths: 20...60, random: &random).path)
        }
        var checked = 0
        for log in logs {
            let page = Run(["export", log, "--format", "html"]).output
            let states = try statesBySeq(of: log)
            guard
                case .array(let measured) = try Chromium.probe(
                    page, script: Chromium.measureEveryStep, in: folder, width: 1024, height: 700)
            else { continue }
            #expect(measured.count == states.count, "\(log): a measure a step")
            var scales: [Double] = []
            for step in measured {
                let seq = Int(step["seq"]!.doubleValue!)
                checked += Self.check(step, against: states[seq]!, at: "\(log) seq \(seq)", scales: &scales)
            }
            let (smallest, largest) = (scales.min() ?? 0, scales.max() ?? 0)
            #expect(largest - smallest < 0.002, "\(log): one scale for the page's devices, \(smallest) to \(largest)")
        }
        #expect(checked > 300, "modals measured: \(checked)")
    }

    /// The roots of `state` as the page puts them on devices: by size, the
    /// device with the lowest level first, each device's roots bottom to top.
    static func devices(of state: ModalState) -> [[RootState]] {
        var devices: [[RootState]] = []
        for root in state.roots {
            if let index = devices.firstIndex(where: { $0[0].size == root.size }) {
                devices[index].append(root)
            } else {
                devices.append([root])
            }
        }
        return devices.enumerated().sorted { a, b in
            let (lowA, lowB) = (a.element.map(\.level).min()!, b.element.map(\.level).min()!)
            return lowA != lowB ? lowA < lowB : a.offset < b.offset
        }.map(\.element)
    }

    /// Compares one step's measures with `state`, noting each device's scale
    /// in `scales`; the number of modals it checked.
    static func check(_ step: JSONValue, against state: ModalState, at place: String, scales: inout [Double]) -> Int {
        guard case .array(let shownDevices)? = step["devices"] else {
            Issue.record("\(place): no measures")
            return 0
        }
        let devices = Self.devices(of: state)
        let size = { (root: RootState) in "\(JSONNumber(root.size.width))×\(JSONNumber(root.size.height))" }
        #expect(shownDevices.map { $0["size"]?.stringValue } == devices.map { size($0[0]) }, "\(place): devices")
        #expect(shownDevices.first?["inView"] ?? .bool(true) == .bool(true), "\(place): the lowest level in view")
        var checked = 0
        for (shown, roots) in zip(shownDevices, devices) {
            let at = "\(place) device \(size(roots[0]))"
            let number = { (key: String, value: JSONValue) in value[key]?.doubleValue ?? .nan }
            let (screenWidth, screenHeight) = (number("width", shown), number("height", shown))
            let scale = screenWidth / roots[0].size.width
            scales.append(scale)
            #expect(abs(screenHeight - roots[0].size.height * scale) <= 1, "\(at): the screen has the root's shape")
            // Every root's modals on screen, bottom to top, the roots by level.
            let layers = roots.flatMap { root in
                let showing = root.modals.filter { $0.phase != .queued }
                return showing.enumerated().map { index, modal in
                    (root: root, modal: modal, above: showing[(index + 1)...].count(where: ExpectedBox.isSheetLike))
                }
            }
            let waiting = roots.flatMap { root in
                root.modals.filter { $0.phase == .queued }.map { "\(root.id)/\($0.link)" }
            }
            #expect(
                shown["waiting"]?.arrayValue?.map { $0[0] } == waiting.map(JSONValue.string),
                "\(at): the queue waits by it")
            #expect(shown["waiting"]?.arrayValue?.allSatisfy { $0[1] == .bool(true) } != false, "\(at): outlined")
            guard case .array(let modals)? = shown["modals"], modals.count == layers.count else {
                Issue.record("\(at): \(shown["modals"] ?? .null) drawn, \(layers.map(\.modal.link)) on screen")
                continue
            }
            let topmost = layers.last { $0.modal.phase.isShowing }
            let header = { (modal: Modal) in 16.0 + 14 * Double(min(modal.visibleCards, modal.cards.count) - 1) }
            for ((root, modal, above), box) in zip(layers, modals) {
                let here = "\(at) modal \(root.id)/\(modal.link)"
                #expect(box["key"]?.stringValue == "\(root.id)/\(modal.link)", "\(here): bottom to top")
                #expect(box["phase"]?.stringValue == modal.phase.rawValue, "\(here)")
                let expected = ExpectedBox.of(modal, in: root, sheetsAbove: above)
                #expect(abs(number("width", box) - expected.width * scale) <= 1.5, "\(here): width \(expected.width)")
                #expect(abs(number("left", box) - expected.left * scale) <= 1.5, "\(here): left \(expected.left)")
                // Moved down to keep the names under it in view, a box keeps its bottom, or is one header high.
                #expect(
                    abs(number("bottom", box) - expected.bottom * scale) <= 1.5
                        || abs(number("height", box) - header(modal)) <= 1, "\(here): bottom \(expected.bottom)")
                #expect(number("above", box) >= -45, "\(here): no more than the band past the top")
                #expect(
                    box["top"] == .bool(modal.link == topmost?.modal.link && root.id == topmost?.root.id), "\(here)")
                let visible = min(modal.visibleCards, modal.cards.count)
                #expect(number("strips", box) == Double(visible - 1), "\(here): the visible cards behind the top one")
                #expect(box["sticky"] == modal.cards.last!.sticky.map(JSONValue.string) ?? .null, "\(here): sticky")
                #expect(box["content"]?.stringValue == modal.cards.last!.content, "\(here)")
                let payload = modal.payload.map { $0.serialized() }.map { $0.count > 160 ? $0.prefix(159) + "…" : $0 }
                #expect(box["payload"] == payload.map(JSONValue.string) ?? .null, "\(here): its payload, exact")
                #expect(box["listed"] == .bool(true), "\(here): in the outline")
                checked += 1
            }
            #expect(modals.count(where: { $0["top"] == .bool(true) }) <= 1, "\(at): one top mark")
            let zs = modals.map { number("z", $0) }
            #expect(zs == zs.sorted() && Set(zs).count == zs.count, "\(at): children over parents, roots by level")
            Self.checkNames(modals, at: at)
            // The dimming of each root that shows it, just under its topmost modal.
            let dimmings = shown["dimmings"]?.arrayValue ?? []
            let dimmed = roots.filter(\.isDimmingVisible)
            #expect(dimmings.map { $0[0] } == dimmed.map { .string($0.id) }, "\(at): dimming exactly when shown")
            for (dimming, root) in zip(dimmings, dimmed) {
                let z = dimming[1]?.doubleValue ?? .nan
                guard let top = layers.lastIndex(where: { $0.root.id == root.id && $0.modal.phase.isShowing }) else {
                    continue
                }
                #expect(z < zs[top] && (top == 0 || z > zs[top - 1]), "\(at): \(root.id)'s dimming under its top")
            }
            let keyboards = shown["keyboards"]?.arrayValue ?? []
            #expect(keyboards.count == (state.keyboard.height > 0 ? 1 : 0), "\(at): one keyboard when it is up")
            if let keyboard = keyboards.first?.doubleValue {
                let expected = min(state.keyboard.height, roots[0].size.height) * scale
                #expect(abs(keyboard - expected) <= 1, "\(at): its height")
            }
        }
        return checked
    }

    /// No two names overlap, and none is under a modal drawn above it.
    static func checkNames(_ modals: [JSONValue], at place: String) {
        func rect(_ value: JSONValue?) -> [Double] { value?.arrayValue?.compactMap(\.doubleValue) ?? [] }
        func overlap(_ a: [Double], _ b: [Double]) -> Bool {
            a.count == 4 && b.count == 4 && min(a[2], b[2]) - max(a[0], b[0]) > 0.5
                && min(a[3], b[3]) - max(a[1], b[1]) > 0.5
        }
        for (index, modal) in modals.enumerated() {
            let label = rect(modal["label"])
            for other in modals[(index + 1)...] {
                let what = "\(place): \(modal["key"] ?? .null) and \(other["key"] ?? .null)"
                #expect(!overlap(label, rect(other["label"])), "\(what): names overlap")
                #expect(!overlap(label, rect(other["box"])), "\(what): the name is under a modal above it")
            }
        }
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
            guard let device = measured[index]?["devices"]?[0], let modal = device["modals"]?[0] else { return nil }
            return (modal["height"]!.doubleValue! / device["height"]!.doubleValue!, device["dimmings"] != [])
        }
        let half = try #require(shares(2)), whole = try #require(shares(3)), leaving = try #require(shares(4))
        #expect(abs(half.height - 0.5) < 0.005 && half.dimmed)
        #expect(abs(whole.height - 1) < 0.005 && whole.dimmed)
        #expect(!leaving.dimmed, "a dismissing modal alone shows no dimming")
        #expect(measured[5]?["devices"]?[0]?["modals"] == [])
    }

    /// Keys, the step buttons, the slider's ticks and the address move the
    /// position; the address follows it once stepping pauses
    /// (``theAddressFollowsOnceSteppingPausesAndKeysFindRejections()``); the
    /// type filter and the search choose the rows j and k stop at.
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
                // A key goes where the focus is, as a person's would.
                const press = key => (document.activeElement || document.body)
                  .dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
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
                // Picked from the menu, as a person would: the keys are the page's again. Seq 5 is not a present.
                typeFilter.focus(); typeFilter.value = "modal.present"; typeFilter.dispatchEvent(new Event("change"));
                const menuKeepsFocus = document.activeElement === typeFilter;
                press("j"); note("type j"); press("k"); note("type k");
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
                  const track = byId("ticks").getBoundingClientRect();
                  const ticks = [...document.querySelectorAll("#ticks .tick")].map(tick => {
                    const box = tick.getBoundingClientRect();
                    return [Number(tick.dataset.seq), (box.left + box.width / 2 - track.left) / track.width];
                  });
                  report({ seen, typed, searched, ticks, menuKeepsFocus,
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
                "Home 1", "last 14", "previous 13", "first 1", "next 2", "tick 11", "slider 5", "type j 8", "type k 4",
                "type Home 4", "type j 8", "type j 9", "type j 9", "search End 11", "search k 7", "address 6",
            ])
        for (what, seq, address, _, _) in seen where what == "opened" || what == "address" {
            #expect(address == "#seq=\(seq)", "\(what): the address says the position")
        }
        for (what, seq, _, row, slider) in seen {
            #expect(slider == seq - 1, "\(what): the slider is at the step")
            if !what.hasPrefix("type") && !what.hasPrefix("search") {
                #expect(row == seq, "\(what): its row is marked")
            }
        }
        #expect(answer["typed"] == "3 of 14")
        #expect(answer["searched"] == [4, 5, 6, 7, 11])
        // A tick at each rejection (seq 11, the 11th of 14 steps), where the slider stands at that step.
        let ticks = try #require(answer["ticks"]?.arrayValue)
        #expect(ticks.map { $0[0] } == [11], "a tick at each rejection")
        #expect(abs((ticks.first?[1]?.doubleValue ?? -1) - 10.0 / 13) < 0.01, "\(ticks)")
        #expect(answer["menuKeepsFocus"] == false, "the menu gives the keys back once a type is picked")
        #expect(answer["header"] == "version 2")
        #expect(answer["options"]?.arrayValue?.contains("modal.dismissed") == true, "a batch's types are offered")
    }

    /// A thousand quick steps and a pause: the address says where the page
    /// is (written at every step, it was throttled by Chromium after about
    /// 200 and fell behind), and it is written at once when the page loses
    /// the focus. n and N go to the next and previous rejection, PageDown
    /// and PageUp ten steps.
    @Test func theAddressFollowsOnceSteppingPausesAndKeysFindRejections() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        let entries = Array(SessionGenerator(seed: 21).prefix(2_000))
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: log))
        var state = ModalState()
        let rejected = entries.filter { state.replay($0) != nil }.map(\.seq)
        let page = Run(["export", log, "--format", "html"]).output
        let answer = try Chromium.probe(
            page,
            script: """
                const press = key => document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
                const seq = () => Number(document.body.dataset.seq);
                for (let move = 0; move < 1000; move += 1) press("j");
                const afterRun = [seq(), location.hash];
                setTimeout(() => {
                  const paused = [seq(), location.hash];
                  press("j");
                  window.dispatchEvent(new Event("blur"));
                  const blurred = [seq(), location.hash];
                  press("Home");
                  const rejections = [];
                  for (let next = 0; next < 5; next += 1) { press("n"); rejections.push(seq()); }
                  press("N"); const back = seq();
                  press("Home"); press("PageDown"); const paged = seq(); press("PageUp"); const pagedBack = seq();
                  press("End"); press("PageDown"); const pastEnd = seq();
                  report({ afterRun, paused, blurred, rejections, back, paged, pagedBack, pastEnd,
                    rejected: steps.filter(step => step.rejected).map(step => step.seq).slice(0, 5) });
                }, 1000);
                """, in: folder)
        #expect(answer["afterRun"]?[0] == 1_001, "a thousand steps on from seq 1")
        #expect(answer["paused"] == [1_001, "#seq=1001"], "after a pause, the address is the position")
        #expect(answer["blurred"] == [1_002, "#seq=1002"], "written at once when the page loses the focus")
        #expect(rejected.count >= 5, "the session has rejections to find")
        #expect(answer["rejected"]?.arrayValue?.compactMap(\.doubleValue).map(Int.init) == Array(rejected.prefix(5)))
        #expect(answer["rejections"] == answer["rejected"], "n goes from one rejection to the next")
        #expect(answer["back"] == answer["rejected"]?[3], "N goes back one")
        #expect(answer["paged"] == 11 && answer["pagedBack"] == 1 && answer["pastEnd"] == 2_000)
    }

    /// A generated session of `events` events written in `folder`, and its page.
    static func generatedSession(seed: UInt64, events: Int, in folder: TemporaryFolder) throws -> (
        log: String, page: String
    ) {
        let log = folder.file("session.jsonl")
        try Data(EventLogEncoder.encode(events: Array(SessionGenerator(seed: seed).prefix(events))))
            .write(to: URL(fileURLWithPath: log))
        return (log, Run(["export", log, "--format", "html"]).output)
    }

    /// A long page reads only the chunks of steps and of states that what it
    /// shows needs (parsing a 100,000-event page's data whole took most of
    /// its opening); a jump reads the chunk it lands in, and what needs the
    /// whole log (the search) reads the rest and finds what it would have.
    @Test func aLongPageReadsOnlyTheChunksItShows() throws {
        let folder = try TemporaryFolder()
        let (log, page) = try Self.generatedSession(seed: 5, events: 2_000, in: folder)
        let answer = try Chromium.probe(
            page,
            script: """
                const whole = () => steps.filter(step => !step.thin).length;
                const opened = [whole(), valueChunks.filter(Boolean).length];
                show(1536);
                const jumped = [whole(), document.body.dataset.seq, steps[1535].thin === undefined];
                search.value = "drag.end"; search.dispatchEvent(new Event("input"));
                report({ opened, jumped, searched: [whole(), listed.map(index => steps[index].seq)],
                  chunks: document.querySelectorAll('script[id^="steps-"]').length,
                  tables: document.querySelectorAll('script[id^="values-"]').length });
                """, in: folder)
        let found = try LiveLog(path: log).seqs(searching: "drag.end")
        #expect(answer["chunks"] == 8, "2,000 steps in chunks of 256")
        #expect((answer["tables"]?.doubleValue ?? 0) > 1, "the table in chunks too")
        #expect(answer["opened"]?[0] == 256, "open: the first chunk of steps, no other")
        #expect((answer["opened"]?[1]?.doubleValue ?? 99) < (answer["tables"]?.doubleValue ?? 0))
        #expect(answer["jumped"] == [768, "1537", true], "a jump reads its chunk, and the one before's (seq 1536)")
        #expect(answer["searched"]?[0] == 2_000, "the search reads every step")
        #expect(found.count > 10 && answer["searched"]?[1] == .array(found.map { .number(JSONNumber($0)) }))
    }

    /// A page exported with filters says which, where the position is; so
    /// does a step that the search or the type menu leaves out of the list,
    /// and the controls that need `serve`.
    @Test func thePageSaysWhatItLeavesOut() throws {
        let (folder, log) = try VersionTwoLogs.written()
        let probe = """
            const notice = () => byId("notice").hidden ? null : byId("notice").textContent;
            const opened = notice();
            search.value = "no-such-row"; search.dispatchEvent(new Event("input"));
            const searched = notice();
            search.value = ""; search.dispatchEvent(new Event("input"));
            const skip = document.querySelector("#detail button.skip");
            report({ opened, searched, cleared: notice(), condition: [byId("condition").disabled, byId("condition").placeholder],
              skip: [skip.disabled, skip.title] });
            """
        let filtered = try Chromium.probe(
            Run(["export", log, "--format", "html", "--from", "2", "--where", "modals >= 1"]).output, script: probe,
            in: folder)
        let whole = try Chromium.probe(Run(["export", log, "--format", "html"]).output, script: probe, in: folder)
        #expect(filtered["opened"] == "This page holds only the events --from 2 --where 'modals >= 1' keeps.")
        #expect(whole["opened"] == .null, "a page of every event says nothing")
        #expect(whole["searched"]?.stringValue?.hasPrefix("seq 1 is not in the list") == true, "\(whole)")
        #expect(whole["cleared"] == .null)
        // A page on its own: the --where search and skip are the tool's, and say so.
        #expect(whole["condition"] == [true, "--where: needs modal-log serve"])
        #expect(whole["skip"]?[0] == true && whole["skip"]?[1]?.stringValue?.contains("modal-log serve") == true)
    }

    /// The type menu keeps several types and hides others, each a chip a
    /// click takes away; "all types" clears them. A batch is kept for one
    /// of its events, and hidden only when all its types are.
    @Test func severalTypesAreKeptOrHidden() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("session.jsonl")
        let entries = Array(SessionGenerator(seed: 21).prefix(2_000))
        try Data(EventLogEncoder.encode(events: entries)).write(to: URL(fileURLWithPath: log))
        func types(_ entry: LoggedEvent) -> Set<String> {
            guard case .batch(let events) = entry.event else { return [entry.event.type.rawValue] }
            return Set([entry.event.type.rawValue] + events.map(\.type.rawValue))
        }
        let withoutDrags = entries.filter { !types($0).isSubset(of: ["drag.change"]) }.count
        let cards = entries.filter { !types($0).isDisjoint(with: ["card.push", "card.pop"]) }.count
        let answer = try Chromium.probe(
            Run(["export", log, "--format", "html"]).output,
            script: """
                const pick = value => { typeFilter.value = value; typeFilter.dispatchEvent(new Event("change")); };
                const state = () => [listed.length, [...document.querySelectorAll("#chosen .chip")].map(chip => chip.textContent)];
                pick("-drag.change"); const hidden = state();
                pick("card.push"); pick("card.pop"); const kept = state();
                document.querySelector("#chosen .chip.hidden").click(); const unhidden = state();
                pick(""); const cleared = state();
                report({ hidden, kept, unhidden, cleared });
                """, in: folder)
        #expect(withoutDrags < entries.count && cards > 0)
        #expect(answer["hidden"] == [.number(JSONNumber(withoutDrags)), ["drag.change"]])
        #expect(answer["kept"] == [.number(JSONNumber(cards)), ["drag.change", "card.push", "card.pop"]])
        #expect(answer["unhidden"] == [.number(JSONNumber(cards)), ["card.push", "card.pop"]])
        #expect(answer["cleared"] == [.number(JSONNumber(entries.count)), []])
    }

    /// The search keeps the rows with every word, a "quoted phrase" as
    /// written, no -word, and a match of a /regular expression/; one that
    /// does not compile is searched for as text.
    @Test func theSearchTakesWordsPhrasesExclusionsAndPatterns() throws {
        let folder = try TemporaryFolder()
        let answer = try Chromium.probe(
            Run(["export", sample("EventLogs/tour.jsonl"), "--format", "html"]).output,
            script: """
                const run = text => { search.value = text; search.dispatchEvent(new Event("input")); return listed.map(i => steps[i].seq); };
                report({ words: run("sheets address"), phrase: run('"presenting -> presented"'), without: run("toast -dismiss"),
                  pattern: run("/^1[0-3] /"), broken: run("/[/"), none: run("-drag -card -modal"), cleared: run("").length });
                """, in: folder)
        #expect(answer["words"] == [7, 8, 9, 10], "both words, anywhere in the row")
        #expect(answer["phrase"] == [4, 8, 13], "the phrase as written")
        #expect(answer["without"] == [2, 11, 12, 13], "toast, and not dismiss")
        #expect(answer["pattern"] == [10, 11, 12, 13], "a row that starts with seq 10 to 13")
        #expect(answer["broken"] == [], "no row holds the text /[/")
        #expect(answer["none"] == [1, 2, 11], "every -word left out")
        #expect(answer["cleared"] == 14)
    }

    /// A row gives the time since the event before it and its source, as
    /// columns, where the log has them; a log without either has no such column.
    @Test func rowsGiveTheTimeSinceTheEventBeforeAndTheSource() throws {
        let folder = try TemporaryFolder()
        let probe = ##"report([...document.querySelectorAll("#rows li")].slice(0, 4).map(row => row.textContent));"##
        let timed = try Chromium.probe(
            Run(["export", sample("EventLogs/version-2/payment-card.jsonl"), "--format", "html"]).output,
            script: probe, in: folder)
        let untimed = try Chromium.probe(
            Run(["export", sample("EventLogs/testing/checkout-dragged-with-cart.jsonl"), "--format", "html"]).output,
            script: probe, in: folder)
        let rows = (timed.arrayValue ?? []).compactMap(\.stringValue)
        #expect(rows.count == 4)
        #expect(rows.first?.hasPrefix("1  ·  ") == true, "the first event has nothing before it: \(rows)")
        #expect(rows.dropFirst().first?.hasPrefix("2  +0.50s  ") == true, "\(rows)")
        #expect(rows.dropFirst(2).first?.hasPrefix("3  +0.30s  ") == true, "\(rows)")
        let plain = try #require(untimed.arrayValue?.first?.stringValue)
        #expect(plain.hasPrefix("1  root.register"), "no time, no source: \(plain)")

        // The event before with a time may be far back, in a chunk of steps not read yet.
        let far = folder.file("far.jsonl")
        let lines =
            [#"{"format":"modal-events","version":2}"#, #"{"seq":1,"time":0,"type":"root.register","root":"main"}"#]
            + (2...300).map { #"{"seq":\#($0),"type":"keyboard.change","height":\#($0)}"# }
            + [#"{"seq":301,"time":5,"type":"keyboard.change","height":0}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: far, atomically: true, encoding: .utf8)
        let last = try Chromium.probe(
            Run(["export", far, "--format", "html"]).output, script: "report(rowText(300));", in: folder)
        #expect(last.stringValue?.hasPrefix("301  +5.00s  ") == true, "\(last)")
    }

    /// A 100,000-event session opens with the rows on screen in the page and
    /// no more, and moves to any event with the list following it.
    @Test func aLongLogDrawsOnlyTheRowsOnScreen() throws {
        let folder = try TemporaryFolder()
        let (_, page) = try Self.generatedSession(seed: 20, events: 100_000, in: folder)
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

    /// A name that would stop an HTML parser (`<!--` then `<script>` in a
    /// script's text) is data: the page still runs, and shows it as text.
    @Test func aNameCannotStopThePage() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("<!--<script>.jsonl")
        try folder.write(
            """
            {"format":"modal-events","version":1}
            {"seq":1,"type":"root.register","root":"a<!--b"}
            {"seq":2,"type":"modal.present","root":"a<!--b","link":"docs","content":"see <script> tag docs"}

            """, to: "<!--<script>.jsonl")
        let page = Run(["export", log, "--format", "html"]).output
        let scripts = HTMLPage.links.count { $0.tag == "script" }
        #expect(
            page.components(separatedBy: "<script").count == 4 + scripts,
            "the data's scripts (the data, the steps, the table) and the page's, no other")
        let answer = try Chromium.probe(
            page,
            script: """
                report({ seq: document.body.dataset.seq, content: document.querySelector(".modal .label .name").textContent,
                  title: document.querySelector("h1").textContent });
                """, address: "#seq=2", in: folder)
        #expect(answer["seq"] == "2" && answer["content"] == "see <script> tag docs")
        #expect(answer["title"] == "<!--<script>.jsonl")
    }

    /// A page with no step (a filter kept none) opens and says so; the keys do nothing.
    /// On a filtered page, `#seq=N` for a step it left out opens at the step before.
    @Test func anEmptyPageAndAnAddressBetweenSteps() throws {
        let (folder, log) = try VersionTwoLogs.written()
        let empty = Run(["export", log, "--format", "html", "--where", "depth(sheets) > 5"]).output
        let nothing = try Chromium.probe(
            empty,
            script: """
                document.dispatchEvent(new KeyboardEvent("keydown", { key: "j" }));
                document.dispatchEvent(new KeyboardEvent("keydown", { key: "End" }));
                report({ stage: byId("devices").textContent, count: count.textContent, seq: document.body.dataset.seq ?? null });
                """, in: folder)
        #expect(nothing["stage"]?.stringValue?.hasPrefix("No event of the log is in this page") == true)
        #expect(nothing["count"] == "0 of 0" || nothing["count"] == "0 events")
        #expect(nothing["seq"] == .null)
        let presents = Run(["export", log, "--format", "html", "--type", "modal.present"]).output
        let between = try Chromium.probe(
            presents, script: "report({ seq: Number(document.body.dataset.seq) });", address: "#seq=9", in: folder)
        #expect(between["seq"] == 9)
        let before = try Chromium.probe(
            presents, script: "report({ seq: Number(document.body.dataset.seq) });", address: "#seq=7", in: folder)
        #expect(before["seq"] == 4, "seq 7 is not on the page: the step before it")
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
