// A finished game's analysis as a chart of the first colour's winning chance, turn by turn, as
// the bot's analysis image draws it (bot/render/chances.py): a click on a turn shows it.

import { svg } from "./board.mjs";

const WIDTH = 720;
const HEIGHT = 180;
const PAD = 24;

export function drawChart(container, analysis, theme, { title, onTurn }) {
  const chances = analysis.chances;
  const turns = Math.max(1, chances.length - 1);
  const x = (turn) => PAD + (turn / turns) * (WIDTH - 2 * PAD);
  const y = (chance) => PAD / 2 + (1 - chance) * (HEIGHT - PAD);
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": title, class: "chart" });
  svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 12, fill: theme.card }, root);
  svg("line", { x1: PAD, y1: y(0.5), x2: WIDTH - PAD, y2: y(0.5), stroke: theme.muted, "stroke-dasharray": "4 4" }, root);
  const points = chances.map((chance, turn) => `${x(turn)},${y(chance)}`).join(" ");
  svg("polygon", { points: `${x(0)},${y(0.5)} ${points} ${x(turns)},${y(0.5)}`, fill: theme.accent, "fill-opacity": 0.18 }, root);
  svg("polyline", { points, fill: "none", stroke: theme.accent, "stroke-width": 3 }, root);
  chances.forEach((chance, turn) => {
    const dot = svg("circle", { cx: x(turn), cy: y(chance), r: 5, fill: theme.text, class: "chart-turn", "data-turn": turn }, root);
    dot.addEventListener("click", () => onTurn(turn));
  });
  const caption = document.createElement("p");
  caption.className = "chart-title";
  caption.textContent = title;
  container.replaceChildren(caption, root);
}
