import { describe, expect, it } from "vitest";
import { plainTap, TAP_SLOP_PX, type TouchEnd } from "../src/finger-tap";

const tap = (over: Partial<TouchEnd> = {}): TouchEnd => ({
  cancelable: true,
  down: 0,
  lifted: 1,
  from: { x: 100, y: 200 },
  to: { x: 102, y: 199 },
  ...over,
});

describe("plainTap", () => {
  it("takes a one-finger tap that stayed put", () => {
    expect(plainTap(tap())).toBe(true);
    expect(plainTap(tap({ to: { x: 100, y: 200 + TAP_SLOP_PX } }))).toBe(true);
  });

  it("leaves a finger that wandered beyond the slop to the browser", () => {
    expect(plainTap(tap({ to: { x: 100 + TAP_SLOP_PX, y: 201 } }))).toBe(false);
    expect(plainTap(tap({ to: { x: 40, y: 260 } }))).toBe(false);
  });

  it("leaves a pan or pinch (not cancelable), a second finger, or an unknown start alone", () => {
    expect(plainTap(tap({ cancelable: false }))).toBe(false);
    expect(plainTap(tap({ down: 1 }))).toBe(false);
    expect(plainTap(tap({ lifted: 2 }))).toBe(false);
    expect(plainTap(tap({ from: null }))).toBe(false);
  });
});
