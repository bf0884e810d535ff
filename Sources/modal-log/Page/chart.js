"use strict";
// ---- The chart under the slider: over the whole log, each root's depth
// (its modals not queued) as a line, the keyboard offset as a shaded area,
// and a tick at each rejection (page.js draws those); a click goes there.

const chartColors = ["#3b5bdb", "#2b8a3e", "#e8590c", "#862e9c", "#0b7285", "#c2255c"];

function drawChart(chart) {
  const svg = byId("chart"), legend = byId("legend");
  svg.replaceChildren();
  const empty = !chart || chart.steps === 0;
  svg.style.display = legend.style.display = empty ? "none" : "";
  if (empty) return;
  const width = 1000, height = 36, namespace = svg.namespaceURI;
  const buckets = chart.keyboard.length;
  const x = bucket => buckets > 1 ? bucket / (buckets - 1) * width : width / 2;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const shape = (tag, attributes, title) => {
    const node = document.createElementNS(namespace, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (title) node.appendChild(document.createElementNS(namespace, "title")).textContent = title;
    svg.appendChild(node);
    return node;
  };
  // The keyboard offset, on its own scale: how high it went is in the legend.
  const highest = Math.max(0, ...chart.keyboard);
  if (highest > 0) {
    const points = chart.keyboard.map((offset, bucket) => `${x(bucket)},${height - offset / highest * (height - 2)}`);
    shape("polygon", { points: `0,${height} ${points.join(" ")} ${width},${height}`, class: "keyboard-area" },
      `keyboard offset, up to ${highest} pt`);
  }
  // Each root's depth, a step line, on one scale for all.
  const deepest = Math.max(1, ...chart.depths.flatMap(series => series.values));
  chart.depths.forEach((series, place) => {
    const y = depth => height - 1 - depth / deepest * (height - 4);
    let path = "";
    series.values.forEach((depth, bucket) => {
      path += bucket === 0 ? `M0,${y(depth)}` : `H${x(bucket)}V${y(depth)}`;
    });
    path += `H${width}`;
    shape("path", { d: path, class: "depth", stroke: chartColors[place % chartColors.length] },
      `${series.root}: depth, up to ${Math.max(...series.values)}`).dataset.root = series.root;
  });
  const entries = chart.depths.map((series, place) => {
    const entry = element("span", "", `${series.root} ${Math.max(...series.values)}`);
    entry.style.borderColor = chartColors[place % chartColors.length];
    entry.title = `${series.root}: its depth (modals not queued), up to ${Math.max(...series.values)}`;
    return entry;
  });
  const keyboard = element("span", "keyboard-key", `keyboard offset ${highest} pt`);
  keyboard.title = "the keyboard offset (the largest root's), shaded";
  const rejected = element("span", "rejected-key", `${steps.filter(step => step.rejected).length} rejected`);
  rejected.title = "a red tick at each rejection; n and N go to the next and the previous";
  legend.replaceChildren(element("span", "", "depth:"), ...entries, keyboard, rejected);
}
// (This file runs before page.js: nothing of page.js is used until a click.)
document.getElementById("chart").addEventListener("click", event => {
  const box = event.currentTarget.getBoundingClientRect();
  const at = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
  show(Math.round(at * (steps.length - 1)));
});
