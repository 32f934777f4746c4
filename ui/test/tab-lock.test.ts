// The web shell's tab lock (src/web/tab-lock.ts) against a fake Web Locks manager that keeps
// one holder and a queue: a free lock is taken at once, a lock that a closing tab frees
// within the grace is taken, one held on is not, a waiting tab takes it when it comes free
// (until it stops waiting), and a steal tells the old holder it lost the lock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireTabLock, RELEASE_GRACE_MS, waitForTabLock } from "../src/web/tab-lock";

interface Waiter {
  grant: () => void;
  reject: (e: unknown) => void;
}

class FakeLocks {
  holder: Waiter | null = null;
  readonly queue: Waiter[] = [];

  request(_name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const me: Waiter = {
        grant: () => {
          this.holder = me;
          // held until released: the callback's promise never settles here
          void callback({ name: "llk-save", mode: "exclusive" } as Lock);
        },
        reject,
      };
      if (options.steal) {
        this.holder?.reject(new DOMException("stolen", "AbortError"));
        me.grant();
      } else if (this.holder === null) me.grant();
      else if (options.ifAvailable) resolve(callback(null));
      else {
        this.queue.push(me);
        options.signal?.addEventListener("abort", () => {
          const at = this.queue.indexOf(me);
          if (at >= 0) {
            this.queue.splice(at, 1);
            reject(new DOMException("aborted", "AbortError"));
          }
        });
      }
    });
  }

  /** The holding tab closes: the next in the queue gets the lock. */
  release(): void {
    this.holder = null;
    this.queue.shift()?.grant();
  }
}

let locks: FakeLocks;
beforeEach(() => {
  vi.useFakeTimers();
  locks = new FakeLocks();
  vi.stubGlobal("navigator", { locks });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Another tab holds the lock. */
const otherTab = (): void => void locks.request("llk-save", {}, () => new Promise(() => undefined));

describe("tab lock", () => {
  it("is taken at once when free", async () => {
    expect(await acquireTabLock(false, () => {})).toBe(true);
    expect(locks.holder).not.toBeNull();
  });

  it("waits for a tab that is closing to free it", async () => {
    otherTab();
    const held = acquireTabLock(false, () => {});
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS / 3);
    locks.release();
    expect(await held).toBe(true);
  });

  it("says another tab holds it when it is not freed within the grace", async () => {
    otherTab();
    const held = acquireTabLock(false, () => {});
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS + 1);
    expect(await held).toBe(false);
    expect(locks.queue).toHaveLength(0);
  });

  it("is taken by a waiting tab when the other closes, and not once it stopped waiting", async () => {
    otherTab();
    const waiting = new AbortController();
    const held = waitForTabLock(waiting.signal, () => {});
    locks.release();
    expect(await held).toBe(true);

    const stopped = new AbortController();
    const gaveUp = waitForTabLock(stopped.signal, () => {});
    stopped.abort();
    expect(await gaveUp).toBe(false);
  });

  it("tells the holder when another tab takes it over", async () => {
    const lost = vi.fn();
    expect(await acquireTabLock(false, lost)).toBe(true);
    expect(await acquireTabLock(true, () => {})).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(lost).toHaveBeenCalledOnce();
  });
});
