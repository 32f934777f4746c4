/**
 * The web build's service worker (hand-written; built by web/vite.config.ts into `sw.js`).
 * - install: fetches every asset of this build (the precache list, generated at build time with
 *   each file's SHA-256, so a new deployment is a new cache `llk-<version>`), bypassing the HTTP
 *   cache and checking each file's hash: a half-deployed site fails the install and the old
 *   version stays in charge, so a page is never served a mix of old and new assets.
 * - activate: deletes the other versions' caches and takes control of open pages.
 * - fetch: answers from this version's cache (offline too); navigations get `index.html`.
 * - update: a new version waits while a page of the old one is open (that page keeps working
 *   from the old cache); when the last such page navigates (a reload, the next start), the new
 *   version takes over and the page loads again, all new.
 */
/// <reference lib="webworker" />

/** This worker's scope (the lib types `self` as any worker's). */
const sw = self as unknown as ServiceWorkerGlobalScope;
/** Replaced at build time: every file of the build but this one, with its SHA-256 in hex. */
declare const __LLK_PRECACHE__: readonly { url: string; sha256: string }[];
/** Replaced at build time: a hash of the whole list. */
declare const __LLK_VERSION__: string;

const PREFIX = "llk-";
const CACHE = PREFIX + __LLK_VERSION__;
const SKIP_WAITING = "llk-skip-waiting";

function inScope(url: string): string {
  return new URL(url, sw.registration.scope).href;
}

async function sha256Hex(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    __LLK_PRECACHE__.map(async ({ url, sha256 }) => {
      const href = new URL(url, sw.location.href).href;
      const response = await fetch(href, { cache: "reload" });
      if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
      const body = await response.arrayBuffer();
      const got = await sha256Hex(body);
      if (got !== sha256) throw new Error(`precache: ${url} is not this version's file (${got})`);
      await cache.put(href, new Response(body, { status: 200, headers: response.headers }));
    }),
  );
}

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING) void sw.skipWaiting();
});

async function cached(request: Request | string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(request, { ignoreSearch: true });
}

async function navigate(request: Request): Promise<Response> {
  const waiting = sw.registration.waiting;
  if (waiting && (await sw.clients.matchAll({ type: "window" })).length <= 1) {
    // the last page of this version is navigating: hand over, and load again from the new one
    waiting.postMessage(SKIP_WAITING);
    return new Response('<!doctype html><meta http-equiv="refresh" content="0">', {
      headers: { "content-type": "text/html; charset=utf-8", refresh: "0" },
    });
  }
  const url = new URL(request.url);
  const asset = url.pathname.endsWith("/") ? undefined : await cached(request);
  return asset ?? (await cached(inScope("./index.html"))) ?? fetch(request);
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(sw.registration.scope)) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
    return;
  }
  event.respondWith(cached(request).then((hit) => hit ?? fetch(request)));
});
