import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorKey, errorText } from "../src/errors";
import { LANGS, TABLES, translator } from "../src/i18n";

/**
 * The codes a Rust `code()` function returns: the string literals of its match arms,
 * read from the source (the one place the codes are written).
 */
function rustCodes(path: string): string[] {
  const text = readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
  const start = text.indexOf("pub fn code(&self) -> &'static str");
  expect(start, `${path}: fn code`).toBeGreaterThan(0);
  const end = text.indexOf("\n    }\n", start);
  return [...text.slice(start, end).matchAll(/=>\s*"([a-z_]+)"/g)].map((m) => m[1]!);
}

const ENGINE = rustCodes("engine/src/error.rs");
const SHELL = rustCodes("session/src/error.rs");

describe("error translations", () => {
  it("reads every code from the Rust sources", () => {
    // One arm per variant: as many codes as `#[error(` attributes.
    const variants = (path: string) =>
      readFileSync(new URL(`../../${path}`, import.meta.url), "utf8").match(/#\[error\(/g)?.length ?? 0;
    expect(ENGINE.length).toBe(variants("engine/src/error.rs"));
    // The shell's `Engine(..)` arm forwards the engine's code.
    expect(SHELL.length).toBe(variants("session/src/error.rs") - 1);
    expect(new Set([...ENGINE, ...SHELL]).size).toBe(ENGINE.length + SHELL.length);
  });

  it.each(LANGS)("%s translates every error code", (lang) => {
    const table = TABLES[lang] as Record<string, string>;
    const missing = [...ENGINE, ...SHELL].filter((code) => !table[`error.${code}`]);
    expect(missing).toEqual([]);
  });

  it("shows the translation, never the English message", () => {
    const t = translator("zh-Hans");
    const e = { code: "bad_save", message: "saved game is not usable: expected value at line 1 column 1" };
    expect(errorText(e, t)).toBe(TABLES["zh-Hans"]["error.bad_save"]);
    expect(errorText({ code: "from_the_future", message: "/home/x/.local/share/game.json" }, t)).toBe(
      TABLES["zh-Hans"]["error.unknown"],
    );
    expect(errorKey("nothing_to_undo")).toBe("error.nothing_to_undo");
  });
});
