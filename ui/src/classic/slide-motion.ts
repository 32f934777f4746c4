/**
 * The slide animation's arithmetic (pure): after a match's path is drawn, each tile that
 * slid glides from its old cell to its new one. The board is drawn at the new position at
 * once (taps always hit where a tile is now); the glide is a transform that starts at the
 * old cell's offset and ends at 0.
 */
import type { Pos } from "../ipc";

/** One glide: the tile now at `to`, starting `dRow` rows and `dCol` columns away. */
export interface Glide {
  to: Pos;
  dRow: number;
  dCol: number;
}

/** The glides of a match's `moves` (each tile that slid, from → to). */
export function glides(moves: readonly (readonly [Pos, Pos])[]): Glide[] {
  return moves.map(([from, to]) => ({ to: [to[0], to[1]], dRow: from[0] - to[0], dCol: from[1] - to[1] }));
}

/** How long the glides take: 140 ms for one cell, growing with the longest distance, at most 320 ms. */
export function glideDuration(moves: readonly (readonly [Pos, Pos])[]): number {
  if (moves.length === 0) return 0;
  const far = Math.max(...moves.map(([f, t]) => Math.abs(f[0] - t[0]) + Math.abs(f[1] - t[1])));
  return Math.min(320, 120 + 20 * far);
}
