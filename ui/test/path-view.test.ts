import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Pos } from "../src/ipc";
import { centre, pathDuration, pathSegments, pathSteps, sameGeometry, type BoardGeometry } from "../src/classic/path-view";
import { cssTimings, parseMs, TIMINGS } from "../src/timings";

const g: BoardGeometry = { rows: 4, cols: 5, cellW: 40, cellH: 50, ringW: 20, ringH: 25 };

describe("sameGeometry", () => {
  it("is true only when every point keeps its pixel", () => {
    expect(sameGeometry(g, { ...g })).toBe(true);
    expect(sameGeometry(g, { ...g, transposed: false })).toBe(true);
    expect(sameGeometry(g, { ...g, transposed: true })).toBe(false);
    expect(sameGeometry(g, { ...g, cellW: 41 })).toBe(false);
    expect(sameGeometry(g, { ...g, ringH: 24 })).toBe(false);
  });
});

describe("centre", () => {
  it("places board cells after the ring margin", () => {
    expect(centre([0, 0], g)).toEqual({ x: 40, y: 50 });
    expect(centre([3, 4], g)).toEqual({ x: 20 + 4.5 * 40, y: 25 + 3.5 * 50 });
  });
  it("places ring points in the middle of the margin on every side", () => {
    expect(centre([-1, 2], g)).toEqual({ x: 20 + 2.5 * 40, y: 12.5 });
    expect(centre([4, 2], g).y).toBe(25 + 4 * 50 + 12.5);
    expect(centre([1, -1], g).x).toBe(10);
    expect(centre([1, 5], g).x).toBe(20 + 5 * 40 + 10);
  });
});

describe("pathSegments", () => {
  it("splits a two-turn path through the top ring into three chained segments", () => {
    const pts: Pos[] = [[0, 1], [-1, 1], [-1, 4], [2, 4]];
    const segs = pathSegments(pts, g, 240);
    expect(segs).toHaveLength(3);
    expect(segs.map((s) => s.horizontal)).toEqual([false, true, false]);
    // it starts at the first tile and ends at the second
    expect([segs[0]!.x1, segs[0]!.y1]).toEqual([centre([0, 1], g).x, centre([0, 1], g).y]);
    expect([segs[2]!.x2, segs[2]!.y2]).toEqual([centre([2, 4], g).x, centre([2, 4], g).y]);
    // segments join
    for (let i = 1; i < segs.length; i++) {
      expect([segs[i]!.x1, segs[i]!.y1]).toEqual([segs[i - 1]!.x2, segs[i - 1]!.y2]);
    }
    // durations proportional to length and summing to the total, delays chained
    const total = segs.reduce((s, x) => s + x.durationMs, 0);
    expect(total).toBeCloseTo(240, 9);
    expect(segs[0]!.delayMs).toBe(0);
    expect(segs[1]!.delayMs).toBeCloseTo(segs[0]!.durationMs);
    expect(segs[2]!.delayMs).toBeCloseTo(segs[0]!.durationMs + segs[1]!.durationMs);
    expect(segs[1]!.durationMs / segs[0]!.durationMs).toBeCloseTo(segs[1]!.length / segs[0]!.length);
  });

  it("handles the left and right ring and the bottom ring", () => {
    for (const pts of [
      [[1, 0], [1, -1], [3, -1], [3, 0]],
      [[0, 4], [0, 5], [2, 5], [2, 4]],
      [[3, 0], [4, 0], [4, 3], [3, 3]],
    ] as Pos[][]) {
      const segs = pathSegments(pts, g, 200);
      expect(segs).toHaveLength(3);
      expect(segs.reduce((s, x) => s + x.durationMs, 0)).toBeCloseTo(200, 9);
      expect(segs.every((s) => s.length > 0)).toBe(true);
    }
  });

  it("draws a straight link as one segment taking the whole time", () => {
    const segs = pathSegments([[2, 0], [2, 3]], g, 150);
    expect(segs).toHaveLength(1);
    expect(segs[0]!.durationMs).toBe(150);
    expect(segs[0]!.length).toBe(120);
  });
});

describe("pathDuration", () => {
  const css = cssTimings(readFileSync(new URL("../src/styles/timings.css", import.meta.url), "utf8"));
  const bounds = { min: css.get("path-min")!, max: css.get("path-max")! };
  it("stays within styles.css's --path-min-ms–--path-max-ms", () => {
    expect(bounds).toEqual({ min: 150, max: 250 });
    expect(pathDuration([[0, 0], [0, 1]], bounds)).toBe(150);
    expect(pathSteps([[0, 1], [-1, 1], [-1, 4], [2, 4]])).toBe(7);
    const long: Pos[] = [[0, 0], [-1, 0], [-1, 29], [15, 29]];
    expect(pathDuration(long, bounds)).toBe(250);
    for (let n = 1; n < 60; n++) {
      const d = pathDuration([[0, 0], [0, n]], bounds);
      expect(d).toBeGreaterThanOrEqual(150);
      expect(d).toBeLessThanOrEqual(250);
    }
  });
});

describe("timings", () => {
  const css = readFileSync(new URL("../src/styles/timings.css", import.meta.url), "utf8");
  const ts = (name: string) => readFileSync(new URL(`../src/${name}`, import.meta.url), "utf8");
  it("declares every timing the script reads, once", () => {
    const declared = cssTimings(css);
    for (const name of TIMINGS) {
      expect(declared.get(name), name).toBeGreaterThan(0);
      expect(css.match(new RegExp(`--${name}-ms:`, "g")), name).toHaveLength(1);
    }
    expect(parseMs("0.3s")).toBe(300);
    // WebKit's computed style turns 180ms into .18s
    expect(parseMs(".18s")).toBe(180);
    expect(parseMs(" 4s")).toBe(4000);
    expect(parseMs("fast")).toBeNaN();
  });
  it("leaves no copy of them in the script", () => {
    for (const file of ["classic/board-view.ts", "classic/path-overlay.ts", "toast.ts", "classic/path-view.ts"])
      expect(ts(file), file).not.toMatch(/\b(?:180|140|300|4000|150|250)\b(?! ?px)/);
  });
});
