// e2e: the online daily challenge from the desktop app (issue 29: "the desktop app posts to
// the same server when its address is set"). A real llk-server (the release binary,
// $LLK_SERVER_BIN or target/release/llk-server; run.sh builds it when missing) on
// 127.0.0.1 over a fresh SQLite file; the app at 390×844, driven as a player would.
// 1. Settings: posting on, a name, no server address. New game → Daily classic, cleared by
//    clicking the pairs of its certificate (kept in the save: no hint, so the win counts)
//    at a person's pace (the server refuses matches less than 150 ms of game time apart).
//    The app sends nothing: the server's board stays empty (any post of this valid result
//    would be on it), New game's board and the win dialog ask for an address, and the
//    result waits in the outbox (`online_status`'s pending).
// 2. Settings: the server's address. The sender posts the kept result to it at once.
// 3. The daily classic won again: the win dialog shows "Rank 1 of 1" and the board with
//    the name; the server's `GET /api/v1/leaderboard/{today}/classic` lists it.
// No CSP violation. Without the server binary, or when it cannot be started, the scenario is
// skipped with a note, except under CI, where it fails.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startLlkServer } from "../../server/llk-server.mjs";
import { assert, assertEq, AssertionError, click, launch, ROOT, savedGame, shot, test, text } from "../lib.mjs";

const SERVER_BIN = process.env.LLK_SERVER_BIN || join(ROOT, "target/release/llk-server");
const NAME = "Ada 李 <b>";
/** The least time between two matches (the server's bound is 150 ms of game time). */
const GAP_MS = 200;
/** The key of a WebDriver element reference (W3C). */
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** Starts llk-server on a free port over a new SQLite file (an empty web dir: the app asks the API only). */
const startServer = () => startLlkServer({ bin: SERVER_BIN, prefix: "llk-e2e-online-" });

/** The server's board of `date`'s daily classic. */
async function serverBoard(origin, date) {
  const r = await fetch(`${origin}/api/v1/leaderboard/${date}/classic`, { cache: "no-store" });
  assertEq(r.status, 200, `GET /api/v1/leaderboard/${date}/classic`);
  return r.json();
}

/** `b.waitUntil(fn)` whose failure says `why()` (what was seen last). */
async function until(b, fn, timeout, why) {
  try {
    await b.waitUntil(fn, { timeout, interval: 100 });
  } catch (e) {
    throw new AssertionError(`${why()} (${String(e?.message ?? e).split("\n")[0]})`);
  }
}

const invoke = (b, cmd, args = {}) =>
  b.executeAsync(
    (cmd, args, done) => window.__TAURI_INTERNALS__.invoke(cmd, args).then(done, (e) => done({ error: e })),
    cmd,
    args,
  );

/** Settings: posting on, `name`, the server's address `server` ("" clears it), typed as a player would; Done. */
async function onlineSettings(b, { name, server }, shotName = null) {
  await click(b, "#btn-settings");
  await b.$("#dlg-settings[open]").waitForExist({ timeout: 5000 });
  await b.$("#set-online").waitForDisplayed({ timeout: 10_000 });
  assert(await b.$("#set-online-server-field").isDisplayed(), "the desktop app shows the server address field");
  const nameBox = await b.$("#set-online-name");
  if ((await nameBox.getValue()) !== name) await nameBox.setValue(name);
  if (!(await b.$("#set-online-post").isSelected())) await click(b, "#set-online-post");
  const serverBox = await b.$("#set-online-server");
  if (server === "") await serverBox.clearValue();
  else await serverBox.setValue(server);
  // leaving the field saves it (a change event), as clicking Done would
  await click(b, "#set-online-name");
  let status = null;
  await until(
    b,
    async () => {
      status = await invoke(b, "online_status");
      return status.posting === true && status.name === name && status.server === server;
    },
    10_000,
    () => `the settings were not kept: ${JSON.stringify(status)?.slice(0, 300)}`,
  );
  assert(!(await b.$("#set-online-error").isDisplayed()), `set_online refused: ${await text(b, "#set-online-error")}`);
  assert(await b.$("#set-online-post").isSelected(), "posting stayed on");
  if (shotName) {
    await b.execute(() => document.getElementById("set-online").scrollIntoView({ block: "center" }));
    await shot(b, shotName);
  }
  await click(b, "#dlg-settings button[type=submit]");
  await b.waitUntil(() => b.execute(() => !document.getElementById("dlg-settings").open), { timeout: 5000, timeoutMsg: "settings stayed open" });
  return status;
}

/** New game → Daily classic: waits for the daily deal on screen; returns what the dialog's board said. */
async function dealDailyClassic(b, today, boardReady) {
  await click(b, "#btn-new");
  await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
  let board = "";
  await until(
    b,
    async () => {
      board = await b.execute(() => document.getElementById("daily-board-body")?.textContent ?? "");
      return boardReady(board);
    },
    20_000,
    () => `the dialog's daily board: ${board}`,
  );
  const before = await b.execute(() => document.documentElement.dataset.game);
  await click(b, "#new-daily");
  await b.waitUntil(
    () =>
      b.execute(
        (was, today) =>
          !document.getElementById("dlg-new").open &&
          document.documentElement.dataset.game !== was &&
          (document.getElementById("daily-label").textContent ?? "").includes(today),
        before,
        today,
      ),
    { timeout: 20_000, timeoutMsg: "no daily deal shown" },
  );
  return board;
}

/** The pairs that clear the board on screen: the save's certificate, once the save is this deal's. */
async function certificate(b) {
  const board = await b.execute(() =>
    [...document.querySelectorAll("#board button.tile:not(.vanishing)")].map((t) => [Number(t.dataset.row), Number(t.dataset.col), Number(t.dataset.kind)]),
  );
  const kind = new Map(board.map(([r, c, k]) => [`${r},${c}`, k]));
  const cell = (p) => (Array.isArray(p) ? p : [p.row, p.col]);
  let moves = null;
  await b.waitUntil(
    () => {
      const doc = savedGame();
      const cert = doc?.certificate ?? doc?.game?.certificate;
      if (!Array.isArray(cert) || cert.length * 2 !== board.length) return false;
      moves = cert.map(([a, c]) => [cell(a), cell(c)]);
      // the save is the deal on screen: every pair is two tiles of one kind
      return moves.every(([a, c]) => kind.has(`${a}`) && kind.get(`${a}`) === kind.get(`${c}`));
    },
    { timeout: 10_000, timeoutMsg: "no certificate of the deal on screen in the save" },
  );
  return moves;
}

/**
 * Clears the board by clicking the pairs of `moves`, each match at least `gapMs` after the
 * one before (the first one after the first click, which starts the clock); returns the
 * wall-clock time it took. One script per match waits for the match before and finds the
 * next pair's two tiles, which WebDriver then clicks.
 */
async function playCertificate(b, moves, gapMs) {
  const t0 = Date.now();
  let last = null;
  let left = moves.length * 2;
  for (let i = 0; i <= moves.length; i++) {
    const next = moves[i] ?? null;
    const found = await b.executeAsync(
      (want, next, done) => {
        const t0 = performance.now();
        const tile = ([r, c]) => document.querySelector(`#board button.tile[data-row="${r}"][data-col="${c}"]:not(.vanishing)`);
        const poll = () => {
          const now = Number(document.getElementById("tiles-left").textContent);
          if (now === want) done(next ? [tile(next[0]), tile(next[1])] : []);
          else if (performance.now() - t0 > 10_000) done({ left: now, toasts: document.getElementById("toasts")?.textContent ?? "" });
          else setTimeout(poll, 10);
        };
        poll();
      },
      left,
      next,
    );
    if (!Array.isArray(found)) throw new AssertionError(`no match for ${JSON.stringify(moves[i - 1])}; page: ${JSON.stringify(found)}`);
    if (!next) break;
    // the two tiles as WebDriver element references, clicked by their ids
    const ids = found.map((e) => e?.[ELEMENT] ?? e?.elementId);
    assert(ids.length === 2 && ids.every((id) => typeof id === "string"), `no tiles at ${JSON.stringify(next)}: ${JSON.stringify(found)}`);
    await b.elementClick(ids[0]);
    last ??= Date.now();
    const wait = last + gapMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await b.elementClick(ids[1]);
    last = Date.now();
    left -= 2;
  }
  return Date.now() - t0;
}

/** The claim's time inside an outbox item's signed envelope. */
function claimTime(item) {
  const find = (v) => {
    if (v && typeof v === "object") {
      if (typeof v.time_ms === "number" && Array.isArray(v.moves)) return v.time_ms;
      for (const x of Object.values(v)) {
        const t = find(typeof x === "string" && x.startsWith("{") ? JSON.parse(x) : x);
        if (t !== null) return t;
      }
    }
    return null;
  };
  return find(JSON.parse(item.body));
}

test("online: the desktop app posts today's daily classic to llk-server; with no address it sends nothing", async () => {
  if (!existsSync(SERVER_BIN)) {
    const why = `no llk-server at ${SERVER_BIN} (cargo build --release -p lianliankan-server)`;
    if (process.env.CI) throw new AssertionError(why);
    console.log(`    skipped: ${why}`);
    return;
  }
  let server;
  try {
    server = await startServer();
  } catch (e) {
    if (process.env.CI) throw new AssertionError(`llk-server could not be started: ${e?.message ?? e}`);
    console.log(`    skipped: llk-server could not be started: ${e?.message ?? e}`);
    return;
  }
  const today = new Date().toISOString().slice(0, 10);
  let b = null;
  try {
    assertEq((await serverBoard(server.origin, today)).finishers, 0, "a fresh server's board is empty");
    b = await launch({ width: 390, height: 844 });

    // 1. posting on under a name, no server address: a daily win stays in the outbox and
    // nothing reaches the server (any post of this valid result would put it on the board)
    const s1 = await onlineSettings(b, { name: NAME, server: "" });
    assertEq(s1.pending, 0, "nothing waits to be posted yet");
    await dealDailyClassic(b, today, (t) => /Set a server address/.test(t));
    const quiet = await playCertificate(b, await certificate(b), GAP_MS);
    console.log(`    win with no address: 72 matches in ${(quiet / 1000).toFixed(1)} s`);
    await b.$("#dlg-won[open]").waitForExist({ timeout: 20_000 });
    await b.waitUntil(async () => /Set a server address/.test(await text(b, "#won-online")), {
      timeout: 10_000,
      timeoutMsg: "the win dialog does not ask for a server address",
    });
    let online = null;
    await until(
      b,
      async () => {
        online = await invoke(b, "online_status");
        return online.pending === 1;
      },
      10_000,
      () => `the outbox does not keep the win: ${JSON.stringify(online)?.slice(0, 300)}`,
    );
    const outbox = await invoke(b, "online_outbox");
    assertEq(outbox.map((i) => [i.date, i.mode]), [[today, "classic"]], "the outbox holds today's classic");
    const kept = claimTime(outbox[0]);
    assert(typeof kept === "number" && kept > 0, `the kept claim's time: ${outbox[0].body.slice(0, 200)}`);
    // time for a sender that wrongly posts to do it
    await new Promise((r) => setTimeout(r, 1500));
    assertEq((await serverBoard(server.origin, today)).finishers, 0, "the server's board stays empty: nothing was sent");
    assertEq((await invoke(b, "online_status")).pending, 1, "the result still waits");

    // 2. the server's address set: the kept result goes to that server at once
    await click(b, "#won-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    await click(b, "#new-cancel");
    await b.waitUntil(() => b.execute(() => !document.getElementById("dlg-new").open), { timeout: 5000, timeoutMsg: "New game stayed open" });
    await onlineSettings(b, { name: NAME, server: server.origin }, "online-settings-390x844");
    await until(
      b,
      async () => (online = await invoke(b, "online_status")).pending === 0,
      20_000,
      () => `the kept result was not posted once the address was set: ${JSON.stringify(online)?.slice(0, 300)}; server log: ${server.log().slice(-500)}`,
    );
    const board1 = await serverBoard(server.origin, today);
    assertEq([board1.finishers, board1.top.map((l) => [l.name, l.time_ms])], [1, [[NAME, kept]]], "the server lists the kept result");

    // 3. today's daily classic again, with the address set: the win dialog's rank
    const seen = await dealDailyClassic(b, today, (t) => t.includes(NAME));
    assert(seen.includes("Rank 1 of 1"), `New game's board shows the server's: ${seen}`);
    const posted = await playCertificate(b, await certificate(b), GAP_MS);
    console.log(`    win with the address: 72 matches in ${(posted / 1000).toFixed(1)} s`);
    await b.$("#dlg-won[open]").waitForExist({ timeout: 20_000 });
    let status = "";
    await until(
      b,
      async () => {
        status = await text(b, "#won-online-status");
        return /^Rank \d+ of \d+/.test(status) && (await b.$("#won-online-board .lb-table").isExisting());
      },
      30_000,
      () => `no rank in the win dialog: ${JSON.stringify(status)}; server log: ${server.log().slice(-500)}`,
    );
    assert(status.startsWith("Rank 1 of 1"), `first of one: ${status}`);
    const names = await b.execute(() => [...document.querySelectorAll("#won-online-board td.lb-name")].map((td) => td.textContent));
    assertEq(names, [NAME], "the win dialog's board");
    assertEq(await b.execute(() => document.querySelector("#won-online-board tr.me td.lb-name")?.textContent ?? null), NAME, "the player's line is marked");
    // the shot once the win's confetti (1.7 s) is gone, so that it hides nothing
    await b.waitUntil(() => b.execute(() => document.querySelector("#dlg-won .confetti") === null), {
      timeout: 10_000,
      timeoutMsg: "the confetti stayed",
    });
    await b.execute(() => document.getElementById("won-online").scrollIntoView({ block: "center" }));
    await shot(b, "online-won-rank-390x844");
    const board2 = await serverBoard(server.origin, today);
    assertEq([board2.finishers, board2.top.map((l) => l.name)], [1, [NAME]], "the server's board lists the name once");
    assert(board2.top[0].time_ms <= kept, `the server keeps the player's best: ${board2.top[0].time_ms} > ${kept}`);
    assertEq((await invoke(b, "online_status")).pending, 0, "the outbox is empty once posted");

    const csp = await b.execute(() => window.__llkMetrics?.cspViolations ?? ["no metrics"]);
    assertEq(csp, [], "no CSP violations");
  } finally {
    if (b) await b.deleteSession().catch(() => {});
    await server.stop();
  }
});
