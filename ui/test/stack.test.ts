import { describe, expect, it } from "vitest";
import { FIT_MIN_TILE, fitStack, HARD_MIN_TILE, heldTileFor, MAX_TILE, MIN_TILE, TOUCH_TILE, trayTileFor } from "../src/stack/fit";
import { firstPoint, nextPoint, type NavPoint } from "../src/stack/nav";
import { collapseSlot, heldSlots, placeChanges, sameDeal, slotShifts, traySlots } from "../src/stack/tray-map";
import type { Place, StackTileView } from "../src/ipc";

describe("fitStack", () => {
  it("fills a phone's width with a narrow stack, tiles at touch size or more", () => {
    // 7 tiles wide, 8 high (28 × 32 units) in a 374 × 690 stage (390 × 844 minus the HUD)
    const f = fitStack(374, 690, 28, 32, 7);
    expect(f.tile).toBeGreaterThanOrEqual(MIN_TILE);
    expect(f.boardW).toBeLessThanOrEqual(374);
    expect(f.boardH + f.chromeH).toBeLessThanOrEqual(690);
    expect(f.scrolls).toBe(false);
    expect(f.unit * 4).toBe(f.tile);
  });
  it("caps tiles on a large screen", () => {
    const f = fitStack(1896, 960, 28, 32, 7);
    expect(f.tile).toBe(MAX_TILE);
    expect(f.scrolls).toBe(false);
  });
  it("shrinks below the touch size (not below 32 px) to show the whole stack", () => {
    // level 2 (28 × 41 units) on a 360 × 640 phone: about 344 × 540 for the stage
    const f = fitStack(344, 540, 28, 41, 7);
    expect(f.tile).toBeGreaterThanOrEqual(FIT_MIN_TILE);
    expect(f.tile).toBeLessThan(MIN_TILE);
    expect(f.scrolls).toBe(false);
    expect(f.boardH + f.chromeH).toBeLessThanOrEqual(540);
  });
  it("goes back to the touch size and scrolls when the height is far too short", () => {
    const f = fitStack(344, 400, 28, 60, 7);
    expect(f.tile).toBe(MIN_TILE);
    expect(f.scrolls).toBe(true);
  });
  it("shrinks to the width when that is below the touch size, never below the hard minimum", () => {
    const f = fitStack(344, 480, 44, 40, 7);
    expect(f.tile).toBeLessThan(MIN_TILE);
    expect(f.boardW).toBeLessThanOrEqual(344);
    const tiny = fitStack(200, 300, 200, 200, 7);
    expect(tiny.tile).toBe(HARD_MIN_TILE);
    expect(tiny.scrolls).toBe(true);
  });
  it("puts the dock beside the board on a phone held sideways, below it when upright", () => {
    // level 2 (28 × 41 units) at 844 × 390: the stage beside a compact header
    const side = fitStack(740, 374, 28, 41, 7);
    expect(side.sideDockW).not.toBeNull();
    expect(side.chromeH).toBe(0);
    expect(side.tile).toBeGreaterThanOrEqual(FIT_MIN_TILE);
    expect(side.scrolls).toBe(false);
    expect(side.boardW + (side.sideDockW ?? 0)).toBeLessThanOrEqual(740);
    expect(side.boardH).toBeLessThanOrEqual(374);
    const tray = 7 * (side.trayTile + 8) + 6 * 4 + 16 + 2;
    expect(tray).toBeLessThanOrEqual(side.sideDockW ?? 0);
    // upright and on a desktop window the dock stays below
    expect(fitStack(374, 690, 28, 32, 7).sideDockW).toBeNull();
    expect(fitStack(1896, 960, 28, 32, 7).sideDockW).toBeNull();
  });
  it("keeps a touch screen's tiles at the touch size: the board pans vertically, never sideways", () => {
    // levels 2 and 10 (28 × 42 units) and 5 (28 × 34) on a 360 × 640 phone (stage 336 × 528)
    for (const hu of [42, 34]) {
      const mouse = fitStack(336, 528, 28, hu, 7);
      const touch = fitStack(336, 528, 28, hu, 7, true);
      expect(mouse.tile).toBeLessThan(TOUCH_TILE);
      expect(touch.tile).toBe(TOUCH_TILE);
      expect(touch.scrolls).toBe(true);
      expect(touch.boardW).toBeLessThanOrEqual(336);
    }
    // 390 × 844 (stage 366 × 732): bigger tiles that still show the whole stack
    const tall = fitStack(366, 732, 28, 42, 7, true);
    expect(tall.tile).toBeGreaterThanOrEqual(TOUCH_TILE);
    expect(tall.scrolls).toBe(false);
    // a stage too narrow for the touch size: the width's limit, still no sideways panning
    const narrow = fitStack(300, 600, 28, 42, 7, true);
    expect(narrow.tile).toBe(Math.floor(((300 - 20) / 28) * 4));
    expect(narrow.boardW).toBeLessThanOrEqual(300);
  });
  it("shows the whole stack on a touch screen held sideways, as with a mouse", () => {
    // 844 × 390 (stage 732 × 374): the touch size would leave a quarter of level 2 out of view
    const touch = fitStack(732, 374, 28, 42, 7, true);
    expect(touch).toEqual(fitStack(732, 374, 28, 42, 7));
    expect(touch.sideDockW).not.toBeNull();
    expect(touch.scrolls).toBe(false);
    expect(touch.tile).toBeLessThan(TOUCH_TILE);
  });
  it("draws held tiles (tapped) at the touch size or more on every phone stage", () => {
    for (const [w, h, wu, hu] of [
      [374, 690, 28, 32],
      [344, 540, 28, 41],
      [740, 374, 28, 41],
      [1896, 960, 28, 32],
    ] as const) {
      const f = fitStack(w, h, wu, hu, 7);
      expect(f.heldTile).toBeGreaterThanOrEqual(MIN_TILE);
      expect(3 * (f.heldTile + 8) + 2 * 4).toBeLessThanOrEqual(f.sideDockW ?? w);
    }
    expect(heldTileFor(64)).toBe(54);
  });
  it("sizes the tray so every slot fits the width", () => {
    for (const slots of [5, 7, 9]) {
      for (const w of [360, 390, 1920]) {
        const t = trayTileFor(w, slots);
        const trayW = slots * (t + 8) + (slots - 1) * 4 + 16 + 2;
        expect(trayW, `${slots} slots at ${w}`).toBeLessThanOrEqual(w);
      }
    }
  });
});

describe("nextPoint (keyboard among free tiles)", () => {
  // a row of three, one below the middle at a half-tile offset, one far right and lower
  const pts: NavPoint[] = [
    { id: 0, cx: 2, cy: 2 },
    { id: 1, cx: 6, cy: 2 },
    { id: 2, cx: 10, cy: 2 },
    { id: 3, cx: 8, cy: 6 },
    { id: 4, cx: 22, cy: 14 },
  ];
  it("moves along a row", () => {
    expect(nextPoint(pts, 0, "right")).toBe(1);
    expect(nextPoint(pts, 1, "right")).toBe(2);
    expect(nextPoint(pts, 2, "left")).toBe(1);
  });
  it("moves down to the nearest tile below, then back up", () => {
    expect(nextPoint(pts, 1, "down")).toBe(3);
    expect(nextPoint(pts, 3, "up")).toBe(1);
  });
  it("returns null when nothing lies that way", () => {
    expect(nextPoint(pts, 0, "left")).toBeNull();
    expect(nextPoint(pts, 0, "up")).toBeNull();
    expect(nextPoint(pts, 4, "right")).toBeNull();
  });
  it("skips tiles far more sideways than ahead", () => {
    // from 2 going right: 4 is 12 ahead and 12 sideways: still reachable
    expect(nextPoint(pts, 2, "right")).toBe(4);
    // from 0 going down: 3 is 4 below and 6 sideways (allowed), 4 is 12 below and 20 sideways (not)
    expect(nextPoint(pts, 0, "down")).toBe(3);
  });
  it("starts from the top-left tile when the current one is gone", () => {
    expect(nextPoint(pts, 99, "right")).toBe(0);
    expect(firstPoint([{ id: 5, cx: 9, cy: 9 }, { id: 6, cx: 1, cy: 9 }, { id: 7, cx: 30, cy: 1 }])).toBe(7);
    expect(firstPoint([])).toBeNull();
  });
});

const tile = (id: number, place: Place, x = id * 4): StackTileView => ({ id, x, y: 0, z: 0, kind: id % 3, place, free: true });

describe("tray slot mapping", () => {
  it("pads the tray to its size and the holding row to three", () => {
    expect(traySlots([4, 1, 9], 7)).toEqual([4, 1, 9, null, null, null, null]);
    expect(traySlots([], 5)).toEqual([null, null, null, null, null]);
    expect(heldSlots([3])).toEqual([3, null, null]);
    expect(heldSlots([1, 2, 3])).toEqual([1, 2, 3]);
  });
  it("reports the tiles that changed place", () => {
    const prev = { tiles: [tile(0, "board"), tile(1, "tray"), tile(2, "tray"), tile(3, "board")] };
    const next = { tiles: [tile(0, "gone"), tile(1, "gone"), tile(2, "gone"), tile(3, "board")] };
    expect(placeChanges(prev, next)).toEqual([
      { id: 0, from: "board", to: "gone" },
      { id: 1, from: "tray", to: "gone" },
      { id: 2, from: "tray", to: "gone" },
    ]);
    expect(placeChanges(next, next)).toEqual([]);
  });
  it("finds tray tiles that moved slot (an insertion shifts the later ones right)", () => {
    // 7 goes in after 2 (same kind): 5 and 6 shift one slot right
    const shifts = slotShifts([1, 2, 5, 6], [1, 2, 7, 5, 6]);
    expect([...shifts.entries()]).toEqual([
      [5, [2, 3]],
      [6, [3, 4]],
    ]);
    // a triple (1, 2, 7) vanishes: 5 and 6 shift left
    expect([...slotShifts([1, 2, 5, 6], [5, 6]).entries()]).toEqual([
      [5, [2, 0]],
      [6, [3, 1]],
    ]);
  });
  it("collapses a triple into its middle slot", () => {
    expect(collapseSlot([3, 1, 2])).toBe(2);
    expect(collapseSlot([4, 5, 6])).toBe(5);
    expect(collapseSlot([])).toBe(0);
  });
  it("tells the same deal from another", () => {
    const a = { tiles: [tile(0, "board"), tile(1, "board")] };
    expect(sameDeal(a, { tiles: [tile(0, "gone"), tile(1, "tray")] })).toBe(true);
    expect(sameDeal(a, { tiles: [tile(0, "board"), tile(1, "board", 9)] })).toBe(false);
    expect(sameDeal(a, { tiles: [tile(0, "board")] })).toBe(false);
  });
});
