// The journey on the smallest phone (360×640): its 16 × 9 board cannot fit at the 40 px touch
// size (16 rows need 652 px), so it pans vertically and says so ("4 more rows" at the edge it
// continues past, the other edge's label once scrolled); the level bar stays two rows; a
// match's "+2 s" refill stays within the timer's row, clear of the rule's name and the score.
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { matchPair, newGame, openGame, saved } from "../game.mjs";

/** The board's panning, its cells and the two "more rows" labels. */
const boardState = (page) =>
  page.evaluate(() => {
    const s = document.getElementById("board-scroll");
    const tile = document.querySelector("#board button.tile").getBoundingClientRect();
    const label = (id) => (document.getElementById(id).hidden ? null : document.getElementById(id).textContent);
    return {
      pansX: s.scrollWidth > s.clientWidth,
      pansY: s.scrollHeight > s.clientHeight,
      tileH: Math.round(tile.height),
      above: label("more-above"),
      below: label("more-below"),
    };
  });

scenario("the journey's 16x9 board pans on a small phone and says how many rows are out of view", "small", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "journey", restart: true });
  const start = await boardState(page);
  checkEq(start, { pansX: false, pansY: true, tileH: 40, above: null, below: "4 more rows" }, "the board at the level's start");
  const barH = await page.evaluate(() => document.getElementById("journey-bar").getBoundingClientRect().height);
  check(barH < 60, `the level bar is two rows: ${barH} px`);
  await page.evaluate(() => {
    const s = document.getElementById("board-scroll");
    s.scrollTop = s.scrollHeight;
  });
  await page.waitForFunction(() => document.getElementById("more-below").hidden);
  const end = await boardState(page);
  checkEq([end.above, end.below], ["4 more rows", null], "the labels scrolled to the bottom");
  await t.shot("journey-small-scrolled");
  // a match's refill, frozen along its animation: never over the rule's name or the score
  const moves = (await saved(page)).game.certificate;
  await matchPair(page, moves[0]);
  const hits = await page.evaluate(() => {
    const el = document.getElementById("journey-refill");
    el.classList.remove("show");
    void el.offsetWidth;
    el.classList.add("show");
    const anim = el.getAnimations()[0];
    anim.pause();
    const out = [];
    for (let ms = 0; ms <= 700; ms += 50) {
      anim.currentTime = ms;
      const r = el.getBoundingClientRect();
      if (Number(getComputedStyle(el).opacity) < 0.05) continue;
      for (const sel of [".journey-level", ".journey-total", ".time-text"]) {
        const q = document.querySelector(sel).getBoundingClientRect();
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (w > 0.5 && h > 0.5) out.push(`${ms} ms: ${sel} ${Math.round(w)}x${Math.round(h)}`);
      }
    }
    anim.cancel();
    return out;
  });
  checkEq(hits, [], "the refill's overlaps");
  t.log(`4 rows out of view below, then above; bar ${barH} px; the refill clear of the bar's text`);
});
