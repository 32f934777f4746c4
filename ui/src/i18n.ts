/**
 * Translations (English, 简体中文, 繁體中文; one table each in lang/) and language choice.
 * `t(key, params)` fills `{name}` placeholders.
 */
import { en, type Key, type Table } from "./lang/en";
import { zhHans } from "./lang/zh-hans";
import { zhHant } from "./lang/zh-hant";

export type { Key };

export type Lang = "en" | "zh-Hans" | "zh-Hant";
export const LANGS: readonly Lang[] = ["en", "zh-Hans", "zh-Hant"];

export const TABLES: Record<Lang, Table> = { en, "zh-Hans": zhHans, "zh-Hant": zhHant };

/** The language for a setting ("auto" or a language) and the system's preference list. */
export function resolveLang(setting: string, systemLangs: readonly string[]): Lang {
  if (setting === "en" || setting === "zh-Hans" || setting === "zh-Hant") return setting;
  for (const raw of systemLangs) {
    const tag = raw.toLowerCase();
    if (tag === "zh" || tag.startsWith("zh-")) {
      return /^zh-(hant|tw|hk|mo)\b/.test(tag) ? "zh-Hant" : "zh-Hans";
    }
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return "en";
}

/** Fills `{name}` placeholders. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

export type Translate = (key: Key, params?: Record<string, string | number>) => string;

export function translator(lang: Lang): Translate {
  const table = TABLES[lang];
  return (key, params) => format(table[key] ?? en[key], params);
}

/** The BCP 47 tag for `<html lang>`. */
export function htmlLang(lang: Lang): string {
  return lang === "en" ? "en" : lang === "zh-Hans" ? "zh-CN" : "zh-TW";
}
