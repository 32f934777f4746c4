// A captured 羊了个羊 level map brought into the New game dialog (360×640): chosen as a file
// (the file picker; a phone's system sheet is not a page element, so the file is set on the
// input as the picker would) and played by taps, a reload resumes it, and a pasted bad map is
// refused in the dialog with the current game kept; the HUD's Level box marks the level by its
// fingerprint and Retry starts the same level again.
import { fileURLToPath } from "node:url";
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { openGame, saved, stackDom, takeStack } from "../game.mjs";
import { tap } from "../touch.mjs";

const MAP = fileURLToPath(new URL("../../../../engine/tests/data/sheep-maps/captured-192.json", import.meta.url));

async function openDialogOnStack(page) {
  await tap(page, "#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  await tap(page, "label:has(> #opt-mode-stack)");
  await page.waitForSelector("#opt-level-text", { state: "visible" });
}

scenario("a captured level map opened from a file, played, resumed; a bad paste refused", "small", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await openDialogOnStack(page);
  await page.setInputFiles("#opt-level-file", MAP);
  await page.waitForFunction(() => document.getElementById("opt-level-text").value.includes("rolNum"));
  await tap(page, "#new-start");
  await page.waitForFunction(
    () => !document.getElementById("dlg-new").open && document.documentElement.dataset.mode === "stack",
    null,
    { timeout: 30_000 },
  );
  await page.waitForFunction(() => document.querySelectorAll("#stack-board button.stile").length === 192, null, { timeout: 10_000 });
  const start = await stackDom(page);
  checkEq(start.board.length, 192, "the captured map's tiles on the board");
  await t.shot("level-start");
  for (let n = 0; n < 3; n++) {
    const d = await stackDom(page);
    const free = d.board.filter((tile) => tile[2]);
    check(free.length > 0, "a free tile to take");
    await takeStack(page, free[0][0]);
  }
  const played = await stackDom(page);
  checkEq(played.board.length, 189, "tiles on the board after three takes");
  const doc = await saved(page);
  checkEq([doc.mode, doc.tiles.length, doc.history.length], ["stack", 192, 3], "the saved level (mode, tiles, takes)");
  await openGame(page, t.url, { reload: true });
  checkEq(await stackDom(page), played, "the level after a reload");
  // a bad map pasted: the dialog says why and the game stays
  await openDialogOnStack(page);
  await page.fill("#opt-level-text", '{"1": [{"type": 1, "rolNum": 0, "rowNum": 0}]}');
  await tap(page, "#new-start");
  await page.waitForSelector("#opt-level-error:not([hidden])", { timeout: 10_000 });
  const message = await page.textContent("#opt-level-error");
  check(/multiple of 3/.test(message), `the refusal names the fault: ${message}`);
  check(await page.evaluate(() => document.getElementById("dlg-new").open), "the dialog stays open");
  await t.shot("level-refused");
  await tap(page, "#new-cancel");
  await page.waitForFunction(() => !document.getElementById("dlg-new").open);
  checkEq(await stackDom(page), played, "the game after a refused level");
  // the HUD marks the level by its fingerprint, and Retry brings the same level back to its start
  const mark = await page.textContent("#seed");
  check(/^#[0-9a-f]{6}$/.test(mark), `the level's mark in the HUD: ${mark}`);
  // a phone hides the seed's box: the mark is on screen in the Level box, inside its box
  const box = await page.evaluate(() => {
    const dd = document.getElementById("level");
    const r = dd.getBoundingClientRect();
    const stat = dd.closest(".stat").getBoundingClientRect();
    return {
      text: dd.textContent,
      shown: r.width > 0 && r.top >= 0 && r.bottom <= innerHeight,
      inside: r.left >= stat.left && r.right <= stat.right,
    };
  });
  checkEq(box, { text: mark, shown: true, inside: true }, "the level's mark in the Level box");
  await openDialogOnStack(page);
  await tap(page, "#new-retry");
  // "tiles left" counts the tray too, so it read 192 before Retry: wait for the board itself
  await page.waitForFunction(
    () =>
      !document.getElementById("dlg-new").open &&
      document.querySelectorAll("#stack-board button.stile").length === 192 &&
      document.querySelectorAll("#stack-tray .slot .stile").length === 0,
    null,
    { timeout: 30_000 },
  );
  checkEq(await stackDom(page), start, "the level after Retry");
  checkEq(await page.textContent("#seed"), mark, "the same level's mark after Retry");
  t.log(`192 tiles opened from a file, 3 taken, resumed, retried (${mark}); refused: ${message}`);
});
