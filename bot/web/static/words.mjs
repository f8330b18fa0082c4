// The server's sentences (the bot's catalogues, written for Discord's markdown) as page text:
// `code` spans, **bold**, user mentions by name, timestamps as the reader's local time.

/** DOM nodes for `sentence`; `nameOf(id)` names a mentioned user. Builds text nodes only. */
export function formatSentence(sentence, nameOf) {
  const nodes = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|<@!?(\d+)>|<t:(\d+)(?::\w)?>/g;
  let at = 0;
  for (const match of sentence.matchAll(pattern)) {
    if (match.index > at) nodes.push(document.createTextNode(sentence.slice(at, match.index)));
    if (match[1] !== undefined) nodes.push(element("code", match[1]));
    else if (match[2] !== undefined) nodes.push(element("strong", match[2]));
    else if (match[3] !== undefined) nodes.push(element("strong", nameOf(match[3])));
    else nodes.push(document.createTextNode(new Date(Number(match[4]) * 1000).toLocaleString()));
    at = match.index + match[0].length;
  }
  if (at < sentence.length) nodes.push(document.createTextNode(sentence.slice(at)));
  return nodes;
}

function element(name, text) {
  const node = document.createElement(name);
  node.textContent = text;
  return node;
}

/** A time left such as "2d 3h" in the reader's language (two units at most). */
export function timeLeft(seconds, language) {
  const left = Math.max(0, Math.floor(seconds));
  /** @type {[string, number][]} */
  const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const parts = [];
  let rest = left;
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count && parts.length < 2) parts.push(format(count, unit, language));
    else if (parts.length) break;
  }
  return parts.length ? parts.join(" ") : format(0, "second", language);
}

function format(count, unit, language) {
  try {
    return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "narrow" }).format(count);
  } catch {
    return `${count} ${unit}`;
  }
}
