import { describe, expect, it } from "vitest";
import { boardKey, isDeadEnd } from "../src/classic/solvability";
import type { GameView } from "../src/ipc";

const view = (over: Partial<GameView>): GameView => ({
  options: { rows: 2, cols: 2, kinds: 1, seed: "7", solvable: true, ring: true, auto_shuffle: false, slide: "none" },
  code: null,
  rows: 2,
  cols: 2,
  cells: [
    [0, 0],
    [0, 0],
  ],
  selection: null,
  links: [],
  status: "playing",
  score: 0,
  combo: 0,
  counters: { moves: 0, hints: 0, shuffles: 0, undos: 0 },
  tiles_left: 4,
  elapsed_ms: 0,
  can_undo: true,
  best_score: null,
  solvable: "no",
  can_undo_to_solvable: true,
  assisted: false,
  combo_until_ms: null,
  combo_window_ms: 3000,
  ...over,
});

describe("dead-end warning", () => {
  it("is due only when the board is unsolvable and an earlier one was solvable", () => {
    expect(isDeadEnd(view({}))).toBe(true);
    expect(isDeadEnd(view({ solvable: "unknown" }))).toBe(false);
    expect(isDeadEnd(view({ solvable: "yes" }))).toBe(false);
    expect(isDeadEnd(view({ can_undo_to_solvable: false }))).toBe(false);
    expect(isDeadEnd(view({ status: "won" }))).toBe(false);
    expect(isDeadEnd(null)).toBe(false);
  });

  it("merges a verdict only into the same board", () => {
    const a = view({});
    expect(boardKey(a)).toBe(boardKey(view({ solvable: "yes", score: 40 })));
    expect(boardKey(a)).not.toBe(boardKey(view({ cells: [[0, null], [0, 0]] })));
    expect(boardKey(a)).not.toBe(boardKey(view({ options: { ...a.options, seed: "8" } })));
  });
});
