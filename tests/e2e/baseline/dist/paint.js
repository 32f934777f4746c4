// Stamps the first paint like the game's view does (two frames after the content is in the
// DOM), so that `make bench-app` times both windows the same way.
window.__llkMetrics = { firstBoardEpochMs: null, firstBoardMs: null, marks: {} };
addEventListener("DOMContentLoaded", () => {
  window.__llkMetrics.marks.domContentLoaded = performance.now();
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const now = performance.now();
      window.__llkMetrics.firstBoardMs = now;
      window.__llkMetrics.firstBoardEpochMs = performance.timeOrigin + now;
    }),
  );
});
