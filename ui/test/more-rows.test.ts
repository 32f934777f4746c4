import { describe, expect, it } from "vitest";
import { fitBoard, TOUCH_MIN_CELL } from "../src/classic/layout";
import { hiddenRows, ROW_SLACK } from "../src/classic/more-rows";
import { screenDims } from "../src/classic/orientation";

/** The reference: each row's span checked against the view, one by one. */
function hiddenRowsByRow(scrollTop: number, viewH: number, ringH: number, cellH: number, rows: number) {
  let above = 0;
  let below = 0;
  for (let i = 0; i < rows; i++) {
    const top = ringH + i * cellH;
    const bottom = top + cellH;
    if (top < scrollTop - ROW_SLACK) above++;
    if (bottom > scrollTop + viewH + ROW_SLACK) below++;
  }
  return { above, below };
}

describe("hiddenRows", () => {
  it("counts the rows out of view on each side as a row-by-row check does", () => {
    for (const [rows, cellH, ringH] of [[16, 40, 6], [18, 40, 6], [9, 43, 21], [1, 40, 0]] as const) {
      const boardH = rows * cellH + 2 * ringH;
      for (let viewH = 30; viewH <= boardH + 40; viewH += 17)
        for (let top = 0; top <= Math.max(0, boardH - viewH); top += 7)
          expect(hiddenRows(top, viewH, ringH, cellH, rows), `${rows}x${cellH}+${ringH} view ${viewH} at ${top}`).toEqual(
            hiddenRowsByRow(top, viewH, ringH, cellH, rows),
          );
    }
  });
  it("counts nothing for a board that fits or has no size", () => {
    expect(hiddenRows(0, 700, 6, 40, 16)).toEqual({ above: 0, below: 0 });
    expect(hiddenRows(0, 100, 6, 0, 16)).toEqual({ above: 0, below: 0 });
    expect(hiddenRows(0, 100, 6, 40, 0)).toEqual({ above: 0, below: 0 });
  });
  it("says 4 rows are below and then 4 above on the journey's 16x9 at 360x640", () => {
    // the stage is 344 x 502 px there: 16 rows of 40 px on a 6 px ring (652 px)
    expect(hiddenRows(0, 502, 6, 40, 16)).toEqual({ above: 0, below: 4 });
    expect(hiddenRows(150, 502, 6, 40, 16)).toEqual({ above: 4, below: 0 });
    // a row cut by no more than the slack counts as shown
    expect(hiddenRows(0, 646 - ROW_SLACK, 6, 40, 16)).toEqual({ above: 0, below: 0 });
  });
});

describe("the journey's 16x9 board on portrait phones", () => {
  it("cannot fit 360x640 at the touch size, even given the whole screen: it pans vertically", () => {
    // 16 rows of 40 px and the thinnest ring take 652 px, more than the screen's 640
    for (const h of [502, 640]) {
      const f = fitBoard(344, h, 9, 16, TOUCH_MIN_CELL);
      expect(screenDims(9, 16, f.orientation).rows).toBe(16);
      expect(f.size.scrollsY).toBe(true);
      expect(f.size.scrollsX).toBe(false);
      expect(f.size.cellH).toBe(TOUCH_MIN_CELL);
      expect(f.size.boardH).toBe(652);
    }
  });
  it("fits 390x844 (its stage 374 x 706 px) with cells of at least 40 px", () => {
    const f = fitBoard(374, 706, 9, 16, TOUCH_MIN_CELL);
    expect(f.size.scrolls).toBe(false);
    expect(Math.min(f.size.cellW, f.size.cellH)).toBeGreaterThanOrEqual(TOUCH_MIN_CELL);
  });
});
