// The page benchmark's first part: the first board after a cold load. Each load is a fresh
// browser context (no service worker, no HTTP cache, no saved game) emulating a phone with the
// CPU slowed down by the DevTools protocol; the time is from navigation start to the first
// frame painted with the board's tiles in the DOM, seen by a script installed before the page's.

/** What `watchBoard` logs to the console once the first board is painted. */
const PAINTED = "llk-board-painted";

/**
 * Runs in the page before its own scripts: when the first tile appears, waits for the frame
 * that draws it (requestAnimationFrame, then a message posted from it, which runs after that
 * frame's paint), keeps the time in `window.__llkBoardPainted` and says so on the console.
 */
export function watchBoard() {
  const sel = "#board button.tile, #stack-board button.stile";
  const seen = () => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        window.__llkBoardPainted = performance.now();
        console.debug("llk-board-painted");
      };
      ch.port2.postMessage(0);
    });
  };
  const obs = new MutationObserver(() => {
    if (document.querySelector(sel)) {
      obs.disconnect();
      seen();
    }
  });
  obs.observe(document, { childList: true, subtree: true });
}

/**
 * Resolves when `watchBoard` (installed in `page`'s context) says the first board is painted.
 * It listens for the page's console message rather than asking the page (playwright-core's
 * `waitForFunction` or `waitForSelector`): those evaluate playwright-core's injected script in
 * the page (~90 ms of the main thread, throttled 4x) and then poll it every frame, all inside
 * the load being measured; a console message costs the page nothing it would not do anyway.
 */
export function boardPainted(page) {
  return page.waitForEvent("console", { predicate: (m) => m.text() === PAINTED, timeout: 60_000 });
}

/** What the page's own timings say about one load (ms from navigation start). */
function pageTimings() {
  const res = performance.getEntriesByType("resource");
  const js = Math.max(0, ...res.filter((r) => /\.js$/.test(r.name)).map((r) => r.responseEnd));
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
  // the view's own start-up marks (ui/src/metrics.ts): script, modules, init, ... board, frame
  const marks = window.__llkMetrics?.marks ?? {};
  return { js, fcp, marks, board: window.__llkBoardPainted };
}

/** One cold load of `url` in a fresh context; the page's timings of it. */
async function coldLoad(browser, url, { viewport, throttle }) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  try {
    await context.addInitScript(watchBoard);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    const painted = boardPainted(page);
    await page.goto(url);
    await painted;
    return await page.evaluate(pageTimings);
  } finally {
    await context.close();
  }
}

/**
 * `loads` cold loads of each of `urls` (builds to compare), interleaved so that the machine's
 * noise falls on all alike; per url, one row of timings per load.
 */
export async function firstBoard(browser, urls, { loads, viewport, throttle }) {
  // one load of each first, not counted, so that the browser process itself is warm
  for (const url of urls) await coldLoad(browser, url, { viewport, throttle });
  const rows = urls.map(() => []);
  for (let i = 0; i < loads; i++) {
    for (const [k, url] of urls.entries()) rows[k].push(await coldLoad(browser, url, { viewport, throttle }));
  }
  return rows;
}
