import Foundation
import ModalEvents
import ModalProjection
import TestSupport
import Testing

@testable import modal_log

/// The page's picture of a stack, its outline, the inspector and the chart,
/// in headless Chromium: what a person opens the page to see.
@Suite(.enabled(if: Chromium.program != nil, "chromium is not installed: the page is not loaded in a browser"))
struct HTMLPageStackTests {
    /// A probe that reports, at each step, each modal's key, its marks and
    /// its box against its screen's, the keyboard and the first responder.
    static let marksAtEveryStep = """
        const measured = steps.map((step, index) => {
          show(index);
          return [...document.querySelectorAll("#devices figure.device")].map(figure => {
            const screen = figure.querySelector(".screen").getBoundingClientRect();
            const keyboard = figure.querySelector(".keyboard");
            const responder = figure.querySelector(".responder");
            // A text's own box: where its letters are, not its element's.
            const textBox = node => {
              if (!node || !node.firstChild) return null;
              const range = document.createRange();
              range.selectNodeContents(node.firstChild);
              const box = range.getBoundingClientRect();
              return [box.left, box.top, box.right, box.bottom];
            };
            const caption = figure.querySelector(".band-caption");
            const boxes = [...figure.querySelectorAll(".canvas > .modal")].map(view => view.getBoundingClientRect());
            return {
              band: figure.querySelector(".band") !== null,
              caption: caption ? [caption.textContent, boxes.some(box => {
                const text = caption.getBoundingClientRect();
                return box.left < text.right && box.right > text.left && box.top < text.bottom && box.bottom > text.top;
              })] : null,
              texts: [textBox(keyboard), textBox(responder)],
              responderLine: responder ? [responder.getBoundingClientRect().left - screen.left,
                responder.getBoundingClientRect().right - screen.right] : null,
              keyboardZ: keyboard ? Number(getComputedStyle(keyboard).zIndex) : null,
              responder: responder ? responder.className + ": " + responder.textContent : null,
              modals: [...figure.querySelectorAll(".canvas > .modal")].map(view => {
                const box = view.getBoundingClientRect();
                return { key: view.dataset.key, z: Number(getComputedStyle(view).zIndex),
                  marks: [...view.querySelectorAll(".marks .badge")].map(badge => badge.title || badge.textContent),
                  top: Math.round(box.top - screen.top), height: Math.round(box.height),
                  screenHeight: Math.round(screen.height) };
              }),
            };
          });
        });
        report(measured);
        """

    /// A keyboard over a sheet that does not move for it (strategy `none`)
    /// is drawn over the sheet, which keeps its height: what it covers and
    /// the first responder under it are marked. A keyboard offset of 709 on
    /// a root 390 high lifts a sheet past the top: it is drawn past the
    /// screen's edge, in a band marked off-screen, with its name.
    @Test func theKeyboardCoversWhatItCoversAndLiftedContentIsOffScreen() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"form","keyboard":{"strategy":"none"}}
            {"seq":2,"type":"modal.present","root":"form","link":"address","content":"AddressForm","snapPoints":[0.5]}
            {"seq":3,"type":"modal.presented","root":"form","link":"address"}
            {"seq":4,"type":"keyboard.change","height":336,"responderBottom":800}

            """, to: "covered.jsonl")
        try folder.write(
            """
            {"format":"modal-events","version":2}
            {"seq":1,"type":"root.register","root":"main","size":{"width":844,"height":390},"keyboard":{"strategy":"offsetByKeyboardHeight"}}
            {"seq":2,"type":"modal.present","root":"main","link":"compose","content":"Compose","snapPoints":[0.5]}
            {"seq":3,"type":"keyboard.change","height":709}

            """, to: "lifted.jsonl")
        let covered = try Chromium.probe(
            Run(["export", folder.file("covered.jsonl"), "--format", "html"]).output, script: Self.marksAtEveryStep,
            in: folder)
        let beforeKeyboard = try #require(covered[2]?[0]?["modals"]?[0])
        #expect(beforeKeyboard["marks"] == ["top"], "nothing else to mark before the keyboard")
        let device = try #require(covered[3]?[0])
        let sheet = try #require(device["modals"]?[0])
        #expect(sheet["marks"] == ["top", "336 pt under the keyboard"], "\(sheet)")
        #expect(sheet["height"] == beforeKeyboard["height"] && sheet["top"] == beforeKeyboard["top"], "not squashed")
        #expect(device["keyboardZ"]!.doubleValue! > sheet["z"]!.doubleValue!, "the keyboard over the content")
        #expect(device["responder"] == "responder covered: first responder, under the keyboard")
        // Its words and the keyboard's are both read, and its line stays on the screen.
        let texts = device["texts"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.doubleValue) ?? [] } ?? []
        #expect(texts.count == 2 && texts.allSatisfy { $0.count == 4 }, "\(device)")
        if texts.count == 2, texts.allSatisfy({ $0.count == 4 }) {
            let (a, b) = (texts[0], texts[1])
            #expect(!(a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1]), "the two labels overlap: \(texts)")
        }
        #expect(device["responderLine"] == [0, 0], "the responder's line is as wide as the screen")

        let lifted = try Chromium.probe(
            Run(["export", folder.file("lifted.jsonl"), "--format", "html"]).output, script: Self.marksAtEveryStep,
            in: folder)
        let presenting = try #require(lifted[1]?[0]?["modals"]?[0])
        #expect(presenting["marks"] == ["top", "presenting"], "\(presenting)")
        let up = try #require(lifted[2]?[0])
        let compose = try #require(up["modals"]?[0])
        #expect(up["band"] == true, "a band past the top holds what is lifted past it")
        #expect(up["caption"] == ["↑ off-screen: lifted past the top", false], "it says what it is, in view")
        #expect(
            compose["marks"] == ["top", "presenting", "514 pt lifted past the top of the screen: off-screen"],
            "\(compose)")
        #expect(compose["top"]!.doubleValue! < 0 && compose["height"]!.doubleValue! >= 16, "drawn past the edge")
        #expect(up["responder"]?.stringValue?.hasPrefix("responder") == true)
    }

    /// The tour at seq 13, at 1024 × 700: the first responder is in the
    /// address sheet (the toast above it takes no input), 16 pt (its root's
    /// `additional`) above the keyboard; every name is whole where its
    /// link could give it room; the filter bar fits the window.
    @Test func theResponderIsTheInputsAndNamesComeBeforeLinks() throws {
        let folder = try TemporaryFolder()
        let answer = try Chromium.probe(
            Run(["export", sample("EventLogs/tour.jsonl"), "--format", "html"]).output,
            script: """
                const line = document.querySelector(".responder").getBoundingClientRect();
                const keyboard = document.querySelector(".keyboard").getBoundingClientRect();
                const cut = [...document.querySelectorAll("#devices .label")].filter(label => {
                  const name = label.querySelector(".name"), link = label.querySelector(".link");
                  return name.scrollWidth > name.clientWidth + 1 && link.getBoundingClientRect().width > 1;
                }).map(label => label.textContent);
                const right = Math.max(...[...document.querySelectorAll(".filters > *")].map(node => node.getBoundingClientRect().right));
                report({ above: (keyboard.top - line.top) / scale, cut, fits: right <= innerWidth && document.documentElement.scrollWidth <= innerWidth });
                """, address: "#seq=13", in: folder, width: 1024, height: 700)
        #expect(abs((answer["above"]?.doubleValue ?? 0) - 16) < 1, "\(answer)")
        #expect(answer["cut"] == [], "a name cut while its link takes room")
        #expect(answer["fits"] == true, "the filter bar fits a 1024-px window")
    }

    /// A click on a modal in the outline or the picture selects it in both;
    /// follow keeps the steps that name or change it, j and k go through
    /// them, and the inspector says which step last changed it.
    @Test func aClickSelectsAModalAndFollowsIt() throws {
        let folder = try TemporaryFolder()
        let answer = try Chromium.probe(
            Run(["export", sample("EventLogs/tour.jsonl"), "--format", "html"]).output,
            script: """
                const press = key => document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
                const chosen = () => [...document.querySelectorAll(".selected")].map(node => node.dataset.key);
                const entry = key => [...document.querySelectorAll("#outline .modal-entry")].find(node => node.dataset.key === key);
                entry("sheets/address").click();
                const fromOutline = chosen();
                const lastChange = document.querySelector(".last-change").textContent;
                document.querySelector('#devices .modal[data-key="sheets/checkout"] .meta').click();
                const fromPicture = chosen();
                document.querySelector('#devices .modal[data-key="sheets/checkout"]').click();
                const unselected = chosen();
                entry("sheets/address").click();
                byId("follow").click();
                const followed = listed.map(index => steps[index].seq);
                const notice = byId("notice").textContent;
                press("Home"); const first = Number(document.body.dataset.seq);
                press("j"); press("j"); const third = Number(document.body.dataset.seq);
                press("f"); const stopped = listed.length;
                report({ fromOutline, lastChange, fromPicture, unselected, followed, notice, first, third, stopped });
                """, address: "#seq=13", in: folder)
        #expect(answer["fromOutline"] == ["sheets/address", "sheets/address"], "in the picture and in the outline")
        #expect(answer["lastChange"] == "sheets/address last changed at seq 10 (drag.end)")
        #expect(answer["fromPicture"] == ["sheets/checkout", "sheets/checkout"])
        #expect(answer["unselected"] == [], "a second click lets it go")
        #expect(answer["followed"] == [7, 8, 9, 10], "the steps that name or change it")
        #expect(answer["notice"]?.stringValue?.contains("Following sheets/address") == true)
        #expect(answer["first"] == 7 && answer["third"] == 9)
        #expect(answer["stopped"] == 14, "f stops following")
    }

    /// The state tab shows the state as a tree: what the step changed as a
    /// `-` line over a `+` line, what it added as `+`, the rest folded.
    @Test func theInspectorMarksTheStepsChangesInTheState() throws {
        let folder = try TemporaryFolder()
        let page = Run(["export", sample("EventLogs/tour.jsonl"), "--format", "html"]).output
        let probe = """
            document.querySelector('.tab[data-tab="state"]').click();
            const lines = kind => [...document.querySelectorAll(`.tree-view .${kind}`)]
              .filter(node => node.matches(".leaf") || node.matches("details"))
              .map(node => (node.matches("details") ? node.querySelector("summary") : node).textContent.trim());
            report({ added: lines("added"), removed: lines("removed"),
              open: [...document.querySelectorAll(".tree-view details[open] > summary")].map(node => node.textContent.trim()),
              tabStays: (show(current), document.querySelector(".tab.chosen").dataset.tab) });
            """
        let presented = try Chromium.probe(page, script: probe, address: "#seq=8", in: folder)
        #expect(presented["removed"] == [#"- phase: "presenting""#], "\(presented)")
        #expect(presented["added"] == [#"+ phase: "presented""#], "\(presented)")
        #expect(
            presented["open"] == ["state", "roots [2]", #"root "sheets""#, "modals [2]", #"modal "address""#],
            "only the way to what changed is open")
        #expect(presented["tabStays"] == "state", "the tab stays chosen from step to step")
        let present = try Chromium.probe(page, script: probe, address: "#seq=7", in: folder)
        #expect(present["added"]?[0] == #"+ modal "address""#, "\(present)")
        #expect(present["added"]?.arrayValue?.contains(#"+ dimming.visible: true"#) != true)
    }

    /// The chart holds each root's depth and the keyboard offset at every
    /// step (a short log has a bucket a step), and a click on it goes there.
    @Test func theChartHoldsEachRootsDepthAndAClickGoesThere() throws {
        let folder = try TemporaryFolder()
        let log = sample("EventLogs/tour.jsonl")
        let answer = try Chromium.probe(
            Run(["export", log, "--format", "html"]).output,
            script: """
                const chart = byId("chart"), box = chart.getBoundingClientRect();
                chart.dispatchEvent(new MouseEvent("click", { clientX: box.left + box.width / 2, clientY: box.top + 5, bubbles: true }));
                report({ chart: data.chart, clicked: Number(document.body.dataset.seq),
                  lines: chart.querySelectorAll("path.depth").length, legend: byId("legend").textContent });
                """, in: folder)
        let states = try statesBySeq(of: log).sorted { $0.key < $1.key }.map(\.value)
        let depth = { (root: String) in
            states.map { state in
                JSONValue.number(
                    JSONNumber(state.roots.first { $0.id == root }?.modals.count { $0.phase != .queued } ?? 0))
            }
        }
        #expect(answer["chart"]?["steps"] == 14)
        #expect(answer["chart"]?["depths"]?[0] == ["root": "sheets", "values": .array(depth("sheets"))])
        #expect(answer["chart"]?["depths"]?[1] == ["root": "toasts", "values": .array(depth("toasts"))])
        let offsets = states.map { JSONValue.number(JSONNumber($0.roots.map(\.keyboardOffset).max() ?? 0)) }
        #expect(answer["chart"]?["keyboard"] == .array(offsets))
        #expect(answer["clicked"] == 8, "the middle of 14 steps: the 7th gap, seq 8")
        #expect(answer["lines"] == 2)
        #expect(
            answer["legend"] == "depth:sheets 2toasts 1keyboard offset 288 pt0 rejected", "\(answer["legend"] ?? .null)"
        )
    }
}
