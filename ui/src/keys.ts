/**
 * Keyboard mapping (pure): a key event's fields → a game action (M, move-out, only means
 * something in stack mode), and roving-focus movement over the classic board (arrow
 * keys jump over empty cells to the nearest tile; stack/nav.ts moves among stack tiles).
 */
import type { Pos } from "./ipc";

export type Direction = "up" | "down" | "left" | "right";

export type Action =
  | { type: "move"; dir: Direction }
  | { type: "select" }
  | { type: "hint" }
  | { type: "shuffle" }
  | { type: "undo" }
  | { type: "moveOut" }
  | { type: "newGame" }
  | { type: "pause" };

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/** The action for a key press, or null when the key means nothing to the game. */
export function actionForKey(e: KeyInput): Action | null {
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  if (e.altKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl) return key === "z" ? { type: "undo" } : null;
  const dir = ARROWS[key];
  if (dir) return { type: "move", dir };
  switch (key) {
    case "Enter":
    case " ":
    case "Spacebar":
      return { type: "select" };
    case "h":
      return { type: "hint" };
    case "s":
      return { type: "shuffle" };
    case "z":
      return { type: "undo" };
    case "m":
      return { type: "moveOut" };
    case "n":
      return { type: "newGame" };
    case "p":
      return { type: "pause" };
    default:
      return null;
  }
}

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
