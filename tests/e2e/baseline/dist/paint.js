// Stamps the first paint like the game's view does (two frames after the content is in the
// DOM), so that `make bench-app` times both windows the same way, and hands the figures to
// the window's `launch_report` (written only when the benchmark asked: LLK_LAUNCH_REPORT).
window.__llkMetrics = { firstBoardEpochMs: null, firstBoardMs: null, marks: {} };
addEventListener("DOMContentLoaded", () => {
  window.__llkMetrics.marks.domContentLoaded = performance.now();
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const m = window.__llkMetrics;
      const now = performance.now();
      m.firstBoardMs = now;
      m.firstBoardEpochMs = performance.timeOrigin + now;
      const report = { origin: performance.timeOrigin, firstBoardMs: now, marks: m.marks };
      window.__TAURI_INTERNALS__?.invoke("launch_report", { report: JSON.stringify(report) }).catch(() => {});
    }),
  );
});
