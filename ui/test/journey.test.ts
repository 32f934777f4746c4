import { describe, expect, it } from "vitest";
import { barFill, ruleIcon, ruleKey, secondsLeft, timeLeft, urgent } from "../src/journey/rules";
import { glideDuration, glides } from "../src/classic/slide-motion";
import { TABLES } from "../src/i18n";
import type { Pos, SlideRule } from "../src/ipc";

const RULES: SlideRule[] = ["none", "down", "up", "left", "right", "apart-h", "together-h", "apart-v", "together-v"];

describe("journey rules shown", () => {
  it("every rule has a distinct icon and a name in every language", () => {
    const icons = new Set(RULES.map(ruleIcon));
    expect(icons.size).toBe(RULES.length);
    for (const table of Object.values(TABLES))
      for (const r of RULES) expect((table as Record<string, string>)[ruleKey(r)]).toBeTruthy();
  });

  it("arrows point the way the tiles pack", () => {
    // the arrow head of `down` is at the bottom (y 20), of `up` at the top (y 4)
    expect(ruleIcon("down")).toContain("6-6");
    expect(ruleIcon("up")).toContain("M12 20V4");
  });

  it("time left, bar fill and urgency", () => {
    expect(timeLeft(180_000, 30_000)).toBe(150_000);
    expect(timeLeft(180_000, 200_000)).toBe(0);
    expect(barFill(90_000, 180_000)).toBe(0.5);
    expect(barFill(200_000, 180_000)).toBe(1);
    expect(barFill(-5, 180_000)).toBe(0);
    expect(barFill(5, 0)).toBe(0);
    expect(urgent(15_000, 180_000)).toBe(true);
    expect(urgent(15_001, 180_000)).toBe(false);
    expect(urgent(12_000, 60_000)).toBe(true);
    expect(urgent(13_000, 60_000)).toBe(false);
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(1000)).toBe(1);
    expect(secondsLeft(1001)).toBe(2);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-50)).toBe(0);
  });
});

describe("slide motion", () => {
  it("each glide starts at the old cell's offset", () => {
    const moves: [Pos, Pos][] = [
      [[2, 3], [5, 3]],
      [[0, 7], [0, 1]],
    ];
    expect(glides(moves)).toEqual([
      { to: [5, 3], dRow: -3, dCol: 0 },
      { to: [0, 1], dRow: 0, dCol: 6 },
    ]);
  });

  it("duration grows with the longest glide and is capped", () => {
    expect(glideDuration([])).toBe(0);
    expect(glideDuration([[[0, 0], [1, 0]]])).toBe(140);
    expect(glideDuration([[[0, 0], [3, 0]], [[0, 1], [1, 1]]])).toBe(180);
    expect(glideDuration([[[0, 0], [0, 40]]])).toBe(320);
  });
});
