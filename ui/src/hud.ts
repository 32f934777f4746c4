/**
 * The heads-up display: tiles left, clock, score, combo (classic) or level (stack),
 * seed; the action buttons' enabled/pressed states and which of them the mode shows;
 * the stuck banner and the notice area. Also applies the static translations
 * (`data-i18n` text, `data-i18n-aria` labels, `data-i18n-title` tooltips) of the page.
 */
import { formatTime } from "./clock";
import type { Key, Translate } from "./i18n";
import type { GameView, StackView } from "./ipc";

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

export { byId };

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

  /** Shows the classic or the stack set of stats and buttons. */
  private setMode(stack: boolean): void {
    this.showSeed(true);
    this.combo.closest<HTMLElement>(".stat")!.hidden = stack;
    this.level.closest<HTMLElement>(".stat")!.hidden = !stack;
    this.buttons.shuffle.hidden = stack;
    this.buttons.undo.hidden = stack;
    // Classic shows it too: "Show me" (classic/solve-run.ts).
    this.buttons.demo.hidden = false;
  }

  /**
   * Shows or hides the seed: a journey hides it (its levels are dealt from the journey,
   * and no seed can be typed in for one), free play and stack show it.
   */
  showSeed(on: boolean): void {
    this.seed.closest<HTMLElement>(".stat")!.hidden = !on;
  }

  updateStack(v: StackView, paused: boolean, t: Translate): void {
    this.setMode(true);
    this.stuck.hidden = true;
    this.tiles.textContent = String(v.tiles_left);
    this.score.textContent = String(v.score);
    this.level.textContent = v.options.level === null ? "–" : String(v.options.level);
    this.seed.textContent = v.options.seed;
    const playing = v.status === "playing";
    this.buttons.hint.disabled = paused || !playing;
    this.buttons.demo.disabled = paused || !playing;
    this.buttons.demo.title = t("btn.demoLong");
    this.buttons.pause.disabled = !playing;
  }

  update(game: GameView, paused: boolean): void {
    this.setMode(false);
    this.tiles.textContent = String(game.tiles_left);
    this.score.textContent = String(game.score);
    this.combo.textContent = game.combo > 1 ? `×${game.combo}` : "–";
    this.combo.closest(".stat")?.classList.toggle("hot", game.combo > 1);
    this.seed.textContent = game.options.seed;
    const playing = game.status !== "won";
    this.buttons.hint.disabled = paused || game.status !== "playing";
    this.buttons.shuffle.disabled = paused || !playing || game.tiles_left === 0;
    this.buttons.undo.disabled = paused || !game.can_undo;
    this.buttons.pause.disabled = !playing;
    this.buttons.demo.disabled = paused || game.status !== "playing";
    this.stuck.hidden = paused || game.status !== "stuck";
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
    const text = formatTime(ms);
    if (this.timer.textContent !== text) this.timer.textContent = text;
  }

  showNotice(text: string | null): void {
    this.noticeText.textContent = text ?? "";
    this.notice.hidden = !text;
  }

  /** A short pulse on the combo counter. */
  pulseCombo(): void {
    const stat = this.combo.closest(".stat");
    if (!stat) return;
    // A new animation name restarts the pulse; removing and re-adding the class would need a
    // forced layout in between (reading offsetWidth) on every matching tap.
    if (stat.classList.contains("pulse")) stat.classList.toggle("again");
    else stat.classList.add("pulse");
  }
}
