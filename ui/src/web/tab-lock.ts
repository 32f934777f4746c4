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
 * Resolves true when this tab holds the lock (kept until the page closes or another tab steals
 * it, when `onLost` runs), false when another tab holds it (only without `steal`).
 */
export function acquireTabLock(steal: boolean, onLost: () => void): Promise<boolean> {
  const locks: LockManager | undefined = navigator.locks;
  if (!locks) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const options: LockOptions = steal ? { steal: true } : { ifAvailable: true };
    let granted = false;
    locks
      .request(LOCK_NAME, options, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        granted = true;
        resolve(true);
        // held for the page's life: this promise never settles
        return new Promise<void>(() => undefined);
      })
      .catch((e: unknown) => {
        if (granted) onLost();
        else {
          // the lock manager refused (e.g. an opaque origin): play on as the only tab
          console.warn("tab lock unavailable:", e);
          resolve(true);
        }
      });
  });
}
