/**
 * Board sizing (pure): the cell size that fits the board (plus its ring margin) into the
 * available area, the orientation that fits it best, and the layout the first game
 * should use. A tile button fills its cell (the tap target is the whole cell), so the
 * minimum cell is the minimum touch target: 40 px for a touch screen, smaller with a
 * mouse. When the board does not fit at its usual proportions the ring margin shrinks
 * and the tiles give up some height; below the minimum the board keeps the minimum and
 * scrolls (the orientation is chosen so that it scrolls vertically). A board too wide
 * even so gives up width down to `NARROW_MIN` before it would pan sideways.
 */
import { TRANSPOSED, UPRIGHT, screenDims, type Orientation } from "./orientation";

/** The minimum cell (= tap target) on a touch screen or a phone-sized window. */
export const TOUCH_MIN_CELL = 40;
/** The minimum cell with a mouse on a larger window. */
export const MOUSE_MIN_CELL = 24;
/** Kept for callers of the single minimum: the touch minimum. */
export const MIN_CELL = TOUCH_MIN_CELL;
export const MAX_CELL = 88;
/** Tile height / width at the usual proportions. */
export const ASPECT = 1.18;
/** A squeezed cell is at most this much wider than tall. */
export const MAX_FLAT = 1.25;
/** Ring margin as a fraction of a cell. */
export const RING = 0.5;
/** A squeezed cell may go this narrow (still 40 px tall on touch) rather than pan sideways. */
export const NARROW_MIN = 32;
/** The ring margin, in px, of a squeezed board. */
export const RING_MIN = 6;
/** A window whose short side is at most this is phone-sized: touch minimum even with a mouse. */
export const PHONE_SHORT_SIDE = 500;

export interface CellSize {
  cellW: number;
  cellH: number;
  ringW: number;
  ringH: number;
  boardW: number;
  boardH: number;
  /** True when the board is larger than the area and must scroll. */
  scrolls: boolean;
  /** The board is wider than the area. */
  scrollsX: boolean;
  /** The board is taller than the area. */
  scrollsY: boolean;
  /** The cells are narrower than the minimum (so that the board does not pan sideways). */
  narrow: boolean;
}

/** The minimum cell for the pointer and window: touch-sized on a coarse pointer or a phone-sized window. */
export function minCellFor(coarse: boolean, viewW: number, viewH: number): number {
  return coarse || Math.min(viewW, viewH) <= PHONE_SHORT_SIDE ? TOUCH_MIN_CELL : MOUSE_MIN_CELL;
}

function sized(
  cellW: number,
  cellH: number,
  ringW: number,
  ringH: number,
  rows: number,
  cols: number,
  availW: number,
  availH: number,
  minCell: number,
): CellSize {
  const boardW = cols * cellW + 2 * ringW;
  const boardH = rows * cellH + 2 * ringH;
  const scrollsX = boardW > availW;
  const scrollsY = boardH > availH;
  const narrow = cellW < minCell;
  return { cellW, cellH, ringW, ringH, boardW, boardH, scrolls: scrollsX || scrollsY, scrollsX, scrollsY, narrow };
}

/** The cells for a board drawn `rows` × `cols` on screen in `availW` × `availH` px. */
export function fitCells(availW: number, availH: number, rows: number, cols: number, minCell = TOUCH_MIN_CELL): CellSize {
  // the usual proportions: tiles 1.18 times taller than wide, a half-cell ring
  const byW = availW / (cols + 2 * RING);
  const byH = availH / ((rows + 2 * RING) * ASPECT);
  const cellW = Math.floor(Math.min(byW, byH, MAX_CELL));
  if (cellW >= minCell) {
    const cellH = Math.floor(cellW * ASPECT);
    return sized(cellW, cellH, Math.floor(cellW * RING), Math.floor(cellH * RING), rows, cols, availW, availH, minCell);
  }
  // squeezed: a thin ring, and the tiles lose height before they go below the minimum
  const ring = RING_MIN;
  const w = Math.floor(Math.min((availW - 2 * ring) / cols, MAX_CELL));
  let h = Math.floor(Math.min((availH - 2 * ring) / rows, w * ASPECT));
  h = Math.max(h, minCell);
  // never narrower than the minimum, unless that is what keeps the board from panning sideways
  const floorW = Math.max(Math.min(minCell, NARROW_MIN), Math.min(w, minCell));
  const cw = Math.max(floorW, Math.min(w, Math.floor(h * MAX_FLAT)));
  return sized(cw, h, ring, ring, rows, cols, availW, availH, minCell);
}

/** How a board is drawn: its orientation and its cells (in screen rows and columns). */
export interface BoardFit {
  orientation: Orientation;
  size: CellSize;
}

/** 0 fits, 1 scrolls vertically, 2 sideways, 3 both: lower is better. */
function scrollRank(s: CellSize): number {
  return (s.scrollsX ? 2 : 0) + (s.scrollsY ? 1 : 0);
}

/**
 * The orientation and cells for an engine board of `rows` × `cols`: the one that does not
 * scroll (or scrolls only vertically), then the one with larger tiles; upright on a tie.
 */
export function fitBoard(availW: number, availH: number, rows: number, cols: number, minCell = TOUCH_MIN_CELL): BoardFit {
  const fits = [UPRIGHT, TRANSPOSED].map((orientation) => {
    const d = screenDims(rows, cols, orientation);
    return { orientation, size: fitCells(availW, availH, d.rows, d.cols, minCell) };
  });
  const [up, tr] = fits as [BoardFit, BoardFit];
  const rank = scrollRank(tr.size) - scrollRank(up.size);
  if (rank !== 0) return rank < 0 ? tr : up;
  return tr.size.cellW * tr.size.cellH > up.size.cellW * up.size.cellH ? tr : up;
}

/** How much a fit overflows the area, in px (0 when it fits). */
export function overflow(fit: BoardFit, availW: number, availH: number): number {
  return Math.max(0, fit.size.boardW - availW) + Math.max(0, fit.size.boardH - availH);
}

export interface LayoutChoice {
  name: string;
  rows: number;
  cols: number;
}

/**
 * The layout for a first game: `preferred` when it fits the area, else the largest layout
 * that fits, else the one that overflows least (a layout that fits is never passed over
 * for a larger one that scrolls). Fitting means no panning and cells of the full minimum.
 * `null` when the area has no size yet (a desktop window still hidden: it shows once the
 * page has loaded, and the first IPC can be answered before it has a size): the caller
 * then leaves the choice to the shell's default, made for the desktop window.
 */
export function firstLayout<P extends LayoutChoice>(presets: readonly P[], preferred: string, availW: number, availH: number, minCell: number): P | null {
  if (availW <= 0 || availH <= 0) return null;
  const scored = presets.map((p) => {
    const fit = fitBoard(availW, availH, p.rows, p.cols, minCell);
    return { p, over: overflow(fit, availW, availH), narrow: fit.size.narrow };
  });
  const pref = scored.find((s) => s.p.name === preferred);
  if (pref && pref.over === 0 && !pref.narrow) return pref.p;
  const fitting = scored.filter((s) => s.over === 0 && !s.narrow).sort((a, b) => b.p.rows * b.p.cols - a.p.rows * a.p.cols);
  if (fitting[0]) return fitting[0].p;
  const least = [...scored].sort(
    (a, b) => Number(a.narrow) - Number(b.narrow) || a.over - b.over || b.p.rows * b.p.cols - a.p.rows * a.p.cols,
  )[0];
  return least?.p ?? null;
}
