import { describe, expect, it } from "vitest";
import type { Pos } from "../src/ipc";
import { nextFocus } from "../src/classic/focus";
import type { Direction } from "../src/keys";
import { fitBoard, fitCells, firstLayout, minCellFor, MOUSE_MIN_CELL, TOUCH_MIN_CELL } from "../src/classic/layout";
import { engineDirection, screenDims, screenOffset, toEngine, toScreen, TRANSPOSED, UPRIGHT } from "../src/classic/orientation";
import { centre, pathSegments, type BoardGeometry } from "../src/classic/path-view";
import { revealOffset } from "../src/classic/reveal";
import { glides } from "../src/classic/slide-motion";

/** Every cell and ring point of a rows × cols board. */
function points(rows: number, cols: number): Pos[] {
  const out: Pos[] = [];
  for (let r = -1; r <= rows; r++) for (let c = -1; c <= cols; c++) out.push([r, c]);
  return out;
}

/** The grid as the screen shows it, written out plainly (the reference for the transform). */
function transposeGrid<T>(g: readonly (readonly T[])[]): T[][] {
  const rows = g.length;
  const cols = g[0]?.length ?? 0;
  return Array.from({ length: cols }, (_, c) => Array.from({ length: rows }, (_, r) => g[r]![c]!));
}

/** A small deterministic generator for boards with holes. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe("toScreen / toEngine", () => {
  it("is the identity upright and swaps row and column transposed", () => {
    expect(toScreen([2, 5], UPRIGHT)).toEqual([2, 5]);
    expect(toScreen([2, 5], TRANSPOSED)).toEqual([5, 2]);
    expect(screenDims(8, 18, TRANSPOSED)).toEqual({ rows: 18, cols: 8 });
    expect(screenDims(8, 18, UPRIGHT)).toEqual({ rows: 8, cols: 18 });
  });
  it("maps every cell and ring point of 18x8 one to one onto the transposed board and back", () => {
    const seen = new Set<string>();
    for (const p of points(8, 18)) {
      const s = toScreen(p, TRANSPOSED);
      expect(s[0]).toBeGreaterThanOrEqual(-1);
      expect(s[0]).toBeLessThanOrEqual(18);
      expect(s[1]).toBeGreaterThanOrEqual(-1);
      expect(s[1]).toBeLessThanOrEqual(8);
      seen.add(s.join());
      expect(toEngine(s, TRANSPOSED)).toEqual(p);
    }
    expect(seen.size).toBe(10 * 20);
  });
  it("draws the transposed grid exactly as a plainly transposed board", () => {
    const rnd = lcg(7);
    const cells = Array.from({ length: 8 }, () => Array.from({ length: 18 }, () => Math.floor(rnd() * 36)));
    const screen = transposeGrid(cells);
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 18; c++) {
        const [sr, sc] = toScreen([r, c], TRANSPOSED);
        expect(screen[sr]![sc]).toBe(cells[r]![c]);
      }
  });
});

describe("path geometry on a transposed board", () => {
  const upright: BoardGeometry = { rows: 18, cols: 8, cellW: 45, cellH: 40, ringW: 8, ringH: 8 };
  const transposed: BoardGeometry = { ...upright, rows: 8, cols: 18, transposed: true };
  it("puts every engine point where the transposed point sits on an upright board of the screen's size", () => {
    for (const p of points(8, 18)) expect(centre(p, transposed)).toEqual(centre(toScreen(p, TRANSPOSED), upright));
  });
  it("draws a ring path around the transposed board inside the ring margin", () => {
    // engine: from (0,0) up into the top ring, along it, down to (0,17)
    const path: Pos[] = [[0, 0], [-1, 0], [-1, 17], [0, 17]];
    const segs = pathSegments(path, transposed, 200);
    expect(segs.map((s) => s.horizontal)).toEqual([true, false, true]);
    // the top ring of the engine board is the left ring on screen
    expect(segs[1]!.x1).toBe(transposed.ringW / 2);
    expect(segs[1]!.y2).toBe(8 + 17.5 * 40);
  });
});

describe("arrow keys on a transposed board move visually", () => {
  const dirs: Direction[] = ["up", "down", "left", "right"];
  it("matches focus movement on the plainly transposed grid", () => {
    const rnd = lcg(42);
    for (let trial = 0; trial < 20; trial++) {
      const cells = Array.from({ length: 8 }, () => Array.from({ length: 18 }, () => (rnd() < 0.45 ? null : 1)));
      const screen = transposeGrid(cells);
      for (let r = 0; r < 8; r++)
        for (let c = 0; c < 18; c++) {
          if (cells[r]![c] == null) continue;
          for (const d of dirs) {
            const got = nextFocus(cells, [r, c], engineDirection(d, TRANSPOSED));
            const want = nextFocus(screen, toScreen([r, c], TRANSPOSED), d);
            expect(got).toEqual(want === null ? null : toEngine(want, TRANSPOSED));
          }
        }
    }
  });
  it("leaves directions alone upright", () => {
    for (const d of dirs) expect(engineDirection(d, UPRIGHT)).toBe(d);
  });
});

describe("slide glides follow the orientation", () => {
  it("start from the old cell's place on screen", () => {
    const moves: [Pos, Pos][] = [[[5, 2], [7, 2]], [[1, 9], [1, 4]]];
    for (const o of [UPRIGHT, TRANSPOSED]) {
      glides(moves).forEach((g, i) => {
        const [from, to] = moves[i]!;
        const d = screenOffset(g.dRow, g.dCol, o);
        const f = toScreen(from, o);
        const t = toScreen(to, o);
        expect([d.dRow, d.dCol]).toEqual([f[0] - t[0], f[1] - t[1]]);
      });
    }
  });
});

describe("fitBoard", () => {
  it("draws 18x8 transposed in a phone's portrait play area, 40 px cells, no scrolling", () => {
    const f = fitBoard(382, 745, 8, 18, TOUCH_MIN_CELL);
    expect(f.orientation.transposed).toBe(true);
    expect(f.size.cellW).toBeGreaterThanOrEqual(40);
    expect(f.size.cellH).toBeGreaterThanOrEqual(40);
    expect(f.size.scrolls).toBe(false);
    expect(f.size.boardW).toBeLessThanOrEqual(382);
    expect(f.size.boardH).toBeLessThanOrEqual(745);
  });
  it("keeps 18x8 upright in a landscape phone's play area and fits it", () => {
    const f = fitBoard(740, 382, 8, 18, TOUCH_MIN_CELL);
    expect(f.orientation.transposed).toBe(false);
    expect(f.size.scrolls).toBe(false);
    expect(Math.min(f.size.cellW, f.size.cellH)).toBeGreaterThanOrEqual(40);
  });
  it("pans 18x8 vertically, never sideways, where 18 rows of 40 px cannot fit (360x640)", () => {
    const f = fitBoard(352, 540, 8, 18, TOUCH_MIN_CELL);
    expect(f.orientation.transposed).toBe(true);
    expect(f.size.scrollsX).toBe(false);
    expect(f.size.scrollsY).toBe(true);
    expect(Math.min(f.size.cellW, f.size.cellH)).toBeGreaterThanOrEqual(40);
  });
  it("fits every preset in a 1280x800 window with a mouse, not all with touch-sized cells", () => {
    const presets: [number, number][] = [[10, 10], [6, 14], [9, 16], [8, 18], [12, 24], [14, 26], [16, 30]];
    for (const [rows, cols] of presets) {
      const f = fitBoard(1256, 690, rows, cols, MOUSE_MIN_CELL);
      expect(f.size.scrolls, `${cols}x${rows}`).toBe(false);
      expect(f.orientation.transposed).toBe(false);
    }
    // with touch-sized cells 30x16 still fits 1280x800, on a thin ring
    const touch = fitBoard(1256, 690, 16, 30, TOUCH_MIN_CELL).size;
    expect(touch.scrolls).toBe(false);
    expect(Math.min(touch.cellW, touch.cellH)).toBeGreaterThanOrEqual(40);
    // a 1024x600 window with touch: 30x16 cannot fit and pans vertically only
    const small = fitBoard(1000, 500, 16, 30, TOUCH_MIN_CELL).size;
    expect(small.scrollsY).toBe(true);
    expect(small.scrollsX).toBe(false);
  });
  it("never draws a board larger than the area when it says it fits", () => {
    for (let w = 200; w <= 1400; w += 97)
      for (let h = 200; h <= 1000; h += 89)
        for (const [rows, cols] of [[8, 18], [16, 30], [10, 10]] as const) {
          const f = fitBoard(w, h, rows, cols, MOUSE_MIN_CELL);
          if (!f.size.scrollsX) expect(f.size.boardW).toBeLessThanOrEqual(w);
          if (!f.size.scrollsY) expect(f.size.boardH).toBeLessThanOrEqual(h);
          const d = screenDims(rows, cols, f.orientation);
          expect(f.size).toEqual(fitCells(w, h, d.rows, d.cols, MOUSE_MIN_CELL));
        }
  });
  it("asks for touch-sized cells on a coarse pointer or a phone-sized window", () => {
    expect(minCellFor(true, 1280, 800)).toBe(TOUCH_MIN_CELL);
    expect(minCellFor(false, 844, 390)).toBe(TOUCH_MIN_CELL);
    expect(minCellFor(false, 1280, 800)).toBe(MOUSE_MIN_CELL);
  });
});

describe("firstLayout", () => {
  const presets = [
    { name: "10x10", rows: 10, cols: 10 },
    { name: "14x6", rows: 6, cols: 14 },
    { name: "18x8", rows: 8, cols: 18 },
    { name: "30x16", rows: 16, cols: 30 },
  ];
  it("keeps the default where it fits", () => {
    expect(firstLayout(presets, "18x8", 1256, 690, MOUSE_MIN_CELL)?.name).toBe("18x8");
    expect(firstLayout(presets, "18x8", 382, 745, TOUCH_MIN_CELL)?.name).toBe("18x8");
  });
  it("takes the largest layout that fits, else the one that overflows least", () => {
    // 382x600: 18x8 does not fit (18 rows of 40 px), 10x10 only with 36 px wide cells,
    // 14x6 does (transposed: 14 rows of 41 px)
    expect(firstLayout(presets, "18x8", 382, 600, TOUCH_MIN_CELL)?.name).toBe("14x6");
    expect(firstLayout(presets, "18x8", 460, 600, TOUCH_MIN_CELL)?.name).toBe("10x10");
    // 352x540 (360x640): 10x10 only with cells narrower than 40 px, 14x6 pans least
    expect(firstLayout(presets, "18x8", 352, 540, TOUCH_MIN_CELL)?.name).toBe("14x6");
  });
  it("leaves the choice to the shell while the area has no size (a hidden window)", () => {
    expect(firstLayout(presets, "18x8", 0, 0, MOUSE_MIN_CELL)).toBeNull();
    expect(firstLayout(presets, "18x8", 1000, 0, TOUCH_MIN_CELL)).toBeNull();
  });
});

describe("revealOffset", () => {
  it("moves as little as possible to show both hinted tiles", () => {
    // view 0..500; tiles at 600..640 and 420..460 → scroll so 640 (+margin) is the bottom
    expect(revealOffset(0, 500, 1000, [[600, 640], [420, 460]])).toBe(640 + 8 - 500);
    // already visible: stays
    expect(revealOffset(100, 500, 1000, [[200, 240], [300, 340]])).toBe(100);
    // above the view: the top one comes to the top
    expect(revealOffset(400, 500, 1000, [[100, 140], [300, 340]])).toBe(92);
  });
  it("shows the first tile when the pair is taller than the view, within the scroll range", () => {
    expect(revealOffset(0, 300, 1000, [[700, 740], [10, 50]])).toBe(740 + 8 - 300);
    expect(revealOffset(500, 300, 1000, [[2, 42], [900, 940]])).toBe(0);
    expect(revealOffset(0, 300, 200, [[700, 740]])).toBe(200);
  });
});
