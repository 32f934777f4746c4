/**
 * Keyboard movement among the tiles that can be taken (pure): from one tile, the
 * nearest takeable tile in an arrow's direction, by tile centres (quarter-tile units),
 * preferring the same line (a sideways step costs twice a forward one).
 */
import type { Direction } from "../keys";

export interface NavPoint {
  id: number;
  /** Centre, in coordinate units. */
  cx: number;
  cy: number;
}

export function nextPoint(points: readonly NavPoint[], fromId: number, dir: Direction): number | null {
  const from = points.find((p) => p.id === fromId);
  if (!from) return firstPoint(points);
  let best: number | null = null;
  let bestScore = Infinity;
  let bestSide = Infinity;
  for (const p of points) {
    if (p.id === fromId) continue;
    const dx = p.cx - from.cx;
    const dy = p.cy - from.cy;
    const ahead = dir === "up" ? -dy : dir === "down" ? dy : dir === "left" ? -dx : dx;
    if (ahead <= 0) continue;
    const side = dir === "up" || dir === "down" ? Math.abs(dx) : Math.abs(dy);
    // a tile more sideways than ahead belongs to another direction
    if (side > 2 * ahead + 2) continue;
    const score = ahead + 2 * side;
    if (score < bestScore || (score === bestScore && side < bestSide) || (score === bestScore && side === bestSide && best !== null && p.id < best)) {
      best = p.id;
      bestScore = score;
      bestSide = side;
    }
  }
  return best;
}

/** The top-left takeable tile (reading order), or null when there is none. */
export function firstPoint(points: readonly NavPoint[]): number | null {
  let best: NavPoint | null = null;
  for (const p of points) {
    if (!best || p.cy < best.cy || (p.cy === best.cy && p.cx < best.cx)) best = p;
  }
  return best ? best.id : null;
}
