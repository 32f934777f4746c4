/**
 * The first-launch card: the rule in one line and a three-second animated demo
 * of a match (two tiles selected, the path with two turns drawn, both vanish), shown
 * until the player dismisses it, then never again: the dismissal is saved in the shell's
 * settings (`intro_seen`), so it survives a relaunch. It builds its own markup; under
 * reduced motion the demo is a still picture of the path.
 */
import "./extras.css";
import { afterFrame } from "./after-frame";
import { faceElement } from "./faces";
import type { Translate } from "./i18n";

/** The demo board: `A` the pair, other letters other faces, `.` empty. */
export const DEMO_BOARD = ["....", "ABCA", "DEFG"] as const;
/** The pair and its path (row, col): up, across the empty row, down: two turns. */
export const DEMO_PATH: readonly [number, number][] = [
  [1, 0],
  [0, 0],
  [0, 3],
  [1, 3],
];
/** The demo's cell size (extras.css `--intro-cell` matches it). */
export const DEMO_CELL_PX = 48;
/** One loop of the demo. */
export const DEMO_MS = 3000;

const KINDS: Record<string, number> = { A: 3, B: 0, C: 7, D: 12, E: 5, F: 9, G: 16 };
const SVG_NS = "http://www.w3.org/2000/svg";

/** The id of the web build's static copy of the card (web/vite/intro-card-plugin.ts). */
export const STATIC_CARD_ID = "intro-static";

/**
 * Takes away the web build's static copy of the card, which a first visit shows from the first
 * paint until the view starts: whether it was showing (the card then opens in its place, over
 * it). A copy that showed stays, covered, until two frames after the card opened: a paint
 * whose element leaves the page before the browser has presented it is not counted as the
 * page's largest contentful paint, and the card's would be, later.
 */
export function takeStaticCard(): boolean {
  const el = document.getElementById(STATIC_CARD_ID);
  const root = document.documentElement;
  const remove = (): void => {
    el?.remove();
    delete root.dataset["intro"];
  };
  if (el === null || root.dataset["intro"] === undefined) {
    remove();
    return false;
  }
  el.classList.add("covered");
  afterFrame(() => afterFrame(remove));
  return true;
}

/** Whether to show the card: only until it was dismissed once. */
export function shouldShowIntro(settings: { intro_seen: boolean }): boolean {
  return !settings.intro_seen;
}

export class FirstLaunch {
  readonly el: HTMLDialogElement;
  private readonly title = document.createElement("h2");
  private readonly rule = document.createElement("p");
  private readonly ok = document.createElement("button");
  private readonly demo = document.createElement("div");

  constructor(private readonly onDismiss: () => void) {
    this.el = document.createElement("dialog");
    this.el.id = "dlg-intro";
    this.el.className = "intro-dialog";
    this.el.setAttribute("aria-labelledby", "intro-title");
    this.el.setAttribute("aria-describedby", "intro-rule");
    this.title.id = "intro-title";
    this.rule.id = "intro-rule";
    this.rule.className = "intro-rule";
    this.ok.type = "submit";
    this.ok.className = "btn primary";
    this.ok.id = "intro-ok";
    this.demo.className = "intro-demo";
    this.demo.setAttribute("aria-hidden", "true");
    this.demo.style.setProperty("--demo-ms", `${DEMO_MS}ms`);
    this.buildDemo();
    const form = document.createElement("form");
    form.method = "dialog";
    const actions = document.createElement("div");
    actions.className = "dialog-actions";
    actions.append(this.ok);
    form.append(this.title, this.demo, this.rule, actions);
    this.el.append(form);
    // Done, Escape or a tap outside the card: dismissed for good.
    this.el.addEventListener("close", () => this.onDismiss());
    this.el.addEventListener("click", (e) => {
      if (e.target === this.el) this.el.close();
    });
    (document.getElementById("app") ?? document.body).append(this.el);
  }

  open(t: Translate): void {
    this.title.textContent = t("intro.title");
    this.rule.textContent = t("intro.rule");
    this.ok.textContent = t("intro.ok");
    // taken over from the page's static copy: in its place, with no entrance
    if (takeStaticCard()) this.el.classList.add("adopted");
    if (!this.el.open) this.el.showModal();
    this.ok.focus();
  }

  private buildDemo(): void {
    const rows = DEMO_BOARD.length;
    const cols = DEMO_BOARD[0].length;
    const grid = document.createElement("div");
    grid.className = "intro-grid";
    grid.style.setProperty("--rows", String(rows));
    grid.style.setProperty("--cols", String(cols));
    DEMO_BOARD.forEach((line, r) =>
      [...line].forEach((ch, c) => {
        const cell = document.createElement("div");
        if (ch === ".") cell.className = "intro-empty";
        else {
          cell.className = ch === "A" ? `tile intro-tile intro-pair intro-pair-${c === 0 ? "a" : "b"}` : "tile intro-tile";
          cell.append(faceElement(KINDS[ch] ?? 0));
        }
        cell.style.gridRow = String(r + 1);
        cell.style.gridColumn = String(c + 1);
        grid.append(cell);
      }),
    );
    // The path through cell centres, in pixels (the demo's cells are DEMO_CELL_PX wide).
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", "intro-path");
    svg.setAttribute("viewBox", `0 0 ${cols * DEMO_CELL_PX} ${rows * DEMO_CELL_PX}`);
    const line = document.createElementNS(SVG_NS, "polyline");
    line.setAttribute("points", DEMO_PATH.map(([r, c]) => `${(c + 0.5) * DEMO_CELL_PX},${(r + 0.5) * DEMO_CELL_PX}`).join(" "));
    line.setAttribute("pathLength", "100");
    svg.append(line);
    grid.append(svg);
    this.demo.append(grid);
  }
}
