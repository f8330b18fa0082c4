// Ponte del Diavolo on the web board, drawn as bot/games/ponte/drawing.py draws its images:
// hatched blocked fields, an outlined patch under each island, stones, bridges as planks on their
// two stones, the last turn ringed in blue. A turn is two clicks: two empty fields (two stones) or
// two of one's own stones (a bridge); the server says which fields may be clicked (`targets`).

import { allFields, boardRoot, centre, clickLayer, mix, plate, stone, svg } from "../board.mjs";

const WIDTH = 760;

/** Draw `ctx.position` into `ctx.container`; clicks on fields call `ctx.onPick(field)`. */
export function render(ctx) {
  const { look, theme, position } = ctx;
  const geometry = look.geometry[position.variant];
  const palette = look.palette;
  const root = boardRoot(geometry, theme, WIDTH, ctx.label);
  plate(root, geometry, theme, theme.board, geometry.band / 2);
  const cell = geometry.cell;
  blocked(root, geometry, theme, look.shape, position.blocked);
  for (const island of position.islands) patch(root, geometry, palette, look.shape, island);
  const lit = new Set(position.last.stones || []);
  const shape = look.shape; // bot/games/ponte/drawing.py's PonteShape
  const diameter = Math.round(cell * shape.stone / 2) * 2;
  for (const [field, colour] of Object.entries(position.stones)) {
    const at = centre(geometry, field);
    if (lit.has(field)) ring(root, at, cell * shape.last_ring, cell * shape.last_ring_width, theme.highlight);
    stone(root, at, diameter, palette[`${colour}_stone`], palette[`${colour}_rim`], theme.shadow, ctx.shapes.stone);
  }
  const lastBridge = (position.last.bridge || []).join("-");
  for (const bridge of position.bridges) {
    const halo = bridge.ends.join("-") === lastBridge ? theme.highlight : null;
    plank(root, geometry, look, palette, bridge, halo);
  }
  if (ctx.interactive) marks(root, geometry, theme, palette, ctx, diameter);
  clickLayer(root, geometry, allFields(geometry.size), ctx.onPick);
  ctx.container.replaceChildren(root);
}

/** What the buttons under the board offer: swap (P4) and pass (P5, P6). */
export function buttons(targets) {
  const found = [];
  if (targets && targets.swap) found.push("swap");
  if (targets && targets.pass) found.push("pass");
  return found;
}

function blocked(root, geometry, theme, shape, fields) {
  const cell = geometry.cell;
  const id = "hatch";
  const defs = svg("defs", {}, root);
  const pattern = svg("pattern", {
    id, width: cell / shape.hatch_lines, height: cell / shape.hatch_lines, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)",
  }, defs);
  const width = Math.max(1.5, cell / shape.hatch_width);
  svg("line", { x1: 0, y1: 0, x2: 0, y2: cell / shape.hatch_lines, stroke: theme.hatch, "stroke-width": width }, pattern);
  const inset = Math.max(3, Math.floor(cell / shape.hatch_inset));
  for (const field of fields) {
    const [x, y] = centre(geometry, field);
    const size = cell - 2 * inset;
    svg("rect", {
      x: x - size / 2, y: y - size / 2, width: size, height: size, rx: cell * 0.12,
      fill: `url(#${id})`, class: "blocked",
    }, root);
  }
}

function patch(root, geometry, palette, shape, island) {
  const cell = geometry.cell;
  const outline = Math.round(cell * shape.island_outline);
  const fillInset = outline + Math.max(2, Math.round(cell * shape.island_inset));
  const colour = island.colour;
  const fields = new Set(island.fields);
  const group = svg("g", { class: "island" }, root);
  for (const [inset, fill] of [[outline, palette[`${colour}_island_edge`]], [fillInset, palette[`${colour}_island`]]]) {
    const size = cell - 2 * inset;
    const join = Math.floor(size / 3);
    for (const field of fields) {
      const [x, y] = centre(geometry, field);
      const left = x - cell / 2; const top = y - cell / 2;
      svg("rect", { x: left + inset, y: top + inset, width: size, height: size, rx: size * shape.island_round, fill }, group);
      const col = field.charCodeAt(0); const row = Number(field.slice(1));
      const east = String.fromCharCode(col + 1) + row;
      const south = String.fromCharCode(col) + (row - 1);
      const corner = String.fromCharCode(col + 1) + (row - 1);
      if (fields.has(east)) {
        svg("rect", { x: left + cell - inset - join, y: top + inset, width: 2 * (inset + join), height: size, fill }, group);
      }
      if (fields.has(south)) {
        svg("rect", { x: left + inset, y: top + cell - inset - join, width: size, height: 2 * (inset + join), fill }, group);
      }
      if (fields.has(east) && fields.has(south) && fields.has(corner)) {
        svg("rect", { x: left + cell - inset - 2, y: top + cell - inset - 2, width: 2 * inset + 4, height: 2 * inset + 4, fill }, group);
      }
    }
  }
}

function ring(root, [x, y], diameter, width, colour, className = "ring") {
  return svg("circle", {
    cx: x, cy: y, r: diameter / 2 - width / 2, fill: "none", stroke: colour, "stroke-width": width, class: className,
  }, root);
}

function plank(root, geometry, look, palette, bridge, halo) {
  const [x0, y0] = centre(geometry, bridge.ends[0]);
  const [x1, y1] = centre(geometry, bridge.ends[1]);
  const width = geometry.cell * look.shape.plank;
  const shape = look.plank; // bot/render/sprites.py's PlankShape
  const fill = palette[`${bridge.colour}_stone`];
  const edge = palette[`${bridge.colour}_rim`];
  const group = svg("g", { class: "bridge", "stroke-linecap": "round" }, root);
  const line = (stroke, w, extra = {}) =>
    svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke, "stroke-width": w, ...extra }, group);
  if (halo) line(halo, width + 2 * width * shape.halo);
  line(edge, width);
  const inner = width - 2 * Math.max(1.6, width * shape.edge);
  line(fill, inner);
  line(mix(fill, edge, shape.slat), inner, { "stroke-dasharray": `1.5 ${width * 0.55}`, "stroke-linecap": "butt" });
}

function marks(root, geometry, theme, palette, ctx, diameter) {
  const { targets, picks, position } = ctx;
  const cell = geometry.cell;
  const group = svg("g", { class: "targets" }, root);
  const mover = ctx.mover;
  for (const field of picks) {
    const at = centre(geometry, field);
    if (position.stones[field]) {
      ring(group, at, cell * 0.98, cell * 0.1, theme.accent, "picked");
    } else {
      const ghost = stone(group, at, diameter, palette[`${mover}_stone`], palette[`${mover}_rim`], theme.shadow, ctx.shapes.stone);
      ghost.setAttribute("class", "stone picked");
    }
  }
  if (!targets) return;
  for (const field of targets.stones || []) {
    const [x, y] = centre(geometry, field);
    svg("circle", { cx: x, cy: y, r: cell * 0.14, fill: theme.highlight, "fill-opacity": 0.55, class: "target", "data-field": field }, group);
  }
  const starts = new Set();
  for (const [a, b] of targets.bridges || []) { starts.add(a); starts.add(b); }
  for (const field of [...starts, ...(targets.ends || [])]) {
    const at = centre(geometry, field);
    const mark = ring(group, at, cell * 0.9, cell * 0.07, theme.highlight, "target");
    mark.setAttribute("data-field", field);
    mark.setAttribute("stroke-dasharray", `${cell * 0.12} ${cell * 0.08}`);
  }
}

/** What a click on `field` does to the turn being built: undo the last stone picked there, or
 * pick the field (the server answers with the next targets, or why it may not be clicked). */
export function onField(ctx, field) {
  const { picks } = ctx;
  if (picks.length && picks[picks.length - 1] === field) return { undo: true };
  if (picks.length >= 2) return null;
  return { pick: field };
}

/** What a player's card shows: the points, the islands and bridges, the stones left. */
export function card(position, colour, words) {
  const score = position.scores[colour];
  const lines = [`${words["render.islands"]} ${score.islands} · ${words["render.bridges"]} ${score.bridges}`];
  if (score.stones_left !== null && score.stones_left !== undefined) {
    lines.push(`${words["render.stones_left"]} ${score.stones_left}`);
  }
  return { big: String(score.points), label: words["render.points"], lines };
}

/** The figures at the right of the status line. */
export function figures(position, words) {
  const left = position.bridges_left;
  return left === null || left === undefined ? [] : [`${words["render.bridges_left"]} ${left}`];
}
