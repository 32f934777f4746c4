/**
 * Roving focus over the classic board (pure): arrow keys jump over empty cells to the
 * nearest tile ahead, the first tile in reading order takes focus first, and a matched
 * tile's focus goes to the nearest tile left.
 */
import type { Pos } from "../ipc";
import type { Direction } from "../keys";

/**
 * Where focus goes from `from` in direction `dir`: the nearest tile ahead, preferring the
 * same line (a sideways step costs twice a forward one). Null when nothing lies ahead.
 */
export function nextFocus(cells: readonly (readonly (number | null)[])[], from: Pos, dir: Direction): Pos | null {
  const [r0, c0] = from;
  let best: Pos | null = null;
  let bestScore = Infinity;
  let bestSide = Infinity;
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      if (row[c] == null) continue;
      const ahead = dir === "up" ? r0 - r : dir === "down" ? r - r0 : dir === "left" ? c0 - c : c - c0;
      if (ahead <= 0) continue;
      const side = dir === "up" || dir === "down" ? Math.abs(c - c0) : Math.abs(r - r0);
      const score = ahead + 2 * side;
      if (score < bestScore || (score === bestScore && side < bestSide)) {
        best = [r, c];
        bestScore = score;
        bestSide = side;
      }
    }
  }
  return best;
}

/** The first tile in reading order, or null on an empty board. */
export function firstTile(cells: readonly (readonly (number | null)[])[]): Pos | null {
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) if (row[c] != null) return [r, c];
  }
  return null;
}

/**
 * The tile nearest to `from` (straight-line distance; ties go to the first in reading
 * order), or null on an empty board: where focus goes when its tile was matched away.
 */
export function nearestTile(cells: readonly (readonly (number | null)[])[], from: Pos): Pos | null {
  let best: Pos | null = null;
  let bestD = Infinity;
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      if (row[c] == null) continue;
      const d = (r - from[0]) ** 2 + (c - from[1]) ** 2;
      if (d < bestD) {
        best = [r, c];
        bestD = d;
      }
    }
  }
  return best;
}
