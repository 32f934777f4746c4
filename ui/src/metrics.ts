/**
 * Timing figures read by the benchmark and tests through WebDriver:
 * `window.__llkMetrics = { firstBoardMs, firstBoardEpochMs, selectMs[], cspViolations[] }`.
 */
export interface Metrics {
  /** performance.now() when the first board was painted. */
  firstBoardMs: number | null;
  /** The same instant as a Unix epoch in ms (performance.timeOrigin + firstBoardMs). */
  firstBoardEpochMs: number | null;
  /** Round trips of `select` invokes, in ms (last 1000). */
  selectMs: number[];
  /** Content-Security-Policy violations seen (directive and blocked URI), for tests. */
  cspViolations: string[];
  /** performance.now() at named points of the start-up (script start, IPC answers...). */
  marks: Record<string, number>;
}

declare global {
  interface Window {
    __llkMetrics?: Metrics;
  }
}

export const metrics: Metrics = { firstBoardMs: null, firstBoardEpochMs: null, selectMs: [], cspViolations: [], marks: {} };
window.__llkMetrics = metrics;
// the first module to run: the page's script has been fetched and parsed
mark("script");
document.addEventListener("securitypolicyviolation", (e) => {
  metrics.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
});

/** What `launch_report` sends: the page's time origin (epoch ms), then the first paint and the marks (ms after it). */
export interface LaunchReport {
  origin: number;
  firstBoardMs: number;
  marks: Record<string, number>;
}

/** The resolver of `firstPaint`, called by `markFirstBoard` once the first board is painted. */
let boardPainted: () => void = () => {};
const firstPaint = new Promise<void>((resolve) => (boardPainted = resolve));

/** Resolves once the first board is painted (e.g. to start work that would slow it down). */
export function firstBoardPainted(): Promise<void> {
  return firstPaint;
}

/**
 * Records the first board paint (call once the board is in the DOM): marks `board` now,
 * `frame` at the next animation frame (style, layout and paint of the board follow it),
 * and the paint at the frame after that, then hands the figures to `painted`; resolves then
 * (at once when the first board was already recorded).
 */
export function markFirstBoard(painted: (report: LaunchReport) => void = () => {}): Promise<void> {
  if (metrics.firstBoardMs !== null) return Promise.resolve();
  mark("board");
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      mark("frame");
      requestAnimationFrame(() => {
        if (metrics.firstBoardMs === null) {
          metrics.firstBoardMs = performance.now();
          metrics.firstBoardEpochMs = performance.timeOrigin + metrics.firstBoardMs;
          document.documentElement.dataset["firstBoardMs"] = metrics.firstBoardMs.toFixed(1);
          painted({ origin: performance.timeOrigin, firstBoardMs: metrics.firstBoardMs, marks: { ...metrics.marks } });
          boardPainted();
        }
        resolve();
      });
    }),
  );
}

export function recordSelect(ms: number): void {
  metrics.selectMs.push(ms);
  if (metrics.selectMs.length > 1000) metrics.selectMs.shift();
}

export function mark(name: string): void {
  metrics.marks[name] = performance.now();
}
