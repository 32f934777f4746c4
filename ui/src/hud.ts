/**
 * The heads-up display: tiles left, clock, score, combo (classic) or level (stack; a
 * brought level's mark), seed; the action buttons' enabled/pressed states and which of them the mode shows;
 * the stuck banner and the notice area. Also applies the static translations
 * (`data-i18n` text, `data-i18n-aria` labels, `data-i18n-title` tooltips) of the page.
 */
import { formatTime } from "./clock";
import type { Key, Translate } from "./i18n";
import type { GameView, StackView } from "./ipc";
import { levelMark, stackLevelText } from "./seed";

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

export { byId };

/*
 * Writes that touch the DOM only when the value changes: a text node replaced by an equal
 * one, or an attribute set to what it was, still costs the next frame a style or layout
 * pass over what it touched, and the HUD is refreshed on every tap.
 */

/** Sets `el`'s text when it differs. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Sets `el.hidden` when it differs. */
export function setHidden(el: HTMLElement, hidden: boolean): void {
  if (el.hidden !== hidden) el.hidden = hidden;
}

/** Sets a button's `disabled` when it differs. */
export function setDisabled(el: HTMLButtonElement, disabled: boolean): void {
  if (el.disabled !== disabled) el.disabled = disabled;
}

/** Sets an attribute when it differs (`null` removes it). */
export function setAttr(el: HTMLElement, name: string, value: string | null): void {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** The Pause button's icons (index.html draws the pause one first). */
const PAUSE_ICON = "M9 5v14M15 5v14";
const PLAY_ICON = "M7 4v16l13-8z";

export function applyStaticText(t: Translate, root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset["i18n"] as Key);
  });
  root.querySelectorAll<HTMLElement>("[data-i18n-aria]").forEach((el) => {
    const text = t(el.dataset["i18nAria"] as Key);
    el.setAttribute("aria-label", text);
    el.title = text;
  });
  root.querySelectorAll<HTMLElement>("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset["i18nTitle"] as Key);
  });
}

export class Hud {
  private readonly tiles = byId("tiles-left");
  private readonly timer = byId("timer");
  private readonly score = byId("score");
  private readonly combo = byId("combo");
  private readonly seed = byId("seed");
  private readonly level = byId("level");
  private readonly stuck = byId("stuck");
  private readonly notice = byId("notice");
  private readonly noticeText = byId("notice-text");
  readonly buttons = {
    hint: byId<HTMLButtonElement>("btn-hint"),
    shuffle: byId<HTMLButtonElement>("btn-shuffle"),
    undo: byId<HTMLButtonElement>("btn-undo"),
    demo: byId<HTMLButtonElement>("btn-demo"),
    pause: byId<HTMLButtonElement>("btn-pause"),
    newGame: byId<HTMLButtonElement>("btn-new"),
    settings: byId<HTMLButtonElement>("btn-settings"),
  };

  constructor() {
    byId("notice-close").addEventListener("click", () => (this.notice.hidden = true));
  }

  /** The stat boxes (`.stat`) of the combo, the level and the seed, looked up once. */
  private readonly comboStat = this.combo.closest<HTMLElement>(".stat")!;
  private readonly levelStat = this.level.closest<HTMLElement>(".stat")!;
  private readonly seedStat = this.seed.closest<HTMLElement>(".stat")!;

  /** Shows the classic or the stack set of stats and buttons. */
  private setMode(stack: boolean): void {
    this.showSeed(true);
    setHidden(this.comboStat, stack);
    setHidden(this.levelStat, !stack);
    setHidden(this.buttons.shuffle, stack);
    setHidden(this.buttons.undo, stack);
    // Classic shows it too: "Show me" (classic/solve-run.ts).
    setHidden(this.buttons.demo, false);
  }

  /**
   * Shows or hides the seed: a journey hides it (its levels are dealt from the journey,
   * and no seed can be typed in for one), free play and stack show it.
   */
  showSeed(on: boolean): void {
    setHidden(this.seedStat, !on);
  }

  updateStack(v: StackView, paused: boolean, t: Translate): void {
    this.setMode(true);
    setHidden(this.stuck, true);
    setText(this.tiles, String(v.tiles_left));
    setText(this.score, String(v.score));
    // A brought level's mark is in the Level box, which every size shows (a phone has no
    // seed box). Its "seed" is the level's fingerprint, not a seed one could type in, so the
    // seed's box is left out; it keeps the mark for whatever reads it.
    const imported = v.options.imported === true;
    setText(this.level, stackLevelText(v.options, t("hud.daily")));
    setAttr(this.level, "data-mark", imported ? "" : null);
    this.showSeed(!imported);
    setText(this.seed, imported ? levelMark(v.options.seed) : v.options.seed);
    const playing = v.status === "playing";
    setDisabled(this.buttons.hint, paused || !playing);
    setDisabled(this.buttons.demo, paused || !playing);
    setAttr(this.buttons.demo, "title", t("btn.demoLong"));
    setDisabled(this.buttons.pause, !playing);
  }

  /**
   * The classic HUD for `game`; only what changed is written (a tap changes the tiles left
   * and the score at most). The combo's text is the combo meter's (classic/feedback.ts).
   */
  update(game: GameView, paused: boolean): void {
    this.setMode(false);
    setText(this.tiles, String(game.tiles_left));
    setText(this.score, String(game.score));
    setText(this.seed, game.options.seed);
    const playing = game.status !== "won";
    setDisabled(this.buttons.hint, paused || game.status !== "playing");
    setDisabled(this.buttons.shuffle, paused || !playing || game.tiles_left === 0);
    setDisabled(this.buttons.undo, paused || !game.can_undo);
    setDisabled(this.buttons.pause, !playing);
    setDisabled(this.buttons.demo, paused || game.status !== "playing");
    setHidden(this.stuck, paused || game.status !== "stuck");
  }

  setPaused(paused: boolean, t: Translate): void {
    const b = this.buttons.pause;
    b.setAttribute("aria-pressed", String(paused));
    const label = b.querySelector("span");
    if (label) label.textContent = t(paused ? "btn.resume" : "btn.pause");
    label?.setAttribute("data-i18n", paused ? "btn.resume" : "btn.pause");
    // ▶ when the button resumes, ‖ when it pauses.
    b.querySelector("svg.icon path")?.setAttribute("d", paused ? PLAY_ICON : PAUSE_ICON);
    b.dataset["icon"] = paused ? "play" : "pause";
  }

  setTime(ms: number): void {
    setText(this.timer, formatTime(ms));
  }

  showNotice(text: string | null): void {
    this.noticeText.textContent = text ?? "";
    this.notice.hidden = !text;
  }

  /** A short pulse on the combo counter. */
  pulseCombo(): void {
    const stat = this.comboStat;
    // A new animation name restarts the pulse; removing and re-adding the class would need a
    // forced layout in between (reading offsetWidth) on every matching tap.
    if (stat.classList.contains("pulse")) stat.classList.toggle("again");
    else stat.classList.add("pulse");
  }
}

