// e2e scenario of the New game dialog's "Open a level" on the stack side: a captured 羊了个羊
// level map pasted into the box opens as a stack game with the tiles `llk stack import` reads
// from the same map, a few tiles are taken, and a bad paste is refused with the engine's
// reason while the game stays.
// The file picker beside the box opens GTK's own file chooser on the desktop: a native window
// outside the page, which WebDriver (it drives the page only) cannot operate. So the map comes
// in through the paste box, by the clipboard (Ctrl+C, Ctrl+V), and the bad text by typing;
// the Chromium phone test (tests/web/phone/scenarios/level.mjs) covers the picker.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assert, assertEq, click, DATA, launch, llkBins, ROOT, shot, stackState, test, text } from "../lib.mjs";
import { stackDom, tapStack } from "../stack-page.mjs";

const MAP = join(ROOT, "engine/tests/data/sheep-maps/captured-192.json");
// Every card of kind 1 once: a kind whose count is not a multiple of 3.
const BAD = '{"1": [{"type": 1, "rolNum": 0, "rowNum": 0}]}';

/** Opens the New game dialog on its stack side, where the level box is. */
async function openLevelBox(b) {
  await click(b, "#btn-new");
  await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
  await click(b, "#opt-mode-stack");
  await b.$("#opt-level-text").waitForDisplayed({ timeout: 3000 });
}

/**
 * Pastes `content` into the level box through the clipboard: a scratch box in the dialog
 * (outside it the modal dialog leaves the page inert) holds the text, Ctrl+C copies it as a
 * player would, Ctrl+V in the level box pastes it. (Typing 18 KB key by key would take minutes.)
 */
async function pasteLevel(b, content) {
  await b.execute((content) => {
    const scratch = document.createElement("textarea");
    scratch.id = "llk-e2e-clipboard";
    scratch.value = content;
    document.querySelector("#dlg-new form, #dlg-new").append(scratch);
    scratch.focus();
    scratch.select();
  }, content);
  await b.keys(["Control", "c"]);
  await b.execute(() => document.getElementById("llk-e2e-clipboard").remove());
  await click(b, "#opt-level-text");
  await b.keys(["Control", "v"]);
  await b.waitUntil(() => b.execute(() => document.getElementById("opt-level-text").value.length), {
    timeout: 5000,
    timeoutMsg: "nothing pasted into the level box",
  });
  assertEq(await b.execute(() => document.getElementById("opt-level-text").value), content, "the box holds the pasted map");
}

/** `llk stack import` on `file`: the stack file, or the one line it refuses the map with. */
function llkImport(file) {
  try {
    return { level: JSON.parse(execFileSync(llkBins().play, ["stack", "import", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })) };
  } catch (e) {
    return { refused: String(e.stderr ?? e.message).trim() };
  }
}

test("open a level: a captured map pasted opens with llk's tiles, tiles taken; a bad paste is refused, the game stays", async () => {
  const expected = llkImport(MAP).level;
  assert(expected, "llk stack import reads the captured map");
  const map = JSON.stringify(JSON.parse(readFileSync(MAP, "utf8")));
  const b = await launch({ width: 1280, height: 800 });
  try {
    await openLevelBox(b);
    await pasteLevel(b, map);
    await click(b, "#new-start");
    await b.waitUntil(
      () => b.execute(() => !document.getElementById("dlg-new").open && document.documentElement.dataset.mode === "stack"),
      { timeout: 30_000, timeoutMsg: "the level did not open" },
    );
    await b.waitUntil(async () => (await stackDom(b)).left === 192, { timeout: 10_000, timeoutMsg: "192 tiles not shown" });
    const start = await stackDom(b);
    assertEq(start.board.length, 192, "the captured map's 192 tiles on the board");
    assertEq(start.tray, [], "an empty tray");
    const state = await stackState(b);
    const tiles = (list) => list.map(({ x, y, z, kind }) => [x, y, z, kind]);
    assertEq(tiles(state.tiles), tiles(expected.tiles), "the app's tiles are llk stack import's");
    assertEq(state.tray_size, expected.tray, "the tray size");
    await shot(b, "level-opened");

    const taken = [];
    for (let n = 0; n < 3; n++) {
      const free = (await stackDom(b)).board.filter((t) => t[2] === "true");
      assert(free.length > 0, "a free tile to take");
      taken.push(free[0][0]);
      await tapStack(b, free[0][0]);
    }
    const played = await stackDom(b);
    assertEq(played.board.length, 189, "three tiles taken off the board");
    // the same takes in llk on the imported level: the same tray and free tiles
    const level = join(DATA, "..", "level-192.json");
    writeFileSync(level, JSON.stringify(expected));
    const after = JSON.parse(execFileSync(llkBins().play, ["stack", "play", level, ...taken.map(String)], { encoding: "utf8" }));
    assertEq(played.tray, after.tray, "the tray is llk stack play's");
    assertEq(played.board.filter((t) => t[2] === "true").map((t) => t[0]).sort((p, q) => p - q), [...after.free].sort((p, q) => p - q), "the free tiles are llk's");
    const before = await stackState(b);

    // a bad map: the dialog shows the engine's reason, and Cancel leaves the game as it was
    const bad = join(DATA, "..", "bad-map.json");
    writeFileSync(bad, BAD);
    const reason = llkImport(bad).refused;
    assert(reason && /multiple of 3/.test(reason), `llk stack import refuses the bad map: ${reason}`);
    await openLevelBox(b);
    assertEq(await b.execute(() => document.getElementById("opt-level-text").value), "", "the box starts empty");
    await (await b.$("#opt-level-text")).setValue(BAD);
    await click(b, "#new-start");
    await b.$("#opt-level-error").waitForDisplayed({ timeout: 10_000, timeoutMsg: "no refusal shown" });
    const message = await text(b, "#opt-level-error");
    // llk's line is "llk: FILE: reason"; the dialog shows the reason
    const engine = reason.replace(`llk: ${bad}: `, "");
    assert(engine !== reason && engine.length > 10, `llk's line names the file, then the reason: ${reason}`);
    assert(message.includes(engine), `the refusal carries the engine's reason "${engine}": ${message}`);
    assert(await b.execute(() => document.getElementById("dlg-new").open), "the dialog stays open");
    await shot(b, "level-refused");
    await click(b, "#new-cancel");
    await b.waitUntil(() => b.execute(() => !document.getElementById("dlg-new").open), { timeout: 5000, timeoutMsg: "Cancel did not close" });
    assertEq(await stackDom(b), played, "the board after a refused level");
    assertEq(await stackState(b), before, "the game after a refused level");
    console.log(`    192 tiles pasted, 3 taken; refused: ${message}`);
  } finally {
    await b.deleteSession();
  }
});
