import { describe, expect, it } from "vitest";
import { TILE_SLACK, tilesOutOfView } from "../src/stack/more-tiles";

/** The plain count: a tile is out of view above when any of it is cut off at the top, below likewise. */
function reference(tops: number[], tileH: number, scrollTop: number, viewH: number) {
  const above = tops.filter((t) => t < scrollTop - TILE_SLACK).length;
  const below = tops.filter((t) => t >= scrollTop - TILE_SLACK && t + tileH > scrollTop + viewH + TILE_SLACK).length;
  return { above, below };
}

describe("tilesOutOfView", () => {
  it("counts nothing when the whole board is in view", () => {
    expect(tilesOutOfView([10, 50, 90], 45, 0, 200)).toEqual({ above: 0, below: 0 });
  });
  it("counts the tiles cut by the bottom edge or below it", () => {
    // view 0..150: the tile at 90 ends at 135 (shown), 120 ends at 165 (cut), 400 below
    expect(tilesOutOfView([10, 90, 120, 400], 45, 0, 150)).toEqual({ above: 0, below: 2 });
  });
  it("counts the tiles cut by the top edge once scrolled, and a tile within the slack as shown", () => {
    expect(tilesOutOfView([10, 90, 120, 400], 45, 100, 400)).toEqual({ above: 2, below: 0 });
    expect(tilesOutOfView([98, 300], 45, 100, 245 + TILE_SLACK)).toEqual({ above: 0, below: 0 });
  });
  it("agrees with the plain count on many boards and scroll positions", () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 500; i++) {
      const tops = Array.from({ length: rnd(60) }, () => rnd(900));
      const tileH = 20 + rnd(40);
      const scrollTop = rnd(600);
      const viewH = 50 + rnd(500);
      expect(tilesOutOfView(tops, tileH, scrollTop, viewH)).toEqual(reference(tops, tileH, scrollTop, viewH));
    }
  });
});
