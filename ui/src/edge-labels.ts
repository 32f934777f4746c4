/**
 * The labels of a board that pans (it cannot fit at the touch size): at the top and the bottom
 * edge of its view, over a fade, a quiet pill says how much of the board is out of view on that
 * side ("4 more rows", "12 more tiles"), so a board cut at the screen's edge reads as one to
 * scroll, not as one drawn too big. They are drawn again on every scroll of the view; they ignore
 * taps (they lie over the edge's tiles) and are hidden from screen readers (the board says its
 * size, and the focused tile is scrolled into view). Shared by the classic board
 * (classic/more-rows.ts, which counts rows) and the stack board (stack/more-tiles.ts, tiles).
 */
import { afterFrame } from "./after-frame";
import { setHidden, setText } from "./hud";

/** How much is out of view above and below (rows or tiles, as the board counts). */
export interface OutOfView {
  above: number;
  below: number;
}

export const NOTHING_HIDDEN: OutOfView = { above: 0, below: 0 };

export class EdgeLabels {
  private queued = false;

  /**
   * `pans` says whether the board is out of view at all (false: no labels, and the view's
   * size is not read); `count` what is out of view in a view `viewH` px tall scrolled down by
   * `scrollTop` px; `text(n)` the label for `n` of them.
   */
  constructor(
    private readonly scroller: HTMLElement,
    private readonly above: HTMLElement,
    private readonly below: HTMLElement,
    private readonly text: (n: number) => string,
    private readonly pans: () => boolean,
    private readonly count: (scrollTop: number, viewH: number) => OutOfView,
  ) {
    scroller.addEventListener("scroll", () => this.draw(), { passive: true });
  }

  /** Redraws the labels (after a scroll, a fit or a change of language). */
  draw(): void {
    const n = this.pans() ? this.count(this.scroller.scrollTop, this.scroller.clientHeight) : NOTHING_HIDDEN;
    this.label(this.above, n.above);
    this.label(this.below, n.below);
  }

  /**
   * Redraws the labels after the next frame (after a move): reading the view's scroll
   * position in a tap's answer would make the browser lay the page out there and then.
   */
  drawSoon(): void {
    if (this.queued) return;
    this.queued = true;
    afterFrame(() => {
      this.queued = false;
      this.draw();
    });
  }

  private label(el: HTMLElement, n: number): void {
    setHidden(el, n === 0);
    const text = el.firstElementChild as HTMLElement | null;
    if (n > 0 && text) setText(text, this.text(n));
  }
}
