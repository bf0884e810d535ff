"use strict";
const byId = id => document.getElementById(id);
const data = JSON.parse(byId("data").textContent);
// Served by `modal-log serve` (live.js): the page asks the tool for the steps it shows and for what
// needs the whole log. A page on its own holds everything, in chunks it reads as it needs them.
const served = Boolean(data.live);
// Each step, known at first by its seq and type from the outline (thin), then whole (`stepFrom`).
const steps = [];
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

// The node of the table's value `id`: a served page is sent the table as it asks for steps; a page on
// its own holds it in chunks, each read the first time one of its values is.
const valueChunks = [];
function nodeOf(id) {
  if (served) return data.values[id];
  const chunk = Math.floor(id / data.valueChunk);
  if (!valueChunks[chunk]) valueChunks[chunk] = JSON.parse(byId(`values-${chunk}`).textContent);
  return valueChunks[chunk][id - chunk * data.valueChunk];
}
// The data's values, each read once: a state shares with the one before all it did not change.
const decoded = new Map();
function value(id) {
  if (decoded.has(id)) return decoded.get(id);
  const node = nodeOf(id);
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

// ---- The picture (picture.js draws it) and the outline beside it.

// The modal selected by a click on it, in the picture or the outline (`root/link`), or null.
let selected = null;
// True when the list keeps only the steps that name or change the selected modal.
let following = false;

// One scale for the whole page, so a device keeps its size from event to event: the largest (up to
// 0.6) at which the page's largest root fits the stage beside the outline. Drawn again when the window changes.
let scale = 0.6;
function measureScale() {
  const largest = data.largest;
  if (!largest) return;
  const room = { width: stage.clientWidth - byId("outline").offsetWidth - 56,
    height: stage.clientHeight - 40 - offscreenBand - bandCaption - 30 };
  scale = Math.max(0.05, Math.min(0.6, room.width / largest.width, room.height / largest.height));
}

function drawState(state) {
  const devices = byId("devices"), outline = byId("outline");
  if (state.roots.length === 0) {
    devices.replaceChildren(element("p", "empty", "No root is registered at this event."));
    outline.replaceChildren();
    return;
  }
  const composed = devicesOf(state, scale);
  devices.replaceChildren(...composed.map(device => drawDevice(device, scale)));
  const heading = element("div", "outline-heading", "outline, top first");
  outline.replaceChildren(heading, drawOutline(composed), drawSelection());
}

// Under the outline: the selected modal, and the button that follows it from step to step.
function drawSelection() {
  const box = element("div", "selection");
  if (!selected) {
    box.appendChild(element("span", "empty", "Click a modal to select it."));
    return box;
  }
  box.appendChild(element("b", "", selected));
  const button = element("button", "follow", following ? "stop following" : "follow");
  button.id = "follow";
  button.title = "Keep only the steps that name or change it (f)";
  button.addEventListener("click", toggleFollowing);
  box.appendChild(button);
  return box;
}

function select(key) {
  selected = key === selected ? null : key;
  if (!selected && following) { following = false; filter(); }
  redraw();
}
function toggleFollowing() {
  if (!selected) return;
  following = !following;
  // A served page asks the tool which steps name or change it; until it answers, the list keeps them all.
  if (following && served) askFollow(selected).then(() => { filter(); redraw(); });
  filter();
  redraw();
}
function redraw() {
  if (steps.length === 0 || isThin(current)) return;
  drawState(value(steps[current].state));
  drawDetail(steps[current]);
}
stage.addEventListener("click", event => {
  const modal = event.target.closest("[data-key]");
  if (modal && !event.target.closest("button")) select(modal.dataset.key);
});

// The selected modal as the state at step `index` holds it (the same object while it is unchanged), or undefined.
function modalAt(index, key) {
  if (isThin(index)) return undefined;
  const state = value(steps[index].state);
  for (const root of state.roots) {
    for (const modal of root.modals) if (modalKey(root, modal) === key) return modal;
  }
  return undefined;
}
// Whether step `index` names the modal or changes it.
function touches(index, key) {
  if (isThin(index)) return false;
  const step = steps[index];
  if (step.target === key) return true;
  if (step.events && step.events.some(line => line.split(" ").includes(key))) return true;
  return index > 0 ? modalAt(index, key) !== modalAt(index - 1, key) : modalAt(index, key) !== undefined;
}
// The last step at or before `index` that changed the modal, or -1.
function lastChange(index, key) {
  for (let place = index; place >= 0; place--) {
    const now = modalAt(place, key);
    if (place === 0 ? now !== undefined : now !== modalAt(place - 1, key)) return place;
  }
  return -1;
}

// ---- The event list: only its rows on screen are in the page.

let listed = steps.map((_, index) => index);
// Served by the tool (live.js): what the tool answered over the whole log, each null until asked: the
// seqs a --where condition holds after, that the search finds (for a served page, which does not hold
// every step), that name or change the followed modal (and those that change it); and what the tool
// said of the log that the page says too, each note in its own place so one clears without another:
// the stream's (cut or replaced, a line it cannot read), a replayed log's, the --where box's, the
// search's and the steps' loading.
const asked = { where: null, search: null, follow: null };
const toolNotes = { stream: null, replay: null, where: null, search: null, load: null };
let current = 0;
let haystacks = null;

// Each row's columns: the seq, the time since the event before it in the log
// (when the log has times), its source ('-' for none, when the log has
// sources), then the event, what it names and what it did.
let hasSources = false, hasTimes = false;
// Whether the page holds only the seq and type of step `index` (and whether it was rejected, and a
// batch's types), from the outline. A served page asks the tool for the rest as it shows them
// (live.js); a page on its own reads the chunk of steps that holds it, the first time it is asked for.
function isThin(index) {
  const step = steps[index];
  if (step === undefined || step.thin !== true) return false;
  if (served) return true;
  const chunk = Math.floor(index / data.chunk);
  JSON.parse(byId(`steps-${chunk}`).textContent).forEach((row, offset) => {
    const place = chunk * data.chunk + offset;
    steps[place] = stepFrom(row, steps[place]);
  });
  return false;
}
// Step `thin` whole, with `row`, the tool's array for it: the id of its state, its time, target,
// effect and line, and an object of what applies of its origin, source, session, changes, session
// title (starts) and a batch's events.
function stepFrom(row, thin) {
  const [state, time, target, effect, line, more] = row;
  return { seq: thin.seq, type: thin.type, rejected: thin.rejected, types: thin.types,
    state, time, target, effect, line, ...more };
}
function addOutline(outline) {
  outline.kinds.forEach((kind, offset) => {
    const place = outline.from + offset;
    const seq = outline.seqs ? outline.seqs[offset] : outline.firstSeq + place;
    steps[place] = { seq, type: outline.types[kind], thin: true };
  });
  for (const place of outline.rejected) steps[place].rejected = true;
  for (const [place, kinds] of outline.batches) steps[place].types = kinds.map(kind => outline.types[kind]);
  hasTimes = hasTimes || outline.hasTimes;
  hasSources = hasSources || outline.hasSources;
  data.chart = outline.chart;
  data.largest = outline.largest;
}
addOutline(data.outline);

// The time since the step before that has one (on a served page, among those held back to 50 steps:
// its steps come a few hundred at a time; a page on its own reads the chunks before as it needs).
function sinceText(index) {
  const time = steps[index].time;
  if (time === null || time === undefined) return "";
  const first = served ? Math.max(0, index - 50) : 0;
  for (let before = index - 1; before >= first && !isThin(before); before--) {
    if (steps[before].time !== null) return `+${(time - steps[before].time).toFixed(2)}s`;
  }
  return "";
}

function rowText(index) {
  if (isThin(index)) return `${steps[index].seq}  ${steps[index].type}  …`;
  const step = steps[index];
  if (step.starts) return `${step.seq}  ── ${step.starts}`;
  const columns = [String(step.seq)];
  if (hasTimes) columns.push(sinceText(index) || "·");
  if (hasSources) columns.push(step.source || "-");
  return [...columns, step.type, step.target, step.effect].join("  ");
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
    const index = listed[place], text = rowText(index), step = steps[index];
    const row = element("li", [step.rejected ? "rejected" : "", step.starts ? "session" : "",
      index === current ? "current" : ""].join(" ").trim(), text);
    row.style.top = `${place * rowHeight}px`;
    row.dataset.index = index;
    row.dataset.seq = step.seq;
    shown.push(row);
  }
  rows.replaceChildren(...shown);
  // A served page asks for the steps of the rows shown (their chunks only: a filtered list's rows
  // may be far apart), then draws them again.
  if (served && first < last) loadPlaces(listed.slice(first, last)).then(loaded => { if (loaded) drawRows(); });
}

// The search, as a test of a row's text (its columns and its line, in lower
// case), or null for an empty search: every word must be in it, a "quoted
// phrase" as written, a -word must not, and /a regular expression/ must
// match (case aside). A regular expression that does not compile is
// searched for as text.
function searchTest(text) {
  const terms = [];
  for (const [, phrase, pattern, word] of text.matchAll(/"([^"]*)"?|\/((?:\\.|[^/])+)\/|(\S+)/g)) {
    if (phrase !== undefined) { if (phrase) terms.push(row => row.includes(phrase.toLowerCase())); continue; }
    if (pattern !== undefined) {
      let expression = null;
      try { expression = new RegExp(pattern, "i"); } catch (error) { /* searched for as text below */ }
      const literal = `/${pattern}/`.toLowerCase();
      terms.push(expression ? row => expression.test(row) : row => row.includes(literal));
      continue;
    }
    const lower = word.toLowerCase();
    if (lower.length > 1 && lower.startsWith("-")) terms.push(row => !row.includes(lower.slice(1)));
    else terms.push(row => row.includes(lower));
  }
  return terms.length === 0 ? null : row => terms.every(term => term(row));
}

function filter() {
  const matches = searchTest(search.value);
  const kept = [...chosenTypes].filter(([, keep]) => keep).map(([type]) => type);
  const hidden = new Set([...chosenTypes].filter(([, keep]) => !keep).map(([type]) => type));
  // A step's types: its own, and a batch's events'.
  const typesOf = step => [step.type, ...(step.types || [])];
  if (matches && served) askSearch(search.value);
  if (matches && !served && !haystacks) {
    haystacks = steps.map((_, index) => `${rowText(index)} ${steps[index].line}`.toLowerCase());
  }
  // What the tool answered, for what is asked now (a served page's search and follow).
  const searched = matches && served ? (asked.search && asked.search.text === search.value ? asked.search.seqs : null) : null;
  const followed = following && served && asked.follow && asked.follow.key === selected ? asked.follow.seqs : null;
  listed = [];
  steps.forEach((step, index) => {
    if (kept.length > 0 && !typesOf(step).some(type => kept.includes(type))) return;
    if (hidden.size > 0 && typesOf(step).every(type => hidden.has(type))) return;
    if (matches && (served ? searched && !searched.has(step.seq) : !matches(haystacks[index]))) return;
    if (following && (served ? followed && !followed.has(step.seq) : !touches(index, selected))) return;
    if (asked.where && !asked.where.has(step.seq)) return;
    listed.push(index);
  });
  rows.style.height = `${listed.length * rowHeight}px`;
  count.textContent = listed.length === steps.length ? `${steps.length} events` : `${listed.length} of ${steps.length}`;
  reveal();
  drawNotice();
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

// What the page leaves out, said where the position is: the events the
// export kept, and a step the search or the type menu does not list.
function drawNotice() {
  const notes = [];
  for (const note of Object.values(toolNotes)) if (note) notes.push(note);
  if (data.filtered) notes.push(`This page holds only the events ${data.filtered} keeps.`);
  if (asked.where) notes.push(`The list keeps the events after which the --where condition holds (${asked.where.size}).`);
  if (following) notes.push(`Following ${selected}: the list keeps the steps that name or change it (f stops).`);
  if (steps.length > 0 && listed[placeOf(current)] !== current) {
    notes.push(`seq ${steps[current].seq} is not in the list: a search, the type or a follow leaves it out; j and k go to the rows kept.`);
  }
  const notice = byId("notice");
  notice.textContent = notes.join(" ");
  notice.hidden = notes.length === 0;
}

function show(index) {
  if (index < 0 || index >= steps.length) return;
  if (isThin(index) || (index > 0 && isThin(index - 1))) {
    // A served page's step not loaded yet (with the one before, for the time since it and the state
    // before it): the position moves now, the picture once the tool has sent it.
    current = index;
    slider.value = index;
    where.textContent = `seq ${steps[index].seq} · loading…`;
    load(Math.max(0, index - 1), index + 1).then(() => { if (current === index && !isThin(index)) show(index); });
    return;
  }
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
  drawNotice();
  followInAddress();
}

// The address says the position once stepping pauses, and at once when the
// page loses the focus (a person going to copy it): an address changed at
// every step of a quick run is throttled by the browser, and falls behind.
let addressTimer = null;
function writeAddress() {
  clearTimeout(addressTimer);
  addressTimer = null;
  if (steps.length === 0) return;
  const address = `#seq=${steps[current].seq}`;
  if (location.hash === address) return;
  try { history.replaceState(null, "", address); } catch (error) { /* a page that cannot change its address */ }
}
function followInAddress() {
  clearTimeout(addressTimer);
  addressTimer = setTimeout(writeAddress, 250);
}
window.addEventListener("blur", writeAddress);
window.addEventListener("pagehide", writeAddress);
document.addEventListener("visibilitychange", writeAddress);

// The place in `listed` of the next (1) or previous (-1) step from the current one.
function placeAfter(direction) {
  const place = placeOf(current);
  return direction > 0 ? place + (listed[place] === current ? 1 : 0) : place - 1;
}
// To the next (1) or previous (-1) listed step.
function move(direction) {
  const place = placeAfter(direction);
  if (place >= 0 && place < listed.length) show(listed[place]);
}
const toEnd = end => { if (listed.length > 0) show(end ? listed[listed.length - 1] : listed[0]); };
// To the next (1) or previous (-1) listed step that was rejected.
function moveToRejection(direction) {
  for (let place = placeAfter(direction); place >= 0 && place < listed.length; place += direction) {
    if (steps[listed[place]].rejected) return show(listed[place]);
  }
}
// Ten listed steps on (1) or back (-1), or to the end there is.
function page(direction) {
  if (listed.length === 0) return;
  const place = Math.min(Math.max(placeOf(current) + 10 * direction, 0), listed.length - 1);
  show(listed[place]);
}

const keys = {
  j: () => move(1), ArrowDown: () => move(1), ArrowRight: () => move(1),
  k: () => move(-1), ArrowUp: () => move(-1), ArrowLeft: () => move(-1),
  Home: () => toEnd(false), End: () => toEnd(true), "/": () => search.focus(),
  n: () => moveToRejection(1), N: () => moveToRejection(-1),
  PageDown: () => page(1), PageUp: () => page(-1), f: toggleFollowing,
};
document.addEventListener("keydown", event => {
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  // A key typed in a box is the box's (a key sent to the document has no element to be in).
  if (event.target instanceof Element && event.target.closest("input, select, textarea")) {
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
  if (steps.length > 0 && !isThin(current)) drawState(value(steps[current].state));
  drawRows();
});
search.addEventListener("input", filter);
// A pick from the menu gives the keys back to the page: a focused menu would take j, k and the arrows.
// The type menu keeps types (`modal.present`) or hides them (`-drag.change`),
// several at once, each a chip that a click takes away; "all types" clears them.
const chosenTypes = new Map();
function drawChosenTypes() {
  byId("chosen").replaceChildren(...[...chosenTypes].map(([type, keep]) => {
    const chip = element("span", keep ? "chip" : "chip hidden", type);
    chip.title = keep ? `only ${type} (click to take it away)` : `hiding ${type} (click to take it away)`;
    chip.addEventListener("click", () => { chosenTypes.delete(type); drawChosenTypes(); filter(); });
    return chip;
  }));
}
typeFilter.addEventListener("change", () => {
  const picked = typeFilter.value;
  if (picked === "") chosenTypes.clear();
  else if (picked.startsWith("-")) chosenTypes.set(picked.slice(1), false);
  else chosenTypes.set(picked, true);
  typeFilter.value = "";
  drawChosenTypes();
  filter();
  typeFilter.blur();
});

// A tick under the slider at each rejection (one a thousandth of its length).
function drawTicks() {
  const ticked = new Set(), ticks = [];
  steps.forEach((step, index) => {
    if (!step.rejected) return;
    const at = steps.length > 1 ? index / (steps.length - 1) : 0;
    if (ticked.has(Math.round(at * 1000))) return;
    ticked.add(Math.round(at * 1000));
    const tick = element("span", "tick");
    tick.style.left = `${at * 100}%`;
    tick.dataset.seq = step.seq;
    // Its rejection, once the page holds the step (read when the pointer comes: a served page asks for it).
    tick.title = `seq ${step.seq}: rejected`;
    tick.addEventListener("mouseenter", () => {
      tick.title = `seq ${step.seq}: ${isThin(index) ? "rejected" : steps[index].effect}`;
    });
    tick.addEventListener("click", () => show(index));
    ticks.push(tick);
  });
  byId("ticks").replaceChildren(...ticks);
}
// The type menu: each type of the log (a batch's events' too), to keep or to hide.
function drawTypeMenu() {
  const types = new Set();
  for (const step of steps) { types.add(step.type); for (const type of step.types || []) types.add(type); }
  const options = [typeFilter.options[0]];
  for (const type of [...types].sort()) {
    options.push(element("option", "", type));
    const hide = element("option", "", `hide ${type}`);
    hide.value = `-${type}`;
    options.push(hide);
  }
  typeFilter.replaceChildren(...options);
}
drawTicks();
drawTypeMenu();
byId("log").textContent = data.header.join(" · ");
drawChart(data.chart);
slider.max = Math.max(0, steps.length - 1);

// Open at #seq=N (or the last step before it), and follow the address when it changes.
function showAddress() {
  const match = /seq=(\d+)/.exec(location.hash);
  if (!match) return false;
  const seq = Number(match[1]);
  let index = steps.findIndex(step => step.seq >= seq);
  if (index < 0) index = steps.length - 1;
  else if (steps[index].seq > seq && index > 0) index -= 1;
  show(index);
  return true;
}
window.addEventListener("hashchange", showAddress);

// Draws the page at its first position: called once every script has run (live.js, the last, calls it).
function start() {
  measureScale();
  filter();
  if (steps.length === 0) {
    byId("devices").replaceChildren(element("p", "empty", data.live
      ? "No event in the log yet: the page shows each one as the app appends it."
      : "No event of the log is in this page: --from, --to or a filter left them all out."));
  } else if (!showAddress()) {
    // A page that follows an app opens at its latest event; any other at the first.
    show(data.live && !data.live.skipped ? steps.length - 1 : 0);
  }
}
