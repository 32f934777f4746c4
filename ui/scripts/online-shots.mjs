// Screenshots of the online daily challenge's parts of the view (the New game dialog's daily
// entry and leaderboard, the win dialog after a daily win, the settings' section) against a
// stand-in session: the desktop build of the view (`vite build`, no WebAssembly needed) served
// on 127.0.0.1, with a fake `window.__TAURI_INTERNALS__` answering the IPC commands the page
// asks (docs/ipc.md) and `online_http` as the server would (docs/api.md). The layout check for
// phones and desktops, light and dark, before the real session and server are at hand.
// Usage: npx vite build --outDir /tmp/llk-ui && node scripts/online-shots.mjs /tmp/llk-ui [outdir]
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../../tests/web/lib.mjs";
import { serve } from "../../web/serve.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(process.argv[2] ?? "/tmp/llk-ui");
const out = resolve(process.argv[3] ?? resolve(here, "../../tests/web/artifacts/online"));
mkdirSync(out, { recursive: true });
const server = await serve(dist, 0);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
const problems = [];

/** The stand-in session, run in the page before its scripts (its config serialised in). */
function fakeSession(cfg) {
  const today = "2026-12-04";
  const rows = 8, cols = 18, kinds = 36;
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(cfg.won ? null : (r * cols + c * 7) % kinds);
    cells.push(row);
  }
  const game = {
    mode: "classic",
    options: { rows, cols, kinds, seed: "12345", solvable: true, ring: true, auto_shuffle: true, slide: "none" },
    rows, cols, cells, selection: null, status: cfg.won ? "won" : "playing", score: 1840, combo: 0,
    counters: { moves: 72, hints: 0, shuffles: 0, undos: 0 }, tiles_left: cfg.won ? 0 : rows * cols,
    elapsed_ms: 93_400, can_undo: false, best_score: 1840, solvable: "yes", can_undo_to_solvable: false,
    assisted: false, code: "4E7G-12F1-2FX7", combo_until_ms: null, combo_window_ms: 3000,
  };
  const status = {
    posting: cfg.posting, name: "Ada Lovelace", key: "ab".repeat(32), server: cfg.posting ? "https://llk.example.org" : "",
    pending: cfg.won ? 1 : 0, answers: [], refused: [],
  };
  const names = ["月光小猫", "Ada Lovelace", "<b>not bold</b>", "Grace", "Zhang Wei 张伟", "a-very-long-name-xyzw",
    "Lin", "李雷", "Bob", "夜猫子"];
  const top = names.map((name, i) => ({ rank: i + 1, name, time_ms: 61_000 + i * 4_700 + (i > 6 ? 20_000 : 0), props: i > 6 }));
  const board = { date: today, mode: "classic", finishers: 41, top, you: { rank: 2, time_ms: top[1].time_ms, props: false, top_percent: 5 } };
  const answer = { date: today, mode: "classic", time_ms: top[1].time_ms, props: false, best_ms: top[1].time_ms,
    best_props: false, improved: true, rank: 2, finishers: 41, top_percent: 5 };
  const outbox = cfg.won ? [{ id: "r1", date: today, mode: "classic", body: "{}" }] : [];
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const answers = {
    get_settings: () => ({ language: "auto", auto_shuffle: true, muted: true, intro_seen: true }),
    presets: () => [{ name: "10x10", rows: 10, cols: 10, kinds: 25 }, { name: "18x8", rows: 8, cols: 18, kinds: 36 }],
    start: () => ({ game, notice: null, notices: [] }),
    game_state: () => game,
    set_elapsed: () => null,
    launch_report: () => false,
    judge: () => game,
    daily_status: () => ({ today, code: "4E7G-12F1-2FX7", today_best_ms: 93_400, streak: 3, current: cfg.won ? today : null,
      stack_best_ms: null, stack_current: null, posting: status.posting, postable: true, classic_answer: null, stack_answer: null }),
    online_status: () => status,
    set_online: (a) => Object.assign(status, { posting: a.posting, name: a.name, server: a.server }),
    online_outbox: () => outbox,
    online_delivered: () => (outbox.splice(0), (status.pending = 0), status.answers.push(answer), status),
    online_refused: () => status,
    online_http: async (a) => {
      await wait(300);
      if (cfg.offline) throw { code: "network", message: "connection refused" };
      if (a.method === "POST") return { status: 200, body: JSON.stringify(answer) };
      return { status: 200, body: JSON.stringify(cfg.empty ? { ...board, top: [], you: null, finishers: 0 } : board) };
    },
  };
  window.__TAURI_INTERNALS__ = {
    invoke: async (cmd, args) => {
      const f = answers[cmd];
      if (!f) throw { code: "internal", message: `no ${cmd} in the stand-in` };
      return f(args ?? {});
    },
  };
}

async function shot(name, { width, height, scheme = "light", locale = "en-US", posting = true, won = false, offline = false, open }) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, locale, deviceScaleFactor: width < 500 ? 2 : 1 });
  await context.addInitScript(fakeSession, { posting, won, offline });
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`${name}: page error ${e.message}`));
  page.on("console", (m) => /Refused|Security/.test(m.text()) && problems.push(`${name}: ${m.text()}`));
  await page.goto(`${origin}/`);
  await page.waitForSelector("#board button.tile, #dlg-won[open]");
  if (open === "new") {
    await page.click("#btn-new");
    await page.waitForSelector("#dlg-new[open]");
    await page.waitForSelector("#daily-board-body .lb, #daily-board-body .lb-invite-row");
    // the leaderboard is at the bottom: show it as a player would scroll to it
    await page.evaluate(() => document.getElementById("daily-board").scrollIntoView({ block: "end" }));
  } else if (open === "settings") {
    await page.click("#btn-settings");
    await page.waitForSelector("#set-online:not([hidden])");
    await page.evaluate(() => document.getElementById("set-online").scrollIntoView({ block: "end" }));
  } else if (won) {
    await page.waitForSelector("#dlg-won[open]");
    await page.waitForFunction((off) => {
      const s = document.getElementById("won-online-status");
      return off ? /online|联网|連網/.test(s.textContent) : document.querySelector("#won-online-board .lb");
    }, offline);
  }
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${out}/${name}.png` });
  await context.close();
  console.log(name);
}

const phone = { width: 390, height: 844 };
const small = { width: 360, height: 640 };
const laptop = { width: 1280, height: 800 };
await shot("new-phone-light", { ...phone, open: "new" });
await shot("new-phone-dark", { ...phone, scheme: "dark", open: "new" });
await shot("new-small-zh-hans", { ...small, locale: "zh-CN", open: "new" });
await shot("new-laptop-light", { ...laptop, open: "new" });
await shot("new-laptop-dark-zh-hant", { ...laptop, scheme: "dark", locale: "zh-TW", open: "new" });
await shot("new-phone-invite", { ...phone, posting: false, open: "new" });
await shot("won-phone-light", { ...phone, won: true });
await shot("won-small-dark", { ...small, scheme: "dark", won: true });
await shot("won-laptop-light", { ...laptop, won: true });
await shot("won-phone-queued", { ...phone, won: true, offline: true });
await shot("settings-phone-light", { ...phone, open: "settings" });
await shot("settings-laptop-dark", { ...laptop, scheme: "dark", open: "settings" });
await browser.close();
server.close();
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
