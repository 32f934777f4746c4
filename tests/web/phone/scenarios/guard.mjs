// The touch-only guard's own check: a mouse click reaches the page and the guard reports it;
// a finger's tap does not. (Every other scenario fails when the guard reports anything.)
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { openGame } from "../game.mjs";
import { tap } from "../touch.mjs";

/** Resolves once `list` has an entry (the page reports through an asynchronous binding). */
async function reported(list, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (list.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return list.length > 0;
}

scenario("the touch guard reports a mouse click and not a tap", "portrait", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await tap(page, "#btn-pause");
  await tap(page, "#btn-resume");
  // a binding call made before these taps would have arrived by now: the page answers in order
  await page.evaluate(() => new Promise(requestAnimationFrame));
  checkEq(t.mouseEvents, [], "mouse events after finger taps");
  const box = await page.locator("#btn-pause").boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  check(await reported(t.mouseEvents), "the guard reported no mouse click");
  const seen = t.mouseEvents.splice(0);
  check(seen.some((line) => line.startsWith("mousedown (not from a touch) on ")), `what the guard saw: ${seen.join("; ")}`);
  check(seen.some((line) => line.startsWith("pointerdown (pointerType mouse)")), `what the guard saw: ${seen.join("; ")}`);
  t.log(`the guard saw: ${seen.length} events, e.g. ${seen.find((l) => l.startsWith("mousedown"))}`);
});

// A plain tap is taken at its touchend (ui/src/finger-tap.ts); a finger that came down on a tile
// and slid away before lifting is no tap. (In Chromium a slide this long starts a pan, after
// which the touchend cannot be cancelled; the view's own slop check is for browsers that let it.)
scenario("a finger that slides off a tile selects nothing; a tap there selects it", "portrait", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  const tile = "#board button.tile:not(.vanishing)";
  const box = await page.locator(tile).first().boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  await touch("touchStart", [{ x, y }]);
  for (let dx = 8; dx <= 48; dx += 8) await touch("touchMove", [{ x: x + dx, y: y + dx / 2 }]);
  await touch("touchEnd", []);
  // the engine answers within a few frames; give it many more
  await page.waitForTimeout(400);
  checkEq(await page.locator('#board button.tile[aria-pressed="true"]').count(), 0, "tiles selected after a slide");
  await tap(page, tile);
  await page.waitForSelector('#board button.tile[aria-pressed="true"]', { timeout: 10_000 });
  checkEq(t.mouseEvents, [], "mouse events after finger taps");
});
