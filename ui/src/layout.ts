/**
 * Board sizing (pure): the cell size that fits the board (plus its half-cell ring margin)
 * into the available area, tiles never below the 40 px touch size (43 px cells minus the
 * gap) — below that the board keeps
 * the minimum and scrolls.
 */
export const MIN_CELL = 43;
export const MAX_CELL = 88;
/** Tile height / width. */
export const ASPECT = 1.18;
/** Ring margin as a fraction of a cell. */
export const RING = 0.5;

export interface CellSize {
  cellW: number;
  cellH: number;
  ringW: number;
  ringH: number;
  boardW: number;
  boardH: number;
  /** True when the board is larger than the area and must scroll. */
  scrolls: boolean;
}

export function fitCells(availW: number, availH: number, rows: number, cols: number): CellSize {
  const byW = availW / (cols + 2 * RING);
  const byH = availH / ((rows + 2 * RING) * ASPECT);
  let cellW = Math.floor(Math.min(byW, byH, MAX_CELL));
  const scrolls = cellW < MIN_CELL;
  if (scrolls) cellW = MIN_CELL;
  const cellH = Math.round(cellW * ASPECT);
  const ringW = Math.round(cellW * RING);
  const ringH = Math.round(cellH * RING);
  return {
    cellW,
    cellH,
    ringW,
    ringH,
    boardW: cols * cellW + 2 * ringW,
    boardH: rows * cellH + 2 * ringH,
    scrolls,
  };
}
