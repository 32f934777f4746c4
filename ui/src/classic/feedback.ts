/**
 * Feedback for the moments of a classic game: a floating "+points" at a matched
 * pair, the combo with a bar draining over the engine's combo window (cleared when it runs
 * out), the shake of a same-kind pair that no path joins, and the board as the match left
 * it before an auto-shuffle (so the line is drawn on the tiles it removed and the shuffle
 * shows after it). The rules and the window are the engine's (`combo_until_ms`,
 * `combo_window_ms`, `no_path` in the payloads): this only draws them.
 */
import { setText } from "../hud";
import type { GameView, Pos } from "../ipc";
import { centre, type BoardGeometry } from "./path-view";

/** How long the shuffle animation runs (`.board.shuffling .tile` in styles/board.css). */
export const SHUFFLE_MS = 260;
/** How long a no-path pair shakes (`.tile.no-path` in styles/feedback.css). */
export const SHAKE_MS = 420;
/** How long "+points" floats (`.float-points` in styles/feedback.css). */
const FLOAT_MS = 900;

/** The layer above the board for floating texts (made once, inside the board frame). */
function fxLayer(frame: HTMLElement): HTMLElement {
  const found = frame.querySelector<HTMLElement>(":scope > .fx-layer");
  if (found) return found;
  const layer = document.createElement("div");
  layer.className = "fx-layer";
  layer.setAttribute("aria-hidden", "true");
  frame.append(layer);
  return layer;
}

/** "+points" rising from the middle of the matched pair, after `delayMs`. */
export function floatPoints(frame: HTMLElement, g: BoardGeometry, removed: readonly Pos[], points: number, delayMs: number): void {
  const [a, b] = removed;
  if (!a || !b || points <= 0) return;
  const ca = centre(a, g);
  const cb = centre(b, g);
  const el = document.createElement("div");
  el.className = "float-points";
  el.textContent = `+${points}`;
  el.style.setProperty("--x", `${(ca.x + cb.x) / 2}px`);
  el.style.setProperty("--y", `${(ca.y + cb.y) / 2}px`);
  el.style.setProperty("--delay", `${delayMs}ms`);
  fxLayer(frame).append(el);
  window.setTimeout(() => el.remove(), delayMs + FLOAT_MS + 100);
}

/**
 * Removes every floating text: they are placed in pixels of the board's geometry, so a
 * rotation or a new cell size would leave them at the wrong place (or outside the board).
 */
export function clearFloats(frame: HTMLElement): void {
  frame.querySelector(":scope > .fx-layer")?.replaceChildren();
}

/** Shakes the tiles at `cells` (a same-kind pair no path joins). */
export function shake(board: HTMLElement, cells: readonly Pos[]): void {
  for (const [r, c] of cells) {
    const el = board.querySelector<HTMLElement>(`button.tile[data-row="${r}"][data-col="${c}"]`);
    if (!el) continue;
    el.classList.remove("no-path");
    void el.offsetWidth;
    el.classList.add("no-path");
    window.setTimeout(() => el.classList.remove("no-path"), SHAKE_MS);
  }
}

/**
 * The board as a match left it before an auto-shuffle: `cells` without the `removed`
 * pair, with the slide `moves` (from → to) applied. Pure.
 */
export function preShuffleCells(
  cells: readonly (readonly (number | null)[])[],
  removed: readonly Pos[],
  moves: readonly (readonly [Pos, Pos])[],
): (number | null)[][] {
  const out = cells.map((row) => [...row]);
  for (const [r, c] of removed) if (out[r]) out[r]![c] = null;
  // All tiles move at once: lift them all, then put them down.
  const lifted = moves.map(([[r, c]]) => out[r]?.[c] ?? null);
  for (const [[r, c]] of moves) if (out[r]) out[r]![c] = null;
  moves.forEach(([, [r, c]], i) => {
    if (out[r]) out[r]![c] = lifted[i] ?? null;
  });
  return out;
}

/** What the combo stat shows at game time `now`: the multiplier (0 when none) and how much
 *  of its window is left (0..1). Pure. */
export function comboState(g: Pick<GameView, "combo" | "combo_until_ms" | "combo_window_ms">, now: number): { combo: number; left: number } {
  const until = g.combo_until_ms;
  if (until == null || now >= until || g.combo_window_ms <= 0) return { combo: 0, left: 0 };
  return { combo: g.combo, left: Math.min(1, (until - now) / g.combo_window_ms) };
}

/**
 * What the combo stat shows at game time `now` (`g` null: outside classic play): its text,
 * whether it is highlighted, and how much of the bar is drawn (0..1). The bar shows only with
 * a multiplier to show (×2 and up): after a lone match the window runs too, but the combo
 * reads "–" and a draining bar under it would say nothing. Pure.
 */
export function comboDisplay(g: Pick<GameView, "combo" | "combo_until_ms" | "combo_window_ms"> | null, now: number): { text: string; hot: boolean; left: number } {
  const { combo, left } = g ? comboState(g, now) : { combo: 0, left: 0 };
  const hot = combo > 1;
  return { text: hot ? `×${combo}` : "–", hot, left: hot ? left : 0 };
}

type ComboShown = Pick<GameView, "combo" | "combo_until_ms" | "combo_window_ms">;

/**
 * How the combo bar is drawn at game time `now`: `draining` (a CSS animation over the whole
 * window, started `intoMs` into it, so that it shows `left` now and runs out with the window),
 * `held` at `left` while the game clock stands still (a pause, a dialog), or `empty`. `key`
 * changes exactly when the drawing must be started anew (a new window, the clock stopped or
 * started again). Pure.
 */
export function comboBar(g: ComboShown | null, now: number, running: boolean): { key: string; state: "draining" | "held" | "empty"; left: number; windowMs: number; intoMs: number } {
  const { hot, left } = comboDisplay(g, now);
  if (!g || !hot) return { key: "empty", state: "empty", left: 0, windowMs: 0, intoMs: 0 };
  const windowMs = g.combo_window_ms;
  const intoMs = Math.round(windowMs * (1 - left));
  const window = `${g.combo}/${g.combo_until_ms}`;
  return running
    ? { key: `draining ${window}`, state: "draining", left, windowMs, intoMs }
    : { key: `held ${window} ${left}`, state: "held", left, windowMs, intoMs };
}

/**
 * In how many ms of game time the combo's drawing changes by itself (its window runs out),
 * or null when it will not before the next answer or clock change (no combo shown, or the
 * clock stands still). Pure.
 */
export function comboExpiresInMs(g: ComboShown | null, now: number, running: boolean): number | null {
  if (!running || !g || !comboDisplay(g, now).hot || g.combo_until_ms == null) return null;
  return g.combo_until_ms - now;
}

/**
 * The combo stat of the HUD with its draining bar. The bar drains by a CSS animation of its
 * transform (run by the compositor, no script or style work per frame): it is written only
 * when `comboBar` says the drawing changes. Between answers the meter is drawn again only when
 * its window runs out (`comboExpiresInMs`), by a timer: no polling.
 */
export class ComboMeter {
  private readonly stat: HTMLElement | null;
  private readonly fill: HTMLElement;
  private expiry = 0;

  /** `redraw` draws the meter for the game on screen now (when the window runs out). */
  constructor(
    private readonly value: HTMLElement,
    private readonly redraw: () => void,
  ) {
    this.stat = value.closest<HTMLElement>(".stat");
    const bar = document.createElement("span");
    bar.className = "combo-bar";
    bar.setAttribute("aria-hidden", "true");
    this.fill = document.createElement("span");
    this.fill.className = "combo-fill";
    bar.append(this.fill);
    this.stat?.append(bar);
  }

  /** The `comboBar` key drawn now. */
  private bar = "empty";

  /**
   * Draws `g`'s combo at game time `now` (null outside classic play: cleared), as
   * `comboDisplay` and `comboBar` say; `running`: the game clock runs. Only what changed is
   * written: this runs after every answer and clock change, and when the window runs out.
   */
  draw(g: GameView | null, now: number, running: boolean): void {
    window.clearTimeout(this.expiry);
    const expires = comboExpiresInMs(g, now, running);
    // game time runs with the wall clock while the clock runs; a timer never fires early
    if (expires !== null) this.expiry = window.setTimeout(this.redraw, Math.max(0, expires));
    const { text, hot } = comboDisplay(g, now);
    setText(this.value, text);
    const stat = this.stat;
    if (!stat) return;
    if (stat.classList.contains("hot") !== hot) stat.classList.toggle("hot", hot);
    const bar = comboBar(g, now, running);
    if (bar.key === this.bar) return;
    this.bar = bar.key;
    const live = bar.state !== "empty";
    if (stat.classList.contains("combo-live") !== live) stat.classList.toggle("combo-live", live);
    const fill = this.fill;
    fill.style.setProperty("--left", bar.left.toFixed(3));
    if (bar.state !== "draining") {
      fill.classList.remove("drain", "drain-again");
      return;
    }
    fill.style.setProperty("--window-ms", `${bar.windowMs}ms`);
    fill.style.setProperty("--into-ms", `${-bar.intoMs}ms`);
    // a new animation name restarts a drain that runs already (see `pulseCombo` in hud.ts)
    if (fill.classList.contains("drain")) fill.classList.toggle("drain-again");
    else fill.classList.add("drain");
  }

}
