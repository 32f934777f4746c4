// The engine stopping mid-game (a trap: a panic aborts the module) costs one command: that
// command is refused with `internal`, the engine restarts from the saved state, and the next
// command plays on the same board. The trap is caused in the engine worker by making its next
// hint call fail the way a trapping module's call fails (the hint's only: the page makes calls
// of its own meanwhile, e.g. the saved first-launch setting, and a trap in one of them would
// leave the hint answered).
import { boardCells, check, dismissIntro, launchPhone, LOAD_MS, startServer, tap } from "./lib.mjs";

const server = await startServer();
const phone = await launchPhone();
const { page } = phone;
try {
  await page.goto(server.url);
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await dismissIntro(page);
  const before = await boardCells(page);
  const [worker] = page.workers();
  check(worker !== undefined, "no engine worker");
  await worker.evaluate(() => {
    const encode = TextEncoder.prototype.encode;
    TextEncoder.prototype.encode = function (request) {
      if (!/"command":"hint"/.test(String(request))) return encode.call(this, request);
      TextEncoder.prototype.encode = encode;
      throw new WebAssembly.RuntimeError("unreachable");
    };
  });
  await tap(page, "#btn-hint");
  await page.waitForFunction(() => window.__llkWeb?.restarts === 1, null, { timeout: 10000 });
  check((await page.locator("#board button.tile[data-hint]").count()) === 0, "the trapped hint was answered");

  await tap(page, "#btn-hint");
  await page.waitForSelector("#board button.tile[data-hint]", { timeout: 10000 });
  check(JSON.stringify(await boardCells(page)) === JSON.stringify(before), "the restarted engine has another board");
  // the trap's own page error is the one expected; anything else fails
  const others = phone.problems.filter((p) => !/unreachable/.test(p));
  check(others.length === 0, `page problems:\n${others.join("\n")}`);
  console.log("trap: one command refused, the engine restarted on the same board");
} finally {
  await phone.close();
  await server.close();
}
