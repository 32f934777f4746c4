/**
 * Work that need not be in the frame that answers a tap: announcements for screen readers,
 * the combo's text, the match's line and "+points", the dead-end check. `afterFrame(fn)`
 * runs `fn` in a task after the next frame has been drawn, so that the tap's own frame
 * (the tile marked, the HUD's numbers) is not delayed by it. Everything queued before that
 * frame runs in one task, in the order it was queued; a hidden page draws no frames, so a
 * timer runs the queue anyway after `HIDDEN_MS`. `whenIdle(fn)` runs `fn` once the page has
 * nothing else to do: for work made ahead of the first tap that needs it.
 */

/** How long queued work waits at most when no frame comes (a hidden or throttled page). */
const HIDDEN_MS = 200;

let queue: (() => void)[] = [];
/** The number of the batch waiting for its frame (0: none); a stale timer or frame is ignored. */
let waiting = 0;
let batches = 0;

/** Runs the queued batch `batch`, once (its frame's task or its timer, whichever comes first). */
function runQueue(batch: number): void {
  if (batch !== waiting) return;
  waiting = 0;
  const now = queue;
  queue = [];
  for (const fn of now) {
    try {
      fn();
    } catch (e) {
      // one failing piece of work does not keep the others from running
      reportError(e);
    }
  }
}

/** Posts `fn` as a new task: `scheduler.postTask` where the browser has it, else a 0 ms timer. */
function postTask(fn: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void) => Promise<unknown> } }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(fn).catch(reportError);
  else window.setTimeout(fn, 0);
}

/** Runs `fn` after the next frame has been drawn (see the module's comment). */
export function afterFrame(fn: () => void): void {
  queue.push(fn);
  if (waiting !== 0) return;
  const batch = ++batches;
  waiting = batch;
  requestAnimationFrame(() => postTask(() => runQueue(batch)));
  window.setTimeout(() => runQueue(batch), HIDDEN_MS);
}

/** Runs `fn` when the page is idle (within `timeoutMs` at the latest). */
export function whenIdle(fn: () => void, timeoutMs = 3000): void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number };
  if (typeof w.requestIdleCallback === "function") w.requestIdleCallback(fn, { timeout: timeoutMs });
  else setTimeout(fn, Math.min(timeoutMs, 500));
}
