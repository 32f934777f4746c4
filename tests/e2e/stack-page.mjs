// Page helpers of the stack view shared by the stack scenarios (scenarios/stack.mjs,
// scenarios/level.mjs): what the board, tray and holding row show, and taking a tile by tapping.

/** What the stack view shows: board tiles (id, kind, free), tray ids, held ids. */
export const stackDom = (b) =>
  b.execute(() => {
    const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.id));
    return {
      board: [...document.querySelectorAll("#stack-board button.stile")]
        .map((e) => [Number(e.dataset.id), Number(e.dataset.kind), e.dataset.free])
        .sort((p, q) => p[0] - q[0]),
      tray: ids("#stack-tray .slot .stile"),
      held: ids("#stack-held .stile"),
      slots: document.querySelectorAll("#stack-tray .slot").length,
      left: Number(document.getElementById("tiles-left").textContent),
    };
  });

/** The kinds in the tray, in slot order. */
export const trayKinds = (b) => b.execute(() => [...document.querySelectorAll("#stack-tray .slot .stile")].map((e) => Number(e.dataset.kind)));

/** Taps tile `id` (board or holding row) and waits until it has left its place. */
export async function tapStack(b, id) {
  const sel = `#stack-board button.stile[data-id="${id}"], #stack-held button.stile[data-id="${id}"]`;
  const el = await b.$(sel);
  await el.waitForClickable({ timeout: 5000 });
  await el.click();
  await b.waitUntil(() => b.execute((s) => !document.querySelector(s), sel), { timeout: 5000, interval: 25, timeoutMsg: `tile ${id} not taken` });
}
