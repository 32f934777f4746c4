/**
 * The web shell's messages on the page: a dismissable banner (storage problems, an engine that
 * cannot run) and a cover over the whole game with one button (the game is open in another tab,
 * or moved to one). The banner takes its own room at the bottom of the view's column (`#app`),
 * so the board shrinks to fit above it instead of lying under it (the stage refits when its
 * size changes, and again when the banner is dismissed). Both are in the language the view uses (strings.ts) and follow it when the
 * player changes it (the view sets `<html lang>`). Test hooks: `#llk-web-notice` (its text in
 * `#llk-web-notice-text`) and `#llk-web-cover` (its button `#llk-web-cover-action`).
 */
import "./web.css";
import { webText, type WebKey } from "./strings";

/** The saved settings' text, read when a message is drawn (its language setting). */
export type SettingsSource = () => string | undefined;

/** What is on screen, so that a change of language redraws it. */
let noticeKeys: WebKey[] = [];
let redrawNotice: (() => void) | null = null;
let redrawCover: (() => void) | null = null;
let observing = false;

function text(key: WebKey, settings: SettingsSource): string {
  return webText(key, settings(), navigator.languages ?? [navigator.language]);
}

function redrawWhenTheLanguageChanges(): void {
  if (observing) return;
  observing = true;
  new MutationObserver(() => {
    redrawNotice?.();
    redrawCover?.();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}

function button(id: string, primary: boolean): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = primary ? "btn primary" : "btn small";
  return b;
}

/** A banner with `key`'s sentence (one banner: a new sentence joins those shown). */
export function showNotice(key: WebKey, settings: SettingsSource): void {
  let box = document.getElementById("llk-web-notice");
  if (!box) {
    box = document.createElement("div");
    box.id = "llk-web-notice";
    box.className = "llk-web-notice";
    box.setAttribute("role", "status");
    const p = document.createElement("p");
    p.id = "llk-web-notice-text";
    const close = button("llk-web-notice-close", false);
    close.addEventListener("click", () => {
      document.getElementById("llk-web-notice")?.remove();
      noticeKeys = [];
      redrawNotice = null;
    });
    box.append(p, close);
    // In the column, under the stage; the body (a fixed banner) only if the view is not there.
    const column = document.getElementById("app");
    box.classList.toggle("in-column", column !== null);
    (column ?? document.body).append(box);
  }
  if (!noticeKeys.includes(key)) noticeKeys.push(key);
  const p = box.querySelector("p");
  const close = box.querySelector("button");
  redrawNotice = () => {
    if (p) p.textContent = noticeKeys.map((k) => text(k, settings)).join("\n");
    if (close) close.textContent = text("notice.dismiss", settings);
  };
  redrawNotice();
  redrawWhenTheLanguageChanges();
}

/** Covers the game with `key`'s sentence and a *Play here* button; resolves when it is pressed. */
export function showCover(key: WebKey, settings: SettingsSource): Promise<void> {
  hideCover();
  const cover = document.createElement("div");
  cover.id = "llk-web-cover";
  cover.className = "llk-web-cover";
  cover.setAttribute("role", "alertdialog");
  cover.setAttribute("aria-modal", "true");
  const card = document.createElement("div");
  card.className = "llk-web-card";
  const p = document.createElement("p");
  p.id = "llk-web-cover-text";
  cover.setAttribute("aria-labelledby", p.id);
  const action = button("llk-web-cover-action", true);
  card.append(p, action);
  cover.append(card);
  document.body.append(cover);
  redrawCover = () => {
    p.textContent = text(key, settings);
    action.textContent = text("tab.playHere", settings);
  };
  redrawCover();
  redrawWhenTheLanguageChanges();
  action.focus();
  return new Promise((resolve) => action.addEventListener("click", () => resolve(), { once: true }));
}

export function hideCover(): void {
  document.getElementById("llk-web-cover")?.remove();
  redrawCover = null;
}
