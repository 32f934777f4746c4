/**
 * How the view reaches the session: one `invoke(command, args)` with the commands and
 * answers of docs/ipc.md, whichever shell runs the page. In the Tauri app (the desktop,
 * where Tauri puts `window.__TAURI_INTERNALS__` on the page before any script runs) it is
 * Tauri's own `invoke`; in a plain browser (the web build) it is the web shell's, the engine
 * compiled to WebAssembly, from `web/transport.ts`. That module is imported only when it is
 * chosen, so the desktop app never loads it. The choice is made once, on the first call.
 */
import { invoke as tauriInvoke } from "@tauri-apps/api/core";
// a few pure functions over localStorage: the web shell's own module (web/transport) stays out
import { holdsNoFiles, openStorage } from "./web/storage";

/** One command: resolves with its answer, rejects with the shell's `{code, message}`. */
export type Invoke = (cmd: string, args?: Record<string, unknown>) => Promise<unknown>;

declare global {
  interface Window {
    /** Tauri's bridge to the app's commands (present only inside the Tauri app). */
    __TAURI_INTERNALS__?: unknown;
  }
}

let chosen: Promise<Invoke> | null = null;

/** Whether the page runs inside the Tauri app. */
export function inTauri(): boolean {
  return typeof window !== "undefined" && window.__TAURI_INTERNALS__ !== undefined;
}

/** The shell's `invoke`: Tauri's inside the Tauri app, else the web shell's. */
export async function transport(): Promise<Invoke> {
  chosen ??= inTauri() ? Promise.resolve<Invoke>(tauriInvoke) : webInvoke();
  return chosen;
}

/**
 * Whether the shell can tell, before its first answer, that this is the game's first run
 * (nothing saved, so every setting is its default): the web shell reads its storage at once,
 * while its engine may still be downloading; the Tauri app answers its first call in
 * milliseconds and says no (without touching the webview's storage).
 */
export function firstVisit(): boolean {
  return !inTauri() && holdsNoFiles(openStorage());
}

/** The web shell's `invoke`; a module that failed to load is asked for again next time. */
function webInvoke(): Promise<Invoke> {
  return import("./web/transport").then(
    (m) => m.default,
    (e: unknown) => {
      chosen = null;
      throw e;
    },
  );
}
