/**
 * The dead-end warning (classic): after a change leaves the position's solvability
 * unknown, asks the shell to judge it (`judge`, off the tap's path: the tap has already
 * been drawn) and merges the verdict if the board is still the one judged. When a match
 * turned a solvable board unsolvable (`solvable: "no"` with an earlier solvable position
 * to go back to), a banner says so and offers "Undo to last solvable position"; it goes
 * once the position is solvable again (or the game is won or replaced).
 */
import { api } from "../api";
import { byId } from "../hud";
import type { AnyView, GameView } from "../ipc";
import { boardKey, isDeadEnd } from "./solvability";

export interface DeadEndHost {
  /** The classic game drawn now, if any. */
  current(): GameView | null;
  /** A verdict for the board drawn now arrived: the game with it merged. */
  judged(game: GameView): void;
  /** Runs `undo_to_solvable` in the action queue and draws its result. */
  undoToSolvable(): void;
  /** A failed judgement (shown like any command error). */
  error(e: unknown): void;
}

export class DeadEnd {
  private readonly banner = byId("dead-end");
  /** The board last seen, and whether a verdict was asked for it. */
  private seen = "";
  private asked = false;

  constructor(private readonly host: DeadEndHost) {
    byId("dead-end-undo").addEventListener("click", () => host.undoToSolvable());
  }

  /** Another mode's game replaced the board: no banner. */
  hide(): void {
    this.banner.hidden = true;
  }

  /** After any change (or with `null` in a journey): the banner and, when the
   *  verdict is unknown, one judgement per board. */
  update(g: GameView | null, paused: boolean): void {
    this.banner.hidden = paused || !isDeadEnd(g);
    if (!g) return;
    const key = boardKey(g);
    if (key !== this.seen) {
      this.seen = key;
      this.asked = false;
    }
    if (g.solvable === "unknown" && g.status === "playing" && !this.asked) {
      this.asked = true;
      void api.judge().then(
        (v: AnyView) => {
          const now = this.host.current();
          if (v.mode === "classic" && now && boardKey(now) === boardKey(v)) this.host.judged(v);
        },
        (e: unknown) => this.host.error(e),
      );
    }
  }
}
