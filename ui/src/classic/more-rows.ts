/**
 * A board that pans (it cannot fit at the touch size, e.g. the journey's 16 × 9 on a 360 × 640
 * phone) says so: at the stage's top and bottom edge, over a fade, a quiet label counts the
 * rows out of view on that side ("4 more rows", a pill in its `span`), so a board cut at the screen's edge reads
 * as one to scroll, not as one drawn too big. `hiddenRows` is the arithmetic (pure); the
 * labels ignore taps (they lie over the edge rows) and are hidden from screen readers (the
 * board's grid already says its size, and the focused tile is scrolled into view).
 */
import { setHidden, setText } from "../hud";
import type { Translate } from "../i18n";

/** A row with at most this many px out of view counts as shown. */
export const ROW_SLACK = 2;

/** The rows out of view above and below. */
export interface HiddenRows {
  above: number;
  below: number;
}

/**
 * The screen rows of a board (`rows` of `cellH` px after a ring of `ringH` px) not wholly in
 * a view `viewH` px tall scrolled down by `scrollTop` px.
 */
export function hiddenRows(scrollTop: number, viewH: number, ringH: number, cellH: number, rows: number): HiddenRows {
  if (rows <= 0 || cellH <= 0) return { above: 0, below: 0 };
  const clamp = (n: number) => Math.max(0, Math.min(rows, n));
  // row i spans [ringH + i*cellH, ringH + (i+1)*cellH]
  const above = clamp(Math.ceil((scrollTop - ROW_SLACK - ringH) / cellH));
  const shownTo = Math.floor((scrollTop + viewH + ROW_SLACK - ringH) / cellH);
  const below = clamp(rows - shownTo);
  return { above, below };
}

/** The board's size as the labels need it (screen rows). */
export interface RowsGeometry {
  screenRows: number;
  cellH: number;
  ringH: number;
}

export class MoreRows {
  private geometry: RowsGeometry | null = null;
  /** A cleared board has nothing out of view. */
  private empty = false;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly above: HTMLElement,
    private readonly below: HTMLElement,
    private readonly t: () => Translate,
  ) {
    scroller.addEventListener("scroll", () => this.draw(), { passive: true });
  }

  /** The board was sized: `null` when it fits (no labels). */
  set(geometry: RowsGeometry | null): void {
    this.geometry = geometry;
    this.draw();
  }

  /** Whether the board has no tiles left (after every move). */
  setEmpty(empty: boolean): void {
    if (empty === this.empty) return;
    this.empty = empty;
    this.draw();
  }

  /** Redraws the labels (after a scroll, a fit or a change of language). */
  draw(): void {
    const g = this.empty ? null : this.geometry;
    const n = g
      ? hiddenRows(this.scroller.scrollTop, this.scroller.clientHeight, g.ringH, g.cellH, g.screenRows)
      : { above: 0, below: 0 };
    this.label(this.above, n.above);
    this.label(this.below, n.below);
  }

  private label(el: HTMLElement, n: number): void {
    setHidden(el, n === 0);
    const text = el.firstElementChild as HTMLElement | null;
    if (n > 0 && text) setText(text, this.t()(n === 1 ? "board.moreRow" : "board.moreRows", { n }));
  }
}
