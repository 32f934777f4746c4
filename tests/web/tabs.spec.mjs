// Two tabs of the web build never both write the save: the second tab is covered with "open in
// another tab"; its *Play here* takes the save over with the latest state, and the first tab
// stops writing and offers to take it back (which reloads it as the owner).
import { boardCells, check, dismissIntro, launchPhone, LOAD_MS, startServer, tap } from "./lib.mjs";

const server = await startServer();
const phone = await launchPhone();
const { context, page: first } = phone;
const owner = (page) => page.evaluate(() => window.__llkWeb?.owner ?? null);
const coverText = (page) => page.textContent("#llk-web-cover-text");
try {
  await first.goto(server.url);
  await first.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await dismissIntro(first);
  const board = await boardCells(first);
  check((await owner(first)) === true, "the first tab does not own the save");

  const second = await context.newPage();
  await second.goto(server.url);
  await second.waitForSelector("#llk-web-cover");
  check(/open in another tab/.test(await coverText(second)), `second tab says: ${await coverText(second)}`);
  check((await owner(second)) === false, "the second tab owns the save while the first holds it");

  await tap(second, "#llk-web-cover-action");
  await second.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  check(JSON.stringify(await boardCells(second)) === JSON.stringify(board), "the second tab did not load the latest save");
  check((await owner(second)) === true, "Play here did not take the save over");
  await first.waitForSelector("#llk-web-cover");
  check(/moved to another tab/.test(await coverText(first)), `first tab says: ${await coverText(first)}`);
  check((await owner(first)) === false, "the first tab still writes");

  // the first tab takes it back: it reloads as the owner, and the second one stops writing
  await tap(first, "#llk-web-cover-action");
  await first.waitForFunction(() => window.__llkWeb?.owner === true, null, { timeout: LOAD_MS });
  await first.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await second.waitForSelector("#llk-web-cover");
  check((await owner(second)) === false, "the second tab still writes after the first took it back");

  check(phone.problems.length === 0, `page problems:\n${phone.problems.join("\n")}`);
  console.log("tabs: ok");
} finally {
  await phone.close();
  await server.close();
}
