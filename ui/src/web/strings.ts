/**
 * The web shell's own sentences (storage, tabs, the engine), in the view's three languages, and
 * the language to show them in: the one the view would pick (`resolveLang` over the saved
 * setting and the browser's languages), so a notice never speaks another language than the game.
 */
import { resolveLang, type Lang } from "../i18n";

const en = {
  "storage.missing":
    "This browser does not let the game save here (private browsing, or site storage turned off). You can play, but nothing is kept when the page closes.",
  "storage.full": "The browser's storage for this site is full, so the game is no longer saved. You can play on, unsaved.",
  "storage.refused": "The browser refused to save the game. You can play on, unsaved.",
  "tab.elsewhere": "The game is open in another tab.",
  "tab.moved": "The game moved to another tab. This tab no longer saves.",
  "tab.playHere": "Play here",
  "engine.missing": "This browser cannot run the game (it lacks WebAssembly or Web Workers).",
  "notice.dismiss": "Dismiss",
} as const;

export type WebKey = keyof typeof en;
type Table = Record<WebKey, string>;

const zhHans: Table = {
  "storage.missing": "此浏览器不允许在这里保存游戏(无痕浏览,或网站存储已关闭)。可以继续玩,但关闭页面后不会保留进度。",
  "storage.full": "此网站的浏览器存储空间已满,游戏已无法保存。可以继续玩,但不会保存。",
  "storage.refused": "浏览器拒绝保存游戏。可以继续玩,但不会保存。",
  "tab.elsewhere": "游戏已在另一个标签页中打开。",
  "tab.moved": "游戏已转到另一个标签页。此标签页不再保存。",
  "tab.playHere": "在这里玩",
  "engine.missing": "此浏览器无法运行游戏(不支持 WebAssembly 或 Web Worker)。",
  "notice.dismiss": "关闭",
};

const zhHant: Table = {
  "storage.missing": "此瀏覽器不允許在這裡儲存遊戲(無痕瀏覽,或網站儲存空間已關閉)。可以繼續玩,但關閉頁面後不會保留進度。",
  "storage.full": "此網站的瀏覽器儲存空間已滿,遊戲已無法儲存。可以繼續玩,但不會儲存。",
  "storage.refused": "瀏覽器拒絕儲存遊戲。可以繼續玩,但不會儲存。",
  "tab.elsewhere": "遊戲已在另一個分頁中開啟。",
  "tab.moved": "遊戲已轉到另一個分頁。此分頁不再儲存。",
  "tab.playHere": "在這裡玩",
  "engine.missing": "此瀏覽器無法執行遊戲(不支援 WebAssembly 或 Web Worker)。",
  "notice.dismiss": "關閉",
};

export const WEB_TABLES: Record<Lang, Table> = { en, "zh-Hans": zhHans, "zh-Hant": zhHant };

/** The `language` of saved settings text ("auto" when absent or unreadable). */
export function savedLanguage(settingsJson: string | undefined): string {
  if (!settingsJson) return "auto";
  try {
    const parsed: unknown = JSON.parse(settingsJson);
    if (parsed && typeof parsed === "object" && "language" in parsed) {
      const lang = (parsed as { language: unknown }).language;
      if (typeof lang === "string") return lang;
    }
  } catch {
    // a damaged settings file: the session sets it aside; the system's language meanwhile
  }
  return "auto";
}

/** The sentence for `key` in the language the view would choose. */
export function webText(key: WebKey, settingsJson: string | undefined, systemLangs: readonly string[]): string {
  return WEB_TABLES[resolveLang(savedLanguage(settingsJson), systemLangs)][key];
}
