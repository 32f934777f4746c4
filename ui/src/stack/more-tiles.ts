/**
 * A stack board that pans (a phone held upright keeps its tiles at the touch size, so a big
 * level runs past the view's bottom: stack/fit.ts) counts the board's tiles out of view at the
 * top and the bottom edge of its view ("12 more tiles", edge-labels.ts), after every fit, move
 * and scroll. `tilesOutOfView` is the arithmetic (pure).
 */
import { EdgeLabels, NOTHING_HIDDEN, type OutOfView } from "../edge-labels";
import type { Translate } from "../i18n";
import type { StackView } from "../ipc";
import { BOARD_PAD, tileBoxH, type StackFit } from "./fit";

/** A tile with at most this many px out of view counts as shown. */
export const TILE_SLACK = 2;

/**
 * The tiles (their tops `tops`, each drawn `tileH` px tall, in the board's pixels) not wholly in a
 * view `viewH` px tall scrolled down by `scrollTop` px: those cut by the top edge or above it,
 * and those cut by the bottom edge or below it.
 */
export function tilesOutOfView(tops: readonly number[], tileH: number, scrollTop: number, viewH: number): OutOfView {
  let above = 0;
  let below = 0;
  for (const top of tops) {
    if (top < scrollTop - TILE_SLACK) above++;
    else if (top + tileH > scrollTop + viewH + TILE_SLACK) below++;
  }
  return { above, below };
}

/** The tops (px, in the board) of `view`'s tiles on the board, drawn at `fit` from origin `oy`. */
export function boardTileTops(view: StackView, fit: StackFit, oy: number): number[] {
  // as stack.css places a tile: the board's padding, its offset in units, 1 px of gap
  return view.tiles.filter((t) => t.place === "board").map((t) => BOARD_PAD + (t.y - oy) * fit.unit + 1);
}

export class MoreTiles {
  private view: StackView | null = null;
  private fit: StackFit | null = null;
  private oy = 0;
  private readonly labels: EdgeLabels;

  constructor(scroller: HTMLElement, above: HTMLElement, below: HTMLElement, t: () => Translate) {
    this.labels = new EdgeLabels(
      scroller,
      above,
      below,
      (n) => t()(n === 1 ? "stack.moreTile" : "stack.moreTiles", { n }),
      () => this.view !== null && this.fit !== null && this.fit.scrolls,
      (scrollTop, viewH) => {
        const { view, fit } = this;
        if (!view || !fit) return NOTHING_HIDDEN;
        return tilesOutOfView(boardTileTops(view, fit, this.oy), tileBoxH(fit.tile), scrollTop, viewH);
      },
    );
  }

  /** The board was sized: `view` drawn at `fit` from its layout's top `oy`. */
  fitted(view: StackView, fit: StackFit, oy: number): void {
    this.view = view;
    this.fit = fit;
    this.oy = oy;
    this.labels.draw();
  }

  /** A move changed the board's tiles: the labels are drawn after the tap's frame. */
  moved(view: StackView): void {
    this.view = view;
    if (this.fit?.scrolls) this.labels.drawSoon();
  }

  /** No stack board is shown: no labels. */
  clear(): void {
    this.view = null;
    this.labels.draw();
  }

  /** Redraws the labels (a change of language). */
  draw(): void {
    this.labels.draw();
  }
}
