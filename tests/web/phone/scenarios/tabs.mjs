// Two tabs of the game on one phone: the second says the game is open in another tab and
// offers *Play here*; taking over shows the first tab's latest game, and the first tab stops
// writing the save (it shows that the game moved). A second tab whose first tab closes takes
// the save by itself: its cover goes without a tap.
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { board, hintPair, matchPair, openGame, stored, waitForBoard } from "../game.mjs";
import { tap } from "../touch.mjs";

const coverText = (page) => page.evaluate(() => document.getElementById("llk-web-cover-text")?.textContent ?? null);
const owner = (page) => page.evaluate(() => window.__llkWeb?.owner ?? null);
/** The saved game's text, once the tab has stored what it was answered. */
const savedText = async (page) => {
  await stored(page);
  return page.evaluate(() => localStorage.getItem("llk/game.json"));
};

scenario("a second tab offers Play here, takes over, and the first stops writing", "portrait", async (t) => {
  const first = t.page;
  await openGame(first, t.url);
  await matchPair(first, await hintPair(first));

  const second = await t.newPage();
  await second.goto(t.url);
  await second.waitForSelector("#llk-web-cover", { state: "visible", timeout: 20_000 });
  checkEq(await coverText(second), "The game is open in another tab.", "the second tab's cover");
  checkEq(await second.locator("#board button.tile:visible").count(), 0, "no board behind the cover yet");
  await t.shot("second-tab-cover", second);

  // the first tab still owns the save and writes it (the player switches back to it: a
  // background tab's frames and timers are throttled, as on a phone)
  await first.bringToFront();
  checkEq(await owner(first), true, "the first tab owns the save");
  const early = await savedText(first);
  await matchPair(first, await hintPair(first));
  check((await savedText(first)) !== early, "the first tab saved its match");
  const latest = await board(first);

  await second.bringToFront();
  await tap(second, "#llk-web-cover-action");
  await waitForBoard(second);
  checkEq(await board(second), latest, "the second tab resumes the first tab's latest board");
  checkEq(await owner(second), true, "the second tab owns the save");
  await first.bringToFront();
  await first.waitForSelector("#llk-web-cover", { state: "visible" });
  checkEq(await coverText(first), "The game moved to another tab. This tab no longer saves.", "the first tab's cover");
  checkEq(await owner(first), false, "the first tab gave the save up");
  await t.shot("first-tab-moved", first);

  // a first tab that played on anyway (its cover taken away) leaves the save as it was: the
  // same board, counters and history (the second tab, the owner, may still save its clock)
  const game = (text) => {
    const { board: cells, counters, history } = JSON.parse(text).game;
    return { cells, counters, history };
  };
  const kept = game(await savedText(first));
  await first.evaluate(() => document.getElementById("llk-web-cover").remove());
  await matchPair(first, await hintPair(first));
  checkEq(game(await savedText(first)), kept, "the saved game after the first tab's match");
  // while the second tab's matches are saved
  await second.bringToFront();
  await matchPair(second, await hintPair(second));
  const now = JSON.parse(await savedText(second));
  checkEq(now.game.board.cells.flat().filter((k) => k !== null).length, (await board(second)).length, "the save holds the second tab's board");
  t.log("second tab covered, took over with the first tab's board; the first tab stopped writing");
});

scenario("a second tab's cover lifts by itself when the first tab closes", "portrait", async (t) => {
  const first = t.page;
  await openGame(first, t.url);
  await matchPair(first, await hintPair(first));
  await stored(first);
  const latest = await board(first);

  const second = await t.newPage();
  await second.goto(t.url);
  await second.waitForSelector("#llk-web-cover", { state: "visible", timeout: 20_000 });
  checkEq(await owner(second), false, "the covered tab does not own the save");
  // the player closes the first tab: no tap on the second, whose cover goes on its own
  await first.close();
  await second.waitForSelector("#llk-web-cover", { state: "detached", timeout: 10_000 });
  await waitForBoard(second);
  checkEq(await board(second), latest, "the second tab shows the closed tab's last board");
  checkEq(await owner(second), true, "the second tab owns the save");
  const moves = JSON.parse(await savedText(second)).game.counters.moves;
  await matchPair(second, await hintPair(second));
  checkEq(JSON.parse(await savedText(second)).game.counters.moves, moves + 1, "the second tab's match is saved");
  t.log(`cover lifted when the first tab closed; ${latest.length} tiles carried over`);
});
