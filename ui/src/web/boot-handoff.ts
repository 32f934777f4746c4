/**
 * What the web build's boot script (boot.ts) hands over to the web shell (transport.ts), in
 * `window.__llkBoot`: the engine worker it started and the tab lock it asked for, both before
 * the view's bundle was even parsed. The worker has been fetching and compiling the WebAssembly
 * module while the page loaded, and the lock's answer (a round trip through the browser) has
 * come or is on its way. Without a boot script (e.g. a dev server) the shell starts both itself.
 */
import { EngineWorker } from "./engine";
import { WASM_URL } from "./wasm-url";

export interface BootHandoff {
  /** The engine worker, told to load the module (null: the boot script could not start one). */
  worker: Worker | null;
  /** Why the worker died before the shell listened to it, if it did. */
  failed: string | null;
  /** The tab lock as `acquireTabLock` answers (tab-lock.ts). */
  lock: Promise<boolean>;
  /** Called when another tab takes the lock over; the shell puts its own in (until then it notes it in `lost`). */
  onLost: () => void;
  lost: boolean;
}

declare global {
  interface Window {
    /** Null: the shell started before the boot script ran, which then does nothing. */
    __llkBoot?: BootHandoff | null;
  }
}

/** The started worker, null (cannot run), or undefined (not asked yet). */
let started: EngineWorker | null | undefined;

/** The page's one engine worker: the boot script's, else one started now (null: cannot run here). */
export function startEngine(): EngineWorker | null {
  if (started !== undefined) return started;
  const boot = window.__llkBoot;
  // a boot script that has not run yet must not start a second worker and lock
  if (boot === undefined) window.__llkBoot = null;
  if (boot?.worker) started = new EngineWorker(boot.worker, boot.failed);
  else if (WASM_URL !== null && typeof Worker !== "undefined" && typeof WebAssembly !== "undefined") {
    started = EngineWorker.start(new URL(WASM_URL, document.baseURI).href);
  } else started = null;
  return started;
}

/** The boot script's tab lock, with `onLost` taking over its loss (null: no boot script). */
export function bootLock(onLost: () => void): Promise<boolean> | null {
  const boot = window.__llkBoot;
  if (!boot) return null;
  boot.onLost = onLost;
  if (boot.lost) onLost();
  return boot.lock;
}
