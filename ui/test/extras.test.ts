import { describe, expect, it, vi } from "vitest";
import { defaultChoices } from "../src/dialogs";
import { DEMO_BOARD, DEMO_MS, DEMO_PATH, shouldShowIntro } from "../src/first-launch";
import { TABLES, translator } from "../src/i18n";
import type { AnyView, Preset } from "../src/ipc";
import { noticeText } from "../src/notice";
import type { Pos } from "../src/bindings/Pos";
import { isMuted, RECIPES, recipeLength, Sound, SOUND_EVENTS, soundForOutcome, soundForTake } from "../src/sound";
import { assistText, groupLabel, groupOrder, totals } from "../src/stats-dialog";

const t = translator("en");

describe("sound", () => {
  it("is off when muted, on when unmuted, and follows reduced motion when unset", () => {
    expect(isMuted(true, false)).toBe(true);
    expect(isMuted(false, true)).toBe(false);
    expect(isMuted(null, true)).toBe(true);
    expect(isMuted(null, false)).toBe(false);
  });

  it("maps every outcome to its event", () => {
    const at = [0, 0] as [number, number];
    expect(soundForOutcome({ kind: "selected", cell: at })).toBe("select");
    expect(soundForOutcome({ kind: "deselected", cell: at })).toBe(null);
    const matched = { kind: "matched" as const, path: [at, at], removed: [at, at] as [Pos, Pos], points: 10, combo: 1, shuffled: false, moves: [] };
    expect(soundForOutcome({ ...matched, status: "playing" })).toBe("match");
    expect(soundForOutcome({ ...matched, status: "stuck" })).toBe("match");
    expect(soundForOutcome({ ...matched, status: "won" })).toBe("win");
    // the engine says whether two tiles of one kind failed to connect
    expect(soundForOutcome({ kind: "switched", from: at, to: [0, 1], no_path: true })).toBe("nopath");
    expect(soundForOutcome({ kind: "switched", from: at, to: [1, 1], no_path: false })).toBe("select");
    expect(soundForTake("playing", 0)).toBe("select");
    expect(soundForTake("playing", 3)).toBe("match");
    expect(soundForTake("won", 3)).toBe("win");
    expect(soundForTake("lost", 0)).toBe("lose");
  });

  it("has a short, audible, distinct recipe for every event", () => {
    const shapes = new Set<string>();
    for (const e of SOUND_EVENTS) {
      const notes = RECIPES[e];
      expect(notes.length, e).toBeGreaterThan(0);
      expect(recipeLength(notes), e).toBeLessThanOrEqual(1.5);
      for (const n of notes) {
        expect(n.freq).toBeGreaterThanOrEqual(100);
        expect(n.freq).toBeLessThanOrEqual(4000);
        expect(n.gain).toBeGreaterThan(0);
        expect(n.gain).toBeLessThanOrEqual(0.3);
        expect(n.dur).toBeGreaterThan(0.02);
      }
      shapes.add(JSON.stringify(notes));
    }
    expect(shapes.size).toBe(SOUND_EVENTS.length);
  });

  it("plays nothing without Web Audio and never throws", () => {
    const s = new Sound({ matches: false });
    s.setSetting(false);
    expect(s.muted).toBe(false);
    expect(() => s.play("win")).not.toThrow();
    s.setSetting(null);
    expect(new Sound({ matches: true }).muted).toBe(true);
  });

  it("makes its audio context ahead of the first sound only when sound is on, and only once", () => {
    const log: string[] = [];
    const FakeContext = fakeAudioContext(log);
    const made = (): number => log.filter((x) => x === "context").length;
    vi.stubGlobal("AudioContext", FakeContext);
    try {
      const muted = new Sound({ matches: false });
      muted.setSetting(true);
      muted.prepare();
      expect(made()).toBe(0);
      const s = new Sound({ matches: false });
      s.prepare();
      expect(made()).toBe(1);
      s.prepare();
      s.play("select");
      expect(made()).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it("makes its audio context only after the first press, in an idle moment, once", () => {
    const log: string[] = [];
    vi.stubGlobal("AudioContext", fakeAudioContext(log));
    vi.useFakeTimers();
    try {
      const page = new EventTarget();
      const s = new Sound({ matches: false });
      s.prepareOnFirstTouch(page, 300);
      vi.advanceTimersByTime(5000);
      expect(log).toEqual([]);
      page.dispatchEvent(new Event("pointerdown"));
      expect(log).toEqual([]);
      vi.advanceTimersByTime(300);
      expect(log).toEqual(["context"]);
      page.dispatchEvent(new Event("keydown"));
      page.dispatchEvent(new Event("pointerdown"));
      vi.advanceTimersByTime(5000);
      expect(log).toEqual(["context"]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
  it("resumes its context at once and makes the notes when told (the app: after the frame)", () => {
    const made: string[] = [];
    const FakeContext = fakeAudioContext(made);
    vi.stubGlobal("AudioContext", FakeContext);
    try {
      const queued: (() => void)[] = [];
      const s = new Sound({ matches: false }, (fn) => queued.push(fn));
      s.play("match");
      expect(made).toEqual(["context", "resume"]);
      expect(queued).toHaveLength(1);
      queued[0]!();
      expect(made).toEqual(["context", "resume", "oscillator", "oscillator"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** A stand-in for Web Audio's `AudioContext` that logs what is made and done to `log`. */
function fakeAudioContext(log: string[]): new () => object {
  return class {
    state = "suspended";
    currentTime = 0;
    destination = {};
    constructor() {
      log.push("context");
    }
    resume(): Promise<void> {
      log.push("resume");
      this.state = "running";
      return Promise.resolve();
    }
    createOscillator(): object {
      log.push("oscillator");
      return { type: "", frequency: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: object) => n, start() {}, stop() {} };
    }
    createGain(): object {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: object) => n };
    }
  };
}

describe("statistics dialog", () => {
  it("labels and orders the groups", () => {
    expect(groupLabel("classic/8x18/36", t)).toBe("Classic 18 × 8");
    expect(groupLabel("stack/L2", t)).toBe("Stack, level 2");
    expect(groupLabel("stack/map/00fedcba98765432", t)).toBe("Stack, your level #00fedc");
    expect(groupLabel("stack/60t5k4z/tray5", t)).toBe("Stack, 60t5k4z/tray5");
    expect(groupLabel("journey/L12", t)).toBe("Journey, level 12");
    expect(groupLabel("daily", t)).toBe("Daily deal");
    expect(groupLabel("something/else", t)).toBe("something/else");
    expect(groupOrder(["journey/L2", "stack/L10", "classic/8x18/36", "stack/L2", "daily", "classic/10x10/25", "journey/L10", "stack/x"])).toEqual([
      "daily",
      "classic/10x10/25",
      "classic/8x18/36",
      "stack/L2",
      "stack/L10",
      "stack/x",
      "journey/L2",
      "journey/L10",
    ]);
  });

  it("says which help an assisted win had, and sums every group", () => {
    expect(assistText([], t)).toBe("");
    expect(assistText(["hint", "undo"], t)).toBe("Won with help: hints, undo");
    expect(translator("zh-Hans")("stats.assist.demo")).toBe("演示");
    expect(totals({ a: { played: 3, won: 1, best: [] }, b: { played: 2, won: 2, best: [] }, c: undefined })).toEqual({ played: 5, won: 3 });
  });

  it("translates a damaged statistics file's notice", () => {
    const text = noticeText({ game: null as unknown as AnyView, notice: "x", notices: [{ code: "file_set_aside", file: "stats", kept_as: "stats.json.corrupt" }] }, t);
    expect(text).toContain("statistics");
    expect(text).toContain("stats.json.corrupt");
  });
});

describe("first launch", () => {
  it("shows until dismissed", () => {
    expect(shouldShowIntro({ intro_seen: false })).toBe(true);
    expect(shouldShowIntro({ intro_seen: true })).toBe(false);
  });

  it("demonstrates a legal match: the pair joined through empty cells with at most two turns", () => {
    const cell = ([r, c]: readonly [number, number]) => DEMO_BOARD[r]?.[c];
    const ends = [DEMO_PATH[0]!, DEMO_PATH[DEMO_PATH.length - 1]!];
    expect(ends.map(cell)).toEqual(["A", "A"]);
    expect(DEMO_PATH.length - 2).toBeLessThanOrEqual(2);
    for (let i = 1; i < DEMO_PATH.length; i++) {
      const [a, b] = [DEMO_PATH[i - 1]!, DEMO_PATH[i]!];
      expect(a[0] === b[0] || a[1] === b[1]).toBe(true);
      // every cell strictly between the ends is empty
      const steps = Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));
      for (let k = 0; k <= steps; k++) {
        const p: [number, number] = [a[0] + Math.sign(b[0] - a[0]) * k, a[1] + Math.sign(b[1] - a[1]) * k];
        const isEnd = ends.some((e) => e[0] === p[0] && e[1] === p[1]);
        if (!isEnd) expect(cell(p)).toBe(".");
      }
    }
    expect(DEMO_MS).toBe(3000);
  });

  it("has every new text in every language", () => {
    for (const lang of ["en", "zh-Hans", "zh-Hant"] as const)
      for (const key of ["intro.rule", "intro.ok", "settings.sound", "stats.title", "notice.file.stats"] as const)
        expect(TABLES[lang][key], `${lang} ${key}`).toBeTruthy();
  });
});

describe("new game dialog defaults", () => {
  const presets: Preset[] = [
    { name: "10x10", rows: 10, cols: 10, kinds: 25 },
    { name: "18x8", rows: 8, cols: 18, kinds: 36 },
  ];
  it("does not carry a game's unusual options", () => {
    const classic = {
      mode: "classic",
      rows: 8,
      cols: 18,
      options: { rows: 8, cols: 18, kinds: 36, seed: "7", solvable: false, ring: false, auto_shuffle: true, slide: "left" },
    } as unknown as AnyView;
    expect(defaultChoices(classic, presets)).toEqual({
      mode: "classic",
      layout: "18x8",
      solvable: true,
      ring: true,
      slide: "none",
      level: 1,
      randomFill: false,
    });
    const stack = { mode: "stack", options: { level: 4, random_fill: true, tray: 5 } } as unknown as AnyView;
    expect(defaultChoices(stack, presets)).toMatchObject({ mode: "stack", level: 4, randomFill: false });
    expect(defaultChoices(null, presets)).toMatchObject({ mode: "classic", layout: "" });
  });
});
