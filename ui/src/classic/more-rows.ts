/**
 * A classic board that pans (it cannot fit at the touch size, e.g. the journey's 16 × 9 on a
 * 360 × 640 phone) counts the rows out of view at the stage's top and bottom edge ("4 more
 * rows", edge-labels.ts). `hiddenRows` is the arithmetic (pure).
 */
import { EdgeLabels, NOTHING_HIDDEN, type OutOfView } from "../edge-labels";
import type { Translate } from "../i18n";

/** A row with at most this many px out of view counts as shown. */
export const ROW_SLACK = 2;

/** The rows out of view above and below. */
export type HiddenRows = OutOfView;

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
  private readonly labels: EdgeLabels;

  constructor(scroller: HTMLElement, above: HTMLElement, below: HTMLElement, t: () => Translate) {
    this.labels = new EdgeLabels(
      scroller,
      above,
      below,
      (n) => t()(n === 1 ? "board.moreRow" : "board.moreRows", { n }),
      () => !this.empty && this.geometry !== null,
      (scrollTop, viewH) => {
        const g = this.geometry;
        return g ? hiddenRows(scrollTop, viewH, g.ringH, g.cellH, g.screenRows) : NOTHING_HIDDEN;
      },
    );
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
    this.labels.draw();
  }
}
