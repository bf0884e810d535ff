"use strict";
// ---- The inspector, under the event list: what the step did (the event
// tab) and the state as a tree with the step's changes marked (the state tab).

let inspectorTab = "event";

// The state's tree, the step's changes marked: a value the step changed as
// a `-` line (before) over a `+` line (after), a root or modal it added as
// `+`, one it removed as `-`. A part the step did not touch is folded.
function drawStateTree(before, after) {
  const tree = element("div", "tree-view");
  tree.appendChild(treeNode("state", before, after, true));
  return tree;
}

const isObject = value => value !== null && typeof value === "object";
const shortText = value => JSON.stringify(value);

// The name an element of a list goes by, to match it with its own before: a root's or a modal's.
function nameOf(value) {
  if (!isObject(value) || Array.isArray(value)) return undefined;
  if (value.root !== undefined) return `root "${value.root}"`;
  return value.link === undefined ? undefined : `modal "${value.link}"`;
}

function treeNode(key, before, after, open) {
  if (before === after && !isObject(after)) return leaf("same", key, after);
  if (before === undefined) return isObject(after) ? branch("added", key, undefined, after, false) : leaf("added", key, after);
  if (after === undefined) return isObject(before) ? branch("removed", key, before, undefined, false) : leaf("removed", key, before);
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    if (shortText(before) === shortText(after)) return leaf("same", key, after);
    const pair = element("div", "pair");
    pair.append(leaf("removed", key, before), leaf("added", key, after));
    return pair;
  }
  return branch(before === after ? "same" : "changed", key, before, after, open || before !== after);
}

function leaf(kind, key, value) {
  const sign = kind === "added" ? "+ " : kind === "removed" ? "- " : "  ";
  return element("div", `leaf ${kind}`, `${sign}${key}: ${shortText(value)}`);
}

// An object or a list: its members matched by key, a list's by name where its elements have one.
function branch(kind, key, before, after, open) {
  const node = element("details", `branch ${kind}`);
  node.open = open && kind !== "removed";
  const either = after ?? before;
  const summary = element("summary", "",
    `${kind === "added" ? "+ " : kind === "removed" ? "- " : "  "}${key}${summaryOf(either)}`);
  node.appendChild(summary);
  const pairs = [];
  if (Array.isArray(either)) {
    const old = before || [], now = after || [];
    const named = [...old, ...now].every(value => nameOf(value) !== undefined);
    if (named) {
      for (const value of now) pairs.push([nameOf(value), old.find(other => nameOf(other) === nameOf(value)), value]);
      for (const value of old) {
        if (!now.some(other => nameOf(other) === nameOf(value))) pairs.push([nameOf(value), value, undefined]);
      }
    } else {
      for (let index = 0; index < Math.max(old.length, now.length); index++) pairs.push([index, old[index], now[index]]);
    }
  } else {
    const old = before || {}, now = after || {};
    for (const member of Object.keys(now)) pairs.push([member, old[member], now[member]]);
    for (const member of Object.keys(old)) if (!(member in now)) pairs.push([member, old[member], undefined]);
  }
  // Filled when first opened: a folded part costs nothing.
  const fill = () => {
    if (node.dataset.filled) return;
    node.dataset.filled = "true";
    for (const [member, old, now] of pairs) {
      const child = before === undefined ? treeNode(member, undefined, now, false)
        : after === undefined ? treeNode(member, old, undefined, false) : treeNode(member, old, now, false);
      node.appendChild(child);
    }
  };
  if (node.open) fill(); else node.addEventListener("toggle", fill);
  return node;
}

const summaryOf = value => Array.isArray(value) ? ` [${value.length}]` : "";

function drawDetail(step) {
  const tabs = element("div", "tabs");
  for (const [name, label] of [["event", "event"], ["state", "state"]]) {
    const tab = element("button", name === inspectorTab ? "tab chosen" : "tab", label);
    tab.dataset.tab = name;
    tab.addEventListener("click", () => {
      inspectorTab = name;
      if (!isThin(current)) drawDetail(steps[current]);
    });
    tabs.appendChild(tab);
  }
  const parts = inspectorTab === "state" ? stateTab(step) : eventTab(step);
  detail.replaceChildren(tabs, ...parts);
}

function stateTab(step) {
  const after = value(step.state);
  const before = current > 0 && !isThin(current - 1) ? value(steps[current - 1].state) : { keyboard: {}, roots: [] };
  const note = current > 0 ? `- before seq ${step.seq}, + after it` : "+ what the first step made";
  return [element("div", "note", note), drawStateTree(before, after)];
}

function eventTab(step) {
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
  if (selected) parts.push(lastChangeNote(selected));
  parts.push(element("pre", "raw", step.line));
  // Redux DevTools' "skip": the log replayed without this event, which the tool answers (live.js).
  const skip = element("button", "skip", "replay without this event");
  if (data.live) {
    skip.addEventListener("click", () => skipEvent(step.seq));
  } else {
    skip.disabled = true;
    skip.title = "Needs the page served by modal-log serve LOG: the tool replays the log without it.";
  }
  parts.push(skip);
  return parts;
}

// For the selected modal: the step that last changed it, a link to it.
function lastChangeNote(key) {
  const note = element("div", "last-change");
  if (isThin(current)) return note;
  if (served && !(asked.follow && asked.follow.key === key)) {
    // A served page asks the tool, then draws the note again.
    note.textContent = `${key}: looking for the step that last changed it…`;
    askFollow(key).then(() => { if (selected === key && !isThin(current)) drawDetail(steps[current]); });
    return note;
  }
  const place = served ? lastChangeAsked(key) : lastChange(current, key);
  if (place < 0) {
    note.textContent = modalAt(current, key) === undefined ? `${key} is not in the state here.`
      : `${key} has not changed since the log's first state.`;
    return note;
  }
  note.appendChild(document.createTextNode(`${key} last changed at `));
  const link = element("a", "", `seq ${steps[place].seq} (${steps[place].type})`);
  link.href = `#seq=${steps[place].seq}`;
  link.addEventListener("click", event => { event.preventDefault(); show(place); });
  note.appendChild(link);
  if (modalAt(current, key) === undefined) note.appendChild(document.createTextNode(", which removed it."));
  return note;
}
