"use strict";
// ---- Served by `modal-log serve`: the page knows every step by its seq
// and type (page.js's outline) and asks the tool for the steps it shows,
// a few hundred at a time; it follows the log as the app appends to it;
// and the tool answers what needs the whole log: a --where condition, the
// search, the steps of a followed modal, and the log replayed without an
// event. A page on its own (`export --format html`) holds every step, and
// says that the --where search and skipping need `serve`.

const live = data.live;
const chunk = 256;

// An address of the tool's with `query`, and the events the page leaves out (a replayed log's).
function toolAddress(address, query) {
  const all = { ...query };
  if (live.skipped) all.skip = live.skipped.join(",");
  return `${address}?${Object.entries(all).map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
}
async function askTool(address, query) {
  const response = await fetch(toolAddress(address, query));
  return response.json();
}

// Loads the steps from `from` to before `to` that the page does not hold, a chunk at a time, one
// request after another (each brings the table's values from what the page holds on). Resolves to
// whether it loaded any.
let loading = Promise.resolve();
const loadingChunks = new Map();
function load(from, to) {
  const waits = [];
  for (let index = Math.floor(from / chunk); index * chunk < to; index++) {
    let thin = false;
    for (let place = index * chunk; place < Math.min((index + 1) * chunk, steps.length); place++) {
      if (isThin(place)) { thin = true; break; }
    }
    if (!thin) continue;
    if (!loadingChunks.has(index)) {
      loading = loading.then(() => loadChunk(index)).catch(error => {
        liveNote = `The tool did not send the steps: ${error}`;
        drawNotice();
      });
      loadingChunks.set(index, loading);
    }
    waits.push(loadingChunks.get(index));
  }
  return waits.length === 0 ? Promise.resolve(false) : Promise.all(waits).then(() => true);
}
async function loadChunk(index) {
  const answer = await askTool(live.steps, { from: index * chunk, count: chunk,
    values: data.values.length, shapes: data.shapes.length });
  loadingChunks.delete(index);
  if (answer.error) throw new Error(answer.error);
  for (const shape of answer.shapes) data.shapes.push(shape);
  for (const value of answer.values) data.values.push(value);
  answer.steps.forEach((step, offset) => { steps[answer.from + offset] = step; });
}

// The search over the whole log, answered by the tool (a served page does not hold every step).
let searchTimer = null;
function askSearch(text) {
  if (asked.search && asked.search.text === text) return;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    const answer = await askTool(live.search, { text });
    asked.search = { text, seqs: new Set(answer.seqs || []) };
    if (search.value === text) filter();
  }, 200);
}

// The steps that name or change the modal `key` (ROOT/LINK), and those that change it.
async function askFollow(key) {
  if (asked.follow && asked.follow.key === key) return;
  const answer = await askTool(live.follow, { modal: key });
  asked.follow = { key, seqs: new Set(answer.seqs || []), changes: answer.changes || [] };
}
// The place of the step that last changed the followed modal at or before the current one, or -1.
function lastChangeAsked(key) {
  if (!asked.follow || asked.follow.key !== key) return -1;
  const seq = steps[current].seq;
  const changes = asked.follow.changes.filter(change => change <= seq);
  if (changes.length === 0) return -1;
  const place = steps.findIndex(step => step.seq === changes[changes.length - 1]);
  if (place >= 0 && isThin(place)) load(place, place + 1).then(() => drawDetail(steps[current]));
  return place;
}

// The outline of what the app appended: the page knows of the new steps, its list, chart, ticks and
// type menu grow, and a page at its last step moves on to the new last one.
function appendOutline(outline) {
  const atEnd = steps.length === 0 || current === steps.length - 1;
  addOutline(outline);
  asked.search = asked.follow = null;
  slider.max = Math.max(0, steps.length - 1);
  drawTicks();
  drawTypeMenu();
  drawChart(data.chart);
  filter();
  if (atEnd) show(steps.length - 1); else drawNotice();
}

// Follows the log: the tool sends what is appended from the mark the page holds. A stream that
// breaks (the tool stopped, the laptop slept) is opened again from the mark the page holds then.
function followLog() {
  let mark = live.mark;
  const status = byId("live");
  const open = () => {
    const stream = new EventSource(toolAddress(live.events, { generation: mark.generation, steps: mark.steps }));
    stream.addEventListener("open", () => { status.textContent = "● following the log"; status.className = "on"; });
    stream.addEventListener("appended", event => {
      const message = JSON.parse(event.data);
      mark = message.mark;
      if (liveNote) { liveNote = null; drawNotice(); }
      appendOutline(message.outline);
    });
    stream.addEventListener("problem", event => { liveNote = event.data; drawNotice(); });
    stream.addEventListener("replaced", event => {
      stream.close();
      liveNote = event.data;
      status.textContent = "● stopped";
      status.className = "off";
      drawNotice();
    });
    stream.addEventListener("error", () => {
      if (status.className === "off" && liveNote) return;
      stream.close();
      status.textContent = "● reconnecting";
      status.className = "waiting";
      setTimeout(open, 2000);
    });
  };
  open();
}

// The --where search (the seqs it keeps are page.js's `asked.where`).
const condition = byId("condition");
condition.addEventListener("keydown", async event => {
  if (event.key !== "Enter") return;
  const text = condition.value.trim();
  if (!text) { asked.where = null; liveNote = null; filter(); return; }
  try {
    const answer = await askTool(live.where, { condition: text });
    if (answer.error) { liveNote = `--where: ${answer.error}`; asked.where = null; }
    else { liveNote = null; asked.where = new Set(answer.seqs); }
  } catch (error) {
    liveNote = `--where: the tool did not answer (${error})`;
  }
  filter();
});

// The log replayed without the current event (with any left out already): a page the tool makes.
function skipCurrent() {
  const skipped = [...(live.skipped || []), steps[current].seq];
  location.href = `${live.page}?skip=${skipped.join(",")}#seq=${steps[current].seq}`;
}

if (!live) {
  condition.disabled = true;
  condition.placeholder = "--where: needs modal-log serve";
  condition.title = "Searching with a --where condition, and replaying without an event, need the page served "
    + "by modal-log serve LOG: the tool answers them.";
} else if (live.skipped) {
  const seqs = live.skipped.join(", ");
  liveNote = `This page is the log replayed without seq ${seqs} (as replay --skip ${live.skipped.join(",")} does); `
    + "it does not follow the app.";
  const back = byId("live");
  back.replaceChildren(element("a", "", "back to the log"));
  back.firstChild.href = live.page;
}
start();
if (live && !live.skipped) followLog();
