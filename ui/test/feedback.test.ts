import { describe, expect, it } from "vitest";
import { comboBar, comboDisplay, comboExpiresInMs, comboState, preShuffleCells } from "../src/classic/feedback";
import { nearestTile } from "../src/classic/focus";

const _ = null;

describe("nearestTile", () => {
  it("picks the closest remaining tile, ties in reading order", () => {
    const cells = [
      [1, _, _, 2],
      [_, _, _, _],
      [_, 3, _, _],
    ];
    expect(nearestTile(cells, [1, 2])).toEqual([0, 3]); // tie with [2, 1]: reading order
    expect(nearestTile(cells, [2, 2])).toEqual([2, 1]);
    expect(nearestTile(cells, [0, 2])).toEqual([0, 3]);
    expect(nearestTile(cells, [1, 0])).toEqual([0, 0]);
    expect(nearestTile([[_, _]], [0, 0])).toBeNull();
  });
});

describe("preShuffleCells", () => {
  it("removes the pair and applies the slide moves together", () => {
    const cells = [
      [1, 2],
      [3, 3],
    ];
    // the 3s matched, the top row falls down
    const out = preShuffleCells(cells, [[1, 0], [1, 1]], [
      [[0, 0], [1, 0]],
      [[0, 1], [1, 1]],
    ]);
    expect(out).toEqual([
      [_, _],
      [1, 2],
    ]);
    expect(cells[1]).toEqual([3, 3]);
  });

  it("moves that chain into each other's cells land as one permutation", () => {
    const out = preShuffleCells([[1, 2, 3, _]], [], [
      [[0, 2], [0, 3]],
      [[0, 1], [0, 2]],
    ]);
    expect(out).toEqual([[1, _, 2, 3]]);
  });
});

describe("comboState", () => {
  const g = { combo: 3, combo_until_ms: 5000, combo_window_ms: 3000 };
  it("drains over the window and clears when it runs out", () => {
    expect(comboState(g, 2000)).toEqual({ combo: 3, left: 1 });
    expect(comboState(g, 3500)).toEqual({ combo: 3, left: 0.5 });
    expect(comboState(g, 5000)).toEqual({ combo: 0, left: 0 });
    expect(comboState({ ...g, combo_until_ms: null }, 0)).toEqual({ combo: 0, left: 0 });
  });
});

describe("comboDisplay", () => {
  const g = { combo: 3, combo_until_ms: 5000, combo_window_ms: 3000 };
  it("shows the multiplier with its draining bar", () => {
    expect(comboDisplay(g, 3500)).toEqual({ text: "×3", hot: true, left: 0.5 });
  });
  it("draws no bar while the combo reads – (a lone match's window)", () => {
    expect(comboDisplay({ ...g, combo: 1 }, 3500)).toEqual({ text: "–", hot: false, left: 0 });
  });
  it("clears when the window ran out or outside classic play", () => {
    expect(comboDisplay(g, 5000)).toEqual({ text: "–", hot: false, left: 0 });
    expect(comboDisplay(null, 0)).toEqual({ text: "–", hot: false, left: 0 });
  });
});

describe("comboBar", () => {
  const g = { combo: 3, combo_until_ms: 5000, combo_window_ms: 3000 };
  it("drains from where the window is, and is started anew only for a new window", () => {
    const at = comboBar(g, 3500, true);
    expect(at).toMatchObject({ state: "draining", left: 0.5, windowMs: 3000, intoMs: 1500 });
    // later ticks of the same window draw nothing new
    expect(comboBar(g, 4200, true).key).toBe(at.key);
    // the next match opens a new window
    expect(comboBar({ ...g, combo: 4, combo_until_ms: 7000 }, 4200, true).key).not.toBe(at.key);
  });
  it("holds while the clock stands still, and drains again from there", () => {
    const held = comboBar(g, 4400, false);
    expect(held).toMatchObject({ state: "held", left: 0.2 });
    expect(comboBar(g, 4400, false).key).toBe(held.key);
    const again = comboBar(g, 4400, true);
    expect(again).toMatchObject({ state: "draining", intoMs: 2400 });
    expect(again.key).not.toBe(held.key);
  });
  it("is empty without a multiplier or once the window ran out", () => {
    expect(comboBar({ ...g, combo: 1 }, 3500, true).state).toBe("empty");
    expect(comboBar(g, 5000, true).state).toBe("empty");
    expect(comboBar(null, 0, false).state).toBe("empty");
  });
});

describe("comboExpiresInMs", () => {
  const g = { combo: 3, combo_until_ms: 5000, combo_window_ms: 3000 };
  it("is the time left of a shown combo's window while the clock runs", () => {
    expect(comboExpiresInMs(g, 3500, true)).toBe(1500);
    // once it runs out the drawing is "–" and "empty": nothing more to wait for
    expect(comboDisplay(g, 3500 + 1500).hot).toBe(false);
    expect(comboBar(g, 3500 + 1500, true).state).toBe("empty");
  });
  it("waits for nothing when nothing would change by itself", () => {
    // the clock stands still: the bar is held until the next clock change
    expect(comboExpiresInMs(g, 3500, false)).toBeNull();
    // no multiplier shown, a window that ran out, outside classic play
    expect(comboExpiresInMs({ ...g, combo: 1 }, 3500, true)).toBeNull();
    expect(comboExpiresInMs(g, 5000, true)).toBeNull();
    expect(comboExpiresInMs(null, 0, true)).toBeNull();
  });
  it("agrees with the drawing: before it the drawing is the same, at it the drawing changes", () => {
    for (const now of [2000, 2999, 4321, 4999]) {
      const wait = comboExpiresInMs(g, now, true);
      expect(wait).not.toBeNull();
      const end = now + (wait ?? 0);
      expect(comboBar(g, end - 1, true).key).toBe(comboBar(g, now, true).key);
      expect(comboDisplay(g, end - 1).text).toBe(comboDisplay(g, now).text);
      expect(comboBar(g, end, true).key).not.toBe(comboBar(g, now, true).key);
    }
  });
});
