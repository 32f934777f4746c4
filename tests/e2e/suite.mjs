// End-to-end scenarios in the REAL app: the Tauri binary driven through tauri-driver
// (WebKitWebDriver) with webdriverio's standalone client. Started by run.sh, which builds
// the app, starts Xvfb and tauri-driver with XDG_DATA_HOME=$LLK_E2E_DATA; every test
// starts from an empty app data dir (this script empties it between sessions).
// Scenarios live in scenarios/*.mjs, one module per concern (imported below, run in that
// order); the harness and page helpers in lib.mjs. LLK_E2E_ONLY=regex runs the matching ones.
// Prints "N passed, N failed" and exits non-zero on any failure.
//   LLK_E2E_HANG=regex  tests the recovery below: stops WebKitWebDriver (SIGSTOP, as the
//                       hang seen in CI) as the first run of each matching scenario starts,
//                       or LLK_E2E_HANG_AFTER_MS later (mid-scenario)
import { appendFileSync } from "node:fs";
import { appsGone, DriverError, driverAnswers, restartDriver, stopNativeDriver } from "./driver.mjs";
import { AssertionError, freshData, tests } from "./lib.mjs";
import "./scenarios/classic.mjs";
import "./scenarios/stack.mjs";
import "./scenarios/level.mjs";
import "./scenarios/solvability.mjs";
import "./scenarios/journey.mjs";
import "./scenarios/codes.mjs";
import "./scenarios/online.mjs";
import "./scenarios/feedback.mjs";
import "./scenarios/extras.mjs";
import "./scenarios/fit.mjs";
import "./scenarios/instance.mjs";
import "./scenarios/tidy.mjs";

const only = process.env.LLK_E2E_ONLY ? new RegExp(process.env.LLK_E2E_ONLY) : null;

// ---- run --------------------------------------------------------------------------------

let passed = 0;
let failed = 0;
let retried = 0;
let restarts = 0;
const t0 = Date.now();
const hang = process.env.LLK_E2E_HANG ? new RegExp(process.env.LLK_E2E_HANG) : null;
const hangAfter = Number(process.env.LLK_E2E_HANG_AFTER_MS ?? 0);
// The environment, not the app: WebKitGTK's web process died under Xvfb on a loaded machine
// ("page crash or hang"), or the WebDriver servers stopped answering (no session in time,
// a request timed out or its connection dropped). Such a scenario runs once more from a fresh
// start, after a restart of the servers when they do not answer. Any other failure, an
// assertion first of all, is not retried.
const crashed = (e) => /page crash or hang|invalid session id/.test(String(e?.message ?? e));
// A server that hangs again right after every restart would cost each remaining scenario two
// session timeouts: after this many scenarios in a row failed so, the suite stops.
const HUNG_IN_A_ROW = 3;
let hungInARow = 0;
const transport = (e) => /UND_ERR|ECONNRESET|ECONNREFUSED|socket hang up|fetch failed|Request timed out/.test(String(e?.message ?? e));
for (const t of tests) {
  if (only && !only.test(t.name)) continue;
  const s = Date.now();
  let error = null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    error = null;
    try {
      freshData();
      let timer = null;
      if (attempt === 1 && hang?.test(t.name)) timer = setTimeout(stopNativeDriver, hangAfter);
      try {
        await t.fn();
      } finally {
        clearTimeout(timer);
      }
    } catch (e) {
      error = e;
    }
    if (error === null) break;
    // whatever failed, the next scenario needs servers that answer and no app left over
    const hung = error instanceof DriverError || !(await driverAnswers());
    if (hung || !(await appsGone())) {
      restarts++;
      try {
        await restartDriver(hung ? "it does not answer" : "an app outlived its session");
      } catch (e) {
        console.log(`FAIL ${t.name}: ${String(error?.message ?? error).split("\n")[0]}`);
        console.log(`e2e: cannot go on: ${e?.message ?? e}`);
        process.exit(1);
      }
    }
    if (attempt === 2 || error instanceof AssertionError || !(hung || crashed(error) || transport(error))) break;
    retried++;
    console.log(`...  ${t.name}: ${String(error?.message ?? error).split("\n")[0].slice(0, 200)}; running it once more`);
  }
  const took = ((Date.now() - s) / 1000).toFixed(1);
  if (error === null) {
    passed++;
    console.log(`ok   ${t.name} (${took} s)`);
  } else {
    failed++;
    console.log(`FAIL ${t.name} (${took} s)\n     ${error?.stack ?? error}`);
    // run.sh repeats these lines last, after the driver's log, so that a CI log's tail names them
    if (process.env.LLK_E2E_RECAP)
      appendFileSync(process.env.LLK_E2E_RECAP, `FAIL ${t.name} (${took} s): ${String(error?.message ?? error).split("\n")[0].slice(0, 300)}\n`);
  }
  hungInARow = error instanceof DriverError ? hungInARow + 1 : 0;
  if (hungInARow >= HUNG_IN_A_ROW) {
    console.log(`e2e: no WebDriver session in ${HUNG_IN_A_ROW} scenarios in a row, restarts included: stopping`);
    break;
  }
}
if (retried > 0) console.log(`e2e: ${retried} scenario(s) re-run after a crash or a hung driver`);
if (restarts > 0) console.log(`e2e: tauri-driver restarted ${restarts} time(s)`);
console.log(`e2e: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
