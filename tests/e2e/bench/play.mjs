// Drives the game's own view for the app benchmark, as a player's clicks would: matches
// (Hint, then a click on each of the two hinted tiles) and new games through the New game
// dialog. Each step is one in-page script; it resolves once the view has settled, with an
// error text or null.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const step = (b, what, layout) =>
  b.execute(
    async (what, layout) => {
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      const until = async (ok, ms) => {
        const t = performance.now();
        while (!ok()) {
          if (performance.now() - t > ms) return false;
          await sleep(10);
        }
        return true;
      };
      const byId = (id) => document.getElementById(id);
      if (what === "match") {
        const left = () => Number(byId("tiles-left")?.textContent);
        const before = left();
        byId("btn-hint").click();
        const hinted = () => document.querySelectorAll("#board button.tile[data-hint]");
        if (!(await until(() => hinted().length === 2, 5000))) return `no hint (${before} tiles left)`;
        const [a, c] = hinted();
        a.click();
        await sleep(20);
        c.click();
        if (!(await until(() => left() === before - 2, 5000))) return "the match did not count";
        await until(() => !document.querySelector("#board .vanishing"), 2000);
        return null;
      }
      // a new game: of the current layout, or of `layout` (a preset name such as "30x16")
      const seed = () => byId("seed")?.textContent;
      const before = seed();
      byId("btn-new").click();
      if (!(await until(() => document.querySelector("#dlg-new[open]"), 3000))) return "no dialog";
      if (layout) {
        await sleep(100);
        const sel = byId("opt-layout");
        sel.value = layout;
        if (sel.value !== layout) return `no layout ${layout}`;
      }
      byId("new-start").click();
      if (!(await until(() => seed() !== before, 5000))) return "no new game";
      await sleep(30);
      return document.querySelector("#board button.tile") ? null : "no tiles";
    },
    what,
    layout ?? null,
  );

/** Plays one match. */
export const matchOnce = (b) => step(b, "match");
/** Starts a new game of the current layout (random seed) through the dialog. */
export const newGameOnce = (b) => step(b, "new");
/** Starts a new game of `layout` through the dialog. */
export const newLayout = (b, layout) => step(b, "new", layout);

/**
 * Makes `dataDir` (the e2e's XDG_DATA_HOME) a returning player's: the first-launch card,
 * with its looping demo, was dismissed on an earlier launch. The benchmark measures the
 * launches players make every day, not the first one.
 */
export function returningPlayer(dataDir) {
  const app = join(dataDir, "io.github.lianliankan");
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "settings.json"), JSON.stringify({ intro_seen: true }));
}
