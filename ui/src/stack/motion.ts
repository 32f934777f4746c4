/**
 * Stack animations, drawn over everything in a fixed layer (`#stack-fx`): a tile that
 * changes place (board → tray, tray → holding row, undo back to the board, tray tiles
 * shifting) flies there as a ghost while the real element waits hidden; a triple
 * collapses into its middle slot and vanishes; shuffle re-deals the board from its
 * centre. Nothing here decides a rule, and with reduced motion nothing moves.
 */
import type { TileId } from "../ipc";

export const FLY_MS = 240;
export const COLLAPSE_MS = 220;

/** Where things were before a change: every tile's rectangle and copies of the few tray tiles. */
export interface Snapshot {
  rects: Map<TileId, DOMRect>;
  clones: Map<TileId, HTMLElement>;
}

export class Motion {
  private ghosts = new Set<HTMLElement>();
  private waiting = new Set<HTMLElement>();
  private anims = new Set<Animation>();

  constructor(
    private readonly fx: HTMLElement,
    private readonly reduced: () => boolean,
  ) {}

  get enabled(): boolean {
    return !this.reduced() && typeof Element.prototype.animate === "function";
  }

  /** Ends every running animation at once (before the next change is drawn). */
  settle(): void {
    for (const a of this.anims) a.cancel();
    this.anims.clear();
    for (const g of this.ghosts) g.remove();
    this.ghosts.clear();
    for (const el of this.waiting) el.classList.remove("landing");
    this.waiting.clear();
  }

  /** `el` (already at its new place) appears to travel there from `from`. */
  fly(el: HTMLElement, from: DOMRect, delay = 0): void {
    if (!this.enabled) return;
    const to = el.getBoundingClientRect();
    if (to.width === 0 || (Math.abs(to.left - from.left) < 1 && Math.abs(to.top - from.top) < 1 && Math.abs(to.width - from.width) < 1)) return;
    const ghost = this.ghost(el, to);
    el.classList.add("landing");
    this.waiting.add(el);
    const k = from.width / to.width;
    const a = ghost.animate(
      [
        { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${k})` },
        { transform: "none" },
      ],
      { duration: FLY_MS, delay, easing: "cubic-bezier(.3,.7,.3,1)", fill: "backwards" },
    );
    this.track(a, () => {
      ghost.remove();
      this.ghosts.delete(ghost);
      el.classList.remove("landing");
      this.waiting.delete(el);
    });
  }

  /**
   * A vanishing triple: each piece starts at `from` (a copy of how it looked), the
   * piece just taken flies in first, then all three shrink into `into` and fade.
   */
  collapse(pieces: { look: HTMLElement; from: DOMRect; to: DOMRect }[], into: DOMRect): void {
    if (!this.enabled) return;
    for (const p of pieces) {
      const ghost = this.ghost(p.look, p.to);
      const cx = into.left + into.width / 2 - (p.to.left + p.to.width / 2);
      const cy = into.top + into.height / 2 - (p.to.top + p.to.height / 2);
      const k = p.from.width / p.to.width;
      const a = ghost.animate(
        [
          { transform: `translate(${p.from.left - p.to.left}px, ${p.from.top - p.to.top}px) scale(${k})`, opacity: 1, offset: 0 },
          { transform: "none", opacity: 1, offset: 0.5 },
          { transform: `translate(${cx}px, ${cy}px) scale(1.08)`, opacity: 1, offset: 0.72 },
          { transform: `translate(${cx}px, ${cy}px) scale(0.2)`, opacity: 0, offset: 1 },
        ],
        { duration: FLY_MS + COLLAPSE_MS, easing: "ease-in-out", fill: "forwards" },
      );
      this.track(a, () => {
        ghost.remove();
        this.ghosts.delete(ghost);
      });
    }
  }

  /** `el` pops into place (a triple coming back on undo). */
  pop(el: HTMLElement, delay = 0): void {
    if (!this.enabled) return;
    const a = el.animate([{ transform: "scale(0.2)", opacity: 0 }, { transform: "none", opacity: 1 }], {
      duration: 200,
      delay,
      easing: "ease-out",
      fill: "backwards",
    });
    this.track(a, () => {});
  }

  /** The board's tiles gather at its centre and deal out again to their places. */
  redeal(tiles: HTMLElement[], centre: { x: number; y: number }): void {
    if (!this.enabled) return;
    tiles.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const dx = centre.x - (r.left + r.width / 2);
      const dy = centre.y - (r.top + r.height / 2);
      const a = el.animate(
        [
          { transform: "none" },
          { transform: `translate(${dx}px, ${dy}px) scale(0.6) rotate(${(i % 5) * 9 - 18}deg)`, offset: 0.45 },
          { transform: "none" },
        ],
        { duration: 520, delay: Math.min(i * 4, 240), easing: "ease-in-out" },
      );
      this.track(a, () => {});
    });
  }

  private ghost(look: HTMLElement, at: DOMRect): HTMLElement {
    const g = look.cloneNode(true) as HTMLElement;
    g.classList.remove("landing", "hinted");
    g.classList.add("ghost");
    g.removeAttribute("id");
    g.setAttribute("aria-hidden", "true");
    if (g instanceof HTMLButtonElement) g.tabIndex = -1;
    const s = g.style;
    s.setProperty("left", `${at.left}px`);
    s.setProperty("top", `${at.top}px`);
    s.setProperty("width", `${at.width}px`);
    s.setProperty("height", `${at.height}px`);
    s.setProperty("--tsize", `${at.width}px`);
    this.fx.append(g);
    this.ghosts.add(g);
    return g;
  }

  private track(a: Animation, done: () => void): void {
    this.anims.add(a);
    a.addEventListener("finish", () => {
      this.anims.delete(a);
      done();
    });
    a.addEventListener("cancel", () => {
      this.anims.delete(a);
      done();
    });
  }
}
