/**
 * The controller: wires the engine commands (api.ts) to the board, path overlay, HUD,
 * dialogs and keyboard. It keeps the game clock and the pause state, serialises player
 * actions so their results apply in order, and turns every command error into a toast.
 * The game is in one of two modes: classic is drawn here, stack mode by
 * stack/controller.ts in the same stage (the HUD, dialogs and clock are shared). A journey
 * (issue 7) is a classic board drawn here, with its level bar and dialogs in journey/controller.ts.
 */
import { api, toAppError } from "./api";
import { BoardView } from "./classic/board-view";
import { GameClock } from "./clock";
import { DeadEnd } from "./classic/dead-end";
import { DealCodes } from "./deal-code";
import { NewGameDialog, SettingsDialog, WonDialog } from "./dialogs";
import { faceOf } from "./faces";
import { celebrate } from "./celebrate";
import { clearFloats, ComboMeter, floatPoints, preShuffleCells, shake, SHUFFLE_MS } from "./classic/feedback";
import { applyStaticText, byId, Hud } from "./hud";
import { htmlLang, resolveLang, translator, type Lang, type Translate } from "./i18n";
import type { NewGameOptions, AnyView, GameOptions, GameView, JourneyView, Outcome, Preset, Settings, StackView } from "./ipc";
import { JourneyUi } from "./journey/controller";
import { glideDuration, glides } from "./classic/slide-motion";
import { actionForKey, type Action } from "./keys";
import { firstTile, nextFocus } from "./classic/focus";
import { fitBoard, firstLayout, minCellFor, TOUCH_MIN_CELL } from "./classic/layout";
import { engineDirection } from "./classic/orientation";
import { mark, markFirstBoard } from "./metrics";
import { noticeText } from "./notice";
import { errorText } from "./errors";
import { PathOverlay } from "./classic/path-overlay";
import { StackController } from "./stack/controller";
import { pathDuration, sameGeometry } from "./classic/path-view";
import { SolveRun } from "./classic/solve-run";
import { timing } from "./timings";
import { Toasts } from "./toast";
import { FirstLaunch, shouldShowIntro } from "./first-launch";
import { sound, soundForOutcome } from "./sound";
import { StatsDialog } from "./stats-dialog";

const FALLBACK_PRESETS: Preset[] = [{ name: "10x10", rows: 10, cols: 10, kinds: 25 }];
/** The shell's default layout: a first game keeps it when it fits the screen. */
const DEFAULT_LAYOUT = "18x8";

/** The width a vertical scrollbar takes (0 with overlay scrollbars), measured once. */
let scrollbarPx: number | null = null;
function scrollbarWidth(): number {
  if (scrollbarPx === null) {
    const probe = document.createElement("div");
    probe.className = "scrollbar-probe";
    document.body.append(probe);
    scrollbarPx = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return scrollbarPx;
}

export class App {
  /** The classic game, when the mode is classic. */
  private game: GameView | null = null;
  private readonly stack: StackController;
  private presets: Preset[] = [];
  private settings: Settings = { language: "auto", auto_shuffle: true, muted: null, intro_seen: false };
  private lang: Lang = "en";
  private t: Translate = translator("en");
  private paused = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly clock = new GameClock();
  private readonly board: BoardView;
  private readonly overlay = new PathOverlay(byId("path-overlay"));
  /** Where floating "+points" are drawn: the board frame, in the overlay's coordinates. */
  private readonly fxFrame = byId("path-overlay").parentElement ?? byId("board");
  private readonly hud = new Hud();
  private readonly toasts = new Toasts(byId("toasts"), byId("announcer"));
  private readonly stage = byId("stage");
  private readonly newGameDialog: NewGameDialog;
  private readonly codes: DealCodes;
  private readonly settingsDialog: SettingsDialog;
  private readonly wonDialog: WonDialog;
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  private readonly journey: JourneyUi;
  /** Classic: the dead-end warning and "Show me". */
  private readonly deadEnd: DeadEnd;
  private readonly solveRun: SolveRun;
  /** Issue 8's feedback: the combo with its draining window. */
  private readonly combo = new ComboMeter(byId("combo"));
  /** The winning select's `new_best` (the shell decides "New best", not the view). */
  private newBest = false;
  /** An auto-shuffle is being shown after its match: taps wait until it is drawn. */
  private settleUntil = 0;
  private settleTimer = 0;
  /** Issue 8: the first-launch card and the statistics dialog. */
  private readonly intro = new FirstLaunch(() => this.introSeen());
  private readonly statsDialog = new StatsDialog();

  constructor() {
    this.board = new BoardView(byId("board"), { onSelect: (r, c) => this.select(r, c) }, this.t);
    this.stack = new StackController(
      {
        enqueue: (task) => this.enqueue(task),
        elapsed: () => this.clock.elapsed(),
        paused: () => this.paused,
        t: () => this.t,
        toasts: this.toasts,
        changed: (v) => this.refresh(v),
        showAny: (v) => this.showGame(v),
        newGame: (o) => this.newGame(o),
        showWon: (v, newBest) => this.showStackWon(v, newBest),
      },
      this.reducedMotion,
    );
    this.journey = new JourneyUi({
      enqueue: (task) => this.enqueue(task),
      elapsed: () => this.clock.elapsed(),
      clockRunning: () => this.clock.running,
      t: () => this.t,
      toasts: this.toasts,
      show: (v) => this.showGame(v),
      openNewGame: () => this.openNewGame(),
    });
    this.codes = new DealCodes({
      enqueue: (task) => this.enqueue(task),
      show: (v) => this.showGame(v),
      t: () => this.t,
      error: (e) => this.error(e),
    });
    this.newGameDialog = new NewGameDialog({
      onStart: (o) => this.newGame(o),
      onRetry: () => this.retry(),
      onJourney: (restart) => this.journey.start(restart),
      codes: this.codes,
      scrolls: (rows, cols) => this.boardScrolls(rows, cols),
    });
    this.settingsDialog = new SettingsDialog((s) => this.changeSettings(s), () => this.openStats());
    this.wonDialog = new WonDialog({ onNew: () => this.openNewGame(), onRetry: () => this.retry() });
    this.deadEnd = new DeadEnd({
      current: () => this.game,
      judged: (g) => {
        if (this.game) this.game = { ...this.game, solvable: g.solvable, can_undo_to_solvable: g.can_undo_to_solvable };
        this.refresh();
      },
      undoToSolvable: () => void this.enqueue(async () => this.afterChange(await api.undoToSolvable(), "undo")),
      error: (e) => this.error(e),
    });
    this.solveRun = new SolveRun({
      enqueue: (task) => this.enqueue(task),
      elapsed: () => this.clock.elapsed(),
      paused: () => this.paused,
      current: () => this.game,
      play: (outcome, game) => this.applyOutcome(outcome, game),
      changed: () => this.refresh(),
      t: () => this.t,
      toasts: this.toasts,
    });
    for (const [name, btn] of Object.entries(this.hud.buttons)) {
      btn.addEventListener("click", () => this.perform(name as Action["type"] | "settings" | "demo"));
    }
    byId("stuck-shuffle").addEventListener("click", () => this.perform("shuffle"));
    byId("stuck-undo").addEventListener("click", () => this.perform("undo"));
    // The clock stops while any dialog is open (refresh() checks; this notices the change).
    new MutationObserver(() => this.refresh()).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["open"],
    });
    window.setInterval(() => this.combo.draw(this.isStack ? null : this.game, this.clock.elapsed()), 100);
    byId("btn-resume").addEventListener("click", () => this.setPaused(false));
    document.addEventListener("keydown", (e) => this.onKey(e));
    document.addEventListener("visibilitychange", () => this.onVisibility());
    window.addEventListener("pagehide", () => this.saveClock());
    new ResizeObserver(() => this.fit()).observe(this.stage);
    window.setInterval(() => this.hud.setTime(this.clock.elapsed()), 250);
    window.setInterval(() => this.clock.running && this.saveClock(), 15000);
  }

  async init(): Promise<void> {
    mark("init");
    // both requests in flight at once: the first board waits for one round trip, not two
    // the presets first: a first game on a new install asks for a layout that fits the screen
    const [settings, presets] = await Promise.all([
      api.getSettings().catch((e: unknown) => (this.error(e), this.settings)),
      api.presets().catch((e: unknown) => (this.error(e), FALLBACK_PRESETS)),
    ]);
    mark("settings");
    this.presets = presets;
    const start = await api.start(this.fittingLayout()).catch((e: unknown) => (this.error(e), null));
    mark("started");
    this.settings = settings;
    sound.setSetting(settings.muted);
    this.applyLanguage();
    mark("language");
    this.newGameDialog.setPresets(this.presets, this.t);
    if (start) this.showGame(start.game);
    if (shouldShowIntro(this.settings)) this.intro.open(this.t);
    if (start) {
      if (start.notice) console.warn(start.notice);
      this.hud.showNotice(noticeText(start, this.t));
      // the shell writes them only when the benchmark asked (LLK_LAUNCH_REPORT); the daily
      // status (an IPC and a redraw of the code line) waits until the board is painted
      await markFirstBoard((report) => void api.launchReport(report).catch(() => {}));
    }
    await this.codes.refresh();
  }

  // ---- actions -------------------------------------------------------------------

  private get isStack(): boolean {
    return this.stack.view !== null;
  }

  private perform(action: Action["type"] | "settings" | "demo"): void {
    if (this.isStack) {
      switch (action) {
        case "hint":
          return this.stack.hint();
        case "shuffle":
          return this.stack.shuffle();
        case "undo":
          return this.stack.undo();
        case "moveOut":
          return this.stack.moveOut();
        case "demo":
          return this.stack.demo();
        default:
          break;
      }
    }
    switch (action) {
      case "hint":
        return void this.enqueue(() => this.hint());
      case "shuffle":
        return void this.enqueue(async () => this.afterChange(await api.shuffle(), "shuffle"));
      case "undo":
        // The engine says when there is something to undo (never after a win): the key
        // does what the button does.
        if (!this.game?.can_undo) return;
        return void this.enqueue(async () => this.afterChange(await api.undo(), "undo"));
      case "pause":
        return this.setPaused(!this.paused);
      case "demo":
        return this.journey.view ? undefined : this.solveRun.toggle();
      case "newGame":
        return this.openNewGame();
      case "settings":
        return this.settingsDialog.open(this.settings);
      case "move":
      case "select":
      case "moveOut":
        return;
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((e: unknown) => this.error(e));
    this.queue = run;
    return run;
  }

  private select(row: number, col: number): void {
    void this.enqueue(async () => {
      if (this.paused || !this.game || this.game.status === "won") return;
      if (performance.now() < this.settleUntil) return;
      const res = await api.select(row, col, this.clock.elapsed());
      if (res.mode !== "stack") this.newBest = res.new_best;
      if (res.mode === "classic") this.applyOutcome(res.outcome, res.game);
      else if (res.mode === "journey") this.applyJourney(res.outcome, res.game);
      else this.showGame({ mode: "stack", ...res.game });
    });
  }

  /** A journey tap: `null` when the time was up (the level is lost). */
  private applyJourney(outcome: Outcome | null, view: JourneyView): void {
    if (outcome === null) return this.showGame({ mode: "journey", ...view });
    this.journey.view = view;
    this.applyOutcome(outcome, view.game);
    this.journey.update(view, outcome.kind === "matched");
    this.refresh();
  }

  private applyOutcome(outcome: Outcome, game: GameView): void {
    sound.play(soundForOutcome(outcome));
    switch (outcome.kind) {
      case "selected":
        this.board.setSelection(outcome.cell);
        this.board.reveal([outcome.cell]);
        this.toasts.announce(this.t("announce.selected", { face: this.faceName(outcome.cell) }));
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
          this.toasts.show(this.t("feedback.noPath"), "info", 2500);
          this.toasts.announce(this.t("feedback.noPath"));
        } else this.toasts.announce(this.t("announce.selected", { face: this.faceName(outcome.to) }));
        break;
      case "matched": {
        const reduced = this.reducedMotion.matches;
        const total = reduced ? 0 : pathDuration(outcome.path);
        const fade = reduced ? 60 : timing("fade");
        const g = this.board.geometry();
        if (g) this.overlay.draw(outcome.path, g, total, reduced ? 250 : Math.round(fade / 2));
        this.board.setHint([]);
        this.board.setSelection(null);
        const before = this.game?.cells ?? game.cells;
        this.board.vanish(outcome.removed, total, fade);
        if (g) floatPoints(this.fxFrame, g, outcome.removed, outcome.points, Math.round(total / 2));
        this.game = game;
        const moves = outcome.moves;
        // An auto-shuffle waits for its match: the board as the match left it first.
        this.board.render(
          outcome.shuffled ? { ...game, cells: preShuffleCells(before, outcome.removed, moves), selection: null } : game,
        );
        // slide rules: path first, then the tiles glide from → to, then any shuffle
        this.board.el.dataset["moves"] = JSON.stringify(moves);
        let settle = total + fade;
        if (moves.length > 0 && !reduced) {
          const glideMs = glideDuration(moves);
          this.board.glide(glides(moves), total, glideMs);
          settle = Math.max(settle, total + glideMs);
        }
        if (outcome.shuffled) this.showAutoShuffle(game, settle, reduced);
        if (outcome.combo > 1) this.hud.pulseCombo();
        this.toasts.announce(this.t("announce.matched", { n: game.tiles_left }));
        if (game.status === "won") {
          this.clock.setRunning(false);
          this.saveClock();
          window.setTimeout(() => this.showWon(), total + fade + 150);
        }
        break;
      }
    }
    this.game = game;
    this.refresh();
  }

  private async hint(): Promise<void> {
    if (this.paused || !this.game) return;
    const res = await api.hint();
    if (res.mode === "stack") return this.showGame({ mode: "stack", ...res.game });
    const hint = res.hint;
    if (res.mode === "journey") this.journey.update(res.game, false);
    this.game = res.mode === "journey" ? res.game.game : res.game;
    this.refresh();
    if (!hint) {
      this.toasts.show(this.t("hint.none"));
      return;
    }
    sound.play("hint");
    this.board.setHint([hint.a, hint.b]);
    this.board.reveal([hint.a, hint.b], !this.reducedMotion.matches);
    const g = this.board.geometry();
    if (g && !this.reducedMotion.matches) this.overlay.draw(hint.path, g, pathDuration(hint.path), 900, "hint");
  }

  /** After the match's line and fade (`afterMs`): the shuffled board, animated, then the
   *  toast. Taps wait meanwhile; an undo or a new game first cancels it. */
  private showAutoShuffle(game: GameView, afterMs: number, reduced: boolean): void {
    this.cancelSettle();
    this.settleUntil = performance.now() + afterMs + 40;
    this.board.el.dataset["autoShuffle"] = "pending";
    this.settleTimer = window.setTimeout(() => {
      this.settleUntil = 0;
      if (this.game !== game) return;
      this.board.render(game);
      const el = this.board.el;
      el.classList.remove("shuffling");
      if (!reduced) {
        void el.offsetWidth;
        el.classList.add("shuffling");
      }
      el.dataset["autoShuffle"] = "shown";
      sound.play("shuffle");
      this.settleTimer = window.setTimeout(() => this.toasts.show(this.t("shuffled.auto")), reduced ? 0 : SHUFFLE_MS);
    }, afterMs + 40);
  }

  private cancelSettle(): void {
    window.clearTimeout(this.settleTimer);
    this.settleUntil = 0;
  }

  private afterChange(view: AnyView, what: "shuffle" | "undo"): void {
    this.cancelSettle();
    if (view.mode === "stack") return this.showGame(view);
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
    this.refresh();
  }

  private openNewGame(): void {
    const current: AnyView | null = this.stack.view
      ? { mode: "stack", ...this.stack.view }
      : this.journey.view
        ? { mode: "journey", ...this.journey.view }
        : this.game
        ? { mode: "classic", ...this.game }
        : null;
    this.newGameDialog.open(current, this.settings.auto_shuffle, current !== null);
  }

  private newGame(options: GameOptions | NewGameOptions): void {
    void this.enqueue(async () => this.showGame(await api.newGame(options)));
  }

  private retry(): void {
    if (this.stack.view) return this.stack.retry();
    if (this.journey.view) return this.journey.retry();
    const g = this.game;
    if (!g) return this.openNewGame();
    this.newGame({ ...g.options });
  }

  /** Draws a new, resumed or retried game of either mode. */
  private showGame(view: AnyView): void {
    if (this.wonDialog.el.open) this.wonDialog.el.close();
    this.cancelSettle();
    this.newBest = false;
    this.solveRun.stop(false);
    this.codes.shown(view);
    this.clock.reset(view.mode === "journey" ? view.game.elapsed_ms : view.elapsed_ms);
    this.paused = false;
    this.hud.setPaused(false, this.t);
    byId("paused").hidden = true;
    this.stage.classList.remove("is-paused");
    const stack = view.mode === "stack";
    this.stage.classList.toggle("mode-stack", stack);
    document.documentElement.dataset["mode"] = view.mode;
    byId("board-scroll").hidden = stack;
    byId("keys-help").dataset["i18n"] = stack ? "keys.helpStack" : "keys.help";
    byId("keys-help").textContent = this.t(stack ? "keys.helpStack" : "keys.help");
    if (view.mode === "stack") {
      this.game = null;
      this.board.setHint([]);
      this.overlay.clear();
      this.stack.show(view);
      this.fit();
      if (view.status === "won") this.showStackWon(view, false);
      return;
    }
    this.stack.hide();
    if (view.mode === "journey") {
      this.journey.show(view);
      this.newGameDialog.setJourneyProgress(
        this.t("journey.progress", { level: view.highest_level, best: view.best_score ?? "–" }),
      );
    } else this.journey.hide();
    const game: GameView = view.mode === "journey" ? view.game : view;
    this.game = game;
    this.board.setHint([]);
    this.overlay.clear();
    this.fit();
    this.board.render(game);
    this.board.setFocus(firstTile(game.cells), false);
    this.refresh();
    if (game.status === "won") this.showWon();
  }

  private setPaused(paused: boolean): void {
    const status = this.stack.view?.status ?? this.game?.status;
    if (!status || (paused && status !== "playing" && status !== "stuck")) return;
    this.paused = paused;
    this.hud.setPaused(paused, this.t);
    byId("paused").hidden = !paused;
    this.stage.classList.toggle("is-paused", paused);
    this.refresh();
    if (paused) {
      this.saveClock();
      byId("btn-resume").focus();
    } else if (this.isStack) this.stack.focusCurrent();
    else this.board.focusCurrent();
  }

  private changeSettings(s: Settings): void {
    this.enqueue(async () => {
      const applied = await api.setSettings(s);
      this.settings = applied.settings;
      sound.setSetting(this.settings.muted);
      this.applyLanguage();
      // Auto-shuffle turned on while stuck: the engine shuffled at once.
      if (applied.game) {
        this.afterChange(applied.game, "shuffle");
        this.toasts.show(this.t("shuffled.auto"));
      }
    });
  }

  /** The first-launch card was dismissed: saved, so it is never shown again. */
  private introSeen(): void {
    if (this.settings.intro_seen) return;
    this.changeSettings({ ...this.settings, intro_seen: true });
  }

  private openStats(): void {
    void this.enqueue(async () => {
      const stats = await api.statistics();
      if (this.settingsDialog.el.open) this.settingsDialog.el.close();
      this.statsDialog.open(stats, this.t, htmlLang(this.lang));
    });
  }

  // ---- view upkeep -----------------------------------------------------------------

  /** HUD and clock after any state change. */
  private refresh(stackView?: StackView): void {
    const sv = stackView ?? this.stack.view;
    if (sv) {
      this.hud.updateStack(sv, this.paused, this.t);
      this.stack.updateProps();
      this.hud.buttons.demo.setAttribute("aria-pressed", String(this.stack.demoRunning));
      this.clock.setRunning(sv.status === "playing" && !this.paused && !document.hidden && !dialogOpen());
      this.hud.setTime(this.clock.elapsed());
      this.deadEnd.update(null, this.paused);
      return;
    }
    const g = this.game;
    if (!g) return;
    this.hud.update(g, this.paused);
    this.journey.decorate(this.paused);
    const journeyOn = (this.journey.view?.journey.status ?? "playing") === "playing";
    // Show me and the dead-end warning serve free play; a journey level is timed play
    // where neither is offered (the shell refuses both outside classic).
    const inJourney = this.journey.view !== null;
    this.hud.showSeed(!inJourney);
    this.hud.buttons.demo.hidden = inJourney;
    this.hud.buttons.demo.setAttribute("aria-pressed", String(this.solveRun.running));
    this.hud.buttons.demo.title = this.t("btn.solveLong");
    this.deadEnd.update(inJourney ? null : g, this.paused);
    this.clock.setRunning(g.status === "playing" && journeyOn && !this.paused && !document.hidden && !dialogOpen());
    this.hud.setTime(this.clock.elapsed());
    this.stuckFeedback(g);
    this.combo.draw(g, this.clock.elapsed());
  }

  /** Stuck: the banner's Undo, and why Hint is off (its tooltip says so too). */
  private stuckFeedback(g: GameView): void {
    const stuck = g.status === "stuck";
    byId<HTMLButtonElement>("stuck-undo").disabled = this.hud.buttons.undo.disabled;
    const hint = this.hud.buttons.hint;
    if (stuck) hint.title = this.t("stuck.noHint");
    else if (!this.journey.view) hint.removeAttribute("title");
  }

  private fit(): void {
    if (this.isStack) return this.stack.fit(this.stage.clientWidth - 8, this.stage.clientHeight - 8);
    const g = this.game;
    if (!g) return;
    const scroll = byId("board-scroll");
    const w = this.stage.clientWidth;
    const h = this.stage.clientHeight;
    const min = this.minCell();
    // touch-sized boards pan without a scrollbar (as on phones); a mouse gets one
    const touch = min >= TOUCH_MIN_CELL;
    scroll.classList.toggle("touch", touch);
    let fit = fitBoard(w, h, g.rows, g.cols, min);
    // a board that pans vertically shares the width with a scrollbar
    if (fit.size.scrollsY && !touch) fit = fitBoard(w - scrollbarWidth(), h, g.rows, g.cols, min);
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
  }

  /** The minimum cell (tap target) for this pointer and window (layout.ts). */
  private minCell(): number {
    return minCellFor(window.matchMedia("(pointer: coarse)").matches, window.innerWidth, window.innerHeight);
  }

  /** Whether a classic board of this size pans on this screen (the New game dialog says so). */
  private boardScrolls(rows: number, cols: number): boolean {
    return fitBoard(this.stage.clientWidth, this.stage.clientHeight, rows, cols, this.minCell()).size.scrolls;
  }

  /** The layout a first game should use on this screen (the shell uses it only for a new install's game). */
  private fittingLayout(): string | undefined {
    return firstLayout(this.presets, DEFAULT_LAYOUT, this.stage.clientWidth, this.stage.clientHeight, this.minCell())?.name;
  }

  private showStackWon(v: StackView, newBest: boolean): void {
    this.clock.setRunning(false);
    this.saveClock();
    const level = v.options.level === null ? this.t("stack.custom") : this.t("stack.levelName", { level: v.options.level });
    this.wonDialog.openStack(v, this.clock.elapsed(), level, this.t, newBest, this.reducedMotion.matches);
    void this.codes.refresh();
    this.toasts.announce(this.t("announce.won", { score: v.score }));
  }

  private showWon(): void {
    const g = this.game;
    if (!g || g.status !== "won") return;
    if (this.journey.view) {
      this.journey.openWon(this.newBest);
      return celebrate(byId("dlg-journey-won"), this.reducedMotion.matches);
    }
    const layout = this.presets.find((p) => p.rows === g.rows && p.cols === g.cols)?.name ?? `${g.rows}x${g.cols}`;
    this.wonDialog.open(g, this.clock.elapsed(), layout.replace("x", " × "), this.t, this.newBest, this.reducedMotion.matches);
    void this.codes.refresh();
    const won = this.t("announce.won", { score: g.score });
    this.toasts.announce(this.newBest && !g.assisted ? `${won} ${this.t("won.newBestAnnounce", { score: g.score })}` : won);
  }

  private applyLanguage(): void {
    this.lang = resolveLang(this.settings.language, navigator.languages ?? [navigator.language]);
    this.t = translator(this.lang);
    document.documentElement.lang = htmlLang(this.lang);
    document.title = this.t("app.title");
    applyStaticText(this.t);
    this.board.setTranslate(this.t);
    this.stack.setTranslate(this.t);
    this.journey.setTranslate();
    this.hud.setPaused(this.paused, this.t);
    this.refresh();
    this.newGameDialog.setPresets(this.presets, this.t);
    this.codes?.render();
  }

  private onVisibility(): void {
    this.refresh();
    if (document.hidden) this.saveClock();
  }

  private saveClock(): void {
    if (!this.game && !this.stack.view) return;
    api.setElapsed(this.clock.elapsed()).catch((e: unknown) => this.error(e));
  }

  private onKey(e: KeyboardEvent): void {
    if (document.querySelector("dialog[open]")) return;
    const target = e.target as HTMLElement | null;
    if (target && target.closest("input, select, textarea")) return;
    const action = actionForKey(e);
    if (!action) return;
    if (this.isStack) return this.onStackKey(e, action, target);
    const onTile = target?.closest("button.tile") ?? null;
    if (action.type === "select") {
      // a focused tile (or HUD button) clicks itself natively
      if (target instanceof HTMLButtonElement) return;
      e.preventDefault();
      this.board.focusCurrent();
      return;
    }
    e.preventDefault();
    if (action.type === "move") {
      if (this.paused) return;
      const from = this.board.focused;
      if (!onTile || !from) {
        this.board.setFocus(from ?? firstTile(this.board.currentCells));
        return;
      }
      const to = nextFocus(this.board.currentCells, from, engineDirection(action.dir, this.board.orientation));
      if (to) this.board.setFocus(to);
      return;
    }
    this.perform(action.type);
  }

  private onStackKey(e: KeyboardEvent, action: Action, target: HTMLElement | null): void {
    if (this.stack.demoRunning) {
      if (action.type !== "pause") {
        e.preventDefault();
        this.stack.stopDemo(true);
        return;
      }
    }
    if (action.type === "select") {
      if (target instanceof HTMLButtonElement) return; // a focused tile clicks itself
      e.preventDefault();
      this.stack.focusCurrent();
      return;
    }
    e.preventDefault();
    if (action.type === "move") {
      if (!this.paused) this.stack.move(action.dir);
      return;
    }
    this.perform(action.type);
  }

  private faceName(p: [number, number]): string {
    const kind = this.game?.cells[p[0]]?.[p[1]];
    return kind == null ? "" : this.t(`face.${faceOf(kind)}`);
  }

  private error(e: unknown): void {
    this.toasts.show(errorText(toAppError(e), this.t), "error", 5000);
  }
}

/** Some dialog is open (the game clock does not run then). */
function dialogOpen(): boolean {
  return document.querySelector("dialog[open]") !== null;
}
