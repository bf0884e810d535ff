"use strict";
// ---- Served by `modal-log serve`: the page follows the log as the app
// appends to it, searches with a --where condition and shows the log
// replayed without an event, each answered by the tool. A page on its own
// (`export --format html`) says these need `serve`.

const live = data.live;

// The steps, values and shapes the tool sent, appended to the page's own; the list, the chart and the
// menus grow, and a page at its last step moves on to the new last one.
function appendSteps(added) {
  const atEnd = steps.length === 0 || current === steps.length - 1;
  const from = steps.length;
  for (const shape of added.shapes) data.shapes.push(shape);
  for (const value of added.values) data.values.push(value);
  for (const step of added.steps) steps.push(step);
  data.chart = added.chart;
  data.largest = added.largest;
  indexSteps(from);
  haystacks = null;
  slider.max = Math.max(0, steps.length - 1);
  drawTicks();
  drawTypeMenu();
  drawChart(data.chart);
  measureScale();
  filter();
  if (atEnd) show(steps.length - 1); else drawNotice();
}

// Follows the log: the tool sends what is appended from the mark the page holds. A stream that
// breaks (the tool stopped, the laptop slept) is opened again from the mark the page holds then.
function follow() {
  let mark = live.mark;
  const status = byId("live");
  const open = () => {
    const query = ["generation", "steps", "values", "shapes"].map(key => `${key}=${mark[key]}`).join("&");
    const stream = new EventSource(`${live.events}?${query}`);
    stream.addEventListener("open", () => { status.textContent = "● following the log"; status.className = "on"; });
    stream.addEventListener("appended", event => {
      const message = JSON.parse(event.data);
      mark = message.mark;
      if (liveNote) { liveNote = null; drawNotice(); }
      appendSteps(message.data);
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

// The --where search (the seqs it keeps are page.js's `whereSeqs`).
const condition = byId("condition");
condition.addEventListener("keydown", async event => {
  if (event.key !== "Enter") return;
  const text = condition.value.trim();
  if (!text) { whereSeqs = null; liveNote = null; filter(); return; }
  try {
    const response = await fetch(`${live.where}?condition=${encodeURIComponent(text)}`);
    const answer = await response.json();
    if (answer.error) { liveNote = `--where: ${answer.error}`; whereSeqs = null; }
    else { liveNote = null; whereSeqs = new Set(answer.seqs); }
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
  drawNotice();
} else {
  follow();
}
