/**
 * The web shell's messages on the page: a dismissable banner (storage problems, an engine that
 * cannot run) and a cover over the whole game with one button (the game is open in another tab,
 * or moved to one). Both are in the language the view uses (strings.ts) and follow it when the
 * player changes it (the view sets `<html lang>`). Test hooks: `#llk-web-notice` (its text in
 * `#llk-web-notice-text`) and `#llk-web-cover` (its button `#llk-web-cover-action`).
 */
import "./web.css";
import { webText, type WebKey } from "./strings";

/** The saved settings' text, read when a message is drawn (its language setting). */
export type SettingsSource = () => string | undefined;

type Shown = { key: WebKey; redraw: () => void };
const shown = new Map<string, Shown>();
let observing = false;

function text(key: WebKey, settings: SettingsSource): string {
  return webText(key, settings(), navigator.languages ?? [navigator.language]);
}

function redrawWhenTheLanguageChanges(): void {
  if (observing) return;
  observing = true;
  new MutationObserver(() => shown.forEach((s) => s.redraw())).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["lang"],
  });
}

function button(id: string, primary: boolean): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = primary ? "btn primary" : "btn small";
  return b;
}

/** A banner with `key`'s sentence (one banner; a new sentence joins the shown ones). */
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
      box?.remove();
      for (const k of [...shown.keys()]) if (k.startsWith("notice:")) shown.delete(k);
    });
    box.append(p, close);
    document.body.append(box);
  }
  const p = box.querySelector("p");
  const close = box.querySelector("button");
  const redraw = (): void => {
    const keys = [...shown.keys()].filter((k) => k.startsWith("notice:")).map((k) => k.slice(7) as WebKey);
    if (p) p.textContent = keys.map((k) => text(k, settings)).join("\n");
    if (close) close.textContent = text("notice.dismiss", settings);
  };
  shown.set(`notice:${key}`, { key, redraw });
  redraw();
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
  const action = button("llk-web-cover-action", true);
  card.append(p, action);
  cover.append(card);
  document.body.append(cover);
  const redraw = (): void => {
    p.textContent = text(key, settings);
    action.textContent = text("tab.playHere", settings);
  };
  shown.set("cover", { key, redraw });
  redraw();
  redrawWhenTheLanguageChanges();
  action.focus();
  return new Promise((resolve) => action.addEventListener("click", () => resolve(), { once: true }));
}

export function hideCover(): void {
  document.getElementById("llk-web-cover")?.remove();
  shown.delete("cover");
}
