/**
 * Which tab writes the save: the one holding the Web Lock `llk-save`. A tab asks for it without
 * waiting (`ifAvailable`); a second tab therefore learns at once that the game is open elsewhere,
 * and may take the lock over (`steal`), which makes the first tab's hold fail with an AbortError:
 * that tab stops writing. Browsers without Web Locks get no coordination: every tab writes.
 */

export const LOCK_NAME = "llk-save";

/** A session-storage flag: the reloaded page takes the lock over (the "take it back" button). */
const TAKE_OVER = "llk/take-over";

/** Whether this page was reloaded to take the lock over (asked by `askTakeOver`); clears it. */
export function takeOverPending(): boolean {
  try {
    const pending = sessionStorage.getItem(TAKE_OVER) === "1";
    sessionStorage.removeItem(TAKE_OVER);
    return pending;
  } catch {
    // no session storage: no take-over pending
    return false;
  }
}

/** Asks the page's next load to take the lock over. */
export function askTakeOver(): void {
  try {
    sessionStorage.setItem(TAKE_OVER, "1");
  } catch {
    // without session storage the reloaded tab asks for the lock as any new tab does
  }
}

/**
 * How long a tab that finds the lock taken waits for it before it says the game is open
 * elsewhere: a tab that is closing or reloading (this tab's own previous page, too) frees its
 * lock a moment after it goes, when the browser has torn its page down.
 */
export const RELEASE_GRACE_MS = 1500;

/** What one lock request came to: held by this tab, taken by another, or given up (aborted). */
type Hold = "held" | "busy" | "aborted";

/**
 * One request for the lock; when granted it is held for the page's life (the callback's
 * promise never settles) and `onLost` runs if another tab steals it.
 */
function requestHold(locks: LockManager, options: LockOptions, onLost: () => void): Promise<Hold> {
  return new Promise<Hold>((resolve) => {
    let granted = false;
    locks
      .request(LOCK_NAME, options, (lock) => {
        if (!lock) {
          resolve("busy");
          return undefined;
        }
        granted = true;
        resolve("held");
        return new Promise<void>(() => undefined);
      })
      .catch((e: unknown) => {
        if (granted) onLost();
        else if (options.signal?.aborted === true) resolve("aborted");
        else {
          // the lock manager refused (e.g. an opaque origin): play on as the only tab
          console.warn("tab lock unavailable:", e);
          resolve("held");
        }
      });
  });
}

/**
 * Waits for the lock until it is free (true: this tab holds it now) or `signal` aborts
 * (false). Browsers without Web Locks have no other tab to wait for: true at once.
 */
export async function waitForTabLock(signal: AbortSignal, onLost: () => void): Promise<boolean> {
  const locks: LockManager | undefined = navigator.locks;
  if (!locks) return true;
  return (await requestHold(locks, { signal }, onLost)) === "held";
}

/**
 * Resolves true when this tab holds the lock (kept until the page closes or another tab steals
 * it, when `onLost` runs), false when another tab holds it (only without `steal`) and has not
 * let it go within `RELEASE_GRACE_MS`.
 */
export async function acquireTabLock(steal: boolean, onLost: () => void): Promise<boolean> {
  const locks: LockManager | undefined = navigator.locks;
  if (!locks) return true;
  if (steal) return (await requestHold(locks, { steal: true }, onLost)) === "held";
  if ((await requestHold(locks, { ifAvailable: true }, onLost)) === "held") return true;
  const grace = new AbortController();
  const timer = setTimeout(() => grace.abort(), RELEASE_GRACE_MS);
  const held = await waitForTabLock(grace.signal, onLost);
  clearTimeout(timer);
  return held;
}
