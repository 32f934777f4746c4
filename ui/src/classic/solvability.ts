/**
 * Plain rules of the dead-end warning's display (no DOM, no IPC, unit-tested): when the
 * warning is due, and which board a verdict belongs to.
 */
import type { GameView } from "../ipc";

/** What identifies a position for merging a verdict: the game and its cells. */
export function boardKey(g: GameView): string {
  return `${g.options.seed}/${g.options.slide}/${g.rows}x${g.cols}/${JSON.stringify(g.cells)}`;
}

/** Whether the warning is due: the board cannot be cleared and an earlier one could. */
export function isDeadEnd(g: GameView | null): boolean {
  return g !== null && g.status !== "won" && g.solvable === "no" && g.can_undo_to_solvable;
}
