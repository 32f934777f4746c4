/**
 * Registers the web build's service worker (`sw.js` beside `index.html`, built by
 * web/vite.config.ts), which keeps every asset for offline play and updates cleanly. Only a page
 * that links a web app manifest is the web build: the desktop app's page has none and never
 * registers a service worker. The URL is relative, so the site works under any host path.
 * It waits for the page's `load` event and for the first board's paint: a first visit's worker
 * installs by fetching and hashing every file of the site (the WebAssembly module again
 * included), which should not compete with the page's own first files and the engine's start.
 * A page whose first board never comes (no engine) registers it `FALLBACK_MS` after `load`.
 */
import { firstBoardPainted } from "../metrics";

const FALLBACK_MS = 10_000;

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  void loaded
    .then(() => Promise.race([firstBoardPainted(), new Promise<void>((r) => setTimeout(r, FALLBACK_MS))]))
    .then(register);
}

function register(): void {
  if (!document.querySelector('link[rel="manifest"]')) return;
  navigator.serviceWorker.register("./sw.js").catch((e: unknown) => {
    // no offline copy this time (e.g. a file:// page); the game itself runs on
    console.warn("service worker not registered:", e);
  });
}
