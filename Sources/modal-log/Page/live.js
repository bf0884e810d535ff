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

// Loads the chunks of the steps at `places` that the page does not hold, one request after another
// (each brings the table's values from what the page holds on). Resolves to whether any chunk came.
// A chunk that failed is not asked for again for two seconds.
let loading = Promise.resolve();
const loadingChunks = new Map(), failedChunks = new Map();
let tableGone = false;
function loadPlaces(places) {
  const chunks = new Set(places.filter(place => isThin(place)).map(place => Math.floor(place / chunk)));
  const waits = [];
  for (const index of chunks) {
    if (tableGone || Date.now() - (failedChunks.get(index) || 0) < 2000) continue;
    if (!loadingChunks.has(index)) {
      const done = loading.then(() => loadChunk(index)).catch(error => {
        failedChunks.set(index, Date.now());
        toolNotes.load = `The tool did not send the steps: ${error.message || error}`;
        drawNotice();
        return false;
      }).finally(() => loadingChunks.delete(index));
      loading = done;
      loadingChunks.set(index, done);
    }
    waits.push(loadingChunks.get(index));
  }
  return Promise.all(waits).then(loaded => loaded.some(Boolean));
}
function load(from, to) {
  const places = [];
  for (let place = from; place < to; place++) places.push(place);
  return loadPlaces(places);
}
async function loadChunk(index) {
  const answer = await askTool(live.steps, { from: index * chunk, count: chunk, table: live.table,
    values: data.values.length, shapes: data.shapes.length });
  if (answer.reload) {
    // The tool's table is not the one this page holds the start of (the tool restarted, or the log was
    // read again): its steps cannot be read against this page's.
    tableGone = true;
    toolNotes.load = "The tool has read the log again since this page opened: reload the page.";
    drawNotice();
    return false;
  }
  if (answer.error) throw new Error(answer.error);
  for (const shape of answer.shapes) data.shapes.push(shape);
  for (const value of answer.values) data.values.push(value);
  // Steps the page does not know of yet (appended since its outline) wait for the outline.
  answer.steps.forEach((row, offset) => {
    const place = answer.from + offset;
    if (place < steps.length && isThin(place)) steps[place] = stepFrom(row, steps[place]);
  });
  if (toolNotes.load) { toolNotes.load = null; drawNotice(); }
  return true;
}

// The search over the whole log, answered by the tool (a served page does not hold every step).
let searchTimer = null;
function askSearch(text) {
  if (asked.search && asked.search.text === text) return;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    try {
      const answer = await askTool(live.search, { text });
      toolNotes.search = answer.error ? `The search: ${answer.error}` : null;
      asked.search = { text, seqs: new Set(answer.seqs || []) };
    } catch (error) {
      toolNotes.search = `The search: the tool did not answer (${error.message || error})`;
    }
    if (search.value === text) filter(); else drawNotice();
  }, 200);
}

// The steps that name or change the modal `key` (ROOT/LINK), and those that change it; asked once
// for a key (again with `again`, when the log grew), the answer kept until another key is asked.
const followAsks = new Map();
function askFollow(key, again = false) {
  if (!again && asked.follow && asked.follow.key === key) return Promise.resolve();
  if (!followAsks.has(key)) {
    const [root, ...rest] = key.split("/");
    const ask = askTool(live.follow, { root, link: rest.join("/") }).then(answer => {
      asked.follow = { key, seqs: new Set(answer.seqs || []), changes: answer.changes || [] };
    }).catch(() => {}).finally(() => followAsks.delete(key));
    followAsks.set(key, ask);
  }
  return followAsks.get(key);
}
// The place of the step that last changed the followed modal at or before the current one, or -1.
function lastChangeAsked(key) {
  if (!asked.follow || asked.follow.key !== key) return -1;
  const seq = steps[current].seq;
  const changes = asked.follow.changes.filter(change => change <= seq);
  if (changes.length === 0) return -1;
  const place = steps.findIndex(step => step.seq === changes[changes.length - 1]);
  if (place >= 0 && isThin(place)) {
    load(place, place + 1).then(loaded => { if (loaded && !isThin(current)) drawDetail(steps[current]); });
  }
  return place;
}

// The outline of what the app appended: the page knows of the new steps, its list, chart, ticks and
// type menu grow, and a page at its last step moves on to the new last one. A followed modal's steps
// are asked again (the list keeps the old ones until the answer comes).
function appendOutline(outline) {
  const atEnd = steps.length === 0 || current === steps.length - 1;
  addOutline(outline);
  measureScale();
  asked.search = null;
  if (following && selected) askFollow(selected, true).then(filter);
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
      if (toolNotes.stream) { toolNotes.stream = null; drawNotice(); }
      appendOutline(message.outline);
    });
    stream.addEventListener("problem", event => { toolNotes.stream = event.data; drawNotice(); });
    stream.addEventListener("replaced", event => {
      stream.close();
      toolNotes.stream = event.data;
      status.textContent = "● stopped";
      status.className = "off";
      drawNotice();
    });
    stream.addEventListener("error", () => {
      if (status.className === "off") return;
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
  if (!text) { asked.where = null; toolNotes.where = null; filter(); return; }
  try {
    const answer = await askTool(live.where, { condition: text });
    if (answer.error) { toolNotes.where = `--where: ${answer.error}`; asked.where = null; }
    else { toolNotes.where = null; asked.where = new Set(answer.seqs); }
  } catch (error) {
    toolNotes.where = `--where: the tool did not answer (${error.message || error})`;
  }
  filter();
});

// The log replayed without the event `seq` (with any left out already): a page the tool makes.
function skipEvent(seq) {
  const skipped = [...(live.skipped || []), seq];
  location.href = `${live.page}?skip=${skipped.join(",")}#seq=${seq}`;
}

if (!live) {
  condition.disabled = true;
  condition.placeholder = "--where: needs modal-log serve";
  condition.title = "Searching with a --where condition, and replaying without an event, need the page served "
    + "by modal-log serve LOG: the tool answers them.";
} else if (live.skipped) {
  const seqs = live.skipped.join(", ");
  toolNotes.replay = `This page is the log replayed without seq ${seqs} (as replay --skip ${live.skipped.join(",")} does); `
    + "it does not follow the app.";
  const back = byId("live");
  back.replaceChildren(element("a", "", "back to the log"));
  back.firstChild.href = live.page;
}
start();
if (live && !live.skipped) followLog();
