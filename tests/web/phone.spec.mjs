// The web build played as a phone plays it: whole games by finger taps against the real engine
// (WebAssembly in a worker), reload and offline resume, damaged and full storage, two tabs, on
// emulated phones (390×844 and 360×640 portrait, 844×390 landscape, device scale factor 3,
// touch, mobile). One Chromium, a fresh context per scenario (tests/web/phone/harness.mjs);
// LLK_PHONE_ONLY=<regex> runs the scenarios whose names match. Screenshots land in
// tests/web/artifacts/.
import "./phone/scenarios/guard.mjs";
import "./phone/scenarios/play.mjs";
import "./phone/scenarios/level.mjs";
import "./phone/scenarios/layout.mjs";
import "./phone/scenarios/stack-fit.mjs";
import "./phone/scenarios/saves.mjs";
import "./phone/scenarios/tabs.mjs";
import { runAll } from "./phone/harness.mjs";

await runAll();
