import { describe, expect, it } from "vitest";
import { FACE_NAMES } from "../src/face-list";
import { format, LANGS, resolveLang, TABLES, translator } from "../src/i18n";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("translation tables", () => {
  const keys = Object.keys(TABLES.en);
  it.each(LANGS)("%s has every key, non-empty, with the same placeholders", (lang) => {
    const table = TABLES[lang] as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(table[k], `${lang} ${k}`).toBeTruthy();
      expect(placeholders(table[k]!), `${lang} ${k}`).toEqual(placeholders((TABLES.en as Record<string, string>)[k]!));
    }
  });
  it("names every face in every language, all names distinct", () => {
    for (const lang of LANGS) {
      const t = translator(lang);
      const names = FACE_NAMES.map((f) => t(`face.${f}`));
      expect(new Set(names).size).toBe(FACE_NAMES.length);
    }
  });
});

describe("resolveLang", () => {
  it("honours an explicit setting", () => {
    expect(resolveLang("zh-Hant", ["en-US"])).toBe("zh-Hant");
    expect(resolveLang("en", ["zh-CN"])).toBe("en");
  });
  it("follows the system list on auto", () => {
    expect(resolveLang("auto", ["zh-CN", "en"])).toBe("zh-Hans");
    expect(resolveLang("auto", ["zh-TW"])).toBe("zh-Hant");
    expect(resolveLang("auto", ["zh-HK"])).toBe("zh-Hant");
    expect(resolveLang("auto", ["zh-Hant-TW"])).toBe("zh-Hant");
    expect(resolveLang("auto", ["zh-Hans-SG"])).toBe("zh-Hans");
    expect(resolveLang("auto", ["zh"])).toBe("zh-Hans");
    expect(resolveLang("auto", ["fr-FR", "zh-TW", "en"])).toBe("zh-Hant");
    expect(resolveLang("auto", ["fr-FR", "de"])).toBe("en");
    expect(resolveLang("auto", [])).toBe("en");
  });
});

describe("format", () => {
  it("fills placeholders and leaves unknown ones", () => {
    expect(format("{face}, row {row}", { face: "Panda", row: 3 })).toBe("Panda, row 3");
    expect(format("{x}")).toBe("{x}");
    expect(translator("en")("tile.label", { face: "Panda", row: 3, col: 5 })).toBe("Panda, row 3, column 5");
  });
});
