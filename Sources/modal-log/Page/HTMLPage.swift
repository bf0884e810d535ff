/// The page ``HTMLExporter`` fills in: `@@TITLE@@` with the log's name,
/// `@@DATA@@` with its data (the JSON of `header`, `largest`, `shapes`,
/// `values` and `steps`). Its script draws the state and the event list from the data;
/// it reads nothing else and puts every name in the page as text.
///
/// What it draws, in points of the root's size times one scale for the
/// whole page (the largest at which the largest root the page shows fits the
/// stage, at most 0.6), so a frame keeps its size from event to event:
/// - the root's `keyboardOffset` (no more than its height) lifts sheets,
///   cards, custom modals and alerts, and the keyboard is drawn at the
///   bottom when its height is above 0;
/// - a sheet, card or custom modal is as wide as its root and as high as
///   its top card's `height`, or else its snap position's fraction of the
///   root's height (a fractional position between two points, 0 at -1),
///   and no higher than the room above the lift;
/// - an alert is 270 × 150 (less in a small root), centred in the room
///   above the lift; a toast 64 high near the top, inset from the sides; a
///   full-screen modal the whole root; every box lies inside its frame;
/// - the dimming lies just under the topmost modal that is not dismissing,
///   exactly when the state's `dimming.visible` is true;
/// - queued modals wait under the frame, not in it.
enum HTMLPage {
    static let template = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>@@TITLE@@ · modal-log</title>
        <style>
        :root { --ink: #1d1d24; --muted: #6b6b78; --line: #d9d9e0; --accent: #3b5bdb; --bad: #c92a2a;
          --panel: #f7f7fa; --row: 20px; }
        * { box-sizing: border-box; }
        body { font: 14px -apple-system, system-ui, "Segoe UI", sans-serif; margin: 0; color: var(--ink);
          background: #fff; height: 100vh; display: flex; flex-direction: column; }
        header { background: var(--panel); padding: 10px 16px 8px; border-bottom: 1px solid var(--line); }
        header h1 { font-size: 15px; margin: 0; display: inline; }
        #log { color: var(--muted); font-size: 12px; margin-left: 10px; }
        .controls { display: flex; align-items: center; gap: 6px; margin-top: 8px; }
        .controls button { font: inherit; width: 32px; height: 26px; border: 1px solid var(--line); border-radius: 6px;
          background: #fff; cursor: pointer; }
        .controls button:hover { border-color: var(--accent); }
        .track { flex: 1; position: relative; padding-bottom: 8px; }
        #slider { width: 100%; margin: 0; appearance: none; -webkit-appearance: none; height: 6px; border-radius: 3px;
          background: var(--line); outline-offset: 4px; }
        #slider::-webkit-slider-thumb { -webkit-appearance: none; width: 12px; height: 18px; border-radius: 4px;
          background: var(--accent); cursor: grab; }
        #slider::-moz-range-thumb { width: 12px; height: 18px; border-radius: 4px; background: var(--accent); }
        #ticks { position: absolute; left: 6px; right: 6px; bottom: 0; height: 6px; }
        .tick { position: absolute; width: 2px; height: 6px; margin-left: -1px; background: var(--bad); cursor: pointer; }
        #where { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; margin-top: 6px; white-space: nowrap;
          overflow: hidden; text-overflow: ellipsis; }
        main { flex: 1; display: flex; min-height: 0; }
        #stage { flex: 1; overflow: auto; padding: 12px 16px; background: #eef0f4; display: flex; flex-wrap: wrap;
          gap: 12px 28px; align-items: flex-start; align-content: flex-start; }
        .level { display: flex; flex-direction: column; gap: 4px; }
        .level > .label { font-size: 11px; font-weight: 600; color: var(--muted); text-transform: uppercase;
          letter-spacing: .05em; border-bottom: 2px solid #c5c9d3; padding-bottom: 2px; }
        .level[data-place="top"] > .label { color: var(--accent); border-color: var(--accent); }
        .level > .roots { display: flex; gap: 16px; align-items: flex-start; }
        .root { margin: 0; flex: none; min-width: 140px; }
        .root figcaption { font-size: 12px; color: var(--muted); margin-bottom: 6px; overflow-wrap: anywhere; }
        .root figcaption b { color: var(--ink); }
        .screen { position: relative; overflow: hidden; border: 6px solid #1d1d24; border-radius: 18px;
          background: linear-gradient(#e9ecef 0 24px, #f8f9fb 24px); box-sizing: content-box; }
        .root[data-presentation="overlay"] .screen { background: repeating-linear-gradient(45deg, #fbfbfd 0 8px,
          #f3f4f8 8px 16px); }
        .nothing { position: absolute; inset: 0; display: grid; place-items: center; color: #adb5bd; font-size: 12px; }
        .modal { position: absolute; display: flex; flex-direction: column; transition: opacity .15s; }
        .modal[data-phase="presenting"] { opacity: .8; }
        .modal[data-phase="dismissing"] { opacity: .35; }
        .card { position: absolute; inset: 0; background: #fff; border-radius: 12px 12px 0 0;
          box-shadow: 0 -1px 6px rgba(0, 0, 0, .18); overflow: hidden; font-size: 11px; }
        .modal[data-style="alert"] .card, .modal[data-style="toast"] .card { border-radius: 12px; }
        .modal[data-style="toast"] .card { background: #1d1d24; color: #fff; }
        .modal[data-style="fullScreen"] .card { border-radius: 0; }
        .modal[data-top="true"] > .card.top { box-shadow: 0 0 0 2px var(--accent), 0 -1px 6px rgba(0, 0, 0, .18); }
        .card.behind { background: #e9ecef; color: var(--muted); }
        .card.behind .content { padding-top: 1px; font-size: 10px; }
        .card .sticky { background: #dbe4ff; color: #364fc7; padding: 3px 8px; font-weight: 600; }
        .card .content { padding: 5px 8px 0; font-weight: 600; font-size: 12px; }
        .card .meta { padding: 1px 8px; color: var(--muted); }
        .modal[data-style="toast"] .card .meta { color: #ced4da; }
        .card .payload { margin: 2px 8px; font: 10px ui-monospace, monospace; color: #495057; white-space: pre-wrap;
          word-break: break-all; }
        .badge { display: inline-block; font-size: 9px; padding: 0 4px; border-radius: 3px; background: var(--accent);
          color: #fff; margin-left: 4px; vertical-align: 1px; }
        .dimming { position: absolute; inset: 0; background: rgba(20, 20, 30, .38); }
        .keyboard { position: absolute; left: 0; right: 0; bottom: 0; z-index: 1000; background: #ced4da;
          border-top: 1px solid #adb5bd; color: #495057; font-size: 11px; display: grid; place-items: center; }
        .waiting { margin-top: 8px; font-size: 11px; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px;
          max-width: 260px; }
        .chip { border: 1px dashed #adb5bd; border-radius: 10px; padding: 1px 8px; background: #fff; max-width: 100%;
          overflow-wrap: anywhere; }
        aside { width: 44%; max-width: 720px; min-width: 320px; display: flex; flex-direction: column;
          border-left: 1px solid var(--line); }
        .filters { display: flex; gap: 6px; padding: 8px; border-bottom: 1px solid var(--line); align-items: center; }
        .filters input { flex: 1; font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 6px; }
        .filters select { font: inherit; }
        #count { color: var(--muted); font-size: 12px; white-space: nowrap; }
        #events { flex: 1; overflow: auto; position: relative; min-height: 120px; }
        #rows { list-style: none; margin: 0; padding: 0; position: relative; }
        #rows li { position: absolute; left: 0; right: 0; height: var(--row); line-height: var(--row); padding: 0 8px;
          white-space: pre; overflow: hidden; text-overflow: ellipsis; cursor: pointer;
          font: 12px/var(--row) ui-monospace, SFMono-Regular, Menlo, monospace; }
        #rows li:hover { background: #f1f3f5; }
        #rows li.current { background: #dbe4ff; }
        #rows li.rejected { color: var(--bad); }
        #rows li.session { border-top: 2px solid var(--accent); color: var(--accent); font-weight: 600; }
        #rows li .type { color: var(--accent); }
        #detail { border-top: 1px solid var(--line); padding: 8px 12px; max-height: 40%; overflow: auto;
          font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--panel); }
        #detail h2 { font: 600 13px -apple-system, system-ui, sans-serif; margin: 0 0 4px; }
        #detail .rejected { color: var(--bad); font-weight: 600; }
        #detail ul { margin: 4px 0; padding-left: 18px; }
        #detail .raw { color: var(--muted); white-space: pre-wrap; word-break: break-all; margin: 4px 0 0; }
        .empty { color: var(--muted); }
        </style>
        </head>
        <body>
        <header>
        <h1>@@TITLE@@</h1><span id="log"></span>
        <div class="controls">
        <button id="first" title="First event (Home)" aria-label="first event">«</button>
        <button id="previous" title="Previous event (k, ←, ↑)" aria-label="previous event">‹</button>
        <button id="next" title="Next event (j, →, ↓)" aria-label="next event">›</button>
        <button id="last" title="Last event (End)" aria-label="last event">»</button>
        <div class="track"><input type="range" id="slider" min="0" max="0" value="0" aria-label="event">
        <div id="ticks" aria-hidden="true"></div></div>
        </div>
        <div id="where"></div>
        </header>
        <main>
        <section id="stage" aria-label="the state: roots by level, the top level first"></section>
        <aside>
        <div class="filters">
        <input id="search" type="search" placeholder="Search events (/)" aria-label="search events">
        <select id="type" aria-label="event type"><option value="">all types</option></select>
        <span id="count"></span>
        </div>
        <div id="events"><ol id="rows"></ol></div>
        <div id="detail"></div>
        </aside>
        </main>
        <script type="application/json" id="data">@@DATA@@</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("data").textContent);
        const steps = data.steps;
        const byId = id => document.getElementById(id);
        const slider = byId("slider"), where = byId("where"), stage = byId("stage"), events = byId("events"),
          rows = byId("rows"), detail = byId("detail"), search = byId("search"), typeFilter = byId("type"),
          count = byId("count");
        const rowHeight = 20;

        function element(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }
        const px = points => `${Math.round(points * 100) / 100}px`;

        // The data's values, each read once: a state shares with the one before all it did not change.
        const decoded = new Map();
        function value(id) {
          if (decoded.has(id)) return decoded.get(id);
          const node = data.values[id];
          let result = node;
          if (Array.isArray(node)) {
            const children = node.slice(1).map(value);
            if (node[0] < 0) {
              result = children;
            } else {
              result = {};
              data.shapes[node[0]].forEach((key, place) => { result[key] = children[place]; });
            }
          }
          decoded.set(id, result);
          return result;
        }

        // ---- The picture of a state.

        // A snap position's height as a fraction of the root's: between two points, in proportion; -1 is 0.
        function snapFraction(snap) {
          const points = snap.points, position = snap.position;
          if (position <= -1) return 0;
          if (position < 0) return points[0] * (position + 1);
          if (position >= points.length - 1) return points[points.length - 1];
          const below = Math.floor(position);
          return points[below] + (points[below + 1] - points[below]) * (position - below);
        }

        // A modal's place in its root, in points: its width and height, and its bottom above the root's.
        function geometry(modal, root) {
          const width = root.size.width, height = root.size.height;
          const top = modal.cards[modal.cards.length - 1];
          const lift = Math.min(root.keyboardOffset, height), room = height - lift;
          const inset = Math.min(16, width / 10);
          switch (modal.style) {
            case "alert": {
              const box = { width: Math.min(270, width - 2 * inset), height: Math.min(150, room) };
              return { ...box, bottom: lift + (room - box.height) / 2 };
            }
            case "toast": {
              const box = { width: width - 2 * inset, height: Math.min(64, height) };
              return { ...box, bottom: height - box.height - Math.min(54, height - box.height) };
            }
            case "fullScreen":
              return { width, height, bottom: 0 };
            default: {
              const fraction = top.height == null ? snapFraction(modal.snap) : top.height / height;
              return { width, height: Math.max(0, Math.min(fraction * height, room)), bottom: lift };
            }
          }
        }

        // The top card: its sticky element above its content. A card behind: one line.
        function drawCard(card, className) {
          const view = element("div", className);
          if (className.includes("behind")) {
            view.appendChild(element("div", "content", card.content + (card.sticky == null ? "" : ` · ${card.sticky}`)));
            return view;
          }
          if (card.sticky != null) view.appendChild(element("div", "sticky", card.sticky));
          view.appendChild(element("div", "content", card.content));
          return view;
        }

        function drawModal(modal, root, scale, isTop) {
          const view = element("div", "modal");
          view.dataset.link = modal.link;
          view.dataset.phase = modal.phase;
          view.dataset.style = modal.style;
          view.dataset.top = String(isTop);
          const box = geometry(modal, root);
          view.style.width = px(box.width * scale);
          view.style.height = px(box.height * scale);
          view.style.left = px((root.size.width - box.width) / 2 * scale);
          view.style.bottom = px(box.bottom * scale);
          // The visible cards behind the top one show a strip each above it, inside the modal's height.
          const visible = modal.cards.slice(-modal.visibleCards);
          const strip = visible.length > 1 ? Math.min(16, box.height * scale / (2 * visible.length)) : 0;
          visible.slice(0, -1).forEach((card, place) => {
            const behind = drawCard(card, "card behind");
            behind.style.top = `${place * strip}px`;
            behind.style.left = behind.style.right = `${(visible.length - 1 - place) * 6}px`;
            view.appendChild(behind);
          });
          const topCard = visible[visible.length - 1];
          const top = drawCard(topCard, "card top");
          top.style.top = `${(visible.length - 1) * strip}px`;
          const content = top.querySelector(".content");
          if (isTop) content.appendChild(element("span", "badge", "top"));
          if (modal.phase !== "presented") content.appendChild(element("span", "badge", modal.phase));
          const facts = [modal.link, modal.style];
          if (modal.parent != null) facts.push(`over ${modal.parent}`);
          if (modal.snap.points.length > 1 || modal.snap.dragging) {
            facts.push(`snap ${modal.snap.index + 1}/${modal.snap.points.length}`
              + (modal.snap.dragging ? ` · dragging at ${modal.snap.position}` : ""));
          }
          if (topCard.height != null) facts.push(`${topCard.height} pt`);
          if (modal.cards.length > visible.length) facts.push(`${modal.cards.length - visible.length} more below`);
          if (modal.canDismiss === false) facts.push("cannot dismiss");
          if (modal.phase === "dismissing" && modal.dismissReason) facts.push(`reason ${modal.dismissReason}`);
          top.appendChild(element("div", "meta", facts.join(" · ")));
          if (modal.payload != null) {
            // The payload as the log writes it (the exporter's text: a number JavaScript would round stays exact).
            const text = modal.payload;
            top.appendChild(element("div", "payload", text.length > 160 ? text.slice(0, 159) + "…" : text));
          }
          view.appendChild(top);
          return view;
        }

        function drawRoot(root, keyboard, scale) {
          const figure = element("figure", "root");
          figure.dataset.root = root.root;
          figure.dataset.level = root.level;
          figure.dataset.presentation = root.presentation;
          const caption = element("figcaption");
          caption.appendChild(element("b", "", root.root));
          const facts = [root.policy, root.presentation, `${root.size.width}×${root.size.height}`];
          if (root.keyboardOffset > 0) facts.push(`keyboard offset ${root.keyboardOffset}`);
          caption.appendChild(document.createTextNode(" · " + facts.join(" · ")));
          figure.appendChild(caption);
          figure.style.width = px(root.size.width * scale + 12);
          const screen = element("div", "screen");
          screen.style.width = px(root.size.width * scale);
          screen.style.height = px(root.size.height * scale);
          const showing = root.modals.filter(modal => modal.phase !== "queued");
          const topmost = showing.filter(modal => modal.phase !== "dismissing").pop();
          showing.forEach((modal, place) => {
            const view = drawModal(modal, root, scale, modal === topmost);
            view.style.zIndex = String(2 + 2 * place);
            screen.appendChild(view);
          });
          if (root.dimming.visible) {
            const dimming = element("div", "dimming");
            dimming.style.zIndex = String(topmost ? 1 + 2 * showing.indexOf(topmost) : 1);
            screen.appendChild(dimming);
          }
          if (keyboard.height > 0) {
            const pad = element("div", "keyboard", `keyboard ${keyboard.height} pt`);
            pad.style.height = px(Math.min(keyboard.height, root.size.height) * scale);
            screen.appendChild(pad);
          }
          if (root.modals.length === 0) screen.appendChild(element("div", "nothing", "no modals"));
          figure.appendChild(screen);
          const queued = root.modals.filter(modal => modal.phase === "queued");
          if (queued.length > 0) {
            const tray = element("div", "waiting");
            tray.appendChild(element("span", "", "waiting:"));
            for (const modal of queued) {
              const chip = element("span", "chip", `${modal.link} · ${modal.cards[modal.cards.length - 1].content}`);
              chip.dataset.link = modal.link;
              chip.dataset.phase = modal.phase;
              tray.appendChild(chip);
            }
            figure.appendChild(tray);
          }
          return figure;
        }

        // One scale for the whole page, so a frame keeps its size from event to event: the largest (up to
        // 0.6) at which the page's largest root fits the stage. Drawn again when the window changes.
        let scale = 0.6;
        function measureScale() {
          const largest = data.largest;
          if (!largest) return;
          const room = { width: stage.clientWidth - 40, height: stage.clientHeight - 110 };
          scale = Math.max(0.05, Math.min(0.6, room.width / largest.width, room.height / largest.height));
        }

        // The roots stacked by level, the top level first: a column a level, its roots in the order they stack.
        function drawState(state) {
          if (state.roots.length === 0) {
            stage.replaceChildren(element("p", "empty", "No root is registered at this event."));
            return;
          }
          const levels = [];
          for (const root of state.roots) {
            const band = levels.find(band => band.level === root.level);
            if (band) band.roots.push(root); else levels.push({ level: root.level, roots: [root] });
          }
          levels.sort((a, b) => b.level - a.level);
          stage.replaceChildren(...levels.map((band, place) => {
            const view = element("div", "level");
            view.dataset.level = band.level;
            view.dataset.place = levels.length === 1 ? "only" : place === 0 ? "top" : place === levels.length - 1 ? "bottom" : "";
            const label = levels.length === 1 ? "" : view.dataset.place ? ` · ${view.dataset.place}` : "";
            view.appendChild(element("div", "label", `level ${band.level}${label}`));
            const roots = element("div", "roots");
            for (const root of band.roots) roots.appendChild(drawRoot(root, state.keyboard, scale));
            view.appendChild(roots);
            return view;
          }));
        }

        function drawDetail(step) {
          const parts = [element("h2", "", `seq ${step.seq} · ${step.type} ${step.target}`)];
          const facts = [];
          if (step.time !== null) facts.push(`${step.time} s`);
          if (step.session) facts.push(`session ${step.session}`);
          if (step.origin) facts.push(step.origin);
          if (facts.length) parts.push(element("div", "", facts.join(" · ")));
          if (step.starts) parts.push(element("div", "", step.starts));
          const changes = step.changes || [step.effect];
          const list = element("ul", step.rejected ? "rejected" : "");
          for (const line of changes) list.appendChild(element("li", "", line));
          parts.push(list);
          if (step.events) {
            const inner = element("ul");
            for (const line of step.events) inner.appendChild(element("li", "", line));
            parts.push(element("div", "", "events:"), inner);
          }
          parts.push(element("pre", "raw", step.line));
          detail.replaceChildren(...parts);
        }

        // ---- The event list: only its rows on screen are in the page.

        let listed = steps.map((_, index) => index);
        let current = 0;
        let haystacks = null;

        function rowText(step) {
          return step.starts ? `${step.seq}  ── ${step.starts}` : `${step.seq}  ${step.type}  ${step.target}  ${step.effect}`;
        }

        // The first place in `listed` whose step is at `index` or after.
        function placeOf(index) {
          let low = 0, high = listed.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            if (listed[middle] < index) low = middle + 1; else high = middle;
          }
          return low;
        }

        function drawRows() {
          const first = Math.max(0, Math.floor(events.scrollTop / rowHeight) - 10);
          const last = Math.min(listed.length, Math.ceil((events.scrollTop + events.clientHeight) / rowHeight) + 10);
          const shown = [];
          for (let place = first; place < last; place++) {
            const index = listed[place], step = steps[index];
            const row = element("li", [step.rejected ? "rejected" : "", step.starts ? "session" : "",
              index === current ? "current" : ""].join(" ").trim(), rowText(step));
            row.style.top = `${place * rowHeight}px`;
            row.dataset.index = index;
            row.dataset.seq = step.seq;
            shown.push(row);
          }
          rows.replaceChildren(...shown);
        }

        function filter() {
          const words = search.value.trim().toLowerCase();
          const type = typeFilter.value;
          if (words && !haystacks) haystacks = steps.map(step => `${rowText(step)} ${step.line}`.toLowerCase());
          listed = [];
          steps.forEach((step, index) => {
            if (type && step.type !== type && !(step.types && step.types.includes(type))) return;
            if (words && !haystacks[index].includes(words)) return;
            listed.push(index);
          });
          rows.style.height = `${listed.length * rowHeight}px`;
          count.textContent = listed.length === steps.length ? `${steps.length} events` : `${listed.length} of ${steps.length}`;
          reveal();
        }

        // Scrolls the list to the current row, if it is listed, and draws it.
        function reveal() {
          const place = placeOf(current);
          if (listed[place] === current) {
            const top = place * rowHeight;
            if (top < events.scrollTop) events.scrollTop = top;
            else if (top + rowHeight > events.scrollTop + events.clientHeight) {
              events.scrollTop = top + rowHeight - events.clientHeight;
            }
          }
          drawRows();
        }

        // ---- Moving through the log.

        function show(index) {
          if (index < 0 || index >= steps.length) return;
          current = index;
          const step = steps[index];
          slider.value = index;
          document.body.dataset.seq = step.seq;
          where.textContent = `seq ${step.seq}` + (step.time === null ? "" : ` · ${step.time} s`)
            + (step.session ? ` · session ${step.session}` : "") + (step.origin ? ` · ${step.origin}` : "")
            + ` · ${step.type} ${step.target} · ${step.effect}`;
          drawState(value(step.state));
          drawDetail(step);
          reveal();
          const address = `#seq=${step.seq}`;
          if (location.hash !== address) {
            try { history.replaceState(null, "", address); } catch (error) { /* a page that cannot change its address */ }
          }
        }

        // To the next (1) or previous (-1) listed step.
        function move(direction) {
          let place = placeOf(current);
          place = direction > 0 ? place + (listed[place] === current ? 1 : 0) : place - 1;
          if (place >= 0 && place < listed.length) show(listed[place]);
        }
        const toEnd = end => { if (listed.length > 0) show(end ? listed[listed.length - 1] : listed[0]); };

        const keys = {
          j: () => move(1), ArrowDown: () => move(1), ArrowRight: () => move(1),
          k: () => move(-1), ArrowUp: () => move(-1), ArrowLeft: () => move(-1),
          Home: () => toEnd(false), End: () => toEnd(true), "/": () => search.focus(),
        };
        document.addEventListener("keydown", event => {
          if (event.metaKey || event.ctrlKey || event.altKey) return;
          if (event.target === search || event.target === typeFilter) {
            if (event.key === "Escape" || event.key === "Enter") event.target.blur();
            return;
          }
          const action = keys[event.key];
          if (!action) return;
          event.preventDefault();
          action();
        });
        byId("first").addEventListener("click", () => toEnd(false));
        byId("previous").addEventListener("click", () => move(-1));
        byId("next").addEventListener("click", () => move(1));
        byId("last").addEventListener("click", () => toEnd(true));
        slider.addEventListener("input", () => show(Number(slider.value)));
        rows.addEventListener("click", event => {
          const row = event.target.closest("li");
          if (row) show(Number(row.dataset.index));
        });
        events.addEventListener("scroll", drawRows);
        window.addEventListener("resize", () => {
          measureScale();
          if (steps.length > 0) drawState(value(steps[current].state));
          drawRows();
        });
        search.addEventListener("input", filter);
        // A pick from the menu gives the keys back to the page: a focused menu would take j, k and the arrows.
        typeFilter.addEventListener("change", () => { filter(); typeFilter.blur(); });

        // A tick under the slider at each rejection (one a thousandth of its length).
        const ticked = new Set();
        steps.forEach((step, index) => {
          if (!step.rejected) return;
          const at = steps.length > 1 ? index / (steps.length - 1) : 0;
          if (ticked.has(Math.round(at * 1000))) return;
          ticked.add(Math.round(at * 1000));
          const tick = element("span", "tick");
          tick.style.left = `${at * 100}%`;
          tick.dataset.seq = step.seq;
          tick.title = `seq ${step.seq}: ${step.effect}`;
          tick.addEventListener("click", () => show(index));
          byId("ticks").appendChild(tick);
        });
        const types = new Set();
        for (const step of steps) { types.add(step.type); for (const type of step.types || []) types.add(type); }
        for (const type of [...types].sort()) typeFilter.appendChild(element("option", "", type));
        byId("log").textContent = data.header.join(" · ");
        slider.max = Math.max(0, steps.length - 1);

        // Open at #seq=N (or the last step before it), and follow the address when it changes.
        function showAddress() {
          const asked = /seq=(\d+)/.exec(location.hash);
          if (!asked) return false;
          const seq = Number(asked[1]);
          let index = steps.findIndex(step => step.seq >= seq);
          if (index < 0) index = steps.length - 1;
          else if (steps[index].seq > seq && index > 0) index -= 1;
          show(index);
          return true;
        }
        window.addEventListener("hashchange", showAddress);
        measureScale();
        filter();
        if (steps.length === 0) {
          stage.replaceChildren(element("p", "empty",
            "No event of the log is in this page: --from, --to or a filter left them all out."));
        } else if (!showAddress()) {
          show(0);
        }
        </script>
        </body>
        </html>

        """#
}
