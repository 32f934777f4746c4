/**
 * Timing figures read by the benchmark and tests through WebDriver:
 * `window.__llkMetrics = { firstBoardMs, firstBoardEpochMs, selectMs[] }`.
 */
export interface Metrics {
  /** performance.now() when the first board was painted. */
  firstBoardMs: number | null;
  /** The same instant as a Unix epoch in ms (performance.timeOrigin + firstBoardMs). */
  firstBoardEpochMs: number | null;
  /** Round trips of `select` invokes, in ms (last 1000). */
  selectMs: number[];
}

declare global {
  interface Window {
    __llkMetrics?: Metrics;
  }
}

export const metrics: Metrics = { firstBoardMs: null, firstBoardEpochMs: null, selectMs: [] };
window.__llkMetrics = metrics;

/** Records the first board paint (call once the board is in the DOM). */
export function markFirstBoard(): void {
  if (metrics.firstBoardMs !== null) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (metrics.firstBoardMs !== null) return;
      metrics.firstBoardMs = performance.now();
      metrics.firstBoardEpochMs = performance.timeOrigin + metrics.firstBoardMs;
      document.documentElement.dataset["firstBoardMs"] = metrics.firstBoardMs.toFixed(1);
    }),
  );
}

export function recordSelect(ms: number): void {
  metrics.selectMs.push(ms);
  if (metrics.selectMs.length > 1000) metrics.selectMs.shift();
}
