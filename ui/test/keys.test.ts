import { describe, expect, it } from "vitest";
import { actionForKey } from "../src/keys";
import { firstTile, nextFocus } from "../src/classic/focus";

describe("actionForKey", () => {
  it("maps the game keys", () => {
    expect(actionForKey({ key: "ArrowUp" })).toEqual({ type: "move", dir: "up" });
    expect(actionForKey({ key: "ArrowLeft" })).toEqual({ type: "move", dir: "left" });
    expect(actionForKey({ key: "Enter" })).toEqual({ type: "select" });
    expect(actionForKey({ key: " " })).toEqual({ type: "select" });
    expect(actionForKey({ key: "h" })).toEqual({ type: "hint" });
    expect(actionForKey({ key: "H" })).toEqual({ type: "hint" });
    expect(actionForKey({ key: "s" })).toEqual({ type: "shuffle" });
    expect(actionForKey({ key: "z" })).toEqual({ type: "undo" });
    expect(actionForKey({ key: "z", ctrlKey: true })).toEqual({ type: "undo" });
    expect(actionForKey({ key: "Z", metaKey: true })).toEqual({ type: "undo" });
    expect(actionForKey({ key: "n" })).toEqual({ type: "newGame" });
    expect(actionForKey({ key: "p" })).toEqual({ type: "pause" });
  });
  it("ignores other keys and browser shortcuts", () => {
    expect(actionForKey({ key: "x" })).toBeNull();
    expect(actionForKey({ key: "Tab" })).toBeNull();
    expect(actionForKey({ key: "s", ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: "h", altKey: true })).toBeNull();
    expect(actionForKey({ key: "n", metaKey: true })).toBeNull();
  });
});

describe("nextFocus", () => {
  const X = 1;
  const _ = null;
  const cells = [
    [X, _, _, X],
    [_, _, X, _],
    [X, _, _, X],
  ];
  it("moves along the line, jumping over empty cells", () => {
    expect(nextFocus(cells, [0, 0], "right")).toEqual([0, 3]);
    expect(nextFocus(cells, [0, 0], "down")).toEqual([2, 0]);
    expect(nextFocus(cells, [2, 3], "up")).toEqual([0, 3]);
  });
  it("falls back to the nearest tile off the line", () => {
    expect(nextFocus(cells, [1, 2], "left")).toEqual([0, 0]);
    expect(nextFocus(cells, [1, 2], "right")).toEqual([0, 3]);
  });
  it("returns null at the edge", () => {
    expect(nextFocus(cells, [0, 0], "up")).toBeNull();
    expect(nextFocus(cells, [0, 0], "left")).toBeNull();
  });
  it("finds the first tile", () => {
    expect(firstTile([[_, _], [_, X]])).toEqual([1, 1]);
    expect(firstTile([[_]])).toBeNull();
  });
});

describe("stack keys", () => {
  it("M is move-out", () => {
    expect(actionForKey({ key: "m" })).toEqual({ type: "moveOut" });
    expect(actionForKey({ key: "M" })).toEqual({ type: "moveOut" });
    expect(actionForKey({ key: "m", ctrlKey: true })).toBeNull();
  });
});
