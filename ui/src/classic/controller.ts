/**
 * The classic board's controller, for free play and for a journey's levels (a journey is
 * a classic board with its level bar and dialogs, journey/controller.ts): sends taps,
 * hints, shuffles and undos to the engine through the app's ordered queue and draws the
 * answers (selection, the no-path shake; a match's path, glides, "+points" and any
 * auto-shuffle are drawn by match-draw.ts), keeps focus on the board for the arrow keys,
 * sizes the board to the stage, and runs the dead-end warning and "Show me". The app owns
 * the clock, the pause, the HUD's shared parts and the dialogs every mode shares.
 */
import { afterFrame } from "../after-frame";
import { api } from "../api";
import { celebrate } from "../celebrate";
import { faceOf } from "../faces";
import { byId, setAttr, setDisabled, setHidden } from "../hud";
import type { Translate } from "../i18n";
import type { AnyView, GameView, JourneyView, Outcome, Pos, StackStatus, Status } from "../ipc";
import { JourneyUi } from "../journey/controller";
import type { Action } from "../keys";
import type { ModeAction, ModeController, ModeHost } from "../mode";
import { sound, soundForOutcome } from "../sound";
import { BoardView } from "./board-view";
import { DeadEnd } from "./dead-end";
import { clearFloats, ComboMeter, shake } from "./feedback";
import { firstTile, nextFocus } from "./focus";
import { fitBoard, TOUCH_MIN_CELL } from "./layout";
import { MatchDraw } from "./match-draw";
import { MoreRows } from "./more-rows";
import { engineDirection, screenDims } from "./orientation";
import { PathOverlay } from "./path-overlay";
import { pathDuration, sameGeometry } from "./path-view";
import { minCell, scrollbarWidth } from "./screen-fit";
import { SolveRun } from "./solve-run";

export interface ClassicHost extends ModeHost {
  /** Whether the game clock runs now (a journey's countdown drains only then). */
  clockRunning(): boolean;
  /** The game is won: stop the clock and save its time. */
  stopClock(): void;
  /** The free-play won dialog; `newBest` as the shell said in the winning select's `new_best`. */
  showWon(game: GameView, newBest: boolean): void;
  openNewGame(): void;
  /** A failed command, shown like every command error. */
  error(e: unknown): void;
}

/** What a tap drew before the engine answered it (`drawAhead`): the match, if it drew one, and when. */
interface Ahead {
  match: { at: number; removed: [Pos, Pos] } | null;
}

/** Whether two pairs of cells are the same pair. */
const samePair = (a: [Pos, Pos], b: [Pos, Pos]): boolean => a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);

export class ClassicController implements ModeController {
  /** The classic game drawn now (a journey's level included); null in another mode. */
  private game: GameView | null = null;
  private readonly board: BoardView;
  private readonly overlay = new PathOverlay(byId("path-overlay"));
  /** Where floating "+points" are drawn: the board frame, in the overlay's coordinates. */
  private readonly fxFrame = byId("path-overlay").parentElement ?? byId("board");
  private readonly journey: JourneyUi;
  /** The dead-end warning and "Show me". */
  private readonly deadEnd: DeadEnd;
  private readonly solveRun: SolveRun;
  /** The combo with its draining window. */
  private readonly combo = new ComboMeter(byId("combo"), () => this.drawCombo());
  /** The "more rows" labels of a board that pans. */
  private readonly moreRows: MoreRows;
  /** The winning select's `new_best` (the shell decides "New best", not the view). */
  private newBest = false;
  /** A match's path, vanishing pair, glides, "+points" and any auto-shuffle after it. */
  private readonly matchDraw: MatchDraw;
  /**
   * Counts the boards drawn whole (a new game, a shuffle, an undo, another mode): what a tap
   * left for after its frame (the match's line, "+points") is dropped if the board it was
   * for has been replaced meanwhile.
   */
  private boards = 0;
  /** The dead-end check and the combo meter are queued for after the frame (see `refresh`). */
  private lateQueued = false;

  constructor(
    private readonly host: ClassicHost,
    private readonly reducedMotion: MediaQueryList,
  ) {
    this.board = new BoardView(byId("board"), { onSelect: (r, c) => this.select(r, c) }, host.t());
    this.moreRows = new MoreRows(byId("board-scroll"), byId("more-above"), byId("more-below"), () => host.t());
    this.journey = new JourneyUi({
      enqueue: (task) => host.enqueue(task),
      elapsed: () => host.elapsed(),
      clockRunning: () => host.clockRunning(),
      t: () => host.t(),
      toasts: host.toasts,
      show: (v) => host.showAny(v),
      openNewGame: () => host.openNewGame(),
    });
    this.deadEnd = new DeadEnd({
      current: () => this.game,
      judged: (g) => {
        if (this.game) this.game = { ...this.game, solvable: g.solvable, can_undo_to_solvable: g.can_undo_to_solvable };
        host.refresh();
      },
      undoToSolvable: () => void host.enqueue(async () => this.afterChange(await api.undoToSolvable(), "undo")),
      error: (e) => host.error(e),
    });
    this.matchDraw = new MatchDraw({
      board: this.board,
      overlay: this.overlay,
      fxFrame: this.fxFrame,
      reducedMotion,
      toasts: host.toasts,
      t: () => host.t(),
      current: () => this.game,
      boards: () => this.boards,
      pulseCombo: () => host.hud.pulseCombo(),
    });
    this.solveRun = new SolveRun({
      enqueue: (task) => host.enqueue(task),
      elapsed: () => host.elapsed(),
      paused: () => host.paused(),
      current: () => this.game,
      play: (outcome, game) => this.applyOutcome(outcome, game),
      changed: () => host.refresh(),
      t: () => host.t(),
      toasts: host.toasts,
    });
  }

  /** The combo meter for the game on screen now. */
  private drawCombo(): void {
    this.combo.draw(this.game, this.host.elapsed(), this.host.clockRunning());
  }

  current(): AnyView | null {
    if (this.journey.view) return { mode: "journey", ...this.journey.view };
    return this.game ? { mode: "classic", ...this.game } : null;
  }

  status(): Status | StackStatus | null {
    return this.game?.status ?? null;
  }

  /** Starts (restart) or continues the journey (the New game dialog's Journey). */
  startJourney(restart: boolean): void {
    this.journey.start(restart);
  }

  // ---- showing ---------------------------------------------------------------------

  /** A new game of any mode is about to be drawn: what ran on the old board stops (a
   *  pending auto-shuffle, "Show me"). */
  leaving(): void {
    this.boards++;
    this.matchDraw.cancel();
    this.newBest = false;
    this.solveRun.stop(false);
  }

  /** Draws a new, resumed or retried classic game or journey level. */
  show(view: Exclude<AnyView, { mode: "stack" }>): void {
    if (view.mode === "journey") this.journey.show(view);
    else this.journey.hide();
    const game: GameView = view.mode === "journey" ? view.game : view;
    this.game = game;
    this.boards++;
    this.board.setHint([]);
    this.overlay.clear();
    this.fitNow();
    this.board.render(game);
    this.board.setFocus(firstTile(game.cells), false);
    this.host.refresh();
    if (game.status === "won") this.showWon();
  }

  /** Another mode's game replaced the board. */
  hide(): void {
    this.boards++;
    this.game = null;
    this.board.setHint([]);
    this.overlay.clear();
    this.journey.hide();
    this.deadEnd.hide();
    this.moreRows.set(null);
  }

  fit(stageW: number, stageH: number): void {
    const g = this.game;
    if (!g) return;
    const scroll = byId("board-scroll");
    const min = minCell();
    // touch-sized boards pan without a scrollbar (as on phones); a mouse gets one
    const touch = min >= TOUCH_MIN_CELL;
    scroll.classList.toggle("touch", touch);
    let fit = fitBoard(stageW, stageH, g.rows, g.cols, min);
    // a board that pans vertically shares the width with a scrollbar
    if (fit.size.scrollsY && !touch) fit = fitBoard(stageW - scrollbarWidth(), stageH, g.rows, g.cols, min);
    // effects drawn in the old geometry's pixels would land in the wrong place
    const was = this.board.geometry();
    this.board.setOrientation(fit.orientation);
    this.board.applySize(fit.size);
    const now = this.board.geometry();
    if (was && now && !sameGeometry(was, now)) {
      this.overlay.clear();
      clearFloats(this.fxFrame);
    }
    scroll.classList.toggle("scrolls", fit.size.scrolls);
    if (fit.size.scrolls) this.board.reveal(this.board.marked, false);
    const { cellH, ringH } = fit.size;
    this.moreRows.set(fit.size.scrollsY ? { screenRows: screenDims(g.rows, g.cols, fit.orientation).rows, cellH, ringH } : null);
  }

  /**
   * The HUD, the journey's props, the dead-end warning and the clock after a change. It runs
   * after every tap, so it writes only what changed; the dead-end check (which may ask the
   * engine for a verdict) and the combo meter wait for the frame that shows the change.
   */
  refresh(): void {
    const g = this.game;
    if (!g) return;
    const hud = this.host.hud;
    const paused = this.host.paused();
    const t = this.host.t();
    hud.update(g, paused);
    this.journey.decorate(paused);
    this.moreRows.setEmpty(g.tiles_left === 0);
    const journeyOn = (this.journey.view?.journey.status ?? "playing") === "playing";
    // Show me and the dead-end warning serve free play; a journey level is timed play
    // where neither is offered (the shell refuses both outside classic).
    const inJourney = this.journey.view !== null;
    hud.showSeed(!inJourney);
    setHidden(hud.buttons.demo, inJourney);
    setAttr(hud.buttons.demo, "aria-pressed", String(this.solveRun.running));
    setAttr(hud.buttons.demo, "title", t("btn.solveLong"));
    this.host.runClock(g.status === "playing" && journeyOn);
    this.stuckFeedback(g, t);
    this.refreshLate();
  }

  /** The dead-end warning and the combo meter for the game drawn then, after the next frame. */
  private refreshLate(): void {
    if (this.lateQueued) return;
    this.lateQueued = true;
    afterFrame(() => {
      this.lateQueued = false;
      const g = this.game;
      this.drawCombo();
      if (g) this.deadEnd.update(this.journey.view !== null ? null : g, this.host.paused());
    });
  }

  setTranslate(t: Translate): void {
    this.board.setTranslate(t);
    this.journey.setTranslate();
    this.moreRows.draw();
  }

  focusCurrent(): void {
    this.board.focusCurrent();
  }

  // ---- actions ---------------------------------------------------------------------

  perform(action: ModeAction): void {
    switch (action) {
      case "hint":
        return void this.host.enqueue(() => this.hint());
      case "shuffle":
        return void this.host.enqueue(async () => this.afterChange(await api.shuffle(this.host.elapsed()), "shuffle"));
      case "undo":
        // The engine says when there is something to undo (never after a win): the key
        // does what the button does.
        if (!this.game?.can_undo) return;
        return void this.host.enqueue(async () => this.afterChange(await api.undo(this.host.elapsed()), "undo"));
      case "demo":
        return this.journey.view ? undefined : this.solveRun.toggle();
      case "moveOut":
        return;
    }
  }

  retry(): void {
    if (this.journey.view) return this.journey.retry();
    const g = this.game;
    if (!g) return this.host.openNewGame();
    this.host.newGame({ ...g.options });
  }

  /** Enter / Space and the arrow keys on the board; the rest is the app's. */
  key(e: KeyboardEvent, action: Action, target: HTMLElement | null): boolean {
    const onTile = target?.closest("button.tile") ?? null;
    if (action.type === "select") {
      // a focused tile (or HUD button) clicks itself natively
      if (target instanceof HTMLButtonElement) return true;
      e.preventDefault();
      this.board.focusCurrent();
      return true;
    }
    if (action.type !== "move") return false;
    e.preventDefault();
    if (this.host.paused()) return true;
    const from = this.board.focused;
    if (!onTile || !from) {
      this.board.setFocus(from ?? firstTile(this.board.currentCells));
      return true;
    }
    const to = nextFocus(this.board.currentCells, from, engineDirection(action.dir, this.board.orientation));
    if (to) this.board.setFocus(to);
    return true;
  }

  /** The board after a change that is no tap (shuffle, undo, an auto-shuffle turned on while stuck). */
  afterChange(view: AnyView, what: "shuffle" | "undo"): void {
    this.matchDraw.cancel();
    this.boards++;
    if (view.mode === "stack") return this.host.showAny(view);
    if (view.mode === "journey") this.journey.update(view, false);
    const game: GameView = view.mode === "journey" ? view.game : view;
    this.board.setHint([]);
    this.overlay.clear();
    const boardEl = this.board.el;
    boardEl.classList.remove("shuffling");
    if (what === "shuffle") sound.play("shuffle");
    if (what === "shuffle" && !this.reducedMotion.matches) {
      void boardEl.offsetWidth;
      boardEl.classList.add("shuffling");
    }
    this.game = game;
    this.board.render(game);
    this.host.refresh();
  }

  private select(row: number, col: number): void {
    const ahead = this.drawAhead(row, col);
    void this.host.enqueue(async () => {
      if (this.host.paused() || !this.game || this.game.status === "won" || this.matchDraw.settling()) {
        if (ahead && this.game) this.board.render(this.game);
        return;
      }
      const res = await api.select(row, col, this.host.elapsed());
      if (res.mode !== "stack") this.newBest = res.new_best;
      if (res.mode === "classic") this.applyOutcome(res.outcome, res.game, ahead);
      else if (res.mode === "journey") this.applyJourney(res.outcome, res.game, ahead);
      else this.host.showAny({ mode: "stack", ...res.game });
    });
  }

  /**
   * Draws a tap's answer in the tap's own frame, from what the engine said before the tap,
   * when nothing else is waiting for the engine: with no selection the tile is selected; the
   * selected tile is deselected; a tile in the selection's `links` vanishes with it along the
   * link's line; any other tile becomes the selection. `select`'s answer then draws the rest
   * (sound, shake, HUD, glides) and puts right anything it answered otherwise.
   */
  private drawAhead(row: number, col: number): Ahead | null {
    const g = this.game;
    if (!g || g.status === "won" || !this.host.idle() || this.host.paused() || this.matchDraw.settling()) return null;
    if (g.cells[row]?.[col] == null) return null;
    const sel = g.selection;
    if (sel && sel[0] === row && sel[1] === col) {
      this.board.setSelection(null);
      return { match: null };
    }
    const link = sel ? g.links.find((l) => l.cell[0] === row && l.cell[1] === col) : undefined;
    if (sel && link) {
      const at = performance.now();
      this.matchDraw.vanishPair(link.path, [sel, link.cell]);
      return { match: { at, removed: [sel, link.cell] } };
    }
    this.board.setSelection([row, col]);
    return { match: null };
  }

  /** A journey tap: `null` when the time was up (the level is lost). */
  private applyJourney(outcome: Outcome | null, view: JourneyView, ahead: Ahead | null): void {
    if (outcome === null) return this.host.showAny({ mode: "journey", ...view });
    this.journey.view = view;
    this.applyOutcome(outcome, view.game, ahead);
    this.journey.update(view, outcome.kind === "matched");
    this.host.refresh();
  }

  /**
   * Draws what a tap (or a step of "Show me") did. What the tap's frame must show is drawn
   * now: the tiles (selected, deselected, fading), the HUD's numbers. The rest waits for
   * that frame (`afterFrame`): the announcement, the combo, the match's line and "+points".
   */
  private applyOutcome(outcome: Outcome, game: GameView, ahead: Ahead | null = null): void {
    const t = this.host.t();
    const toasts = this.host.toasts;
    sound.play(soundForOutcome(outcome));
    // a match drawn ahead is kept when the engine answered that match; otherwise (never
    // expected) the board is drawn as it is
    const match = ahead?.match ?? null;
    const drawnAt = match && outcome.kind === "matched" && samePair(match.removed, outcome.removed) ? match.at : undefined;
    if (match && drawnAt === undefined) {
      this.overlay.clear();
      this.board.render(game);
    }
    switch (outcome.kind) {
      case "selected":
        this.board.setSelection(outcome.cell);
        this.board.reveal([outcome.cell]);
        toasts.announce(t("announce.selected", { face: this.faceName(outcome.cell, t) }));
        break;
      case "deselected":
        this.board.setSelection(null);
        break;
      case "switched":
        this.board.setSelection(outcome.to);
        this.board.reveal([outcome.to]);
        if (outcome.no_path) {
          // Same kind, but no path with at most two turns: say so (and shake the pair).
          shake(this.board.el, [outcome.from, outcome.to]);
          toasts.show(t("feedback.noPath"), "info", 2500);
          toasts.announce(t("feedback.noPath"));
        } else toasts.announce(t("announce.selected", { face: this.faceName(outcome.to, t) }));
        break;
      case "matched":
        this.drawMatch(outcome, game, drawnAt);
        break;
    }
    this.game = game;
    this.host.refresh();
  }

  /** A match drawn (matchDraw), then the won dialog once all of it has been seen. */
  private drawMatch(outcome: Extract<Outcome, { kind: "matched" }>, game: GameView, drawnAt?: number): void {
    const before = this.game?.cells ?? game.cells;
    this.game = game;
    const doneMs = this.matchDraw.draw(outcome, before, game, drawnAt);
    if (game.status === "won") {
      this.host.stopClock();
      window.setTimeout(() => this.showWon(), doneMs + 150);
    }
  }

  private async hint(): Promise<void> {
    if (this.host.paused() || !this.game) return;
    const res = await api.hint();
    if (res.mode === "stack") return this.host.showAny({ mode: "stack", ...res.game });
    const hint = res.hint;
    if (res.mode === "journey") this.journey.update(res.game, false);
    this.game = res.mode === "journey" ? res.game.game : res.game;
    this.host.refresh();
    if (!hint) {
      this.host.toasts.show(this.host.t()("hint.none"));
      return;
    }
    sound.play("hint");
    this.board.setHint([hint.a, hint.b]);
    this.board.reveal([hint.a, hint.b], !this.reducedMotion.matches);
    const g = this.board.geometry();
    if (g && !this.reducedMotion.matches) this.overlay.draw(hint.path, g, pathDuration(hint.path), 900, "hint");
  }

  // ---- upkeep ----------------------------------------------------------------------

  /** Sizes the board to the stage now (the app's fit, for a board just replaced). */
  private fitNow(): void {
    const stage = byId("stage");
    this.fit(stage.clientWidth, stage.clientHeight);
  }

  /** Stuck: the banner's Undo, and why Hint is off (its tooltip says so too). */
  private stuckFeedback(g: GameView, t: Translate): void {
    const stuck = g.status === "stuck";
    setDisabled(byId<HTMLButtonElement>("stuck-undo"), this.host.hud.buttons.undo.disabled);
    const hint = this.host.hud.buttons.hint;
    if (stuck) setAttr(hint, "title", t("stuck.noHint"));
    else if (!this.journey.view) setAttr(hint, "title", null);
  }

  private showWon(): void {
    const g = this.game;
    if (!g || g.status !== "won") return;
    if (this.journey.view) {
      this.journey.openWon(this.newBest);
      return celebrate(byId("dlg-journey-won"), this.reducedMotion.matches);
    }
    this.host.showWon(g, this.newBest);
  }

  private faceName(p: [number, number], t: Translate): string {
    const kind = this.game?.cells[p[0]]?.[p[1]];
    return kind == null ? "" : t(`face.${faceOf(kind)}`);
  }
}
