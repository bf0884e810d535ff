"use strict";
// ---- The picture of a state, as iOS composes it on a screen.
//
// A device is a screen: the roots of one size are on it, composed bottom to
// top by level (a window root is a window of the screen, an overlay root a
// view over it), so one device has one keyboard and one top modal. Roots of
// another size (an iPad's, a second display's) are a device of their own;
// the device that holds the lowest level comes first.

const labelHeight = 16; // CSS px: a modal's name line, which nothing above it covers
const stripHeight = 14; // CSS px: a card behind the top one, a line each above it
const offscreenBand = 44; // CSS px: how much of what is lifted past a root's top is drawn
const bandCaption = 14; // CSS px: the line above that band that says what it is
const sheetLike = style => style !== "alert" && style !== "toast" && style !== "fullScreen";
const modalKey = (root, modal) => `${root.root}/${modal.link}`;

// A snap position's height as a fraction of the root's: between two points, in proportion; -1 is 0.
function snapFraction(snap) {
  const points = snap.points, position = snap.position;
  if (position <= -1) return 0;
  if (position < 0) return points[0] * (position + 1);
  if (position >= points.length - 1) return points[points.length - 1];
  const below = Math.floor(position);
  return points[below] + (points[below + 1] - points[below]) * (position - below);
}

// A modal's box as iOS lays it out, in points from the top left of its root:
// a sheet, card or custom modal as wide as the root (narrower by 5% for each
// sheet above it, to three: scaled back as iOS draws a sheet stack), as high
// as its top card's height or its snap position, its bottom on the root's
// keyboard offset; an alert 270 × 150 centred above that offset; a toast
// 64 high near the top; a full-screen modal the whole root. A box lifted
// past the top has a negative top: it is drawn past the edge.
function naturalBox(modal, root, sheetsAbove) {
  const width = root.size.width, height = root.size.height;
  const lift = root.keyboardOffset, inset = Math.min(16, width / 10);
  switch (modal.style) {
    case "alert": {
      const box = { width: Math.min(270, width - 2 * inset), height: Math.min(150, height) };
      return { ...box, left: (width - box.width) / 2, top: (height - lift - box.height) / 2 };
    }
    case "toast": {
      const boxHeight = Math.min(64, height);
      return { width: width - 2 * inset, height: boxHeight, left: inset, top: Math.min(54, height - boxHeight) };
    }
    case "fullScreen":
      return { width, height, left: 0, top: 0 };
    default: {
      const top = modal.cards[modal.cards.length - 1];
      const boxHeight = top.height == null ? snapFraction(modal.snap) * height : top.height;
      const boxWidth = width * (1 - 0.05 * Math.min(sheetsAbove, 3));
      return { width: boxWidth, height: boxHeight, left: (width - boxWidth) / 2, top: height - lift - boxHeight };
    }
  }
}

// The height of a modal's header, in CSS px: a strip for each visible card behind the top one, then its name.
const headerOf = modal => labelHeight + (Math.min(modal.visibleCards, modal.cards.length) - 1) * stripHeight;

// The devices of a state, each with its layers bottom to top: every modal
// that is not queued, its box in CSS px from the top left of the screen.
// Each box is then moved down, past the header of every box under it that
// it would cover, so every live modal's name stays in view (a sheet over
// a sheet leaves the lower one peeking out above it, as iOS does), and a
// box lifted past the top keeps no more than `offscreenBand` px above it.
function devicesOf(state, scale) {
  const devices = [];
  for (const root of state.roots) {
    const size = `${root.size.width}×${root.size.height}`;
    let device = devices.find(device => device.size === size);
    if (!device) {
      device = { size, width: root.size.width, height: root.size.height, roots: [], layers: [] };
      devices.push(device);
    }
    device.roots.push(root);
  }
  const lowest = device => Math.min(...device.roots.map(root => root.level));
  devices.sort((a, b) => lowest(a) - lowest(b));
  for (const device of devices) {
    for (const root of device.roots) {
      const showing = root.modals.filter(modal => modal.phase !== "queued");
      const topmost = showing.filter(modal => modal.phase !== "dismissing").pop();
      showing.forEach((modal, place) => {
        const above = showing.slice(place + 1).filter(other => sheetLike(other.style)).length;
        const box = naturalBox(modal, root, sheetLike(modal.style) ? above : 0);
        device.layers.push({ root, modal, key: modalKey(root, modal), dimmed: root.dimming.visible && modal === topmost,
          points: box, box: pixelBox(box, scale, headerOf(modal)), header: headerOf(modal) });
      });
    }
    keepHeadersInView(device.layers);
    const shown = device.layers.filter(layer => layer.modal.phase !== "dismissing");
    device.top = shown.length > 0 ? shown[shown.length - 1] : null;
    device.band = Math.min(offscreenBand, Math.max(0, ...device.layers.map(layer => -layer.box.top)));
    // Where the screen's top is in the device's picture: below the band and its caption, when there is one.
    device.screenTop = device.band > 0 ? device.band + bandCaption : 0;
    markKeyboard(device, state.keyboard, scale);
  }
  return devices;
}

// A box in CSS px, its top no higher than the band past the screen's top, and at least a header high.
function pixelBox(points, scale, header) {
  const box = { left: points.left * scale, top: points.top * scale, width: points.width * scale,
    height: points.height * scale };
  box.offscreen = box.top < 0 ? -points.top : 0;
  if (box.top < -offscreenBand) {
    box.height -= -offscreenBand - box.top;
    box.top = -offscreenBand;
  }
  box.height = Math.max(box.height, header);
  return box;
}

function keepHeadersInView(layers) {
  layers.forEach((layer, place) => {
    const box = layer.box;
    for (let moved = true; moved;) {
      moved = false;
      for (const lower of layers.slice(0, place)) {
        const header = { left: lower.box.left, right: lower.box.left + lower.box.width, top: lower.box.top,
          bottom: lower.box.top + lower.header };
        const covers = box.left < header.right - 0.5 && box.left + box.width > header.left + 0.5
          && box.top < header.bottom - 0.5 && box.top + box.height > header.top + 0.5;
        if (!covers) continue;
        const bottom = box.top + box.height;
        box.top = header.bottom;
        box.height = Math.max(bottom - box.top, layer.header);
        moved = true;
      }
    }
  });
}

// What the keyboard covers: each layer's points under it, and the first
// responder (the top modal's, at `responderBottom` less its root's offset).
function markKeyboard(device, keyboard, scale) {
  device.keyboard = keyboard.height > 0 ? Math.min(keyboard.height, device.height) : 0;
  if (device.keyboard === 0) return;
  const keyboardTop = (device.height - device.keyboard) * scale;
  for (const layer of device.layers) {
    const bottom = layer.box.top + layer.box.height;
    layer.covered = Math.max(0, Math.round((bottom - Math.max(layer.box.top, keyboardTop)) / scale));
  }
  // The first responder is in the topmost modal that takes input (not a toast, which a keyboard is
  // never for); with none, in the lowest root.
  const input = device.layers.filter(layer => layer.modal.style !== "toast" && layer.modal.phase !== "dismissing").pop();
  const root = input ? input.root : device.roots[0];
  const responder = (keyboard.responderBottom == null ? device.height : keyboard.responderBottom)
    - root.keyboardOffset;
  device.responder = { y: responder * scale, covered: responder > device.height - device.keyboard + 0.5,
    root: root.root };
}

// The name line: the top card's content, the link, then marks: top, the phase, off-screen, under the keyboard.
function drawLabel(layer, device) {
  const modal = layer.modal, topCard = modal.cards[modal.cards.length - 1];
  const label = element("div", "label");
  label.appendChild(element("span", "name", topCard.content));
  label.appendChild(element("span", "link", layer.key));
  const marks = element("span", "marks");
  if (layer === device.top) marks.appendChild(element("span", "badge", "top"));
  if (modal.phase !== "presented") marks.appendChild(element("span", "badge phase", modal.phase));
  const mark = (className, text, title) => {
    const badge = element("span", `badge ${className}`, text);
    badge.title = title;
    marks.appendChild(badge);
  };
  const offscreen = Math.round(layer.box.offscreen);
  if (offscreen > 0) mark("off", `↑${offscreen}`, `${offscreen} pt lifted past the top of the screen: off-screen`);
  if (layer.covered > 0) mark("covered", `⌨${layer.covered}`, `${layer.covered} pt under the keyboard`);
  label.appendChild(marks);
  return label;
}

function drawLayer(layer, device, place) {
  const modal = layer.modal, box = layer.box;
  const view = element("div", "modal");
  Object.assign(view.dataset, { link: modal.link, root: layer.root.root, key: layer.key, phase: modal.phase,
    style: modal.style, top: String(layer === device.top) });
  if (layer.key === selected) view.classList.add("selected");
  if (box.offscreen > 0) view.classList.add("offscreen");
  Object.assign(view.style, { left: px(box.left), top: px(box.top + device.screenTop), width: px(box.width),
    height: px(box.height), zIndex: String(2 + 2 * place) });
  // The visible cards behind the top one, a strip each above it, then the top card.
  const visible = modal.cards.slice(-modal.visibleCards);
  visible.slice(0, -1).forEach((card, index) => {
    const strip = element("div", "strip", card.content + (card.sticky == null ? "" : ` · ${card.sticky}`));
    strip.style.top = px(index * stripHeight);
    strip.style.left = strip.style.right = px((visible.length - 1 - index) * 6);
    view.appendChild(strip);
  });
  const card = element("div", "card");
  card.style.top = px((visible.length - 1) * stripHeight);
  card.appendChild(drawLabel(layer, device));
  const topCard = visible[visible.length - 1];
  if (topCard.sticky != null) card.appendChild(element("div", "sticky", topCard.sticky));
  card.appendChild(element("div", "meta", modalFacts(modal, topCard, visible.length).join(" · ")));
  if (modal.payload != null) {
    // The payload as the log writes it (the exporter's text: a number JavaScript would round stays exact).
    const text = modal.payload;
    card.appendChild(element("div", "payload", text.length > 160 ? text.slice(0, 159) + "…" : text));
  }
  view.appendChild(card);
  return view;
}

// What the outline and a modal's card say of it besides its name.
function modalFacts(modal, topCard, visibleCount) {
  const facts = [modal.style];
  if (modal.parent != null) facts.push(`over ${modal.parent}`);
  if (modal.snap.points.length > 1 || modal.snap.dragging) {
    facts.push(`snap ${modal.snap.index + 1}/${modal.snap.points.length}`
      + (modal.snap.dragging ? ` · dragging at ${modal.snap.position}` : ""));
  }
  if (topCard.height != null) facts.push(`${topCard.height} pt`);
  if (modal.cards.length > visibleCount) facts.push(`${modal.cards.length - visibleCount} more cards below`);
  if (modal.canDismiss === false) facts.push("cannot dismiss");
  if (modal.phase === "dismissing" && modal.dismissReason) facts.push(`reason ${modal.dismissReason}`);
  return facts;
}

function drawDevice(device, scale) {
  const figure = element("figure", "device");
  figure.dataset.size = device.size;
  const caption = element("figcaption");
  caption.appendChild(element("b", "", [...device.roots].reverse().map(root => root.root).join(" over ")));
  caption.appendChild(document.createTextNode(` · ${device.size}`));
  figure.appendChild(caption);
  const width = device.width * scale, height = device.height * scale;
  const canvas = element("div", "canvas");
  Object.assign(canvas.style, { width: px(width), height: px(height + device.screenTop) });
  const screen = element("div", "screen");
  Object.assign(screen.style, { top: px(device.screenTop), width: px(width), height: px(height) });
  canvas.appendChild(screen);
  if (device.band > 0) {
    // The band is drawn under what is lifted into it; its caption above it, where nothing is.
    const band = element("div", "band");
    Object.assign(band.style, { top: px(bandCaption), height: px(device.band) });
    canvas.append(band, element("div", "band-caption", "↑ off-screen: lifted past the top"));
  }
  device.layers.forEach((layer, place) => {
    if (layer.dimmed) {
      const dimming = element("div", "dimming");
      dimming.dataset.root = layer.root.root;
      Object.assign(dimming.style, { top: px(device.screenTop), height: px(height), zIndex: String(1 + 2 * place) });
      canvas.appendChild(dimming);
    }
    canvas.appendChild(drawLayer(layer, device, place));
  });
  if (device.keyboard > 0) {
    const pad = element("div", "keyboard", `keyboard ${device.keyboard} pt`);
    pad.style.height = px(device.keyboard * scale);
    canvas.appendChild(pad);
    const line = element("div", device.responder.covered ? "responder covered" : "responder",
      device.responder.covered ? "first responder, under the keyboard" : "first responder");
    line.style.top = px(Math.max(0, Math.min(device.responder.y, height)) + device.screenTop);
    canvas.appendChild(line);
  }
  if (device.layers.length === 0) screen.appendChild(element("div", "nothing", "no modals"));
  figure.appendChild(canvas);
  const queued = device.roots.flatMap(root => root.modals.filter(modal => modal.phase === "queued")
    .map(modal => ({ root, modal })));
  if (queued.length > 0) {
    const tray = element("div", "waiting");
    tray.appendChild(element("span", "", "waiting:"));
    for (const { root, modal } of queued) {
      const chip = element("span", "chip", `${modalKey(root, modal)} · ${modal.cards[modal.cards.length - 1].content}`);
      Object.assign(chip.dataset, { link: modal.link, key: modalKey(root, modal), phase: modal.phase });
      tray.appendChild(chip);
    }
    figure.appendChild(tray);
  }
  return figure;
}

// The outline: each device's keyboard, roots and modals in z-order, the top first.
function drawOutline(devices) {
  const list = element("ol", "tree");
  for (const device of devices) {
    const item = element("li", "device-entry", `${device.size}`);
    const inner = element("ol");
    if (device.keyboard > 0) {
      inner.appendChild(element("li", "keyboard-entry", `keyboard ${device.keyboard} pt`
        + ` · first responder ${device.responder.covered ? "under it" : "above it"}`));
    }
    for (const root of [...device.roots].reverse()) {
      const rootItem = element("li", "root-entry");
      rootItem.appendChild(element("b", "", root.root));
      const facts = [`level ${root.level}`, root.presentation, root.policy];
      if (root.keyboardOffset > 0) facts.push(`keyboard offset ${root.keyboardOffset}`);
      rootItem.appendChild(document.createTextNode(` · ${facts.join(" · ")}`));
      const modals = element("ol");
      const layers = device.layers.filter(layer => layer.root === root).reverse();
      for (const layer of layers) {
        const entry = element("li", "modal-entry");
        entry.dataset.key = layer.key;
        if (layer.key === selected) entry.classList.add("selected");
        const modal = layer.modal, topCard = modal.cards[modal.cards.length - 1];
        entry.appendChild(element("span", "name", topCard.content));
        const facts = [modal.link, modal.phase, ...modalFacts(modal, topCard, Math.min(modal.visibleCards, modal.cards.length))];
        if (layer === device.top) facts.push("top");
        if (layer.box.offscreen > 0) facts.push(`${Math.round(layer.box.offscreen)} pt off-screen`);
        if (layer.covered > 0) facts.push(`${layer.covered} pt under the keyboard`);
        entry.appendChild(document.createTextNode(` ${facts.join(" · ")}`));
        modals.appendChild(entry);
        if (layer.dimmed) modals.appendChild(element("li", "dimming-entry", "dimming"));
      }
      for (const modal of root.modals.filter(modal => modal.phase === "queued")) {
        const entry = element("li", "modal-entry queued", `${modal.cards[modal.cards.length - 1].content} ${modal.link} · queued`);
        entry.dataset.key = modalKey(root, modal);
        if (entry.dataset.key === selected) entry.classList.add("selected");
        modals.appendChild(entry);
      }
      if (root.modals.length === 0) modals.appendChild(element("li", "empty", "no modals"));
      rootItem.appendChild(modals);
      inner.appendChild(rootItem);
    }
    item.appendChild(inner);
    list.appendChild(item);
  }
  return list;
}
