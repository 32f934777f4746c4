/**
 * Stack sizing (pure): how big tiles are drawn so the layout (its bounding box in
 * quarter-tile units), the holding row, the tray and the props bar fit the stage.
 * Seeing the whole stack matters for planning, so with a mouse tiles shrink to fit down to
 * 32 px; when even that does not fit they go back to the 40 px size (or the width's limit)
 * and the board scrolls. On a touch screen held upright (a phone in portrait) a tile is never
 * drawn under the touch size, 40 px each way (`TOUCH_TILE`), unless the width cannot hold it:
 * the board pans vertically instead, never sideways. Held sideways (844 × 390) the stage is
 * too short for that (a level-2 stack at the touch size would leave about a quarter of the
 * board out of view), so there the whole stack is shown, as with a mouse. On a short, wide stage (a phone held sideways) the dock
 * (holding row, tray, props) goes beside the board instead of below it when that shows
 * the whole stack where below does not, or draws bigger tiles.
 */
export const TILE_UNITS = 4;
/** Touch size: tiles are not shrunk below it to fit the height. */
export const MIN_TILE = 40;
/** Smallest tile drawn to show the whole stack without scrolling (with a mouse). */
export const FIT_MIN_TILE = 32;
/**
 * On a touch screen, the smallest tile size whose drawn box is 40 px each way: a tile is
 * drawn 2 px narrower than its size (the gap) and, above its depth edge (6 % of the size,
 * stack.css), 2 px + the edge shorter: 45 − 2 − 2.7 ≥ 40.
 */
export const TOUCH_TILE = 45;
/** The drawn height of a board tile of size `tile` above its depth edge (stack.css, `.stile`). */
export function tileBoxH(tile: number): number {
  return tile - 2 - Math.max(2, tile * 0.06);
}
/** Below this a tile is too small to read; the board then scrolls both ways. */
export const HARD_MIN_TILE = 28;
export const MAX_TILE = 80;
export const MAX_TRAY_TILE = 64;
/** Pixels around the layout: room for the depth edges and shadows. */
export const BOARD_PAD = 10;
/** Tray chrome: slot padding and gaps (px), the props bar and the gaps between rows. */
export const TRAY_PAD = 8;
export const SLOT_GAP = 4;
export const PROPS_H = 48;
export const ROW_GAP = 8;

export interface StackFit {
  /** Pixels per coordinate unit (a tile is 4 units). */
  unit: number;
  tile: number;
  boardW: number;
  boardH: number;
  /** Tray tile size (tray tiles are not tapped). */
  trayTile: number;
  /** Holding-row tile size: a little smaller than the tray's, but tappable, so never under
   * the touch size. */
  heldTile: number;
  /** Height taken below the board: holding row, tray, props bar and gaps (0 beside). */
  chromeH: number;
  scrolls: boolean;
  /** The dock's width when it stands beside the board, else null (below it). */
  sideDockW: number | null;
}

/** The dock beside the board takes this share of the width, within the bounds below. */
export const SIDE_DOCK_SHARE = 0.42;
export const SIDE_DOCK_MIN = 280;
export const SIDE_DOCK_MAX = 460;

/** Tray tile size for `slots` slots across `availW` pixels. */
export function trayTileFor(availW: number, slots: number): number {
  const inner = availW - 2 * TRAY_PAD - 4 - (slots - 1) * SLOT_GAP - 2 * SLOT_GAP * slots;
  return Math.max(24, Math.min(MAX_TRAY_TILE, Math.floor(inner / slots)));
}

/** Holding-row tile size for `trayTile`: 85 % of it, at least the touch size (three held
 * tiles fit any width the tray does). */
export function heldTileFor(trayTile: number): number {
  return Math.max(MIN_TILE, Math.round(trayTile * 0.85));
}

/** Height of the dock (holding row, tray, props bar and the gaps) for `trayTile`. */
function dockHeight(trayTile: number): number {
  const slotH = trayTile + 2 * SLOT_GAP;
  // holding row, tray, props bar
  const heldH = heldTileFor(trayTile) + 2 * SLOT_GAP;
  return heldH + slotH + 2 * TRAY_PAD + 4 + PROPS_H + 3 * ROW_GAP;
}

/**
 * The fit for a stage of `availW` × `availH` and a layout of `widthUnits` × `heightUnits`;
 * `touch`: a touch screen, whose tiles are kept at the touch size (`TOUCH_TILE`) on an
 * upright stage.
 */
export function fitStack(
  availW: number,
  availH: number,
  widthUnits: number,
  heightUnits: number,
  slots: number,
  touch = false,
): StackFit {
  if (availW <= availH) return fitWith(availW, availH, widthUnits, heightUnits, slots, null, touch);
  const below = fitWith(availW, availH, widthUnits, heightUnits, slots, null, false);
  const dockW = Math.round(Math.min(SIDE_DOCK_MAX, Math.max(SIDE_DOCK_MIN, availW * SIDE_DOCK_SHARE)));
  if (availW - dockW < 2 * BOARD_PAD + MIN_TILE * 3) return below;
  const side = fitWith(availW, availH, widthUnits, heightUnits, slots, dockW, false);
  if (dockHeight(side.trayTile) > availH) return below;
  // beside when it shows the whole stack and below does not, or bigger tiles either way
  if (side.scrolls !== below.scrolls) return side.scrolls ? below : side;
  return side.tile > below.tile ? side : below;
}

function fitWith(
  availW: number,
  availH: number,
  widthUnits: number,
  heightUnits: number,
  slots: number,
  sideDockW: number | null,
  touch: boolean,
): StackFit {
  const trayTile = trayTileFor(sideDockW ?? availW, slots);
  const chromeH = sideDockW === null ? dockHeight(trayTile) : 0;
  const stageW = sideDockW === null ? availW : availW - sideDockW - ROW_GAP;
  const w = Math.max(TILE_UNITS, widthUnits);
  const h = Math.max(TILE_UNITS, heightUnits);
  const boardAvailW = stageW - 2 * BOARD_PAD;
  const boardAvailH = availH - chromeH - 2 * BOARD_PAD;
  const byW = (boardAvailW / w) * TILE_UNITS;
  const byH = (boardAvailH / h) * TILE_UNITS;
  // the smallest tile that may be drawn to show the whole stack, and the size to go back to
  // (as far as the width allows) when it does not fit: the board then pans vertically
  const fitMin = touch ? TOUCH_TILE : FIT_MIN_TILE;
  const panTile = touch ? TOUCH_TILE : MIN_TILE;
  let tile = Math.floor(Math.min(byW, byH, MAX_TILE));
  if (tile < fitMin) tile = Math.max(HARD_MIN_TILE, Math.min(panTile, Math.floor(byW)));
  const unit = tile / TILE_UNITS;
  const boardW = Math.ceil(w * unit) + 2 * BOARD_PAD;
  const boardH = Math.ceil(h * unit) + 2 * BOARD_PAD;
  const scrolls = boardW > stageW + 0.5 || boardH > availH - chromeH + 0.5;
  return { unit, tile, boardW, boardH, trayTile, heldTile: heldTileFor(trayTile), chromeH, scrolls, sideDockW };
}
