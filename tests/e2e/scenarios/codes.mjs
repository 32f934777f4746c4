// e2e scenarios of deal codes and the daily deal.
import {
  assert,
  assertEq,
  click,
  grid,
  launch,
  newGame,
  shot,
  test,
  text,
  tilesLeft,
} from "../lib.mjs";

test("deal codes: a mistyped code is refused, a typed code deals its game, the daily deal", async () => {
  let b = await launch({ width: 1280, height: 800 });
  try {
    await newGame(b, { layout: "18x8", seed: "7" });
    const code = await text(b, "#deal-code");
    assert(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(code), `code shown: ${code}`);
    const board = await grid(b);
    await newGame(b, { layout: "10x10", seed: "99" });
    assert((await text(b, "#deal-code")) !== code, "another game, another code");

    // A swapped pair of characters: refused in the dialog, nothing changes.
    await click(b, "#btn-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    const typo = code[1] + code[0] + code.slice(2);
    await (await b.$("#opt-code")).setValue(typo);
    await click(b, "#new-start");
    await b.$("#opt-code-error").waitForDisplayed({ timeout: 5000 });
    assert((await text(b, "#opt-code-error")).includes("mistyped"), "says mistyped");
    assert(await b.$("#dlg-new[open]").isExisting(), "the dialog stays open");
    await shot(b, "code-mistyped");
    assertEq(await text(b, "#seed"), "99", "the game did not change");

    // The right code, typed in lower case without hyphens: the same deal as before.
    await (await b.$("#opt-code")).setValue(code.replaceAll("-", "").toLowerCase());
    await click(b, "#new-start");
    await b.waitUntil(async () => (await text(b, "#seed")) === "7", { timeout: 15_000, timeoutMsg: "code not dealt" });
    assert(!(await b.$("#dlg-new[open]").isExisting()), "the dialog closed");
    assertEq(await grid(b), board, "the code's deal is the same board");
    assertEq(await text(b, "#deal-code"), code, "the HUD shows the code");

    // The daily deal: today's UTC date, shown under the header.
    const today = new Date().toISOString().slice(0, 10);
    await click(b, "#btn-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    await b.waitUntil(async () => (await text(b, "#daily-info")).includes(today), { timeout: 5000, timeoutMsg: "daily info" });
    await shot(b, "daily-entry");
    await click(b, "#new-daily");
    await b.$("#daily-label").waitForDisplayed({ timeout: 15_000 });
    assert((await text(b, "#daily-label")).includes(today), "the daily deal shows its date");
    assertEq(await tilesLeft(b), 144, "the daily deal is 18x8");
    await shot(b, "daily-deal-1280x800");
  } finally {
    await b.deleteSession();
  }
  // On a phone the code stays out of the header's main row.
  b = await launch({ width: 390, height: 844 });
  try {
    await b.$("#daily-label").waitForDisplayed({ timeout: 15_000 });
    const rows = await b.execute(() => {
      const header = document.querySelector("header")?.getBoundingClientRect();
      const line = document.getElementById("deal-line").getBoundingClientRect();
      return { headerBottom: header ? header.bottom : 0, lineTop: line.top };
    });
    assert(rows.lineTop >= rows.headerBottom - 1, `deal line below the header: ${JSON.stringify(rows)}`);
    await shot(b, "daily-deal-390x844");
  } finally {
    await b.deleteSession();
  }
});
