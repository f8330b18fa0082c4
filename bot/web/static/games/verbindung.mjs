// Verbindung gesucht on the web board, drawn as bot/games/verbindung/drawing.py and dice.py draw
// their images: the area with its eight bases, every die with its paths (a halo on each player's
// largest network and on the bases it reaches), the last turn framed in blue, the roll in the
// tray beside the area. A turn is built die by die: choose a rolled die, then a field the server
// allows for it (clicking it again turns it); or click a placed die to exchange it (V10).

import { allFields, boardRoot, centre, clickLayer, mix, plate, svg } from "../board.mjs";

const WIDTH = 760;
const OUTWARDS = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const SIDES = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // N, E, S, W as directions from the centre

/** Draw `ctx.position` into `ctx.container`. */
export function render(ctx) {
  const { look, theme, position } = ctx;
  const geometry = look.geometry;
  const palette = look.palette;
  const root = boardRoot(geometry, theme, WIDTH, ctx.label);
  const inner = geometry.base_gap + geometry.base_depth;
  plate(root, geometry, theme, palette.field, inner + (geometry.band - inner) / 2);
  for (const base of position.bases) drawBase(root, geometry, palette, look.base, base);
  tray(root, geometry, theme, ctx);
  const cell = geometry.cell;
  const pending = pendingDice(ctx);
  for (const [field, placed] of Object.entries(position.dice)) {
    if (pending.has(field)) continue; // an exchange about to replace it
    die(root, centre(geometry, field), cell, placed.segments, new Set(placed.glow), look);
  }
  const frameWidth = Math.max(2.5, cell * look.base.last_frame);
  for (const field of position.last) frame(root, centre(geometry, field), cell + 2, frameWidth, theme.highlight, "last");
  for (const [field, segments] of pending) {
    const group = svg("g", { class: "picked" }, root);
    die(group, centre(geometry, field), cell, segments, new Set(), look);
    frame(group, centre(geometry, field), cell + 2, frameWidth, theme.accent, "picked-frame");
  }
  if (ctx.interactive) targetMarks(root, geometry, theme, ctx);
  clickLayer(root, geometry, allFields(geometry.size), ctx.onPick);
  ctx.container.replaceChildren(root);
}

/** No extra buttons: an empty turn is sent as it is (`pass`) when the rules allow it. */
export function buttons() {
  return [];
}

/** What the player reads under the board: to choose a die first, or why the chosen die has no
 * field (the server names the rule that keeps it off the board: V7, or V6's white cross). */
export function hint(ctx, word) {
  if (ctx.picks.length >= 2) return "";
  if (!ctx.selected) return word("web.pick_die");
  const why = ctx.targets && ctx.targets.stuck && ctx.targets.stuck[ctx.selected];
  return why ? word(`web.die_nowhere_${why}`, { face: word(`face.${ctx.selected}`) }) : "";
}

/** The rolled dice still to place, by face, after the picks so far. */
export function diceLeft(ctx) {
  const left = [...(ctx.position.roll || [])];
  for (const pick of ctx.picks) {
    const face = pick.startsWith("exchange ") ? "white-cross" : pick.split(" ")[0];
    const at = left.indexOf(face);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** What a click on `field` does: turn the die just placed there (or take it back once every
 * orientation was shown), place the chosen die there, or exchange the die already there. */
export function onField(ctx, field) {
  const { picks, position, look } = ctx;
  const last = picks.length ? picks[picks.length - 1] : null;
  if (last && !last.startsWith("exchange ") && last.split(" ")[1] === field) {
    const [face, , orientation = ""] = last.split(" ");
    const before = ctx.targetsBefore;
    const options = (before && before.place && before.place[face] && before.place[face][field]) || [];
    const next = options.indexOf(orientation) + 1;
    if (next <= 0 || next >= options.length) return { undo: true };
    return { replace: `${face} ${field} ${options[next]}`.trim() };
  }
  if (last === `exchange ${field}`) return { undo: true };
  if (picks.length >= 2) return null;
  const face = ctx.selected;
  if (face && !position.dice[field]) {
    const allowed = ctx.targets && ctx.targets.place && ctx.targets.place[face] && ctx.targets.place[face][field];
    const orientation = allowed ? allowed[0] : Object.keys(look.faces[face].orientations)[0];
    return { pick: `${face} ${field} ${orientation}`.trim() };
  }
  if (position.dice[field]) return { pick: `exchange ${field}` };
  return { hint: "pick_die" };
}

function pendingDice(ctx) {
  const pending = new Map();
  for (const pick of ctx.picks) {
    const words = pick.split(" ");
    if (words[0] === "exchange") {
      pending.set(words[1], faceSegments(ctx.look, "white-cross", ""));
    } else {
      pending.set(words[1], faceSegments(ctx.look, words[0], words[2] || ""));
    }
  }
  return pending;
}

/** A face's segments turned to `orientation` (V4: each orientation is some quarter turns). */
export function faceSegments(look, face, orientation) {
  const info = look.faces[face];
  const turns = info.orientations[orientation] || 0;
  return info.segments.map(([colour, sides]) => [colour, sides.map((side) => (side + turns) % 4).sort()]);
}

/** A base as bot/games/verbindung/drawing.py's `_pad`, in its `BaseShape`. */
function drawBase(root, geometry, palette, shape, base) {
  const cell = geometry.cell;
  const along = Math.round(cell * shape.along);
  const depth = geometry.base_depth;
  const [w, h] = base.side === "N" || base.side === "S" ? [along, depth] : [depth, along];
  const [x, y] = centre(geometry, base.field);
  const step = Math.floor(cell / 2) + geometry.base_gap + depth / 2;
  const [dx, dy] = OUTWARDS[base.side];
  const [cx, cy] = [x + dx * step, y + dy * step];
  const fill = palette[`base_${base.player}`];
  const edge = base.lit ? palette.network : mix(fill, "#ffffff", shape.light);
  const radius = Math.min(w, h) * shape.round;
  const group = svg("g", { class: "base", "data-player": base.player }, root);
  svg("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: radius, fill: edge }, group);
  const inset = Math.max(2, Math.min(w, h) * shape.edge);
  svg("rect", {
    x: cx - w / 2 + inset, y: cy - h / 2 + inset, width: w - 2 * inset, height: h - 2 * inset,
    rx: Math.max(0, radius - inset), fill,
  }, group);
}

function tray(root, geometry, theme, ctx) {
  const [x0, y0, x1, y1] = geometry.tray;
  svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 14, fill: theme.card_edge }, root);
  svg("rect", { x: x0 + 1.5, y: y0 + 1.5, width: x1 - x0 - 3, height: y1 - y0 - 3, rx: 12.5, fill: theme.card }, root);
  const title = svg("text", {
    x: (x0 + x1) / 2, y: y0 + geometry.cell * 0.36, "text-anchor": "middle", "dominant-baseline": "central",
    fill: theme.text, "font-size": 17, "font-weight": "bold", class: "tray-title",
  }, root);
  const { position, look } = ctx;
  const size = geometry.roll_size;
  if (ctx.result) {
    title.textContent = ctx.words.result;
    return;
  }
  title.textContent = position.roll.length ? ctx.words.roll : ctx.words.to_roll;
  const left = diceLeft(ctx);
  const used = [...position.roll];
  for (const face of left) used.splice(used.indexOf(face), 1);
  const shown = new Set();
  position.roll.forEach((face, number) => {
    const [x, y] = geometry.roll_centres[number];
    const group = svg("g", { class: "roll-die", "data-face": face, role: "button", tabindex: 0, "aria-label": face }, root);
    const spent = used.includes(face) && !shown.has(face) && countOf(used, face) > countOf([...shown], face);
    if (spent) shown.add(face);
    die(group, [x, y], size, faceSegments(look, face, ""), new Set(), look);
    if (spent) {
      group.setAttribute("opacity", "0.35");
      group.classList.add("spent");
    } else if (ctx.interactive) {
      if (ctx.selected === face) frame(group, [x, y], size + 6, 3, theme.accent, "selected");
      if (ctx.targets && ctx.targets.stuck && ctx.targets.stuck[face]) group.classList.add("nowhere");
      group.addEventListener("click", () => ctx.onDie(face));
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); ctx.onDie(face); }
      });
    }
  });
}

function countOf(list, item) {
  return list.filter((x) => x === item).length;
}

function targetMarks(root, geometry, theme, ctx) {
  const targets = ctx.targets;
  if (!targets) return;
  const cell = geometry.cell;
  const group = svg("g", { class: "targets" }, root);
  const place = (ctx.selected && targets.place && targets.place[ctx.selected]) || {};
  for (const field of Object.keys(place)) {
    const [x, y] = centre(geometry, field);
    svg("rect", {
      x: x - cell * 0.42, y: y - cell * 0.42, width: cell * 0.84, height: cell * 0.84, rx: cell * 0.13,
      fill: theme.highlight, "fill-opacity": 0.28, class: "target", "data-field": field,
    }, group);
  }
  for (const field of targets.exchange || []) {
    const mark = frame(group, centre(geometry, field), cell - 4, Math.max(2, cell * 0.04), theme.accent, "target");
    mark.setAttribute("data-field", field);
    mark.setAttribute("stroke-dasharray", `${cell * 0.1} ${cell * 0.07}`);
  }
}

function frame(parent, [x, y], size, width, colour, className) {
  return svg("rect", {
    x: x - size / 2 + width / 2, y: y - size / 2 + width / 2, width: size - width, height: size - width,
    rx: size * 0.16, fill: "none", stroke: colour, "stroke-width": width, class: className,
  }, parent);
}

let clipNumber = 0;

/** A die as bot/games/verbindung/dice.py draws one: a rounded body with a rim, its paths (stubs
 * first, under the others; each with a dark outline; a network's in a halo) clipped to it. */
function die(parent, [x, y], size, segments, glow, look) {
  const palette = look.palette;
  const shape = look.die; // bot/games/verbindung/dice.py's DieShape
  const group = svg("g", { class: "die" }, parent);
  const inset = Math.max(2, Math.round(size * shape.inset));
  const rim = Math.max(1.5, size * shape.rim);
  const radius = size * shape.radius;
  const left = x - size / 2; const top = y - size / 2;
  svg("rect", { x: left + inset, y: top + inset, width: size - 2 * inset, height: size - 2 * inset, rx: radius, fill: palette.die_edge }, group);
  const lo = inset + rim; const inner = size - 2 * lo;
  svg("rect", { x: left + lo, y: top + lo, width: inner, height: inner, rx: radius - rim, fill: palette.die }, group);
  clipNumber += 1;
  const id = `die-clip-${clipNumber}`;
  const clip = svg("clipPath", { id }, group);
  svg("rect", { x: left + lo, y: top + lo, width: inner, height: inner, rx: radius - rim }, clip);
  const paths = svg("g", { "clip-path": `url(#${id})`, fill: "none" }, group);
  const width = inner * shape.path;
  /** @type {[number, number]} */
  const origin = [left + lo, top + lo];
  const ordered = segments.map((segment, index) => [index, segment]).sort((a, b) => Number(a[1][1].length !== 1) - Number(b[1][1].length !== 1));
  for (const [index, [, sides]] of ordered) {
    if (glow.has(index)) stroke(paths, origin, inner, sides, width + 2 * inner * shape.glow, palette.network);
  }
  const outline = mix(palette.die_edge, "#000000", shape.outline_dark);
  for (const [, [colour, sides]] of ordered) {
    stroke(paths, origin, inner, sides, width + 2 * inner * shape.outline, outline);
    stroke(paths, origin, inner, sides, width, palette[`path_${colour}`]);
  }
  return group;
}

function stroke(parent, [left, top], size, sides, width, colour) {
  const c = size / 2;
  const at = (px, py) => `${left + px} ${top + py}`;
  const attrs = { stroke: colour, "stroke-width": width, "stroke-linecap": "round", fill: "none" };
  if (sides.length === 4) {
    svg("path", { d: `M ${at(c, -width)} L ${at(c, size + width)} M ${at(-width, c)} L ${at(size + width, c)}`, ...attrs, "stroke-linecap": "butt" }, parent);
  } else if (sides.length === 1) {
    const [dx, dy] = SIDES[sides[0]];
    const reach = width * 1.65; // where the stub ends, round, clear of the line over it
    svg("path", { d: `M ${at(c + dx * (c + width), c + dy * (c + width))} L ${at(c + dx * reach, c + dy * reach)}`, ...attrs }, parent);
  } else if ((sides[0] + 2) % 4 === sides[1]) {
    const [dx, dy] = SIDES[sides[0]];
    svg("path", { d: `M ${at(c + dx * (c + width), c + dy * (c + width))} L ${at(c - dx * (c + width), c - dy * (c + width))}`, ...attrs, "stroke-linecap": "butt" }, parent);
  } else {
    const [ax, ay] = SIDES[sides[0]];
    const [bx, by] = SIDES[sides[1]];
    const [kx, ky] = [c + (ax + bx) * c, c + (ay + by) * c]; // the corner the two edges share
    const start = [c + ax * c, c + ay * c];
    const end = [c + bx * c, c + by * c];
    const cross = (start[0] - kx) * (end[1] - ky) - (start[1] - ky) * (end[0] - kx);
    svg("path", { d: `M ${at(...start)} A ${c} ${c} 0 0 ${cross > 0 ? 1 : 0} ${at(...end)}`, ...attrs, "stroke-linecap": "butt" }, parent);
  }
}

/** What a player's card shows: the bases joined. */
export function card(position, colour, words) {
  return { big: `${position.joined[colour]}/${position.bases_each[colour]}`, label: words["render.bases"], lines: [] };
}

/** The figures at the right of the status line: the supply. */
export function figures(position, words) {
  return [`${words["render.supply"]} ${position.supply}`];
}
