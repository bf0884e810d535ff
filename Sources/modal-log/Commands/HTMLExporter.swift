import ModalEvents
import ModalProjection

/// One self-contained HTML page: a slider that scrubs through the log, the
/// roots and their modals' card stacks drawn as boxes at the slider's
/// event, and the event list. It needs no network: the data is in the page
/// as JSON, and a few lines of script draw it.
///
/// The page holds each distinct root once (`roots`); each step lists the
/// roots shown after it by their place there, so a root that an event did
/// not touch costs nothing more. A batch is one step (one place of the
/// slider), its events listed under it; a queued modal is a dashed grey box,
/// waiting; a rule in the event list marks each session's start.
struct HTMLExporter: Exporter {
    let title: String
    private var roots: [JSONValue] = []
    private var rootIndex: [String: Int] = [:]
    /// The roots' places in ``roots`` after the last step.
    private var current: [Int] = []
    private var steps: [JSONValue] = []

    init(title: String) {
        self.title = title
    }

    mutating func add(_ step: Step, state: ModalState) {
        if step.changes.contains(where: { $0.root != nil }) {
            guard case .array(let shown)? = state.json["roots"] else { return }
            current = shown.map { root in
                let key = root.serialized()
                if let index = rootIndex[key] { return index }
                roots.append(root)
                rootIndex[key] = roots.count - 1
                return roots.count - 1
            }
        }
        let entry = step.entry
        var members = [
            JSONMember("seq", .number(JSONNumber(entry.seq))),
            JSONMember("time", entry.time.map { .number(JSONNumber($0)) } ?? .null),
            JSONMember("type", .string(entry.event.type.rawValue)),
            JSONMember("target", .string(EventText.target(of: entry.event))),
            JSONMember("effect", .string(EventText.effect(of: step))),
            JSONMember("rejected", .bool(step.rejection != nil)),
            JSONMember("keyboard", .number(JSONNumber(state.keyboard.height))),
            JSONMember("roots", .array(current.map { .number(JSONNumber($0)) })),
            JSONMember("origin", .string(EventText.origin(of: entry))),
            JSONMember("session", .number(JSONNumber(step.session))),
        ]
        if let title = TimelineLine.sessionTitle(of: step) { members.append(JSONMember("starts", .string(title))) }
        if case .batch = entry.event {
            // Each event of the batch in a line, as the timeline lists them.
            let lines = step.batchEvents.map { event, refused, logged in
                "\(event.type.rawValue) \(EventText.subject(of: event, logged: logged))"
                    + (refused ? "  <- rejected" : "")
            }
            members.append(JSONMember("events", .array(lines.map(JSONValue.string))))
        }
        steps.append(.object(members))
    }

    var output: String {
        let data: JSONValue = ["title": .string(title), "roots": .array(roots), "steps": .array(steps)]
        // In a script element, only "</" could end it early.
        let json = data.serialized().replacing("</", with: "<\\/")
        // The data last: nothing is looked for in it.
        return Self.page.replacing("@@TITLE@@", with: Self.escaped(title)).replacing("@@DATA@@", with: json)
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `@` (the template's marks) as entities.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;").replacing("@", with: "&#64;")
    }

    static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>@@TITLE@@ · modal-log</title>
        <style>
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 0; color: #222; }
        header { position: sticky; top: 0; background: #f4f4f6; padding: 8px 16px; border-bottom: 1px solid #ccc; }
        header h1 { font-size: 16px; margin: 0 0 6px; }
        #slider { width: 100%; }
        #where { font-family: ui-monospace, monospace; }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
        #roots { flex: 3; display: flex; flex-wrap: wrap; gap: 12px; }
        .root { border: 2px solid #557; border-radius: 8px; padding: 8px; min-width: 220px; }
        .root h2 { font-size: 14px; margin: 0 0 6px; }
        .modal { border: 1px solid #888; border-radius: 6px; margin: 6px 0; padding: 6px; background: #fff; }
        .modal[data-phase="presenting"] { border-color: #2a2; }
        .modal[data-phase="dismissing"] { border-color: #c80; opacity: .7; }
        .modal[data-phase="queued"] { border-style: dashed; border-color: #aaa; color: #888; background: #f6f6f6; }
        .card { border: 1px dashed #99a; border-radius: 4px; margin: 4px 0 0 8px; padding: 2px 6px; }
        .card.hidden { opacity: .45; }
        #events { flex: 2; list-style: none; margin: 0; padding: 0; max-height: 80vh; overflow: auto;
          font-family: ui-monospace, monospace; font-size: 12px; }
        #events li { padding: 2px 6px; cursor: pointer; white-space: pre-wrap; }
        #events li.current { background: #dde; }
        #events li.rejected { color: #b00; }
        #events li .inner { display: block; padding-left: 2em; color: #555; }
        #events li.session { border-top: 2px solid #557; margin-top: 6px; }
        #events li .starts { display: block; color: #557; font-weight: bold; }
        </style>
        </head>
        <body>
        <header>
        <h1>@@TITLE@@</h1>
        <input type="range" id="slider" min="0" max="0" value="0" aria-label="event">
        <div id="where"></div>
        </header>
        <main>
        <section id="roots"></section>
        <ol id="events"></ol>
        </main>
        <script type="application/json" id="data">@@DATA@@</script>
        <script>
        const data = JSON.parse(document.getElementById("data").textContent);
        const slider = document.getElementById("slider");
        const where = document.getElementById("where");
        const rootsView = document.getElementById("roots");
        const list = document.getElementById("events");
        function element(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }
        const items = data.steps.map((step, index) => {
          const item = element("li", [step.rejected ? "rejected" : "", step.starts ? "session" : ""].join(" ").trim());
          if (step.starts) item.appendChild(element("span", "starts", step.starts));
          item.appendChild(document.createTextNode(`${step.seq}  ${step.type}  ${step.effect}`));
          for (const line of step.events || []) item.appendChild(element("span", "inner", line));
          item.dataset.seq = step.seq;
          item.addEventListener("click", () => { slider.value = index; show(index); });
          list.appendChild(item);
          return item;
        });
        function drawRoot(root) {
          const box = element("div", "root");
          box.dataset.root = root.root;
          box.appendChild(element("h2", "", `root ${root.root} · level ${root.level} · ${root.policy}`));
          if (root.modals.length === 0) box.appendChild(element("div", "", "(no modals)"));
          for (const modal of root.modals) {
            const view = element("div", "modal");
            view.dataset.link = modal.link;
            view.dataset.phase = modal.phase;
            const waiting = modal.phase === "queued" ? " (waiting)" : "";
            const locked = modal.canDismiss === false ? " · cannot dismiss" : "";
            view.appendChild(element("div", "", `${modal.link} · ${modal.phase}${waiting} · ${modal.style}${locked}`));
            modal.cards.forEach((card, index) => {
              const hidden = index < modal.cards.length - modal.visibleCards;
              const height = card.height == null ? "" : ` · ${card.height} pt`;
              view.appendChild(element("div", hidden ? "card hidden" : "card", card.content + height));
            });
            box.appendChild(view);
          }
          return box;
        }
        let shown = -1;
        function show(index) {
          const step = data.steps[index];
          if (!step) return;
          if (shown >= 0) items[shown].classList.remove("current");
          items[index].classList.add("current");
          items[index].scrollIntoView({ block: "nearest" });
          shown = index;
          document.body.dataset.seq = step.seq;
          where.textContent = `seq ${step.seq}` + (step.time === null ? "" : ` · ${step.time} s`)
            + (step.session > 0 ? ` · session ${step.session}` : "") + (step.origin ? ` · ${step.origin}` : "")
            + ` · ${step.type} ${step.target} · ${step.effect}` + (step.keyboard > 0 ? ` · keyboard ${step.keyboard}` : "");
          rootsView.replaceChildren(...step.roots.map(place => drawRoot(data.roots[place])));
        }
        slider.max = Math.max(0, data.steps.length - 1);
        slider.addEventListener("input", () => show(Number(slider.value)));
        // Open at #seq=N: the slider is moved there as a hand would move it.
        const asked = /seq=(\\d+)/.exec(location.hash);
        const start = asked ? data.steps.findIndex(step => step.seq === Number(asked[1])) : 0;
        slider.value = Math.max(0, start);
        slider.dispatchEvent(new Event("input"));
        </script>
        </body>
        </html>

        """
}
