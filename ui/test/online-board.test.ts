import { describe, expect, it, vi } from "vitest";
import { translator } from "../src/i18n";
import { renderBoard, postedText } from "../src/online/board-view";
import { Leaderboards, leaderboardPath, KEEP_MS } from "../src/online/leaderboard";
import type { HttpAnswer, Leaderboard } from "../src/online/types";

/**
 * A document small enough to see everything the renderer does: elements with a tag, class,
 * attributes, children and text. Setting `innerHTML` (or `outerHTML`, or inserting HTML)
 * fails the test: a name must never be read as markup.
 */
class FakeEl {
  className = "";
  readonly children: (FakeEl | string)[] = [];
  readonly attrs: Record<string, string> = {};
  private text = "";
  constructor(readonly tagName: string) {}
  set textContent(v: string) {
    this.text = v;
    this.children.length = 0;
  }
  get textContent(): string {
    return this.text + this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("");
  }
  set innerHTML(_v: string) {
    throw new Error("innerHTML used");
  }
  set outerHTML(_v: string) {
    throw new Error("outerHTML used");
  }
  insertAdjacentHTML(): void {
    throw new Error("insertAdjacentHTML used");
  }
  setAttribute(k: string, v: string): void {
    this.attrs[k] = v;
  }
  append(...kids: (FakeEl | string)[]): void {
    this.children.push(...kids);
  }
  all(tag: string): FakeEl[] {
    const out: FakeEl[] = [];
    for (const c of this.children) {
      if (typeof c === "string") continue;
      if (c.tagName === tag) out.push(c);
      out.push(...c.all(tag));
    }
    return out;
  }
}
const created: string[] = [];
const doc = {
  createElement: (tag: string) => {
    created.push(tag);
    return new FakeEl(tag);
  },
} as unknown as Pick<Document, "createElement">;
const draw = (b: Leaderboard, me: string | null = null) => renderBoard(doc, b, translator("en"), me) as unknown as FakeEl;

const BOARD: Leaderboard = {
  date: "2026-12-04",
  mode: "classic",
  finishers: 41,
  top: [
    { rank: 1, name: "Ada", time_ms: 61_000, props: false },
    { rank: 2, name: '<img src=x onerror="alert(1)">', time_ms: 75_500, props: false },
    { rank: 3, name: "Bo & <b>Li</b>", time_ms: 93_000, props: false },
    { rank: 4, name: "李雷", time_ms: 50_000, props: true },
  ],
  you: { rank: 3, time_ms: 93_000, props: false, top_percent: 8 },
};

describe("renderBoard", () => {
  it("sets every name as text, never as markup", () => {
    created.length = 0;
    const root = draw(BOARD);
    const names = root.all("td").filter((td) => td.className === "lb-name");
    expect(names.map((n) => n.textContent)).toEqual(["Ada", '<img src=x onerror="alert(1)">', "Bo & <b>Li</b>", "李雷"]);
    // no element came out of a name
    expect(created).not.toContain("img");
    expect(created).not.toContain("b");
    expect(new Set(created)).toEqual(new Set(["div", "p", "table", "thead", "tbody", "tr", "th", "td", "span"]));
  });

  it("shows the player's place, ranks, times and the mark for props", () => {
    const root = draw(BOARD, "Bo & <b>Li</b>");
    expect(root.all("p")[0]!.textContent).toBe("Rank 3 of 41 · you are in the top 8\u00a0%");
    const rows = root.all("tbody")[0]!.all("tr");
    expect(rows.map((r) => r.all("td").map((td) => td.textContent))).toEqual([
      ["1", "Ada", "01:01"],
      ["2", '<img src=x onerror="alert(1)">', "01:15"],
      ["3", "Bo & <b>Li</b>", "01:33"],
      ["4", "李雷", "00:50✱ (used a prop)"],
    ]);
    expect(rows.map((r) => r.className)).toEqual(["", "", "me", "lb-props"]);
    expect(root.all("p").map((p) => p.className)).toContain("lb-note");
    // the same name at another rank is not the player's line
    expect(draw(BOARD, "Ada").all("tr").filter((r) => r.className === "me")).toEqual([]);
  });

  it("says when the player has no result and when nobody finished", () => {
    const none = draw({ ...BOARD, you: null, top: [] });
    expect(none.all("p").map((p) => p.textContent)).toEqual(["You have no result on this board today.", "Nobody has finished it yet today."]);
    expect(none.all("table")).toEqual([]);
  });

  it("a posted result's line says when an earlier result stays the best", () => {
    const t = translator("en");
    const a = { date: "d", mode: "classic" as const, time_ms: 99_000, props: false, best_ms: 93_000, best_props: false, improved: false, rank: 3, finishers: 41, top_percent: 8 };
    expect(postedText(a, t)).toBe("Rank 3 of 41 · you are in the top 8\u00a0% · your best stays 01:33");
    expect(postedText({ ...a, improved: true }, t)).toBe("Rank 3 of 41 · you are in the top 8\u00a0%");
    expect(postedText(a, translator("zh-Hans"))).toBe("第 3 名，共 41 人 · 你位列前 8% · 你的最佳仍是 01:33");
  });
});

describe("Leaderboards", () => {
  it("asks for the date's board with the key and a limit of 10", () => {
    expect(leaderboardPath("2026-12-04", "stack", "ab12")).toBe("/api/v1/leaderboard/2026-12-04/stack?limit=10&key=ab12");
    expect(leaderboardPath("2026-12-04", "classic", "")).toBe("/api/v1/leaderboard/2026-12-04/classic?limit=10");
  });

  it("keeps a board a short while, drops it after a post, and never keeps a failure", async () => {
    let now = 0;
    const http = vi.fn(async (): Promise<HttpAnswer> => ({ status: 200, body: JSON.stringify(BOARD), retry_after: null }));
    const boards = new Leaderboards(http, () => now);
    expect(await boards.get("2026-12-04", "classic", "k")).toEqual(BOARD);
    await boards.get("2026-12-04", "classic", "k");
    expect(http).toHaveBeenCalledTimes(1);
    boards.drop("2026-12-04", "classic");
    await boards.get("2026-12-04", "classic", "k");
    expect(http).toHaveBeenCalledTimes(2);
    now += KEEP_MS;
    await boards.get("2026-12-04", "classic", "k");
    expect(http).toHaveBeenCalledTimes(3);
    http.mockResolvedValueOnce({ status: 503, body: '{"error":"unavailable","message":"db"}', retry_after: 20 });
    now += KEEP_MS;
    await expect(boards.get("2026-12-04", "classic", "k")).rejects.toThrow("HTTP 503");
    await boards.get("2026-12-04", "classic", "k");
    expect(http).toHaveBeenCalledTimes(5);
    http.mockRejectedValueOnce(new TypeError("offline"));
    await expect(boards.get("2026-12-05", "classic", "k")).rejects.toThrow("offline");
  });
});
