/**
 * What a classic match shows on the board once the engine has answered: the path, the pair
 * vanishing, the slide glides, then (after the frame that shows the tiles) the line, the
 * floating "+points", the combo's pulse and the announcement; and an auto-shuffle drawn after
 * its match, with taps held back until it is on screen. The controller decides which game is
 * current and when the game is won; this module only draws.
 */
import { afterFrame } from "../after-frame";
import type { Translate } from "../i18n";
import type { GameView, Outcome, Pos } from "../ipc";
import { sound } from "../sound";
import { timing } from "../timings";
import type { Toasts } from "../toast";
import type { BoardView } from "./board-view";
import { floatPoints, preShuffleCells, SHUFFLE_MS } from "./feedback";
import type { PathOverlay } from "./path-overlay";
import { pathDuration } from "./path-view";
import { glideDuration, glides } from "./slide-motion";

type Matched = Extract<Outcome, { kind: "matched" }>;

export interface MatchDrawHost {
  readonly board: BoardView;
  readonly overlay: PathOverlay;
  /** Where floating "+points" are drawn: the board frame, in the overlay's coordinates. */
  readonly fxFrame: HTMLElement;
  readonly reducedMotion: MediaQueryList;
  readonly toasts: Toasts;
  t(): Translate;
  /** The game drawn now: an auto-shuffle is shown only if its game is still the one. */
  current(): GameView | null;
  /** The count of boards drawn whole: what waits for a frame is dropped when it changed. */
  boards(): number;
  pulseCombo(): void;
}

export class MatchDraw {
  /** An auto-shuffle is being shown after its match: taps wait until it is drawn. */
  private settleUntil = 0;
  private settleTimer = 0;

  constructor(private readonly host: MatchDrawHost) {}

  /** Whether taps must wait for an auto-shuffle still to be drawn. */
  settling(): boolean {
    return performance.now() < this.settleUntil;
  }

  /** Stops a pending auto-shuffle (an undo, a new game, a board replaced). */
  cancel(): void {
    window.clearTimeout(this.settleTimer);
    this.settleUntil = 0;
  }

  /** The line's and the fade's lengths for `path`, ms. */
  private lengths(path: Pos[]): { total: number; fade: number } {
    const reduced = this.host.reducedMotion.matches;
    return { total: reduced ? 0 : pathDuration(path), fade: reduced ? 60 : timing("fade") };
  }

  /**
   * A match's first frame: the path set and the pair starting to vanish. `draw` draws it
   * with the engine's answer, or the tap drew it already, from the link the engine told
   * before the tap (`GameView.links`), so that the tap's own frame shows the match.
   */
  vanishPair(path: Pos[], removed: Pos[]): void {
    const { board, overlay } = this.host;
    const { total, fade } = this.lengths(path);
    overlay.setPath(path);
    board.setHint([]);
    board.setSelection(null);
    board.vanish(removed, total, fade);
  }

  /**
   * Draws a match on the board that showed `before` (its cells) and now shows `game`: the
   * path, the pair vanishing (unless the tap drew them at `drawnAt`, `vanishPair`), the
   * board as the match left it, the slide glides, then any auto-shuffle. Returns the ms
   * until the line and the fade are over (the won dialog waits for them).
   */
  draw(outcome: Matched, before: GameView["cells"], game: GameView, drawnAt?: number): number {
    const { board } = this.host;
    const reduced = this.host.reducedMotion.matches;
    const { total, fade } = this.lengths(outcome.path);
    if (drawnAt === undefined) this.vanishPair(outcome.path, outcome.removed);
    const started = drawnAt ?? performance.now();
    // what is timed from the match's first frame, less the time since it was drawn
    const since = performance.now() - started;
    const moves = outcome.moves;
    // An auto-shuffle waits for its match: the board as the match left it first.
    board.render(outcome.shuffled ? { ...game, cells: preShuffleCells(before, outcome.removed, moves), selection: null } : game);
    // slide rules: path first, then the tiles glide from → to, then any shuffle
    board.el.dataset["moves"] = JSON.stringify(moves);
    let settle = total + fade;
    if (moves.length > 0 && !reduced) {
      const glideMs = glideDuration(moves);
      board.glide(glides(moves), Math.max(0, total - since), glideMs);
      settle = Math.max(settle, total + glideMs);
    }
    if (outcome.shuffled) this.showAutoShuffle(game, Math.max(0, settle - since), reduced);
    this.afterMatchFrame(outcome, total, reduced ? 250 : Math.round(fade / 2), game.tiles_left, started);
    return Math.max(0, total + fade - since);
  }

  /**
   * What a match shows after its first frame: the line (over `totalMs`, held `holdMs`), the
   * "+points", the combo's pulse and the announcement. The line and the points are timed from
   * the match's first frame (`started`): drawn `late` ms after it, their animations start
   * `late` ms in, so they end when they would have had they been drawn with the tiles (the
   * first frame shows a line of length zero either way).
   */
  private afterMatchFrame(outcome: Matched, totalMs: number, holdMs: number, tilesLeft: number, started: number): void {
    const boards = this.host.boards();
    afterFrame(() => {
      if (boards !== this.host.boards()) return;
      const late = performance.now() - started;
      const g = this.host.board.geometry();
      if (g) {
        this.host.overlay.draw(outcome.path, g, totalMs, holdMs, "link", late);
        floatPoints(this.host.fxFrame, g, outcome.removed, outcome.points, Math.round(totalMs / 2) - late);
      }
      if (outcome.combo > 1) this.host.pulseCombo();
      this.host.toasts.announce(this.host.t()("announce.matched", { n: tilesLeft }));
    });
  }

  /** After the match's line and fade (`afterMs`): the shuffled board, animated, then the
   *  toast. Taps wait meanwhile; an undo or a new game first cancels it. */
  private showAutoShuffle(game: GameView, afterMs: number, reduced: boolean): void {
    this.cancel();
    const board = this.host.board;
    this.settleUntil = performance.now() + afterMs + 40;
    board.el.dataset["autoShuffle"] = "pending";
    this.settleTimer = window.setTimeout(() => {
      this.settleUntil = 0;
      if (this.host.current() !== game) return;
      board.render(game);
      const el = board.el;
      el.classList.remove("shuffling");
      if (!reduced) {
        void el.offsetWidth;
        el.classList.add("shuffling");
      }
      el.dataset["autoShuffle"] = "shown";
      sound.play("shuffle");
      this.settleTimer = window.setTimeout(() => this.host.toasts.show(this.host.t()("shuffled.auto")), reduced ? 0 : SHUFFLE_MS);
    }, afterMs + 40);
  }
}
