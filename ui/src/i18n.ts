/**
 * Translations (English, 简体中文, 繁體中文; one table each in lang/) and language choice.
 * `t(key, params)` fills `{name}` placeholders.
 */
import { en, type Key, type Table } from "./lang/en";
import { zhHans } from "./lang/zh-hans";
import { zhHant } from "./lang/zh-hant";
import { type Lang } from "./lang-choice";

export type { Key };
export { LANGS, resolveLang, type Lang } from "./lang-choice";

export const TABLES: Record<Lang, Table> = { en, "zh-Hans": zhHans, "zh-Hant": zhHant };

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
