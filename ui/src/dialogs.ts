/**
 * The `<dialog>`s: new game (mode Classic | Stack | Journey; classic: layout preset, solvable-only,
 * ring paths, slide rule; stack: level, random fill, or a level file; journey: continue or restart; the seed; retry this board), settings
 * (language, auto-shuffle) and the won summary. They collect input and call back; the
 * app talks to the engine. (Stack mode's lost dialog is in stack/lost-dialog.ts.)
 */
import { celebrate } from "./celebrate";
import { formatTime } from "./clock";
import { byId } from "./hud";
import type { Translate } from "./i18n";
import type { NewGameOptions, AnyView, GameView, Language, Preset, Settings, SlideRule, StackView } from "./ipc";
import { parseSeed, randomSeed } from "./seed";
import { isMuted } from "./sound";

function showModal(d: HTMLDialogElement): void {
  if (!d.open) d.showModal();
}

/** What the New game dialog shows when it opens. */
export interface DialogChoices {
  mode: "classic" | "stack" | "journey";
  /** A preset name, or "" for the first preset. */
  layout: string;
  solvable: boolean;
  ring: boolean;
  slide: SlideRule;
  level: number;
  randomFill: boolean;
}

/**
 * The choices before any game was started from the dialog: the engine's defaults
 * (solvable deals, paths around the border, tiles stay, level 1, no random fill) in the
 * current game's mode, layout (a preset) and stack level.
 */
export function defaultChoices(current: AnyView | null, presets: readonly Preset[]): DialogChoices {
  const mode = current?.mode ?? "classic";
  const classic = current?.mode === "classic" ? current : null;
  const layout = classic ? (presets.find((p) => p.rows === classic.rows && p.cols === classic.cols)?.name ?? "") : "";
  const level = current?.mode === "stack" ? (current.options.level ?? 1) : 1;
  return { mode, layout, solvable: true, ring: true, slide: "none", level, randomFill: false };
}

export interface NewGameHandlers {
  onStart(options: NewGameOptions): void;
  onRetry(): void;
  /** The Journey entry: continue the journey, or with `restart` a new one. */
  onJourney(restart: boolean): void;
  /** The deal-code field and daily entry (deal-code.ts): a typed code wins over the options. */
  codes?: { hasCode(): boolean; dealTyped(): Promise<boolean>; opened(): void };
  /** The stack side's "Open a level" (stack/level-import.ts): a chosen level wins over the stack options. */
  level?: { hasLevel(): boolean; open(): Promise<boolean>; opened(): void };
  /** Whether a classic board of this size would pan on this screen (the dialog says so). */
  scrolls?(rows: number, cols: number): boolean;
}

export class NewGameDialog {
  readonly el = byId<HTMLDialogElement>("dlg-new");
  private readonly layout = byId<HTMLSelectElement>("opt-layout");
  private readonly solvable = byId<HTMLInputElement>("opt-solvable");
  private readonly ring = byId<HTMLInputElement>("opt-ring");
  private readonly seed = byId<HTMLInputElement>("opt-seed");
  private readonly seedError = byId("opt-seed-error");
  private readonly modeClassic = byId<HTMLInputElement>("opt-mode-classic");
  private readonly modeStack = byId<HTMLInputElement>("opt-mode-stack");
  private readonly level = byId<HTMLInputElement>("opt-level");
  private readonly randomFill = byId<HTMLInputElement>("opt-random-fill");
  private readonly modeJourney = byId<HTMLInputElement>("opt-mode-journey");
  private readonly journeyRestart = byId<HTMLInputElement>("opt-journey-restart");
  private readonly slide = byId<HTMLSelectElement>("opt-slide");
  private canRetry = false;
  /** Custom stack sizes, tray and props are never carried over: every deal from here uses these. */
  private readonly stackBase: StackView["options"] | null = null;
  /** The choices of the last game started here (this session): the dialog reopens on them. */
  private last: DialogChoices | null = null;
  private presets: Preset[] = [];
  private autoShuffle = true;

  constructor(private readonly handlers: NewGameHandlers) {
    byId("form-new").addEventListener("submit", (e) => {
      e.preventDefault();
      if (this.modeJourney.checked) {
        this.remember();
        this.el.close();
        handlers.onJourney(this.journeyRestart.checked);
        return;
      }
      const codes = handlers.codes;
      if (codes?.hasCode()) {
        void codes.dealTyped().then((ok) => ok && this.el.close());
        return;
      }
      const level = handlers.level;
      if (this.stackMode && level?.hasLevel()) {
        void level.open().then((ok) => ok && this.el.close());
        return;
      }
      const options = this.read();
      if (!options) return;
      this.remember();
      this.el.close();
      handlers.onStart(options);
    });
    byId("new-retry").addEventListener("click", () => {
      this.el.close();
      handlers.onRetry();
    });
    byId("new-cancel").addEventListener("click", () => this.el.close());
    this.seed.addEventListener("input", () => (this.seedError.hidden = true));
    for (const r of [this.modeClassic, this.modeStack, this.modeJourney])
      r.addEventListener("change", () => this.showMode());
    this.layout.addEventListener("change", () => this.showScrolls());
  }

  /** The note under the layout when the chosen one will not fit the screen. */
  private showScrolls(): void {
    const p = this.presets.find((x) => x.name === this.layout.value);
    byId("opt-layout-scrolls").hidden = !(p && this.handlers.scrolls?.(p.rows, p.cols));
  }

  private get stackMode(): boolean {
    return this.modeStack.checked;
  }

  private showMode(): void {
    const journey = this.modeJourney.checked;
    byId("classic-opts").hidden = this.stackMode || journey;
    byId("stack-opts").hidden = !this.stackMode;
    byId("journey-opts").hidden = !journey;
    byId("opt-seed-field").hidden = journey;
    byId<HTMLButtonElement>("new-retry").hidden = journey || !this.canRetry;
  }

  /** What the journey entry says about progress (known once a journey was shown). */
  setJourneyProgress(text: string): void {
    byId("journey-progress").textContent = text;
  }

  setPresets(presets: Preset[], t: Translate): void {
    this.presets = presets;
    const selected = this.layout.value;
    this.layout.replaceChildren(
      ...presets.map((p) => {
        const o = document.createElement("option");
        o.value = p.name;
        o.textContent = t("newgame.layoutOption", { name: p.name.replace("x", " × "), count: p.rows * p.cols });
        return o;
      }),
    );
    if (selected) this.layout.value = selected;
  }

  open(current: AnyView | null, autoShuffle: boolean, canRetry: boolean): void {
    this.autoShuffle = autoShuffle;
    this.canRetry = canRetry;
    const journey = current?.mode === "journey";
    // The last choices made here, else the defaults in the current game's mode and
    // layout: a game's unusual options (no border, a slide rule, a random stack fill, a
    // custom size from a code) are not carried into the next one.
    const c = this.last ?? defaultChoices(current, this.presets);
    this.modeStack.checked = c.mode === "stack";
    this.modeJourney.checked = c.mode === "journey";
    this.modeClassic.checked = c.mode === "classic";
    this.journeyRestart.checked = false;
    this.showMode();
    if (c.layout) this.layout.value = c.layout;
    this.solvable.checked = c.solvable;
    this.ring.checked = c.ring;
    this.slide.value = c.slide;
    this.level.value = String(c.level);
    this.randomFill.checked = c.randomFill;
    // Empty: a random deal (the help text says so); the current seed is shown in the HUD.
    this.seed.value = "";
    this.seed.placeholder = "";
    this.seedError.hidden = true;
    byId<HTMLButtonElement>("new-retry").hidden = journey || !canRetry;
    this.handlers.codes?.opened();
    this.handlers.level?.opened();
    this.showScrolls();
    showModal(this.el);
    (c.mode === "stack" ? this.modeStack : c.mode === "journey" ? this.modeJourney : this.modeClassic).focus();
  }

  /** Remembers what was chosen for the next opening. */
  private remember(): void {
    this.last = {
      mode: this.modeJourney.checked ? "journey" : this.stackMode ? "stack" : "classic",
      layout: this.layout.value,
      solvable: this.solvable.checked,
      ring: this.ring.checked,
      slide: (this.slide.value || "none") as SlideRule,
      level: Math.max(1, Math.min(999, Math.round(Number(this.level.value) || 1))),
      randomFill: this.randomFill.checked,
    };
  }

  private readSeed(): string | null {
    let seed: string;
    if (this.seed.value.trim() === "") seed = randomSeed();
    else {
      const parsed = parseSeed(this.seed.value);
      if (parsed === null) {
        this.seedError.hidden = false;
        this.seed.focus();
        return null;
      }
      seed = parsed;
    }
    return seed;
  }

  private read(): NewGameOptions | null {
    const seed = this.readSeed();
    if (seed === null) return null;
    if (this.stackMode) {
      const level = Math.max(1, Math.min(999, Math.round(Number(this.level.value) || 1)));
      const base = this.stackBase;
      return {
        mode: "stack",
        level,
        tiles: base?.tiles ?? 30,
        kinds: base?.kinds ?? 3,
        layers: base?.layers ?? 3,
        peak: null,
        seed,
        random_fill: this.randomFill.checked,
        tray: base?.tray ?? 7,
        props: base?.props ?? { move_out: 1, shuffle: 1, undo: 1 },
      };
    }
    const preset = this.presets.find((p) => p.name === this.layout.value) ?? this.presets[0];
    if (!preset) return null;
    return {
      mode: "classic",
      rows: preset.rows,
      cols: preset.cols,
      kinds: preset.kinds,
      seed,
      solvable: this.solvable.checked,
      ring: this.ring.checked,
      auto_shuffle: this.autoShuffle,
      slide: (this.slide.value || "none") as SlideRule,
    };
  }
}

export class SettingsDialog {
  readonly el = byId<HTMLDialogElement>("dlg-settings");
  private readonly language = byId<HTMLSelectElement>("set-language");
  private readonly autoShuffle = byId<HTMLInputElement>("set-autoshuffle");
  private readonly sound = byId<HTMLInputElement>("set-sound");
  /** The settings shown, so fields the dialog does not edit are sent back unchanged. */
  private shown: Settings | null = null;
  /** The sound toggle was flipped while open: its state becomes an explicit choice. */
  private soundTouched = false;

  constructor(onChange: (s: Settings) => void, onStats: () => void) {
    const emit = () => {
      if (!this.shown) return;
      const muted = this.soundTouched ? !this.sound.checked : this.shown.muted;
      this.shown = { ...this.shown, language: this.language.value as Language, auto_shuffle: this.autoShuffle.checked, muted };
      onChange(this.shown);
    };
    this.language.addEventListener("change", emit);
    this.autoShuffle.addEventListener("change", emit);
    this.sound.addEventListener("change", () => {
      this.soundTouched = true;
      emit();
    });
    byId("set-stats").addEventListener("click", onStats);
  }

  open(s: Settings): void {
    this.shown = s;
    this.soundTouched = false;
    this.language.value = s.language;
    this.autoShuffle.checked = s.auto_shuffle;
    this.sound.checked = !isMuted(s.muted, window.matchMedia("(prefers-reduced-motion: reduce)").matches);
    showModal(this.el);
    this.language.focus();
  }
}

export class WonDialog {
  readonly el = byId<HTMLDialogElement>("dlg-won");

  constructor(handlers: { onNew(): void; onRetry(): void }) {
    byId("won-new").addEventListener("click", () => {
      this.el.close();
      handlers.onNew();
    });
    byId("won-retry").addEventListener("click", () => {
      this.el.close();
      handlers.onRetry();
    });
  }

  /** The classic win: time, score, best; "New best" only when the shell said so
   *  (`new_best` of the winning `select`), never for the computer's win. */
  open(game: GameView, elapsedMs: number, layout: string, t: Translate, newBest: boolean, reduced: boolean): void {
    byId("won-props-row").hidden = true;
    // "Show me" cleared it: the computer's, not the player's win.
    byId("dlg-won-title").textContent = t(game.assisted ? "won.assistedTitle" : "won.title");
    byId("won-assisted").hidden = !game.assisted;
    byId("won-time").textContent = formatTime(elapsedMs);
    byId("won-score").textContent = String(game.score);
    byId("won-best-label").textContent = t("won.best", { layout });
    byId("won-best").textContent = game.best_score === null ? "–" : String(game.best_score);
    byId("won-new-best").hidden = game.assisted || !newBest;
    showModal(this.el);
    if (!game.assisted) celebrate(this.el, reduced);
    byId("won-new").focus();
  }

  /** Stack mode: time, score, props used, best on this level. */
  openStack(v: StackView, elapsedMs: number, level: string, t: Translate, newBest: boolean, reduced: boolean): void {
    byId("dlg-won-title").textContent = t("won.title");
    byId("won-assisted").hidden = true;
    const c = v.counters;
    const used = c.move_outs + c.shuffles + c.undos;
    byId("won-props-row").hidden = false;
    byId("won-props").textContent = String(used);
    byId("won-props").title = `${t("btn.moveOut")} ${c.move_outs} · ${t("btn.shuffle")} ${c.shuffles} · ${t("btn.undo")} ${c.undos}`;
    byId("won-time").textContent = formatTime(elapsedMs);
    byId("won-score").textContent = String(v.score);
    byId("won-best-label").textContent = t("won.best", { layout: level });
    byId("won-best").textContent = v.best_score === null ? "–" : String(v.best_score);
    byId("won-new-best").hidden = !newBest;
    showModal(this.el);
    celebrate(this.el, reduced);
    byId("won-new").focus();
  }
}
