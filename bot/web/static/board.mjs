// What both boards share: SVG elements, the wooden plate with its grid and coordinates, and the
// geometry of fields. Every measure comes from the server (`api/look`), which takes it from the
// layout of the bot's images (bot/render/board.py), so the page and the images look alike.

const NS = "http://www.w3.org/2000/svg";

/** A new SVG element `name` with `attrs`, appended to `parent` when one is given.
 * @param {string} name @param {Record<string, unknown>} [attrs] @param {Element | null} [parent]
 * @returns {SVGElement} */
export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** Column and row (from 0, row 0 at the bottom) of a field's name such as "c3". */
export function parseField(name) {
  return { col: name.charCodeAt(0) - 97, row: Number(name.slice(1)) - 1 };
}

/** The name of the field at column `col` and row `row` (from 0). */
export function fieldName(col, row) {
  return String.fromCharCode(97 + col) + String(row + 1);
}

/** The pixel centre of `field` in the image's units (rows from the bottom, as RULES.md).
 * @returns {[number, number]} */
export function centre(geometry, field) {
  const { col, row } = parseField(field);
  const [left, top] = geometry.grid;
  const half = geometry.cell / 2;
  return [
    left + col * geometry.cell + half,
    top + (geometry.size - 1 - row) * geometry.cell + half,
  ];
}

/** The SVG root for a board: the frame's colour round the plate, sized to its container. */
export function boardRoot(geometry, theme, width, label) {
  const [, top, , bottom] = geometry.plate;
  const y = top - geometry.frame;
  const height = bottom + geometry.frame - y;
  const root = svg("svg", {
    viewBox: `0 ${y} ${width} ${height}`,
    role: "img",
    "aria-label": label,
    class: "board",
  });
  svg("rect", { x: 0, y, width, height, fill: theme.frame }, root);
  return root;
}

/** The plate, the fields in `fill` with the lines between them, and the coordinates `offset`
 * out from the grid (bot/render/board.py's paint_plate, paint_grid, paint_coordinates). */
export function plate(root, geometry, theme, fill, offset) {
  const [x0, y0, x1, y1] = geometry.plate;
  const scale = geometry.cell / 56;
  svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 14, fill: theme.plate_edge }, root);
  const inset = 2.5;
  svg(
    "rect",
    { x: x0 + inset, y: y0 + inset, width: x1 - x0 - 2 * inset, height: y1 - y0 - 2 * inset, rx: 12, fill: theme.plate },
    root,
  );
  const [left, top] = geometry.grid;
  const extent = geometry.size * geometry.cell;
  const outer = 3;
  svg("rect", {
    x: left - outer / 2, y: top - outer / 2, width: extent + outer, height: extent + outer,
    fill, stroke: mix(theme.grid, theme.coordinate, 0.5), "stroke-width": outer,
  }, root);
  const lines = svg("g", { stroke: theme.grid, "stroke-width": Math.max(1, 1.5 * scale) }, root);
  for (let k = 1; k < geometry.size; k += 1) {
    const at = k * geometry.cell;
    svg("line", { x1: left + at, y1: top, x2: left + at, y2: top + extent }, lines);
    svg("line", { x1: left, y1: top + at, x2: left + extent, y2: top + at }, lines);
  }
  const labels = svg("g", { class: "coordinates", fill: theme.coordinate, "font-size": 17 }, root);
  for (let k = 0; k < geometry.size; k += 1) {
    const [x] = centre(geometry, fieldName(k, 0));
    const [, y] = centre(geometry, fieldName(0, k));
    const letter = String.fromCharCode(97 + k);
    for (const [px, py, text] of [
      [x, top - offset, letter], [x, top + extent + offset, letter],
      [left - offset, y, String(k + 1)], [left + extent + offset, y, String(k + 1)],
    ]) {
      const node = svg("text", { x: px, y: py, "text-anchor": "middle", "dominant-baseline": "central" }, labels);
      node.textContent = text;
    }
  }
}

/** A transparent square over each field, which takes the clicks (and shows a target). */
export function clickLayer(root, geometry, fields, onClick, className = "field") {
  const layer = svg("g", { class: "clicks" }, root);
  for (const field of fields) {
    const [x, y] = centre(geometry, field);
    const half = geometry.cell / 2;
    const hit = svg("rect", {
      x: x - half, y: y - half, width: geometry.cell, height: geometry.cell,
      class: className, "data-field": field, tabindex: 0, role: "button", "aria-label": field,
    }, layer);
    hit.addEventListener("click", () => onClick(field));
    hit.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onClick(field); }
    });
  }
  return layer;
}

/** Every field name of a `size` board. */
export function allFields(size) {
  const names = [];
  for (let col = 0; col < size; col += 1) for (let row = 0; row < size; row += 1) names.push(fieldName(col, row));
  return names;
}

/** The colour `t` of the way from `a` to `b` (both "#rrggbb"), as bot/render/theme.py's mix. */
export function mix(a, b, t) {
  const parse = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [x, y] = [parse(a), parse(b)];
  return "#" + x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("");
}

/** A stone as bot/render/sprites.py's: a shadow, a dark rim, a flat body, a lighter cap, in
 * the proportions the images use (`shape`, the server's `look.stone`: sprites.StoneShape). */
export function stone(parent, [x, y], diameter, fill, rim, shadow, shape) {
  const r = diameter / 2;
  const group = svg("g", { class: "stone" }, parent);
  const opacity = shape.shadow_alpha / 255;
  svg("circle", { cx: x + r * shape.shadow_dx, cy: y + r * shape.shadow_dy, r, fill: shadow, "fill-opacity": opacity }, group);
  svg("circle", { cx: x, cy: y, r, fill: rim }, group);
  const body = r * shape.body;
  svg("circle", { cx: x, cy: y, r: body, fill }, group);
  const cap = body * shape.cap;
  const shift = (body - cap - r * shape.shadow_dy) * shape.cap_shift;
  svg("circle", { cx: x - shift, cy: y - shift, r: cap, fill: mix(fill, "#ffffff", shape.cap_light) }, group);
  return group;
}
