/**
 * Which language the game speaks: the three it has and how a setting and the system's
 * preference list pick one. Apart from i18n.ts (which holds the tables) so that the web build's
 * inline boot script can pick a first visit's language without carrying them.
 */

export type Lang = "en" | "zh-Hans" | "zh-Hant";
export const LANGS: readonly Lang[] = ["en", "zh-Hans", "zh-Hant"];

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
