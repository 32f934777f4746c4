/**
 * The app: start-up, and the wiring every mode shares. It keeps the game clock and the
 * pause, serialises player actions so their results apply in order, turns every command
 * error into a toast, owns the HUD's buttons, the shared dialogs (New game, settings,
 * won, statistics, first launch), the deal codes and the key map, and hands the game to
 * the controller of its `mode`: classic/controller.ts draws a classic game or a journey's
 * level, stack/controller.ts a stack game, both in the same stage (mode.ts says what they
 * and the app ask of each other).
 */
import { api, toAppError } from "./api";
import { ClassicController } from "./classic/controller";
import { boardScrolls, fittingLayout } from "./classic/screen-fit";
import { GameClock } from "./clock";
import { DealCodes } from "./deal-code";
import { LevelImport } from "./stack/level-import";
import { NewGameDialog, SettingsDialog, WonDialog } from "./dialogs";
import { errorText } from "./errors";
import { loadFaces } from "./faces";
import { FirstLaunch, shouldShowIntro, takeStaticCard } from "./first-launch";
import { applyStaticText, byId, Hud } from "./hud";
import { htmlLang, resolveLang, translator, type Lang, type Translate } from "./i18n";
import type { AnyView, GameOptions, GameView, NewGameOptions, Preset, Settings, StackView } from "./ipc";
import { actionForKey, type Action } from "./keys";
import { mark, markFirstBoard } from "./metrics";
import type { ModeController, ModeHost } from "./mode";
import { noticeText } from "./notice";
import { DailyBoard } from "./online/daily-board";
import { Online } from "./online/online";
import { OnlineSettingsSection } from "./online/settings-section";
import { WonOnline } from "./online/won-online";
import { sound } from "./sound";
import { StackController } from "./stack/controller";
import { StatsDialog } from "./stats-dialog";
import { readTimingsWhenIdle } from "./timings";
import { Toasts } from "./toast";
import { firstVisit } from "./transport";

const FALLBACK_PRESETS: Preset[] = [{ name: "10x10", rows: 10, cols: 10, kinds: 25 }];

export class App {
  private readonly classic: ClassicController;
  private readonly stack: StackController;
  /** The controller of the game shown (classic until the first game says otherwise). */
  private mode: ModeController;
  private presets: Preset[] = [];
  private settings: Settings = { language: "auto", auto_shuffle: true, muted: null, intro_seen: false };
  private lang: Lang = "en";
  private t: Translate = translator("en");
  private paused = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** Actions in `queue` not yet finished (`ModeHost.idle`). */
  private queued = 0;
  private readonly clock = new GameClock();
  /** The timer that redraws the HUD's clock at the game time's next whole second. */
  private clockTimer = 0;
  private readonly hud = new Hud();
  private readonly toasts = new Toasts(byId("toasts"), byId("announcer"));
  private readonly stage = byId("stage");
  private readonly newGameDialog: NewGameDialog;
  private readonly codes: DealCodes;
  private readonly settingsDialog: SettingsDialog;
  private readonly wonDialog: WonDialog;
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  /** The first-launch card and the statistics dialog. */
  private readonly intro = new FirstLaunch(() => this.introSeen());
  /** The card was dismissed in this run (maybe before the settings that say so were read). */
  private introDismissed = false;
  private readonly statsDialog = new StatsDialog();
  /** The online daily challenge (online/): posting, leaderboards, its settings. */
  private readonly online = new Online({
    t: () => this.t,
    notice: (text) => this.toasts.show(text, "info", 8000),
    openSettings: () => {
      for (const id of ["dlg-new", "dlg-won"]) byId<HTMLDialogElement>(id).close();
      this.perform("settings");
    },
  });
  private readonly dailyBoard = new DailyBoard(this.online);
  private readonly onlineSettings = new OnlineSettingsSection(this.online);
  private readonly wonOnline = new WonOnline(this.online);

  constructor() {
    const host: ModeHost = {
      enqueue: (task) => this.enqueue(task),
      idle: () => this.queued === 0,
      elapsed: () => this.clock.elapsed(),
      paused: () => this.paused,
      t: () => this.t,
      toasts: this.toasts,
      hud: this.hud,
      refresh: () => this.refresh(),
      runClock: (inPlay) => this.runClock(inPlay),
      showAny: (v) => this.showGame(v),
      newGame: (o) => this.newGame(o),
    };
    this.classic = new ClassicController(
      {
        ...host,
        clockRunning: () => this.clock.running,
        stopClock: () => {
          this.clock.setRunning(false);
          this.drawClock();
          this.saveClock();
        },
        showWon: (g, newBest) => this.showClassicWon(g, newBest),
        openNewGame: () => this.openNewGame(),
        error: (e) => this.error(e),
      },
      this.reducedMotion,
    );
    this.stack = new StackController(
      { ...host, showWon: (v, newBest) => this.showStackWon(v, newBest), openNewGame: () => this.openNewGame() },
      this.reducedMotion,
    );
    this.mode = this.classic;
    this.codes = new DealCodes({
      enqueue: (task) => this.enqueue(task),
      show: (v) => this.showGame(v),
      t: () => this.t,
      error: (e) => this.error(e),
      status: (s) => this.dailyBoard.show(s.today),
    });
    this.newGameDialog = new NewGameDialog({
      onStart: (o) => this.newGame(o),
      onRetry: () => this.retry(),
      onJourney: (restart) => this.classic.startJourney(restart),
      codes: this.codes,
      level: new LevelImport({
        enqueue: (task) => this.enqueue(task),
        show: (v) => this.showGame(v),
        notice: (message) => this.toasts.show(message, "info", 8000),
        t: () => this.t,
      }),
      scrolls: (rows, cols) => boardScrolls(this.stage, rows, cols),
    });
    this.settingsDialog = new SettingsDialog((s) => this.changeSettings(s), () => this.openStats());
    this.wonDialog = new WonDialog({ onNew: () => this.openNewGame(), onRetry: () => this.retry() });
    for (const [name, btn] of Object.entries(this.hud.buttons)) {
      btn.addEventListener("click", () => this.perform(name as Action["type"] | "settings" | "demo"));
    }
    byId("stuck-shuffle").addEventListener("click", () => this.perform("shuffle"));
    byId("stuck-undo").addEventListener("click", () => this.perform("undo"));
    // The clock stops while any dialog is open (refresh() checks; this notices the change).
    for (const d of document.querySelectorAll("dialog[open]")) if (d instanceof HTMLDialogElement) openDialogs.add(d);
    new MutationObserver((records) => {
      noteDialogs(records);
      this.refresh();
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["open"],
    });
    byId("btn-resume").addEventListener("click", () => this.setPaused(false));
    document.addEventListener("keydown", (e) => this.onKey(e));
    document.addEventListener("visibilitychange", () => this.onVisibility());
    window.addEventListener("pagehide", () => this.saveClock());
    new ResizeObserver(() => this.fit()).observe(this.stage);
    window.setInterval(() => this.clock.running && this.saveClock(), 15000);
  }

  async init(): Promise<void> {
    mark("init");
    // the web build's faces: a style sheet of their own, added now (faces.ts)
    const faces = loadFaces();
    // a first visit's rule card opens at once: on a slow network the engine's first answer
    // waits for its module (hundreds of kB), and the card needs only the default settings
    if (firstVisit()) this.intro.open(translator(resolveLang(this.settings.language, navigator.languages ?? [navigator.language])));
    // the web build's static copy of the card goes either way (opening the card took it over)
    else takeStaticCard();
    // both requests in flight at once: the first board waits for one round trip, not two
    // the presets first: a first game on a new install asks for a layout that fits the screen
    const [settings, presets] = await Promise.all([
      api.getSettings().catch((e: unknown) => (this.error(e), this.settings)),
      api.presets().catch((e: unknown) => (this.error(e), FALLBACK_PRESETS)),
    ]);
    mark("settings");
    this.presets = presets;
    const start = await api.start(fittingLayout(this.presets, this.stage)).catch((e: unknown) => (this.error(e), null));
    mark("started");
    this.settings = settings;
    sound.setSetting(settings.muted);
    this.applyLanguage();
    mark("language");
    this.newGameDialog.setPresets(this.presets, this.t);
    // the web build's faces come in a style sheet of their own (faces.ts): loaded long before
    // the engine's first answer but on the slowest network, where a board without faces would show
    await faces;
    if (start) this.showGame(start.game);
    if (shouldShowIntro(this.settings) && !this.introDismissed) this.intro.open(this.t);
    if (start) {
      if (start.notice) console.warn(start.notice);
      this.hud.showNotice(noticeText(start, this.t));
      // the shell writes them only when the benchmark asked (LLK_LAUNCH_REPORT); the daily
      // status (an IPC and a redraw of the code line) waits until the board is painted
      await markFirstBoard((report) => void api.launchReport(report).catch(() => {}));
      // the audio context, made at the first sound, and the timings, read from the computed
      // style, would cost the first tap that needs them: the context is made once the player
      // first touches the page (sound.ts), the timings are read when idle
      sound.prepareOnFirstTouch();
      readTimingsWhenIdle();
    }
    await this.codes.refresh();
    // results waiting since the last run go now (never awaited: play does not wait for the network)
    this.online.start();
  }

  // ---- actions -------------------------------------------------------------------

  private perform(action: Action["type"] | "settings" | "demo"): void {
    switch (action) {
      case "hint":
      case "shuffle":
      case "undo":
      case "moveOut":
      case "demo":
        return this.mode.perform(action);
      case "pause":
        return this.setPaused(!this.paused);
      case "newGame":
        return this.openNewGame();
      case "settings":
        this.settingsDialog.open(this.settings);
        return this.onlineSettings.open();
      case "move":
      case "select":
        return;
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queued++;
    const run = this.queue
      .then(task)
      .catch((e: unknown) => this.error(e))
      .finally(() => this.queued--);
    this.queue = run;
    return run;
  }

  /** Games drawn whole so far (see `showGame`). */
  private gamesShown = 0;

  private openNewGame(): void {
    const current = this.mode.current();
    this.newGameDialog.open(current, this.settings.auto_shuffle, current !== null);
    this.dailyBoard.opened(byId<HTMLInputElement>("opt-mode-stack").checked);
  }

  private newGame(options: GameOptions | NewGameOptions): void {
    void this.enqueue(async () => this.showGame(await api.newGame(options)));
  }

  private retry(): void {
    this.mode.retry();
  }

  /** Draws a new, resumed or retried game of any mode with the controller of its mode. */
  private showGame(view: AnyView): void {
    if (this.wonDialog.el.open) this.wonDialog.el.close();
    this.classic.leaving();
    this.codes.shown(view);
    this.clock.reset(view.mode === "journey" ? view.game.elapsed_ms : view.elapsed_ms);
    this.drawClock();
    this.paused = false;
    this.hud.setPaused(false, this.t);
    byId("paused").hidden = true;
    this.stage.classList.remove("is-paused");
    const stack = view.mode === "stack";
    this.stage.classList.toggle("mode-stack", stack);
    document.documentElement.dataset["mode"] = view.mode;
    // Which game is on screen: changes with every game drawn whole (new, resumed, retried),
    // even one dealt from the same seed as the last, so a test can wait for the next one.
    document.documentElement.dataset["game"] = String(++this.gamesShown);
    byId("board-scroll").hidden = stack;
    byId("keys-help").dataset["i18n"] = stack ? "keys.helpStack" : "keys.help";
    byId("keys-help").textContent = this.t(stack ? "keys.helpStack" : "keys.help");
    if (view.mode === "stack") {
      this.mode = this.stack;
      this.classic.hide();
      this.stack.show(view);
      this.fit();
      if (view.status === "won") this.showStackWon(view, false);
      return;
    }
    this.mode = this.classic;
    this.stack.hide();
    if (view.mode === "journey") {
      this.newGameDialog.setJourneyProgress(
        this.t("journey.progress", { level: view.highest_level, best: view.best_score ?? "–" }),
      );
    }
    this.classic.show(view);
  }

  private setPaused(paused: boolean): void {
    const status = this.mode.status();
    if (!status || (paused && status !== "playing" && status !== "stuck")) return;
    this.paused = paused;
    this.hud.setPaused(paused, this.t);
    byId("paused").hidden = !paused;
    this.stage.classList.toggle("is-paused", paused);
    this.refresh();
    if (paused) {
      this.saveClock();
      byId("btn-resume").focus();
    } else this.mode.focusCurrent();
  }

  private changeSettings(s: Settings): void {
    this.enqueue(async () => {
      const applied = await api.setSettings(s);
      this.settings = applied.settings;
      sound.setSetting(this.settings.muted);
      this.applyLanguage();
      // Auto-shuffle turned on while stuck (a classic board): the engine shuffled at once.
      if (applied.game) {
        this.classic.afterChange(applied.game, "shuffle");
        this.toasts.show(this.t("shuffled.auto"));
      }
    });
  }

  /** The first-launch card was dismissed: saved, so it is never shown again. */
  private introSeen(): void {
    this.introDismissed = true;
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
  private refresh(): void {
    this.mode.refresh();
  }

  private runClock(inPlay: boolean): void {
    this.clock.setRunning(inPlay && !this.paused && !document.hidden && !dialogOpen());
    this.drawClock();
  }

  /**
   * The HUD's clock, drawn now and, while the clock runs, again when the game time reaches its
   * next whole second (the clock shows whole seconds). One timer a second: a timer that fired
   * four times a second ran its script, and the HUD's style check, inside a quarter of the
   * taps' frames (docs/WEB.md, tenth round).
   */
  private drawClock(): void {
    window.clearTimeout(this.clockTimer);
    const ms = this.clock.elapsed();
    this.hud.setTime(ms);
    // a timer never fires early; one that is late by a few ms draws the second a few ms late
    if (this.clock.running) this.clockTimer = window.setTimeout(() => this.drawClock(), 1000 - (ms % 1000));
  }

  private fit(): void {
    this.mode.fit(this.stage.clientWidth, this.stage.clientHeight);
  }

  private showStackWon(v: StackView, newBest: boolean): void {
    this.clock.setRunning(false);
    this.drawClock();
    this.saveClock();
    const level =
      v.options.imported === true
        ? this.t("stack.brought")
        : v.options.real_style === true
          ? this.t("newgame.dailyStack")
          : v.options.level === null
          ? this.t("stack.custom")
          : this.t("stack.levelName", { level: v.options.level });
    this.wonDialog.openStack(v, this.clock.elapsed(), level, this.t, newBest, this.reducedMotion.matches);
    this.wonOnline.hide();
    void this.codes.refresh().then(() => this.followDaily("stack"));
    this.toasts.announce(this.t("announce.won", { score: v.score }));
  }

  /** A free-play win (a journey's level has its own dialog, journey/controller.ts). */
  private showClassicWon(g: GameView, newBest: boolean): void {
    const layout = this.presets.find((p) => p.rows === g.rows && p.cols === g.cols)?.name ?? `${g.rows}x${g.cols}`;
    this.wonDialog.open(g, this.clock.elapsed(), layout.replace("x", " × "), this.t, newBest, this.reducedMotion.matches);
    this.wonOnline.hide();
    void this.codes.refresh().then(() => this.followDaily("classic"));
    const won = this.t("announce.won", { score: g.score });
    this.toasts.announce(newBest && !g.assisted ? `${won} ${this.t("won.newBestAnnounce", { score: g.score })}` : won);
  }

  /** A win (the daily status read again): when it is a daily game's, the dialog follows its posting (the sender goes now). */
  private followDaily(mode: "classic" | "stack"): void {
    const daily = this.codes.currentDaily(mode);
    if (daily === null) this.wonOnline.hide();
    else this.wonOnline.track(daily.date, mode, daily.postable);
  }

  private applyLanguage(): void {
    this.lang = resolveLang(this.settings.language, navigator.languages ?? [navigator.language]);
    this.t = translator(this.lang);
    document.documentElement.lang = htmlLang(this.lang);
    document.title = this.t("app.title");
    applyStaticText(this.t);
    this.classic.setTranslate(this.t);
    this.stack.setTranslate(this.t);
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
    if (!this.mode.current()) return;
    api.setElapsed(this.clock.elapsed()).catch((e: unknown) => this.error(e));
  }

  private onKey(e: KeyboardEvent): void {
    if (document.querySelector("dialog[open]")) return;
    const target = e.target as HTMLElement | null;
    if (target && target.closest("input, select, textarea")) return;
    const action = actionForKey(e);
    if (!action) return;
    if (this.mode.key(e, action, target)) return;
    e.preventDefault();
    this.perform(action.type);
  }

  private error(e: unknown): void {
    this.toasts.show(errorText(toAppError(e), this.t), "error", 5000);
  }
}

/**
 * The page's dialogs seen open, kept by the app's `open` observer: the clock asks on every
 * tap, and a search of the document (or a live list of its dialogs, which the browser walks
 * the whole document again to refresh after any change of its nodes) costs milliseconds of
 * a tap on a phone. A dialog closed or removed meanwhile is checked when asked.
 */
const openDialogs = new Set<HTMLDialogElement>();

function noteDialogs(records: readonly MutationRecord[]): void {
  for (const r of records) {
    const d = r.target;
    if (!(d instanceof HTMLDialogElement)) continue;
    if (d.open) openDialogs.add(d);
    else openDialogs.delete(d);
  }
}

/** Some dialog is open (the game clock does not run then). */
function dialogOpen(): boolean {
  for (const d of openDialogs) {
    if (d.open && d.isConnected) return true;
    openDialogs.delete(d);
  }
  return false;
}
