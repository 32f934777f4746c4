// The web shell's pure parts: storage ops and their queue, the engine's answers, the notices' language, and
// the build's precache list and maskable icon.
import { describe, expect, it } from "vitest";
import { copyWrites, holdsNoFiles, readAll, storeWrites, type KeyValue, type Write } from "../src/web/storage";
import { SaveQueue } from "../src/web/save-queue";
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

  it("tells a first visit (no file of the game, whatever else the origin stores) at once", () => {
    const s = new MemoryStorage();
    s.setItem("other", "x");
    s.setItem("llk/.probe", "1");
    expect(holdsNoFiles(s)).toBe(true);
    expect(holdsNoFiles("missing")).toBe(true);
    s.setItem("llk/settings.json", "{}");
    expect(holdsNoFiles(s)).toBe(false);
  });

  it("applies puts and renames in order, to storage and to the page's copy", () => {
    const s = new MemoryStorage();
    s.setItem("llk/game.json", "bad");
    const files: Record<string, string> = { "game.json": "bad" };
    const writes: Write[] = [
      { rename: "game.json", to: "game.json.corrupt" },
      { put: "game.json", contents: "fresh" },
    ];
    copyWrites(writes, files);
    expect(storeWrites(writes, s)).toBeNull();
    expect(files).toEqual({ "game.json": "fresh", "game.json.corrupt": "bad" });
    expect(Object.fromEntries(s.map)).toEqual({ "llk/game.json": "fresh", "llk/game.json.corrupt": "bad" });
  });

  it("reports a full quota and keeps the stored file; later ops are still tried", () => {
    const s = new MemoryStorage();
    s.setItem("llk/game.json", "old");
    s.full = true;
    expect(storeWrites([{ put: "game.json", contents: "new" }], s)).toBe("full");
    expect(s.getItem("llk/game.json")).toBe("old");
    s.full = false;
    const tried: string[] = [];
    const once: KeyValue = {
      length: 0,
      key: () => null,
      getItem: (k) => s.getItem(k),
      removeItem: (k) => s.removeItem(k),
      setItem: (k, v) => {
        tried.push(k);
        if (tried.length === 1) throw new DOMException("full", "QuotaExceededError");
        s.setItem(k, v);
      },
    };
    expect(storeWrites([{ put: "a", contents: "1" }, { put: "b", contents: "2" }], once)).toBe("full");
    expect(tried).toEqual(["llk/a", "llk/b"]);
    expect(s.getItem("llk/b")).toBe("2");
  });
});

/** A queue over `store` whose flush is scheduled by hand (`frame()` draws "the next frame"). */
function queue(store: () => KeyValue | null) {
  const scheduled: (() => void)[] = [];
  const problems: string[] = [];
  const q = new SaveQueue(store, (p) => problems.push(p), (fn) => scheduled.push(fn));
  const frame = (): void => scheduled.splice(0).forEach((fn) => fn());
  return { q, frame, problems, scheduled };
}

describe("the save queue", () => {
  it("stores nothing until after the frame, then everything in order", () => {
    const s = new MemoryStorage();
    const { q, frame, scheduled } = queue(() => s);
    q.add([{ put: "game.json", contents: "1" }]);
    q.add([{ put: "stats.json", contents: "s" }, { rename: "x.json", to: "x.json.corrupt" }]);
    expect(scheduled).toHaveLength(1);
    expect(q.size).toBe(3);
    expect(s.map.size).toBe(0);
    frame();
    expect(q.size).toBe(0);
    expect(Object.fromEntries(s.map)).toEqual({ "llk/game.json": "1", "llk/stats.json": "s" });
  });

  it("keeps only the latest text of a file saved twice in a row", () => {
    const puts: string[] = [];
    const recorder: KeyValue = { length: 0, key: () => null, getItem: () => null, removeItem: () => {}, setItem: (k, v) => void puts.push(`${k}=${v}`) };
    const { q, frame } = queue(() => recorder);
    q.add([{ put: "game.json", contents: "1" }]);
    q.add([{ put: "game.json", contents: "2" }]);
    q.add([{ put: "settings.json", contents: "s" }, { put: "game.json", contents: "3" }]);
    frame();
    expect(puts).toEqual(["llk/game.json=2", "llk/settings.json=s", "llk/game.json=3"]);
  });

  it("stores at once on flush (the page hidden or closed), and the frame's task finds nothing left", () => {
    const s = new MemoryStorage();
    const { q, frame } = queue(() => s);
    q.add([{ put: "game.json", contents: "1" }]);
    q.flush();
    expect(s.getItem("llk/game.json")).toBe("1");
    s.setItem("llk/game.json", "other");
    frame();
    expect(s.getItem("llk/game.json")).toBe("other");
  });

  it("drops what waits when the tab may no longer write, and reports a failed write", () => {
    const s = new MemoryStorage();
    let owner = true;
    const { q, frame, problems } = queue(() => (owner ? s : null));
    q.add([{ put: "game.json", contents: "1" }]);
    owner = false;
    frame();
    expect(s.map.size).toBe(0);
    expect(q.size).toBe(0);
    owner = true;
    s.full = true;
    q.add([{ put: "game.json", contents: "2" }]);
    frame();
    expect(problems).toEqual(["full"]);
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
