/**
 * The `<dialog>`s: new game (mode Classic | Stack | Journey; classic: layout preset, solvable-only,
 * ring paths, slide rule; stack: level, random fill; journey: continue or restart; the seed; retry this board), settings
 * (language, auto-shuffle) and the won summary. They collect input and call back; the
 * app talks to the engine. (Stack mode's lost dialog is in stack/lost-dialog.ts.)
 */
import { formatTime } from "./clock";
import { byId } from "./hud";
import type { Translate } from "./i18n";
import type { NewGameOptions, AnyView, GameView, Language, Preset, Settings, SlideRule, StackView } from "./ipc";
import { parseSeed, randomSeed } from "./seed";

function showModal(d: HTMLDialogElement): void {
  if (!d.open) d.showModal();
}

export interface NewGameHandlers {
  onStart(options: NewGameOptions): void;
  onRetry(): void;
  /** The Journey entry: continue the journey, or with `restart` a new one. */
  onJourney(restart: boolean): void;
  /** The deal-code field and daily entry (deal-code.ts): a typed code wins over the options. */
  codes?: { hasCode(): boolean; dealTyped(): Promise<boolean>; opened(): void };
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
  private stackBase: StackView["options"] | null = null;
  private presets: Preset[] = [];
  private autoShuffle = true;

  constructor(private readonly handlers: NewGameHandlers) {
    byId("form-new").addEventListener("submit", (e) => {
      e.preventDefault();
      if (this.modeJourney.checked) {
        this.el.close();
        handlers.onJourney(this.journeyRestart.checked);
        return;
      }
      const codes = handlers.codes;
      if (codes?.hasCode()) {
        void codes.dealTyped().then((ok) => ok && this.el.close());
        return;
      }
      const options = this.read();
      if (!options) return;
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
    const stack = current?.mode === "stack";
    const journey = current?.mode === "journey";
    this.modeStack.checked = stack;
    this.modeJourney.checked = journey;
    this.modeClassic.checked = !stack && !journey;
    this.journeyRestart.checked = false;
    this.showMode();
    if (current?.mode === "stack") {
      this.stackBase = current.options;
      this.level.value = String(current.options.level ?? 1);
      this.randomFill.checked = current.options.random_fill;
    } else if (current && current.mode !== "journey") {
      const match = this.presets.find((p) => p.rows === current.rows && p.cols === current.cols);
      if (match) this.layout.value = match.name;
      this.solvable.checked = current.options.solvable;
      this.ring.checked = current.options.ring;
      this.slide.value = current.options.slide;
    }
    this.seed.value = "";
    this.seed.placeholder = current?.mode === "journey" ? "" : (current?.options.seed ?? "");
    this.seedError.hidden = true;
    byId<HTMLButtonElement>("new-retry").hidden = journey || !canRetry;
    this.handlers.codes?.opened();
    this.showScrolls();
    showModal(this.el);
    (stack ? this.modeStack : journey ? this.modeJourney : this.modeClassic).focus();
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

  constructor(onChange: (s: Settings) => void) {
    const emit = () =>
      onChange({ language: this.language.value as Language, auto_shuffle: this.autoShuffle.checked });
    this.language.addEventListener("change", emit);
    this.autoShuffle.addEventListener("change", emit);
  }

  open(s: Settings): void {
    this.language.value = s.language;
    this.autoShuffle.checked = s.auto_shuffle;
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

  open(game: GameView, elapsedMs: number, layout: string, t: Translate): void {
    byId("won-props-row").hidden = true;
    // "Show me" cleared it: the computer's, not the player's win.
    byId("dlg-won-title").textContent = t(game.assisted ? "won.assistedTitle" : "won.title");
    byId("won-assisted").hidden = !game.assisted;
    byId("won-time").textContent = formatTime(elapsedMs);
    byId("won-score").textContent = String(game.score);
    byId("won-best-label").textContent = t("won.best", { layout });
    byId("won-best").textContent = game.best_score === null ? "–" : String(game.best_score);
    byId("won-new-best").hidden =
      game.assisted || !(game.best_score !== null && game.score >= game.best_score && game.score > 0);
    showModal(this.el);
    byId("won-new").focus();
  }

  /** Stack mode: time, score, props used, best on this level. */
  openStack(v: StackView, elapsedMs: number, level: string, t: Translate): void {
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
    byId("won-new-best").hidden = !(v.best_score !== null && v.score >= v.best_score && v.score > 0);
    showModal(this.el);
    byId("won-new").focus();
  }
}
