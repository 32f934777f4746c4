// Where the web process's memory goes (issue 9): launches the game on a resumed save and
// measures each process after the first paint, then applies one change to the live page
// (a style sheet: board hidden, faces hidden, tiles without shadows...) and measures again
// in the same process; a fresh launch per variant. Run by bench-probe.sh.
//   LLK_PROBE_LAYOUT (18x8), LLK_PROBE_ROUNDS (2), LLK_PROBE_SHOTS=dir (screenshots)
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { load, sample } from "./procmem.mjs";
import { newLayout, returningPlayer } from "./play.mjs";
import { close, open, sleep } from "./session.mjs";

const APP = process.env.LLK_APP;
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
