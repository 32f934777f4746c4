import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { GameClock, formatTime } from "../src/clock";
import { FACE_NAMES } from "../src/face-list";
import { fitCells, MIN_CELL } from "../src/classic/layout";
import { levelMark, parseSeed, randomSeed, stackLevelText } from "../src/seed";
import { buildFaces, facesCss, rasterFacesCss, svgDataUrl, webpDataUrl } from "../vite/faces-plugin";

describe("GameClock", () => {
  it("counts only while running", () => {
    let now = 1000;
    const c = new GameClock(() => now);
    c.reset(500);
    now += 100;
    expect(c.elapsed()).toBe(500);
    c.setRunning(true);
    now += 250;
    expect(c.elapsed()).toBe(750);
    c.setRunning(false);
    now += 10_000;
    expect(c.elapsed()).toBe(750);
    c.setRunning(true);
    c.setRunning(true);
    now += 50;
    expect(c.elapsed()).toBe(800);
  });
  it("formats mm:ss and h:mm:ss", () => {
    expect(formatTime(0)).toBe("00:00");
    expect(formatTime(61_999)).toBe("01:01");
    expect(formatTime(3_600_000 + 62_000)).toBe("1:01:02");
  });
});

describe("fitCells", () => {
  it("fits a 30x16 board on 1920x1080", () => {
    const s = fitCells(1900, 980, 16, 30);
    expect(s.scrolls).toBe(false);
    expect(s.boardW).toBeLessThanOrEqual(1900);
    expect(s.boardH).toBeLessThanOrEqual(980);
    expect(s.cellW).toBeGreaterThanOrEqual(MIN_CELL);
  });
  it("keeps touch-tall tiles on a phone, narrower rather than panning sideways", () => {
    const s = fitCells(344, 430, 10, 10);
    expect(s.cellH).toBe(MIN_CELL);
    expect(s.narrow).toBe(true);
    expect(s.scrolls).toBe(false);
    expect(s.boardW).toBeLessThanOrEqual(344);
    const tall = fitCells(344, 380, 10, 10);
    expect(tall.scrollsY).toBe(true);
    expect(tall.scrollsX).toBe(false);
  });
});

describe("seeds", () => {
  it("parses u64 decimal strings only", () => {
    expect(parseSeed(" 42 ")).toBe("42");
    expect(parseSeed("007")).toBe("7");
    expect(parseSeed("18446744073709551615")).toBe("18446744073709551615");
    expect(parseSeed("18446744073709551616")).toBeNull();
    expect(parseSeed("-1")).toBeNull();
    expect(parseSeed("1e3")).toBeNull();
    expect(parseSeed("")).toBeNull();
  });
  it("makes random u64 seeds", () => {
    expect(randomSeed(() => [0xffffffff, 0xffffffff])).toBe(String(2 ** 35 - 1));
    expect(randomSeed(() => [0, 5])).toBe("5");
    expect(parseSeed(randomSeed())).not.toBeNull();
  });
});

describe("faces", () => {
  it("has at least 42 distinct faces, all in the icon set", () => {
    expect(new Set(FACE_NAMES).size).toBe(FACE_NAMES.length);
    expect(FACE_NAMES.length).toBeGreaterThanOrEqual(42);
    const require = createRequire(import.meta.url);
    const set = JSON.parse(readFileSync(require.resolve("@iconify-json/fluent-emoji-flat/icons.json"), "utf8"));
    const faces = buildFaces(set, FACE_NAMES);
    expect(faces).toHaveLength(FACE_NAMES.length);
    expect(new Set(faces).size).toBe(FACE_NAMES.length);
    for (const svg of faces) expect(svg).not.toMatch(/<script|style=/);
  });

  it("turns each face into a data URL that decodes back to its SVG", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#FF6723" d="M1 2h3%"/>\n</svg>`;
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    // safe inside a double-quoted CSS url() and as a URL: no quote, hash, angle bracket or newline
    expect(url).not.toMatch(/["#<>\n]/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(svg.replace(/"/g, "'").replace(/\s+/g, " "));
  });
  it("writes one .face.f-N rule per face, in order, each with its data URL", () => {
    const svgs = ["<svg>a</svg>", "<svg>b</svg>"];
    const css = facesCss(svgs);
    const rules = css.trim().split("\n");
    expect(rules).toHaveLength(2);
    svgs.forEach((svg, i) => expect(rules[i]).toBe(`.face.f-${i}{background-image:url("${svgDataUrl(svg)}")}`));
  });
  it("draws a raster face as a square WebP of the asked size (the web build's faces)", () => {
    const square = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="16" height="32" fill="${fill}"/></svg>`;
    const url = webpDataUrl(square("#f00"), 24);
    expect(url.startsWith("data:image/webp;base64,")).toBe(true);
    const bytes = Buffer.from(url.slice("data:image/webp;base64,".length), "base64");
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // the canvas size: VP8X (with alpha) stores width-1 and height-1 as 24-bit little endian
    expect(bytes.subarray(12, 16).toString("latin1")).toBe("VP8X");
    expect(bytes.readUIntLE(24, 3) + 1).toBe(24);
    expect(bytes.readUIntLE(27, 3) + 1).toBe(24);
    const css = rasterFacesCss([square("#f00"), square("#00f")], 24);
    const rules = css.trim().split("\n");
    expect(rules).toHaveLength(2);
    rules.forEach((rule, i) => expect(rule.startsWith(`.face.f-${i}{background-image:url("data:image/webp;base64,`)).toBe(true));
    expect(rules[0]).not.toBe(rules[1]);
  });
});

describe("levelMark", () => {
  it("shows a brought level's fingerprint as # and its first 6 hex digits", () => {
    expect(levelMark("18446744073709551615")).toBe("#ffffff");
    expect(levelMark("81985529216486895")).toBe("#012345");
    expect(levelMark("0")).toBe("#000000");
    expect(levelMark("not a number")).toBe("not a number");
  });
});

describe("stackLevelText", () => {
  it("shows the level's number, a brought level's mark, the daily word, or a dash for a random fill", () => {
    expect(stackLevelText({ level: 3, seed: "7" }, "Daily")).toBe("3");
    expect(stackLevelText({ level: 3, imported: false, seed: "7" }, "Daily")).toBe("3");
    expect(stackLevelText({ level: null, seed: "7" }, "Daily")).toBe("–");
    // the daily stack challenge is a real-style level: no number, no mark
    expect(stackLevelText({ level: null, real_style: true, seed: "7" }, "Daily")).toBe("Daily");
    // a brought level has no number: its mark, whatever the level field holds
    expect(stackLevelText({ level: null, imported: true, seed: "81985529216486895" }, "Daily")).toBe("#012345");
    expect(stackLevelText({ level: 2, imported: true, seed: "0" }, "Daily")).toBe("#000000");
  });
});
