// Storage the web build cannot use: full (every write a QuotaExceededError) and missing (the
// browser refuses localStorage, as some private modes do). Each gives its notice and the game
// goes on unsaved: the first board shows, the notice covers none of its tiles (on a tall and a
// small phone), and a matched pair is answered.
import { check, dismissIntro, launchPhone, LOAD_MS, PHONES, startServer, tap } from "./lib.mjs";

const CASES = {
  full: {
    script: () => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith("llk/")) throw new DOMException("quota", "QuotaExceededError");
        return set.call(this, key, value);
      };
    },
    notice: /storage for this site is full/,
  },
  missing: {
    script: () => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("denied", "SecurityError");
        },
      });
    },
    notice: /does not let the game save/,
  },
};

const server = await startServer();
try {
  for (const [name, { script, notice }] of Object.entries(CASES)) for (const size of ["portrait", "small"]) {
    const phone = await launchPhone(PHONES[size]);
    const { page } = phone;
    try {
      await page.addInitScript(script);
      await page.goto(server.url);
      await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
      await dismissIntro(page);
      const text = await page.textContent("#llk-web-notice-text");
      check(notice.test(text ?? ""), `${name}: the notice says ${text}`);
      // The notice has its own room: no tile the board shows (inside its scroller) is under it.
      const covered = await page.evaluate(() => {
        const n = document.getElementById("llk-web-notice").getBoundingClientRect();
        const view = document.getElementById("board-scroll").getBoundingClientRect();
        return [...document.querySelectorAll("#board button.tile")].filter((t) => {
          const b = t.getBoundingClientRect();
          const top = Math.max(b.top, view.top);
          const bottom = Math.min(b.bottom, view.bottom);
          return bottom > top && top < n.bottom && bottom > n.top && b.left < n.right && b.right > n.left;
        }).length;
      });
      check(covered === 0, `${name} on the ${size} phone: the notice covers ${covered} tiles`);
      await tap(page, "#llk-web-notice-close");
      const before = await page.locator("#board button.tile").count();
      await tap(page, "#btn-hint");
      await page.waitForSelector("#board button.tile[data-hint]");
      const hinted = await page.$$eval("#board button.tile[data-hint]", (ts) =>
        ts.map((t) => `#board button.tile[data-row="${t.dataset.row}"][data-col="${t.dataset.col}"]`),
      );
      await tap(page, hinted[0]);
      await tap(page, hinted[1]);
      await page.waitForFunction((n) => document.querySelectorAll("#board button.tile").length === n - 2, before);
      const problems = await page.evaluate(() => window.__llkWeb?.problems ?? []);
      check(problems.length === 1 && problems[0] === name, `${name}: problems ${JSON.stringify(problems)}`);
      check(phone.problems.length === 0, `${name}: page problems:\n${phone.problems.join("\n")}`);
      console.log(`storage ${name} (${size} phone): notice shown beside the board, game goes on`);
    } finally {
      await phone.close();
    }
  }
} finally {
  await server.close();
}
