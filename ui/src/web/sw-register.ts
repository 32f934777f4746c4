/**
 * Registers the web build's service worker (`sw.js` beside `index.html`, built by
 * web/vite.config.ts), which keeps every asset for offline play and updates cleanly. Only a page
 * that links a web app manifest is the web build: the desktop app's page has none and never
 * registers a service worker. The URL is relative, so the site works under any host path.
 * It waits for the page's `load` event: a first visit's worker installs by fetching and hashing
 * every file of the site, which should not compete with the page's own first files.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

function register(): void {
  if (!document.querySelector('link[rel="manifest"]')) return;
  navigator.serviceWorker.register("./sw.js").catch((e: unknown) => {
    // no offline copy this time (e.g. a file:// page); the game itself runs on
    console.warn("service worker not registered:", e);
  });
}
