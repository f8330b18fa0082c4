// A game without a board of its own on the web (a new game, before its package draws one): the
// moves so far, and each legal move as a button (`GameKind.web_targets`' default: one click).

export function render(ctx) {
  const box = document.createElement("div");
  box.className = "generic-board";
  const played = document.createElement("p");
  played.textContent = (ctx.position.moves || []).join(" · ");
  box.append(played);
  if (ctx.interactive && ctx.targets) {
    for (const move of ctx.targets.moves || []) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move;
      button.dataset.field = move;
      button.addEventListener("click", () => ctx.onPick(move));
      box.append(button);
    }
  }
  ctx.container.replaceChildren(box);
}

export function buttons() {
  return [];
}

export function onField(ctx, move) {
  if (ctx.picks.length) return { undo: true };
  return { pick: move };
}

export function card() {
  return { big: "", label: "", lines: [] };
}

export function figures() {
  return [];
}
