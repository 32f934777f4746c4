// Stack tiles on phones: in portrait (390×844 and 360×640) the tiles of levels 1, 2, 5 and 10
// are drawn at least 40 × 40 px (the touch size), the board panning vertically where the whole
// stack does not fit, never sideways, with "N more tiles" labels over the view's edges that
// count the tiles out of view there; held sideways (844×390) the whole stack shows (smaller
// tiles: the sizes are logged). The screenshots show levels 2 and 10 (the tallest layouts).
import { check } from "../../lib.mjs";
import { scenario } from "../harness.mjs";
import { newGame, openGame } from "../game.mjs";

/**
 * The "more tiles" labels over the stack view's edges (null: hidden), and the same counts
 * from the tiles' drawn boxes: cut by the top edge or above it, cut by the bottom edge or
 * below it (2 px of slack, as the view's).
 */
const edgeLabels = (page) =>
  page.evaluate(() => {
    const s = document.getElementById("stack-scroll").getBoundingClientRect();
    const label = (id) => {
      const el = document.getElementById(id);
      return el.hidden ? null : el.textContent;
    };
    let above = 0;
    let below = 0;
    for (const tile of document.querySelectorAll("#stack-board button.stile")) {
      const r = tile.getBoundingClientRect();
      if (r.top < s.top - 2) above++;
      else if (r.bottom > s.bottom + 2) below++;
    }
    return { above: label("stack-more-above"), below: label("stack-more-below"), counted: { above, below } };
  });

/** Scrolls the stack view to its bottom, then waits for the scroll's frame. */
const scrollToBottom = (page) =>
  page.evaluate(
    () =>
      new Promise((r) => {
        const s = document.getElementById("stack-scroll");
        s.scrollTop = s.scrollHeight;
        requestAnimationFrame(() => requestAnimationFrame(r));
      }),
  );

/** The label's text says `n` tiles ("N more tiles", "1 more tile"), or it is hidden for 0. */
function checkLabel(text, n, what) {
  if (n === 0) check(text === null, `${what}: a label for no tiles: ${text}`);
  else check(text === (n === 1 ? "1 more tile" : `${n} more tiles`), `${what}: label ${JSON.stringify(text)}, ${n} tiles out of view`);
}

/** The drawn size of the stack tiles (the board's first one), and how the board pans. */
const stackFit = (page) =>
  page.evaluate(() => {
    const s = document.getElementById("stack-scroll");
    const tile = document.querySelector("#stack-board button.stile").getBoundingClientRect();
    return {
      w: Math.round(tile.width),
      h: Math.round(tile.height),
      pansX: s.scrollWidth > s.clientWidth + 1,
      pansY: s.scrollHeight > s.clientHeight + 1,
      outOfView: s.scrollHeight - s.clientHeight,
    };
  });

for (const phone of ["portrait", "small", "landscape"]) {
  scenario(`stack tiles on the ${phone} phone: touch-sized upright, the whole stack sideways`, phone, async (t) => {
    const { page } = t;
    await openGame(page, t.url);
    const seen = [];
    for (const level of [1, 2, 5, 10]) {
      await newGame(page, { mode: "stack", level, seed: 5 });
      const fit = await stackFit(page);
      seen.push(`level ${level} ${fit.w}x${fit.h}${fit.pansY ? ` (${fit.outOfView} px out of view)` : ""}`);
      if (level === 2 || level === 10) await t.shot(`stack-level${level}`);
      check(!fit.pansX, `level ${level}: the stack board pans sideways`);
      if (phone === "landscape") check(!fit.pansY, `level ${level}: held sideways, the whole stack shows`);
      else check(fit.w >= 40 && fit.h >= 40, `level ${level}: ${fit.w}x${fit.h} px tiles, under the 40 px touch size`);
      // the labels say what is out of view, at the top and after scrolling to the bottom
      const top = await edgeLabels(page);
      checkLabel(top.above, top.counted.above, `level ${level} at the top, above`);
      checkLabel(top.below, top.counted.below, `level ${level} at the top, below`);
      check(fit.pansY === top.counted.below > 0, `level ${level}: pans ${fit.pansY}, ${top.counted.below} tiles below`);
      if (fit.pansY) {
        await scrollToBottom(page);
        const bottom = await edgeLabels(page);
        checkLabel(bottom.above, bottom.counted.above, `level ${level} scrolled down, above`);
        checkLabel(bottom.below, bottom.counted.below, `level ${level} scrolled down, below`);
        check(bottom.counted.above > 0, `level ${level}: scrolled down, no tile above`);
        seen.push(`labels ${top.below} / ${bottom.above}`);
      }
    }
    t.log(seen.join(", "));
  });
}
