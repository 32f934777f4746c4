/**
 * The board as DOM: a CSS grid of real `<button>` tiles (`data-row`, `data-col`,
 * `data-kind`, translated `aria-label`) and inert placeholders for empty cells, inside a
 * half-cell margin that shows the ring. Roving tabindex: exactly one tile is tabbable.
 * It draws state it is given (selection, hint, vanishing tiles) and decides no rule.
 * It may draw the board transposed (orientation.ts): cells keep their engine `data-row`
 * and `data-col`, only the grid's flow and the glide offsets change. The cells are the
 * board's children in engine row-major order, one per cell (a tile or a placeholder), and
 * the grid places them by that order: row by row upright, column by column transposed
 * (board.css). No cell carries a style of its own, so the browser computes the style of
 * one tile and reuses it for every tile in the same state (a cell placed by its own
 * `grid-row`/`grid-column` had to be styled from scratch, all 144 on the first board).
 */
import { afterFrame } from "../after-frame";
import { faceElement, faceOf } from "../faces";
import { onPress } from "../finger-tap";
import { setAttr } from "../hud";
import type { Translate } from "../i18n";
import type { GameView, Pos } from "../ipc";
import { firstTile, nearestTile } from "./focus";
import type { CellSize } from "./layout";
import { screenDims, screenOffset, toScreen, UPRIGHT, type Orientation } from "./orientation";
import type { BoardGeometry } from "./path-view";
import { reveal } from "./reveal";
import type { Glide } from "./slide-motion";

export interface BoardHandlers {
  onSelect(row: number, col: number): void;
}

export class BoardView {
  readonly el: HTMLElement;
  private cells: (HTMLElement | null)[][] = [];
  private kinds: (number | null)[][] = [];
  private rows = 0;
  private cols = 0;
  private focus: Pos | null = null;
  private selection: Pos | null = null;
  private hint: Pos[] = [];
  private size: CellSize | null = null;
  /** The one tile with tabIndex 0 (the roving tab stop), so that a move touches two tiles only. */
  private tabStop: HTMLButtonElement | null = null;
  /**
   * Tiles whose tab index is still to be written because they had the focus (writing the
   * focused element's tab index forces a style recalculation at once): written once the
   * focus has moved on (a matched tile, after the frame that shows the match) or is leaving
   * the board (a tapped tile: Tab moves on from the focused element whatever its own tab
   * index says, so only a focus coming back needs it).
   */
  private readonly staleTabIndex = new Set<HTMLElement>();
  private orient: Orientation = UPRIGHT;
  /** The number of each gliding tile's latest glide (an earlier glide's timer leaves it be). */
  private readonly glides = new WeakMap<HTMLElement, number>();
  private t: Translate;

  constructor(el: HTMLElement, handlers: BoardHandlers, t: Translate) {
    this.el = el;
    this.t = t;
    // a finger's tap, a click, keys (finger-tap.ts)
    onPress(el, (target, moveFocus) => {
      const tile = target.closest<HTMLButtonElement>("button.tile");
      if (!tile || tile.classList.contains("vanishing") || !el.contains(tile)) return;
      const row = Number(tile.dataset["row"]);
      const col = Number(tile.dataset["col"]);
      this.setFocus([row, col], moveFocus);
      handlers.onSelect(row, col);
    });
    el.addEventListener("focusout", (e) => {
      const to = e.relatedTarget;
      if (!(to instanceof Node && el.contains(to))) this.writeStaleTabIndex(true);
    });
    el.addEventListener("focusin", (e) => {
      const tile = (e.target as Element).closest<HTMLButtonElement>("button.tile");
      if (tile) this.setFocus([Number(tile.dataset["row"]), Number(tile.dataset["col"])], false);
    });
  }

  get focused(): Pos | null {
    return this.focus;
  }

  get currentCells(): (number | null)[][] {
    return this.kinds;
  }

  geometry(): BoardGeometry | null {
    if (!this.size) return null;
    const { cellW, cellH, ringW, ringH } = this.size;
    return { rows: this.rows, cols: this.cols, cellW, cellH, ringW, ringH, transposed: this.orient.transposed };
  }

  get orientation(): Orientation {
    return this.orient;
  }

  /** Draws the board upright or transposed; the cells (selection, hint, focus) stay as they are. */
  setOrientation(o: Orientation): void {
    if (o.transposed === this.orient.transposed) return;
    this.orient = o;
    this.setScreenDims(); // the grid's flow follows (board.css)
    this.setTranslate(this.t);
  }

  /** The board's scroll container when the board pans (the fit marks it `scrolls`), else null. */
  private panning(): HTMLElement | null {
    const scroller = this.el.closest<HTMLElement>(".board-scroll");
    return scroller?.classList.contains("scrolls") ? scroller : null;
  }

  /**
   * Scrolls the board (when it pans) so that these cells show. A board that fits is left
   * alone without reading any layout: a tap on it forces no style or layout work.
   */
  reveal(cells: Pos[], smooth = true): void {
    const scroller = this.panning();
    if (!scroller) return;
    const els = cells.flatMap((p) => {
      const el = this.cells[p[0]]?.[p[1]];
      return el ? [el] : [];
    });
    reveal(scroller, els, smooth);
  }

  /** The hinted cells and the selection (what must stay on screen). */
  get marked(): Pos[] {
    return this.selection ? [...this.hint, this.selection] : [...this.hint];
  }

  private setScreenDims(): void {
    const d = screenDims(this.rows, this.cols, this.orient);
    this.el.style.setProperty("--screen-rows", String(d.rows));
    this.el.style.setProperty("--screen-cols", String(d.cols));
    this.el.dataset["transposed"] = String(this.orient.transposed);
  }

  /** Applies a cell size (CSS custom properties; no inline style attributes). */
  applySize(size: CellSize): void {
    this.size = size;
    const s = this.el.style;
    s.setProperty("--cell-w", `${size.cellW}px`);
    s.setProperty("--cell-h", `${size.cellH}px`);
    s.setProperty("--ring-w", `${size.ringW}px`);
    s.setProperty("--ring-h", `${size.ringH}px`);
    s.setProperty("--board-w", `${size.boardW}px`);
    s.setProperty("--board-h", `${size.boardH}px`);
    // the tiles' measures in pixels, once for the board (board.css: a tile computes none)
    const w = size.cellW;
    s.setProperty("--tile-gap", `${Math.min(3, Math.max(1, w * 0.04))}px`);
    s.setProperty("--tile-r", `${w * 0.16}px`);
    s.setProperty("--badge", `${Math.max(16, w * 0.34)}px`);
    s.setProperty("--badge-font", `${Math.max(11, w * 0.22)}px`);
    s.setProperty("--hint-r", `${w * 0.2}px`);
  }

  setTranslate(t: Translate): void {
    this.t = t;
    const d = screenDims(this.rows, this.cols, this.orient);
    this.el.setAttribute("aria-label", t("board.label", { rows: d.rows, cols: d.cols }));
    for (const row of this.cells)
      for (const cell of row) if (cell instanceof HTMLButtonElement) this.label(cell);
  }

  /** Brings the DOM in line with `game` (cells that did not change are kept). */
  render(game: GameView): void {
    const resized = game.rows !== this.rows || game.cols !== this.cols;
    if (resized) {
      this.rows = game.rows;
      this.cols = game.cols;
      this.el.replaceChildren();
      this.tabStop = null;
      this.staleTabIndex.clear();
      this.cells = Array.from({ length: game.rows }, () => Array<HTMLElement | null>(game.cols).fill(null));
      this.kinds = Array.from({ length: game.rows }, () => Array<number | null>(game.cols).fill(null));
      this.el.style.setProperty("--rows", String(game.rows));
      this.el.style.setProperty("--cols", String(game.cols));
      this.setScreenDims();
      const d = screenDims(game.rows, game.cols, this.orient);
      this.el.setAttribute("aria-label", this.t("board.label", { rows: d.rows, cols: d.cols }));
      this.focus = null;
    }
    const hadFocus = this.el.contains(document.activeElement);
    for (let r = 0; r < game.rows; r++) {
      for (let c = 0; c < game.cols; c++) {
        const kind = game.cells[r]?.[c] ?? null;
        const current = this.cells[r]![c];
        const sameKind = this.kinds[r]![c] === kind;
        if (current && sameKind && !(kind !== null && current.classList.contains("vanishing"))) continue;
        if (current && kind === null && current.classList.contains("vanishing")) {
          this.kinds[r]![c] = null;
          continue; // its fade ends with a placeholder
        }
        const next = kind === null ? this.placeholder(r, c) : this.tile(r, c, kind);
        if (current) current.replaceWith(next);
        else this.el.append(next);
        this.cells[r]![c] = next;
        this.kinds[r]![c] = kind;
      }
    }
    this.setSelection(game.selection);
    if (!this.focus || this.kinds[this.focus[0]]?.[this.focus[1]] == null) this.focus = firstTile(this.kinds);
    this.updateTabStops();
    if (!hadFocus) return;
    // Focus on a tile that is fading out (a match) moves after the frame that shows the
    // match: moving it now would force the style of the changed board before that frame.
    if (document.activeElement?.classList.contains("vanishing")) afterFrame(() => this.focusCurrent());
    else this.focusCurrent();
  }

  setSelection(pos: Pos | null): void {
    // a render repeats the selection drawn already (a tile replaced meanwhile is marked again)
    if (pos === null && this.selection === null) return;
    const same = pos !== null && this.selection !== null && pos[0] === this.selection[0] && pos[1] === this.selection[1];
    if (same && this.cells[pos[0]]?.[pos[1]]?.classList.contains("selected")) return;
    if (this.selection) this.mark(this.selection, "selected", false);
    this.selection = pos;
    if (pos) this.mark(pos, "selected", true);
  }

  setHint(cells: Pos[]): void {
    for (const p of this.hint) this.mark(p, "hinted", false);
    this.hint = cells;
    for (const p of cells) this.mark(p, "hinted", true);
  }

  /** Fades out two matched tiles after `delayMs`; they become placeholders afterwards. */
  vanish(cells: Pos[], delayMs: number, fadeMs: number): void {
    for (const [r, c] of cells) {
      const el = this.cells[r]?.[c];
      if (!(el instanceof HTMLButtonElement)) continue;
      el.classList.add("vanishing");
      el.classList.remove("selected", "hinted");
      el.removeAttribute("aria-pressed");
      this.writeTabIndex(el);
      el.style.setProperty("--vanish-delay", `${delayMs}ms`);
      el.style.setProperty("--fade-ms", `${fadeMs}ms`);
      this.kinds[r]![c] = null;
      window.setTimeout(() => {
        if (this.cells[r]?.[c] !== el) return; // replaced meanwhile (undo, new game)
        const ph = this.placeholder(r, c);
        const refocus = document.activeElement === el;
        el.replaceWith(ph);
        this.cells[r]![c] = ph;
        if (refocus) this.focusCurrent();
      }, delayMs + fadeMs);
    }
    // Focus on a matched tile moves to the nearest remaining one (not back to the start).
    const lost = this.focus && cells.some((p) => p[0] === this.focus![0] && p[1] === this.focus![1]);
    if (lost && this.focus) this.focus = nearestTile(this.kinds, this.focus);
    if (!this.focus) this.focus = firstTile(this.kinds);
    this.updateTabStops();
  }

  /**
   * The tiles that slid glide in from their old cells after `delayMs` (they are drawn at
   * their new cells already, so a tap always hits where a tile is now).
   */
  glide(list: Glide[], delayMs: number, durationMs: number): void {
    for (const g of list) {
      const el = this.cells[g.to[0]]?.[g.to[1]];
      if (!(el instanceof HTMLButtonElement)) continue;
      const d = screenOffset(g.dRow, g.dCol, this.orient);
      el.style.setProperty("--glide-dr", String(d.dRow));
      el.style.setProperty("--glide-dc", String(d.dCol));
      el.style.setProperty("--glide-delay", `${delayMs}ms`);
      el.style.setProperty("--glide-ms", `${durationMs}ms`);
      // A tile still gliding from the last match starts again: its animation switches to
      // the other of two equal ones (a new animation name restarts it; taking the class off
      // and on again would need a forced style and layout in between to be seen).
      if (el.classList.contains("gliding")) el.classList.toggle("glide-again");
      el.classList.add("gliding");
      const glide = (this.glides.get(el) ?? 0) + 1;
      this.glides.set(el, glide);
      window.setTimeout(() => {
        // only the latest glide of the tile ends it
        if (this.glides.get(el) !== glide) return;
        el.classList.remove("gliding", "glide-again");
        this.glides.delete(el);
      }, delayMs + durationMs + 40);
    }
  }

  /** Moves the roving focus; `move` also moves DOM focus there. */
  setFocus(pos: Pos | null, move = true): void {
    this.focus = pos;
    this.updateTabStops();
    if (move) this.focusCurrent();
  }

  /**
   * Moves DOM focus to the roving focus's tile. Nothing when it is there already; the
   * browser scrolls it into view only on a board that pans (a board that fits has nothing
   * to scroll, and skipping the scroll skips a forced layout).
   */
  focusCurrent(): void {
    const el = this.focus ? this.cells[this.focus[0]]?.[this.focus[1]] : null;
    if (el instanceof HTMLButtonElement && !el.classList.contains("vanishing")) {
      if (document.activeElement !== el) el.focus({ preventScroll: this.panning() === null });
    } else if (this.el.contains(document.activeElement) || document.activeElement === document.body) this.el.focus();
    this.writeStaleTabIndex();
  }

  /**
   * Roving tabindex: the focus's tile has tabIndex 0, every other tile -1 (tiles are made
   * with -1). Only the previous tab stop and the new one are touched: writing all of them
   * would invalidate the whole board's style on every tap.
   */
  private updateTabStops(): void {
    const cell = this.focus ? this.cells[this.focus[0]]?.[this.focus[1]] : null;
    const f = cell instanceof HTMLButtonElement ? cell : null;
    if (this.tabStop !== f) {
      const old = this.tabStop;
      this.tabStop = f;
      if (old) this.writeTabIndex(old);
      if (f) this.writeTabIndex(f);
    }
    // the board itself is tabbable only when no tile is
    const boardIndex = f ? -1 : 0;
    if (this.el.tabIndex !== boardIndex) this.el.tabIndex = boardIndex;
  }

  /**
   * Gives `el` the tab index the roving tab stop says (0 for the stop, else -1). Changing the
   * tab index of the focused element makes Chromium recompute the style at once (to know
   * whether it may keep the focus), so the focused tile's is left for later (`staleTabIndex`).
   */
  private writeTabIndex(el: HTMLElement): void {
    if (el === document.activeElement) this.staleTabIndex.add(el);
    else this.setTabIndexNow(el);
  }

  private setTabIndexNow(el: HTMLElement): void {
    const want = el === this.tabStop ? "0" : "-1";
    if (el.getAttribute("tabindex") !== want) el.setAttribute("tabindex", want);
  }

  /**
   * Writes the tab indexes left for later by `writeTabIndex` of the tiles that no longer
   * have the focus; with `leaving` (the focus is leaving the board) the focused one's too.
   */
  private writeStaleTabIndex(leaving = false): void {
    if (this.staleTabIndex.size === 0) return;
    for (const el of [...this.staleTabIndex]) {
      if (el === document.activeElement && !leaving) continue;
      this.staleTabIndex.delete(el);
      this.setTabIndexNow(el);
    }
  }

  private mark(pos: Pos, cls: "selected" | "hinted", on: boolean): void {
    const el = this.cells[pos[0]]?.[pos[1]];
    if (!(el instanceof HTMLButtonElement)) return;
    el.classList.toggle(cls, on);
    // an attribute written with the value it has still schedules the tile's restyle
    if (cls === "selected") setAttr(el, "aria-pressed", String(on));
    if (cls === "hinted") {
      if (on) el.dataset["hint"] = "true";
      else delete el.dataset["hint"];
    }
  }

  private label(btn: HTMLButtonElement): void {
    const kind = Number(btn.dataset["kind"]);
    // the row and column the player sees (arrow keys move visually too)
    const [r, c] = toScreen([Number(btn.dataset["row"]), Number(btn.dataset["col"])], this.orient);
    const row = r + 1;
    const col = c + 1;
    btn.setAttribute("aria-label", this.t("tile.label", { face: this.t(`face.${faceOf(kind)}`), row, col }));
  }

  private tile(r: number, c: number, kind: number): HTMLButtonElement {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile cell";
    b.dataset["row"] = String(r);
    b.dataset["col"] = String(c);
    b.dataset["kind"] = String(kind);
    b.dataset["face"] = faceOf(kind);
    b.setAttribute("aria-pressed", "false");
    b.tabIndex = -1;
    this.label(b);
    b.append(faceElement(kind));
    return b;
  }

  private placeholder(r: number, c: number): HTMLElement {
    const d = document.createElement("div");
    d.className = "empty cell";
    d.dataset["row"] = String(r);
    d.dataset["col"] = String(c);
    d.setAttribute("aria-hidden", "true");
    return d;
  }
}
