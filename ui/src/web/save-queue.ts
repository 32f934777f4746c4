/**
 * The engine's storage ops on their way to `localStorage`, kept out of the frame that answers a
 * tap. A `setItem` of the save (tens of KB) costs ~1.5 ms of the tap's script on a phone slowed
 * 4×; the tile marked and the pair gone need not wait for it. So the ops of an answer wait until
 * the frame that shows the answer has been drawn (`afterFrame`), then are stored in one task, in
 * order; and the moment the page is hidden or closed (`pagehide`, `visibilitychange` to hidden:
 * the last events a phone's browser promises before it may discard the page), whatever waits is
 * stored on the spot. What can be lost is only a move answered in the frame during which the
 * page is killed without those events (a crash): docs/WEB.md gives the measured window.
 */
import { afterFrame } from "../after-frame";
import { storeWrites, type KeyValue, type StorageProblem, type Write } from "./storage";

export class SaveQueue {
  private pending: Write[] = [];

  /**
   * `target()` is the storage to write to at flush time, or null when this tab may no longer
   * write (another tab took the save over: what waits is dropped, the other tab's save stands).
   * `report` hears of a failed write; `later` schedules the flush (after the next frame).
   */
  constructor(
    private readonly target: () => KeyValue | null,
    private readonly report: (problem: StorageProblem) => void,
    private readonly later: (flush: () => void) => void = afterFrame,
  ) {}

  /** How many ops wait to be stored. */
  get size(): number {
    return this.pending.length;
  }

  /** Queues `writes` (in order, after those already waiting); the next frame's task stores them. */
  add(writes: readonly Write[]): void {
    if (writes.length === 0) return;
    const idle = this.pending.length === 0;
    for (const w of writes) {
      // the same file saved again before the last text was stored: only the latest need be
      const last = this.pending[this.pending.length - 1];
      if (last && "put" in last && "put" in w && last.put === w.put) this.pending[this.pending.length - 1] = w;
      else this.pending.push(w);
    }
    if (idle) this.later(() => this.flush());
  }

  /** Stores everything that waits, now. */
  flush(): void {
    if (this.pending.length === 0) return;
    const writes = this.pending;
    this.pending = [];
    const store = this.target();
    if (!store) return;
    const problem = storeWrites(writes, store);
    if (problem) this.report(problem);
  }

  /** Flushes when the page is hidden or goes away (the last moments it may still write). */
  flushOnHide(win: Window): void {
    win.addEventListener("pagehide", () => this.flush());
    win.document.addEventListener("visibilitychange", () => {
      if (win.document.visibilityState === "hidden") this.flush();
    });
  }
}
