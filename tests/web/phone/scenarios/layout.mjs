// The journey on the smallest phone (360×640): its 16 × 9 board cannot fit at the 40 px touch
// size (16 rows need 652 px), so it pans vertically and says so ("4 more rows" at the edge it
// continues past, the other edge's label once scrolled); the level bar stays two rows; a
// match's "+2 s" refill stays within the timer's row, clear of the rule's name and the score; every
// rule's short name (all three languages) fits the bar on one line.
import { readFileSync } from "node:fs";
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { matchPair, newGame, openGame, saved } from "../game.mjs";

/** "Level 10: <rule's short name>" for every rule, in every language (ui/src/lang/). */
const SHORT_LEVEL_LABELS = ["en", "zh-hans", "zh-hant"].flatMap((lang) => {
  const table = readFileSync(new URL(`../../../../ui/src/lang/${lang}.ts`, import.meta.url), "utf8");
  const level = /"journey\.levelRule": "([^"]+)"/.exec(table)[1].replace("{level}", "10");
  return [...table.matchAll(/"slide\.short\.[a-z-]+": "([^"]+)"/g)].map((m) => level.replace("{rule}", m[1]));
});

/** On a phone in portrait the level shows the rule's short name: one line, never cut short
 *  (the long "Tiles slide together, to the middle column" took three lines at 360 px). */
async function shortRuleNamesFit(page) {
  checkEq(SHORT_LEVEL_LABELS.length, 27, "nine short rule names in each language");
  const cut = await page.evaluate((labels) => {
    const el = document.getElementById("journey-level-short");
    const kept = el.textContent;
    const line = document.querySelector(".journey-total").getBoundingClientRect().height;
    const out = [];
    for (const text of labels) {
      el.textContent = text;
      const h = document.querySelector(".journey-level").getBoundingClientRect().height;
      if (el.scrollWidth > el.clientWidth || h > line * 1.5) out.push(`${text} (${el.scrollWidth}/${el.clientWidth} px wide, ${h} px tall)`);
    }
    el.textContent = kept;
    return out;
  }, SHORT_LEVEL_LABELS);
  checkEq(cut, [], "short level labels cut or wrapped at 360 px");
}

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
  await shortRuleNamesFit(page);
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
