import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n";
import { noticeText } from "../src/notice";
import type { StartInfo } from "../src/ipc";

const start = (notices: StartInfo["notices"], notice: string | null = "English text"): StartInfo =>
  ({ game: {} as StartInfo["game"], notice, notices });

describe("noticeText", () => {
  it("translates each notice code with its file", () => {
    const s = start([{ code: "file_set_aside", file: "game", kept_as: "game.json.corrupt" }]);
    expect(noticeText(s, translator("en"))).toBe(
      "The saved game could not be used; it was kept as game.json.corrupt and a fresh one was started.",
    );
    expect(noticeText(s, translator("zh-Hans"))).toBe("保存的游戏无法使用，已保留为 game.json.corrupt，并重新开始。");
    expect(noticeText(s, translator("zh-Hant"))).toContain("遊戲");
  });

  it("joins several and falls back to the shell's text for an unknown code", () => {
    const two = start([
      { code: "file_unusable", file: "settings", kept_as: null },
      { code: "file_set_aside", file: "scores", kept_as: "scores.json.corrupt" },
    ]);
    expect(noticeText(two, translator("en"))?.split("\n")).toHaveLength(2);
    expect(noticeText(start([{ code: "future", file: "game", kept_as: null }]), translator("en"))).toBe("English text");
    expect(noticeText(start([], null), translator("en"))).toBeNull();
  });
});
