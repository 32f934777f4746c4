// Stack tiles on phones: in portrait (390×844 and 360×640) the tiles of levels 1, 2, 5 and 10
// are drawn at least 40 × 40 px (the touch size), the board panning vertically where the whole
// stack does not fit, never sideways; held sideways (844×390) the whole stack shows (smaller
// tiles: the sizes are logged). The screenshots show levels 2 and 10 (the tallest layouts).
import { check } from "../../lib.mjs";
import { scenario } from "../harness.mjs";
import { newGame, openGame } from "../game.mjs";

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
    }
    t.log(seen.join(", "));
  });
}
