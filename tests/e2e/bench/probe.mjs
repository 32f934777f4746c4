// Where the web process's memory goes (`make bench-app`). First, by mapping: the private memory of
// the game's web process and of the baseline window's, per mapped file and per kind of
// anonymous mapping (maps.mjs), side by side. Then launches the game on a resumed save,
// measures each process after the first paint, applies one change to the live page (a
// style sheet: board hidden, faces hidden, tiles without shadows...) and measures again in
// the same process; a fresh launch per variant. Run by bench-probe.sh.
//   LLK_PROBE_LAYOUT (18x8), LLK_PROBE_ROUNDS (2), LLK_PROBE_SHOTS=dir (screenshots)
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { privateByMapping } from "./maps.mjs";
import { load, role, sample, tree } from "./procmem.mjs";
import { newLayout, returningPlayer } from "./play.mjs";
import { close, open, sleep } from "./session.mjs";

const APP = process.env.LLK_APP;
const BASE = process.env.LLK_BASELINE;
const DATA = process.env.LLK_E2E_DATA;
const LAYOUT = process.env.LLK_PROBE_LAYOUT ?? "18x8";
const ROUNDS = Number(process.env.LLK_PROBE_ROUNDS ?? 2);
const SHOTS = process.env.LLK_PROBE_SHOTS;
const SAVE = join(DATA, "io.github.lianliankan", "game.json");

export const VARIANTS = {
  "as is": "",
  "board hidden": "#board { display: none !important; }",
  "faces hidden": "#board .tile .face { display: none !important; }",
  "tiles plain (no shadow, transform, gradient)":
    "#board .tile { box-shadow: none !important; transform: none !important; transition: none !important; background: #fffcf4 !important; }",
  "tiles without transform": "#board .tile { transform: none !important; transition: none !important; }",
  "tiles without shadow": "#board .tile { box-shadow: none !important; }",
};

rmSync(DATA, { recursive: true, force: true });
mkdirSync(DATA, { recursive: true });
returningPlayer(DATA);
{
  const s = await open(APP);
  const err = await newLayout(s.b, LAYOUT);
  if (err) throw new Error(err);
  await sleep(800);
  await close(s);
}
const saved = join(DATA, "probe-save.json");
copyFileSync(SAVE, saved);
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const mb = (x) => x.toFixed(1);

// ---- by mapping: the game's web process beside the baseline's ----------------------------
const webMaps = async (exe) => {
  copyFileSync(saved, SAVE);
  const s = await open(exe);
  try {
    await sleep(3000);
    const web = tree(s.pid).find((p) => role(p, s.pid) === "web");
    return web ? (privateByMapping(web.pid) ?? []) : [];
  } finally {
    await close(s);
  }
};
if (BASE) {
  const game = new Map(await webMaps(APP));
  const base = new Map(await webMaps(BASE));
  const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  const keys = [...new Set([...game.keys(), ...base.keys()])].sort((a, b) => (game.get(b) ?? 0) - (game.get(a) ?? 0));
  console.log(`| web process, private MB by mapping (${LAYOUT}) | game | baseline | difference |`);
  console.log("|---|---|---|---|");
  for (const k of keys.slice(0, 12)) {
    const g = game.get(k) ?? 0;
    const b = base.get(k) ?? 0;
    console.log(`| ${k.replace(/^.*\//, "")} | ${mb(g)} | ${mb(b)} | ${mb(g - b)} |`);
  }
  console.log(`| all | ${mb(total(game))} | ${mb(total(base))} | ${mb(total(game) - total(base))} |`);
  console.log("");
}
const rows = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, css] of Object.entries(VARIANTS)) {
    copyFileSync(saved, SAVE);
    const s = await open(APP);
    try {
      await sleep(2000);
      const before = sample(s.pid);
      await s.b.execute((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, css);
      await sleep(3000);
      const after = sample(s.pid);
      if (SHOTS) await s.b.saveScreenshot(join(SHOTS, `${name.split(" ")[0]}-${name.split(" ")[1]}-${r}.png`));
      rows.push({ name, before, after });
      console.log(
        `${LAYOUT} ${name}: web USS ${mb(before.web.uss)} → ${mb(after.web.uss)} MB ` +
          `(total ${mb(before.total.uss)} → ${mb(after.total.uss)}), load ${load()}`,
      );
    } finally {
      await close(s);
    }
  }
}
console.log("");
console.log(`| ${LAYOUT}: change applied to the live page | web USS before | after | change | total USS after |`);
console.log("|---|---|---|---|---|");
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const name of Object.keys(VARIANTS)) {
  const xs = rows.filter((x) => x.name === name);
  const b = med(xs.map((x) => x.before.web.uss));
  const a = med(xs.map((x) => x.after.web.uss));
  console.log(`| ${name} | ${mb(b)} | ${mb(a)} | ${mb(a - b)} | ${mb(med(xs.map((x) => x.after.total.uss)))} |`);
}
