/**
 * "Show me" (classic): the computer plays the rest of the game from its certificate, one
 * `solve_step` at a time through the action queue, each drawn by the same function as a
 * player's match (path, vanish, and whatever else a match outcome animates), about
 * `STEP_MS` apart. Any tap or key stops it (and does nothing else); a pause waits. The
 * game is marked assisted by the engine: its end says the computer cleared the board.
 */
import { api, toAppError } from "../api";
import { errorText } from "../errors";
import { byId } from "../hud";
import type { Translate } from "../i18n";
import type { GameView, Outcome } from "../ipc";
import type { Toasts } from "../toast";

/** Time between two computer matches: watchable, not slow. */
export const STEP_MS = 600;

export interface SolveHost {
  enqueue(task: () => Promise<void>): Promise<void>;
  elapsed(): number;
  paused(): boolean;
  current(): GameView | null;
  /** Draws a match outcome exactly as for a player's tap. */
  play(outcome: Outcome, game: GameView): void;
  /** Running or not changed (the HUD's button state). */
  changed(): void;
  t(): Translate;
  toasts: Toasts;
}

const sleep = (ms: number) => new Promise<void>((r) => window.setTimeout(r, ms));

export class SolveRun {
  private run = 0;
  private runs = 0;
  private swallowClick = false;
  private readonly stopBar = byId<HTMLButtonElement>("solve-stop");

  constructor(private readonly host: SolveHost) {
    // Capture phase: the tap or key that stops the run reaches nothing else.
    window.addEventListener("pointerdown", (e) => this.onInterrupt(e), true);
    window.addEventListener("keydown", (e) => this.onInterrupt(e), true);
    window.addEventListener(
      "click",
      (e) => {
        if (!this.swallowClick) return;
        this.swallowClick = false;
        e.preventDefault();
        e.stopImmediatePropagation();
      },
      true,
    );
  }

  get running(): boolean {
    return this.run !== 0;
  }

  toggle(): void {
    if (this.running) this.stop(true);
    else void this.start();
  }

  /** Stops the run; `told` shows "your turn". */
  stop(told: boolean): void {
    if (!this.running) return;
    this.run = 0;
    this.stopBar.hidden = true;
    this.host.changed();
    if (told) this.host.toasts.show(this.host.t()("solve.stopped"));
  }

  private onInterrupt(e: Event): void {
    if (!this.running) return;
    if (e instanceof KeyboardEvent && ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.type === "pointerdown") {
      this.swallowClick = true;
      window.setTimeout(() => (this.swallowClick = false), 800);
    }
    this.stop(true);
  }

  private async start(): Promise<void> {
    const g = this.host.current();
    if (!g || g.status !== "playing") return;
    const run = ++this.runs;
    this.run = run;
    this.stopBar.hidden = false;
    this.host.changed();
    while (this.run === run) {
      const now = this.host.current();
      if (!now || now.status !== "playing") break;
      if (this.host.paused()) {
        await sleep(200);
        continue;
      }
      let ok = true;
      await this.host.enqueue(async () => {
        if (this.run !== run) return;
        try {
          const res = await api.solveStep(this.host.elapsed());
          // drawn even when a key stopped the run while the step was on its way: the engine
          // has made the match, and a board left without it would show two tiles that are gone
          if (res.mode === "classic") this.host.play(res.outcome, res.game);
        } catch (e) {
          ok = false;
          this.host.toasts.show(this.message(e), "info", 5000);
        }
      });
      if (!ok) break;
      await sleep(STEP_MS);
    }
    if (this.run === run) this.stop(false);
  }

  private message(e: unknown): string {
    const t = this.host.t();
    const err = toAppError(e);
    switch (err.code) {
      case "not_solvable":
        return t("error.not_solvable");
      case "undecided":
        return t("error.undecided");
      default:
        return errorText(err, t);
    }
  }
}
