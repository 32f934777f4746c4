/**
 * The web build's first script, inline at the top of the page's `<head>` (web/vite/boot-plugin.ts
 * bundles it on its own, with its imports, allows it in the Content-Security-Policy by its hash,
 * and writes the built names of the engine worker's script and of the WebAssembly module in its
 * element's `data-worker` and `data-wasm`; the desktop build has none). It runs the moment the
 * parser reaches it, long before the view's bundle, and starts what the first board waits for and the page's main thread does not:
 * the engine worker, which fetches and compiles the module on its own thread while the page
 * parses, styles and runs the view's bundle, and the tab lock's request. It hands both over in
 * `window.__llkBoot` (boot-handoff.ts); if the shell started first (`__llkBoot` is null: not
 * expected of an inline script) it does nothing. On a first visit (nothing saved) it also marks
 * `<html data-intro>` with the language the default setting picks, which shows the page's copy
 * of the rule card (web/vite/intro-card-plugin.ts) from the first paint on. No other DOM but its
 * own element; no storage written but the take-over flag and the storage's probe.
 */
import { resolveLang } from "../lang-choice";
import type { BootHandoff } from "./boot-handoff";
import { holdsNoFiles, openStorage } from "./storage";
import { acquireTabLock, takeOverPending } from "./tab-lock";
import type { ToWorker } from "./worker-protocol";

function startWorker(boot: BootHandoff): void {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const { worker: workerUrl, wasm } = script.dataset;
  if (!workerUrl || !wasm || typeof Worker === "undefined" || typeof WebAssembly === "undefined") return;
  try {
    const worker = new Worker(new URL(workerUrl, document.baseURI), { type: "module" });
    // the worker's script may fail before the shell listens: keep why for it
    worker.addEventListener("error", (e) => (boot.failed ??= `the engine worker failed: ${e.message}`));
    const load: ToWorker = { kind: "load", url: new URL(wasm, document.baseURI).href };
    worker.postMessage(load);
    boot.worker = worker;
  } catch {
    // no worker from here: the shell starts its own
  }
}

/** A first visit: the rule card shows in the page's first paint, in the player's language. */
function markFirstVisit(): void {
  if (!holdsNoFiles(openStorage())) return;
  document.documentElement.dataset["intro"] = resolveLang("auto", navigator.languages ?? [navigator.language]);
}

function boot(): void {
  if (window.__llkBoot !== undefined) return;
  markFirstVisit();
  const handoff: BootHandoff = {
    worker: null,
    failed: null,
    lock: Promise.resolve(true),
    onLost: () => (handoff.lost = true),
    lost: false,
  };
  startWorker(handoff);
  handoff.lock = acquireTabLock(takeOverPending(), () => handoff.onLost());
  window.__llkBoot = handoff;
}

boot();
