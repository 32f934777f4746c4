/**
 * The stack board as DOM: one absolutely positioned `<button class="stile">` per tile
 * still on the board (`data-id`, `data-kind`, `data-free`, `data-z`), placed from its
 * x, y (quarter-tile units) through CSS custom properties, stacked by z. Covered tiles
 * are dimmed, `aria-disabled` and skipped by the keyboard; free tiles share a roving
 * tabindex. It draws the state it is given and decides no rule.
 */
import { faceElement, faceOf } from "../faces";
import { onPress } from "../finger-tap";
import type { Translate } from "../i18n";
import type { StackTileView, StackView, TileId } from "../ipc";
import type { StackFit } from "./fit";
import { firstPoint, type NavPoint } from "./nav";

export class StackBoard {
  readonly el: HTMLElement;
  private tiles = new Map<TileId, HTMLButtonElement>();
  private views = new Map<TileId, StackTileView>();
  private focus: TileId | null = null;
  /** The one tile with tabIndex 0 (the roving tab stop), so that a move touches two tiles only. */
  private tabStop: HTMLButtonElement | null = null;
  private hint: TileId | null = null;
  private t: Translate;
  private left = 0;

  constructor(el: HTMLElement, onTake: (id: TileId) => void, t: Translate) {
    this.el = el;
    this.t = t;
    // a finger's tap, a click, keys (finger-tap.ts)
    onPress(el, (target, moveFocus) => {
      const tile = target.closest<HTMLButtonElement>("button.stile");
      if (!tile || !el.contains(tile) || tile.dataset["free"] !== "true") return;
      const id = Number(tile.dataset["id"]);
      this.setFocus(id, moveFocus);
      onTake(id);
    });
    el.addEventListener("focusin", (e) => {
      const tile = (e.target as Element).closest<HTMLButtonElement>("button.stile");
      if (tile && tile.dataset["free"] === "true") this.setFocus(Number(tile.dataset["id"]), false);
    });
  }

  /** Tile size and board extent; `ox`, `oy`: the layout's top-left corner in units. */
  applyFit(fit: StackFit, ox: number, oy: number): void {
    const s = this.el.style;
    s.setProperty("--unit", `${fit.unit}px`);
    s.setProperty("--tsize", `${fit.tile}px`);
    s.setProperty("--board-w", `${fit.boardW}px`);
    s.setProperty("--board-h", `${fit.boardH}px`);
    s.setProperty("--ox", String(Number.isFinite(ox) ? ox : 0));
    s.setProperty("--oy", String(Number.isFinite(oy) ? oy : 0));
  }

  setTranslate(t: Translate): void {
    this.t = t;
    for (const [id, el] of this.tiles) {
      const v = this.views.get(id);
      if (v) this.label(el, v);
    }
    this.el.setAttribute("aria-label", t("stack.board", { n: this.left }));
  }

  /** Brings the DOM in line with `view` (tiles that did not change are kept). */
  render(view: StackView): void {
    const hadFocus = this.el.contains(document.activeElement);
    const seen = new Set<TileId>();
    for (const tv of view.tiles) {
      if (tv.place !== "board") continue;
      seen.add(tv.id);
      let el = this.tiles.get(tv.id);
      const old = this.views.get(tv.id);
      if (!el) {
        el = this.make(tv);
        this.tiles.set(tv.id, el);
        this.el.append(el);
      } else if (!old || old.kind !== tv.kind || old.free !== tv.free || old.x !== tv.x || old.y !== tv.y || old.z !== tv.z) {
        this.update(el, tv);
      }
      this.views.set(tv.id, tv);
    }
    for (const [id, el] of this.tiles) {
      if (seen.has(id)) continue;
      el.remove();
      this.tiles.delete(id);
      this.views.delete(id);
    }
    this.left = view.tiles_left;
    this.el.setAttribute("aria-label", this.t("stack.board", { n: view.tiles_left }));
    if (this.hint !== null && !this.tiles.has(this.hint)) this.hint = null;
    if (this.focus === null || !this.isFree(this.focus)) this.focus = firstPoint(this.navPoints());
    this.updateTabStops();
    if (hadFocus) this.focusCurrent();
  }

  /** Free tiles as keyboard targets (centres in units). */
  navPoints(): NavPoint[] {
    const out: NavPoint[] = [];
    for (const v of this.views.values()) if (v.free) out.push({ id: v.id, cx: v.x + 2, cy: v.y + 2 });
    return out;
  }

  isFree(id: TileId): boolean {
    return this.views.get(id)?.free === true;
  }

  tileEl(id: TileId): HTMLButtonElement | null {
    return this.tiles.get(id) ?? null;
  }

  get focused(): TileId | null {
    return this.focus;
  }

  setFocus(id: TileId | null, move = true): void {
    this.focus = id;
    this.updateTabStops();
    if (move) this.focusCurrent();
  }

  focusCurrent(): void {
    const el = this.focus === null ? null : this.tiles.get(this.focus);
    if (el) el.focus({ preventScroll: false });
    else if (this.el.contains(document.activeElement) || document.activeElement === document.body) this.el.focus();
  }

  setHint(id: TileId | null): void {
    if (this.hint !== null) this.mark(this.hint, false);
    this.hint = id;
    if (id !== null) this.mark(id, true);
  }

  /** Every tile's rectangle on screen, by id (for the motion layer). */
  rects(): Map<TileId, DOMRect> {
    const out = new Map<TileId, DOMRect>();
    for (const [id, el] of this.tiles) out.set(id, el.getBoundingClientRect());
    return out;
  }

  clear(): void {
    this.el.replaceChildren();
    this.tabStop = null;
    this.tiles.clear();
    this.views.clear();
    this.focus = null;
    this.hint = null;
  }

  private mark(id: TileId, on: boolean): void {
    const el = this.tiles.get(id);
    if (!el) return;
    el.classList.toggle("hinted", on);
    if (on) el.dataset["hint"] = "true";
    else delete el.dataset["hint"];
  }

  /**
   * Roving tabindex: the focus's tile has tabIndex 0, every other tile -1 (tiles are made
   * with -1). Only the previous tab stop and the new one are written, not every tile's on
   * every render (each write is an attribute change the browser checks for restyling).
   */
  private updateTabStops(): void {
    const f = (this.focus === null ? null : this.tiles.get(this.focus)) ?? null;
    if (this.tabStop !== f) {
      if (this.tabStop?.isConnected) this.tabStop.tabIndex = -1;
      this.tabStop = f;
      if (f) f.tabIndex = 0;
    }
    const boardIndex = f ? -1 : 0;
    if (this.el.tabIndex !== boardIndex) this.el.tabIndex = boardIndex;
  }

  private make(tv: StackTileView): HTMLButtonElement {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "stile";
    b.dataset["id"] = String(tv.id);
    b.tabIndex = -1;
    this.update(b, tv);
    return b;
  }

  private update(b: HTMLButtonElement, tv: StackTileView): void {
    b.dataset["kind"] = String(tv.kind);
    b.dataset["face"] = faceOf(tv.kind);
    b.dataset["free"] = String(tv.free);
    b.dataset["z"] = String(tv.z);
    b.setAttribute("aria-disabled", String(!tv.free));
    const s = b.style;
    s.setProperty("--x", String(tv.x));
    s.setProperty("--y", String(tv.y));
    s.setProperty("z-index", String(tv.z + 1));
    b.replaceChildren(faceElement(tv.kind));
    this.label(b, tv);
  }

  private label(b: HTMLButtonElement, tv: StackTileView): void {
    const face = this.t(`face.${faceOf(tv.kind)}`);
    b.setAttribute("aria-label", tv.free ? this.t("stile.label", { face, layer: tv.z + 1 }) : this.t("stile.covered", { face }));
  }
}
