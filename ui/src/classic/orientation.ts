/**
 * Board orientation (pure): when the play area is portrait and the board landscape, the
 * view draws the board transposed — engine row r, column c is drawn at screen row c,
 * screen column r (18×8 shows 8 wide × 18 tall). Only the view transforms coordinates:
 * the engine, the save, `data-row`/`data-col` and every command keep engine coordinates.
 * A transpose is its own inverse, so the same function maps both ways; ring points
 * (row −1 or R, column −1 or C) map onto the transposed ring.
 */
import type { Pos } from "../ipc";
import type { Direction } from "../keys";

export interface Orientation {
  /** True when the board is drawn with rows as columns. */
  transposed: boolean;
}

export const UPRIGHT: Orientation = { transposed: false };
export const TRANSPOSED: Orientation = { transposed: true };

/** Engine position → screen position (and back: a transpose is an involution). */
export function toScreen(p: Pos, o: Orientation): Pos {
  return o.transposed ? [p[1], p[0]] : [p[0], p[1]];
}

/** Screen position → engine position. */
export function toEngine(p: Pos, o: Orientation): Pos {
  return toScreen(p, o);
}

/** The screen's rows and columns for an engine board of `rows` × `cols`. */
export function screenDims(rows: number, cols: number, o: Orientation): { rows: number; cols: number } {
  return o.transposed ? { rows: cols, cols: rows } : { rows, cols };
}

const TRANSPOSE_DIR: Record<Direction, Direction> = { up: "left", down: "right", left: "up", right: "down" };

/**
 * An arrow key's direction on screen → the engine direction that moves the same way
 * (arrow keys move visually: Up on a transposed board is towards lower engine columns).
 */
export function engineDirection(screen: Direction, o: Orientation): Direction {
  return o.transposed ? TRANSPOSE_DIR[screen] : screen;
}

/** A glide's offset in engine rows/columns → its offset on screen. */
export function screenOffset(dRow: number, dCol: number, o: Orientation): { dRow: number; dCol: number } {
  return o.transposed ? { dRow: dCol, dCol: dRow } : { dRow, dCol };
}
