/**
 * The Statistics dialog: games played and won, and the ten best times with
 * their dates, per group as the shell keeps them (`statistics`): a classic layout, a stack
 * level, a journey level, the daily deal. Wins with hints, undo or "Show me" are marked.
 * The dialog builds its own markup (appended to the page once) and only shows what the
 * shell sends; the labels and order of the groups are worked out here (pure, tested).
 */
import { formatTime } from "./clock";
import type { Key, Translate } from "./i18n";
import type { Assist, GroupStats, Statistics } from "./ipc";

/** How a group key reads: `classic/8x18/36`, `stack/L2`, `journey/L3`, `daily`, a brought level (`stack/map/<hex>`) or a custom stack. */
export function groupLabel(key: string, t: Translate): string {
  if (key === "daily") return t("stats.group.daily");
  let m = /^classic\/(\d+)x(\d+)\/\d+$/.exec(key);
  if (m) return t("stats.group.classic", { layout: `${m[2]} × ${m[1]}` });
  m = /^stack\/L(\d+)$/.exec(key);
  if (m) return t("stats.group.stack", { level: Number(m[1]) });
  m = /^journey\/L(\d+)$/.exec(key);
  if (m) return t("stats.group.journey", { level: Number(m[1]) });
  m = /^stack\/map\/([0-9a-f]{16})$/.exec(key);
  if (m) return t("stats.group.stackMap", { mark: `#${(m[1] ?? "").slice(0, 6)}` });
  if (key.startsWith("stack/")) return t("stats.group.stackCustom", { name: key.slice(6) });
  return key;
}

/** Display order: daily deal, classic layouts by size, stack levels, journey levels, others. */
export function groupOrder(keys: readonly string[]): string[] {
  const rank = (k: string): [number, number, string] => {
    if (k === "daily") return [0, 0, k];
    let m = /^classic\/(\d+)x(\d+)\//.exec(k);
    if (m) return [1, Number(m[1]) * Number(m[2]), k];
    m = /^stack\/L(\d+)$/.exec(k);
    if (m) return [2, Number(m[1]), k];
    if (k.startsWith("stack/")) return [3, 0, k];
    m = /^journey\/L(\d+)$/.exec(k);
    if (m) return [4, Number(m[1]), k];
    return [5, 0, k];
  };
  return [...keys].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
  });
}

const ASSIST_KEYS: Record<Assist, Key> = { hint: "stats.assist.hint", undo: "stats.assist.undo", demo: "stats.assist.demo" };

/** "With hints, undo" for an assisted win, "" for an unassisted one. */
export function assistText(assists: readonly Assist[], t: Translate): string {
  if (assists.length === 0) return "";
  return t("stats.assistedWith", { help: assists.map((a) => t(ASSIST_KEYS[a])).join(", ") });
}

/** Played and won over every group. */
export function totals(groups: Record<string, GroupStats | undefined>): { played: number; won: number } {
  let played = 0;
  let won = 0;
  for (const g of Object.values(groups)) {
    if (!g) continue;
    played += g.played;
    won += g.won;
  }
  return { played, won };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}

export class StatsDialog {
  readonly el: HTMLDialogElement;
  private readonly select: HTMLSelectElement;
  private readonly body: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly close: HTMLButtonElement;
  private readonly label: HTMLElement;
  private stats: Statistics | null = null;
  private t: Translate = (k) => k;
  private locale = "en";

  constructor() {
    this.heading = el("h2", { id: "dlg-stats-title" });
    this.label = el("span");
    this.select = el("select", { id: "stats-group" });
    this.body = el("div", { id: "stats-body", className: "stats-body" });
    this.close = el("button", { type: "submit", className: "btn primary", id: "stats-close" });
    const form = el(
      "form",
      { method: "dialog" },
      this.heading,
      el("label", { className: "field" }, this.label, this.select),
      this.body,
      el("div", { className: "dialog-actions" }, this.close),
    );
    this.el = el("dialog", { id: "dlg-stats", className: "stats-dialog" }, form);
    this.el.setAttribute("aria-labelledby", "dlg-stats-title");
    (document.getElementById("app") ?? document.body).append(this.el);
    this.select.addEventListener("change", () => this.renderGroup());
  }

  open(stats: Statistics, t: Translate, locale: string): void {
    this.stats = stats;
    this.t = t;
    this.locale = locale;
    this.heading.textContent = t("stats.title");
    this.label.textContent = t("stats.group");
    this.close.textContent = t("settings.done");
    const keys = groupOrder(Object.keys(stats.groups));
    if (stats.current && !keys.includes(stats.current)) keys.push(stats.current);
    this.select.replaceChildren(...groupOrder(keys).map((k) => el("option", { value: k, textContent: groupLabel(k, t) })));
    this.select.value = stats.current ?? keys[0] ?? "";
    this.select.parentElement!.hidden = keys.length === 0;
    this.renderGroup();
    if (!this.el.open) this.el.showModal();
    this.close.focus();
  }

  private renderGroup(): void {
    const t = this.t;
    const stats = this.stats;
    if (!stats) return;
    const all = totals(stats.groups);
    const overall = el("p", { className: "stats-total", id: "stats-total", textContent: t("stats.total", all) });
    const g: GroupStats = stats.groups[this.select.value] ?? { played: 0, won: 0, best: [] };
    const counts = el(
      "dl",
      { className: "summary", id: "stats-counts" },
      el("div", {}, el("dt", { textContent: t("stats.played") }), el("dd", { id: "stats-played", textContent: String(g.played) })),
      el("div", {}, el("dt", { textContent: t("stats.won") }), el("dd", { id: "stats-won", textContent: String(g.won) })),
    );
    const parts: Node[] = [counts];
    if (g.best.length === 0) parts.push(el("p", { className: "stats-empty", textContent: t("stats.noWins") }));
    else {
      const head = el("tr", {}, ...["#", t("stats.time"), t("stats.score"), t("stats.date")].map((h) => el("th", { scope: "col", textContent: h })));
      const rows = g.best.map((b, i) => {
        const assisted = assistText(b.assists, t);
        const time = el("td", { textContent: formatTime(b.ms) });
        if (assisted) time.append(el("span", { className: "assisted-mark", title: assisted, textContent: " ✱" }, el("span", { className: "sr-only", textContent: ` (${assisted})` })));
        const row = el(
          "tr",
          { className: assisted ? "assisted" : "" },
          el("td", { textContent: String(i + 1) }),
          time,
          el("td", { textContent: String(b.score) }),
          el("td", { textContent: new Date(b.at * 1000).toLocaleDateString(this.locale) }),
        );
        return row;
      });
      parts.push(
        el("table", { className: "stats-best", id: "stats-best" }, el("caption", { textContent: t("stats.best") }), el("thead", {}, head), el("tbody", {}, ...rows)),
      );
      if (g.best.some((b) => b.assists.length > 0)) parts.push(el("p", { className: "stats-note", textContent: t("stats.assistedNote") }));
    }
    parts.push(overall);
    this.body.replaceChildren(...parts);
  }
}
