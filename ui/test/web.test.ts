// The web shell's pure parts: storage ops, the engine's answers, the notices' language, and
// the build's precache list and maskable icon.
import { describe, expect, it } from "vitest";
import { applyWrites, readAll, type KeyValue } from "../src/web/storage";
import { parseAnswer } from "../src/web/worker-protocol";
import { savedLanguage, webText, WEB_TABLES } from "../src/web/strings";
import { fillServiceWorker, versionOf } from "../../web/vite/precache-plugin";
import { maskableSvg } from "../../web/vite/pwa-plugin";
import { readFileSync } from "node:fs";

/** A localStorage stand-in; `full` makes every setItem throw a QuotaExceededError. */
class MemoryStorage implements KeyValue {
  readonly map = new Map<string, string>();
  full = false;
  get length(): number {
    return this.map.size;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (this.full) throw new DOMException("full", "QuotaExceededError");
    this.map.set(k, v);
  }
  removeItem(k: string): void {
    this.map.delete(k);
  }
}

describe("web storage", () => {
  it("reads only the game's files", () => {
    const s = new MemoryStorage();
    s.setItem("llk/game.json", "g");
    s.setItem("other", "x");
    expect(readAll(s)).toEqual({ files: { "game.json": "g" }, problem: null });
  });

  it("applies puts and renames in order, to storage and to the page's copy", () => {
    const s = new MemoryStorage();
    s.setItem("llk/game.json", "bad");
    const files: Record<string, string> = { "game.json": "bad" };
    const problem = applyWrites(
      [
        { rename: "game.json", to: "game.json.corrupt" },
        { put: "game.json", contents: "fresh" },
      ],
      files,
      s,
    );
    expect(problem).toBeNull();
    expect(files).toEqual({ "game.json": "fresh", "game.json.corrupt": "bad" });
    expect(Object.fromEntries(s.map)).toEqual({ "llk/game.json": "fresh", "llk/game.json.corrupt": "bad" });
  });

  it("reports a full quota and keeps the page's copy", () => {
    const s = new MemoryStorage();
    s.setItem("llk/game.json", "old");
    s.full = true;
    const files: Record<string, string> = {};
    expect(applyWrites([{ put: "game.json", contents: "new" }], files, s)).toBe("full");
    expect(files["game.json"]).toBe("new");
    expect(s.getItem("llk/game.json")).toBe("old");
  });

  it("without storage (another tab owns it) only the page's copy changes", () => {
    const files: Record<string, string> = {};
    expect(applyWrites([{ put: "a", contents: "1" }], files, null)).toBeNull();
    expect(files).toEqual({ a: "1" });
  });
});

describe("engine answers", () => {
  it("reads ok (null included), err and writes", () => {
    expect(parseAnswer('{"ok":null,"writes":[]}')).toEqual({ ok: null, writes: [] });
    expect(parseAnswer('{"err":{"code":"no_game","message":"m"},"writes":[{"put":"a","contents":"b"}]}')).toEqual({
      err: { code: "no_game", message: "m" },
      writes: [{ put: "a", contents: "b" }],
    });
  });

  it("turns anything else into an internal error", () => {
    for (const bad of ["", "{", "[]", '{"ok":1}', '{"ok":1,"writes":[{"put":1}]}', '{"err":{},"writes":[]}']) {
      const a = parseAnswer(bad);
      expect("err" in a && a.err.code).toBe("internal");
      expect(a.writes).toEqual([]);
    }
  });
});

describe("web notices' language", () => {
  it("follows the saved setting, else the browser's languages", () => {
    expect(savedLanguage('{"language":"zh-Hant"}')).toBe("zh-Hant");
    expect(savedLanguage("{broken")).toBe("auto");
    expect(savedLanguage(undefined)).toBe("auto");
    expect(webText("tab.playHere", '{"language":"zh-Hans"}', ["en-US"])).toBe(WEB_TABLES["zh-Hans"]["tab.playHere"]);
    expect(webText("tab.elsewhere", undefined, ["zh-TW"])).toBe(WEB_TABLES["zh-Hant"]["tab.elsewhere"]);
    expect(webText("tab.elsewhere", '{"language":"auto"}', ["fr"])).toBe(WEB_TABLES.en["tab.elsewhere"]);
  });

  it("has every sentence in every language, each its own", () => {
    for (const key of Object.keys(WEB_TABLES.en) as (keyof typeof WEB_TABLES.en)[]) {
      expect(WEB_TABLES["zh-Hans"][key]).not.toBe(WEB_TABLES.en[key]);
      expect(WEB_TABLES["zh-Hant"][key].length).toBeGreaterThan(0);
    }
  });
});

describe("the web build's service worker list and icons", () => {
  const list = [
    { url: "./index.html", sha256: "a".repeat(64) },
    { url: "./assets/x.js", sha256: "b".repeat(64) },
  ];

  it("fills the placeholders once and versions by content", () => {
    const sw = fillServiceWorker("const L=__LLK_PRECACHE__,V=__LLK_VERSION__;", list);
    expect(sw).toContain('"./assets/x.js"');
    expect(sw).toContain(JSON.stringify(versionOf(list)));
    const changed = [list[0]!, { url: "./assets/x.js", sha256: "c".repeat(64) }];
    expect(versionOf(changed)).not.toBe(versionOf(list));
    expect(() => fillServiceWorker("__LLK_PRECACHE__ __LLK_PRECACHE__ __LLK_VERSION__", list)).toThrow();
    expect(() => fillServiceWorker("__LLK_PRECACHE__", list)).toThrow();
  });

  it("draws the maskable icon full-bleed with the artwork scaled into the safe circle", () => {
    const source = readFileSync(new URL("../../icons/source.svg", import.meta.url), "utf8");
    const svg = maskableSvg(source);
    expect(svg).toContain('<rect width="1024" height="1024" fill="#25694d"/>');
    expect(svg).toContain("scale(0.85)");
    expect(svg).not.toContain('x="48" y="48"');
    expect(() => maskableSvg("<svg></svg>")).toThrow();
  });
});
