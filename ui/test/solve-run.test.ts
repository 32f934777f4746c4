/**
 * "Show me" (classic/solve-run.ts) stopped by a key while a step is on its way to the engine:
 * the engine makes that match anyway, so the board must show it (else it keeps two tiles the
 * engine has taken away), and no further step is asked for.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameView, Outcome } from "../src/ipc";

/** The engine's answers to `solve_step`, given by the test when it chooses. */
const steps: ((answer: unknown) => void)[] = [];
vi.mock("../src/api", () => ({
  api: { solveStep: () => new Promise((resolve) => steps.push(resolve)) },
  toAppError: (e: unknown) => e,
}));

const { SolveRun } = await import("../src/classic/solve-run");

afterEach(() => {
  steps.length = 0;
  vi.unstubAllGlobals();
});

describe("Show me stopped mid-step", () => {
  it("draws the step the engine made after the stop, and asks for no other", async () => {
    vi.stubGlobal("document", { getElementById: () => ({ hidden: true }) });
    vi.stubGlobal("window", { addEventListener: () => undefined, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) });
    const game = { status: "playing" } as GameView;
    const played: Outcome[] = [];
    const run = new SolveRun({
      enqueue: (task) => task(),
      elapsed: () => 0,
      paused: () => false,
      current: () => game,
      play: (outcome) => played.push(outcome),
      changed: () => undefined,
      t: () => (key: string) => key,
      toasts: { show: () => undefined } as never,
    });
    run.toggle();
    await vi.waitFor(() => expect(steps).toHaveLength(1));
    // a key stops the run while the engine works on the step
    run.stop(false);
    const outcome = { kind: "matched" } as Outcome;
    steps[0]!({ mode: "classic", outcome, game });
    await vi.waitFor(() => expect(played).toEqual([outcome]));
    expect(run.running).toBe(false);
    // the loop's pause between steps (STEP_MS) passes without a second step
    await new Promise((r) => setTimeout(r, 700));
    expect(steps).toHaveLength(1);
  });
});
