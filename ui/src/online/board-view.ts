/**
 * A leaderboard drawn: the player's place ("rank 3 of 41 · you are in the top 8 %") and the
 * top lines (rank, name, time, a mark for a line that used a prop), the player's own line
 * marked. Names are the players' own text: they are only ever set as text (`textContent`),
 * never parsed as HTML. Only `document.createElement`, `append`, `textContent`, `className`
 * and `setAttribute` are used (the tests draw into a small fake document).
 */
import { formatTime } from "../clock";
import type { Translate } from "../i18n";
import type { Leaderboard, SubmitAnswer } from "./types";

type Doc = Pick<Document, "createElement">;

function el(doc: Doc, tag: string, className = "", text = ""): HTMLElement {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** "Rank 3 of 41 · top 8 %" for the player's place (a board's `you` or a posted answer). */
export function placeText(p: { rank: number; top_percent: number }, finishers: number, t: Translate): string {
  return t("online.place", { rank: p.rank, finishers, percent: p.top_percent });
}

/** The prop mark after a time: a visible ✱ with its meaning for screen readers and as a tooltip. */
function propsMark(doc: Doc, t: Translate): HTMLElement {
  const mark = el(doc, "span", "props-mark", "✱");
  mark.setAttribute("title", t("online.withProps"));
  mark.setAttribute("aria-hidden", "true");
  const sr = el(doc, "span", "sr-only", ` (${t("online.withProps")})`);
  const wrap = el(doc, "span");
  wrap.append(mark, sr);
  return wrap;
}

/**
 * The board as a `<div class="lb">`: the player's place (or that they have no result yet),
 * then the table of the top lines, or a line saying nobody finished yet. `me`: the player's
 * name, to mark their line (their rank and time must match too).
 */
export function renderBoard(doc: Doc, board: Leaderboard, t: Translate, me: string | null): HTMLElement {
  const root = el(doc, "div", "lb");
  const you = board.you;
  root.append(
    el(doc, "p", you ? "lb-you" : "lb-you none", you ? placeText(you, board.finishers, t) : t("online.noResult")),
  );
  if (board.top.length === 0) {
    root.append(el(doc, "p", "lb-empty", t("online.empty")));
    return root;
  }
  const table = el(doc, "table", "lb-table");
  const head = el(doc, "tr");
  for (const [text, cls] of [
    ["#", "lb-rank"],
    [t("online.name"), "lb-name"],
    [t("stats.time"), "lb-time"],
  ] as const) {
    const th = el(doc, "th", cls, text);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = el(doc, "thead");
  thead.append(head);
  const body = el(doc, "tbody");
  for (const e of board.top) {
    const mine = you !== null && me !== null && e.rank === you.rank && e.time_ms === you.time_ms && e.name === me;
    const row = el(doc, "tr", [mine ? "me" : "", e.props ? "lb-props" : ""].filter(Boolean).join(" "));
    const time = el(doc, "td", "lb-time", formatTime(e.time_ms));
    if (e.props) time.append(propsMark(doc, t));
    // the name: text, whatever characters it holds
    row.append(el(doc, "td", "lb-rank", String(e.rank)), el(doc, "td", "lb-name", e.name), time);
    body.append(row);
  }
  table.append(thead, body);
  root.append(table);
  if (board.top.some((e) => e.props)) root.append(el(doc, "p", "lb-note", t("online.propsNote")));
  return root;
}

/** The line under a posted win: its rank, or that a better result of the player's stands. */
export function postedText(a: SubmitAnswer, t: Translate): string {
  const place = placeText(a, a.finishers, t);
  return a.improved ? place : `${place} · ${t("online.notImproved", { best: formatTime(a.best_ms) })}`;
}
