/**
 * The journey's part of the view: the bar above the board (level, the rule's name and
 * arrow, the countdown draining per level with the refill of each match shown, the
 * journey score), the props left on the Hint / Shuffle / Undo buttons, the time-up dialog
 * (retry the level) and the level-cleared dialog (time bonus, next level). The board itself
 * is the classic board, drawn by classic/controller.ts. The clock is the app's; when the
 * bar runs out the view reports the time (`set_elapsed`) and the shell's engine decides
 * the level is lost.
 */
import { api } from "../api";
import { byId, setAttr, setDisabled, setHidden, setText } from "../hud";
import { sound } from "../sound";
import type { Translate } from "../i18n";
import type { AnyView, JourneyView } from "../ipc";
import type { Toasts } from "../toast";
import { barFill, ruleIcon, ruleKey, ruleShortKey, secondsLeft, timeLeft, urgent } from "./rules";

export interface JourneyHost {
  enqueue(task: () => Promise<void>): Promise<void>;
  /** The level's clock (the app's game clock). */
  elapsed(): number;
  clockRunning(): boolean;
  t(): Translate;
  toasts: Toasts;
  show(view: AnyView): void;
  openNewGame(): void;
}

type PropName = "hints" | "shuffles" | "undos";
const PROP_BUTTONS: [PropName, string][] = [
  ["hints", "btn-hint"],
  ["shuffles", "btn-shuffle"],
  ["undos", "btn-undo"],
];

export class JourneyUi {
  view: JourneyView | null = null;
  private readonly bar = byId("journey-bar");
  private readonly timer = byId("journey-timer");
  private readonly fill = byId("journey-fill");
  private readonly timeText = byId("journey-time-text");
  private readonly refill = byId("journey-refill");
  private readonly levelText = byId("journey-level");
  /** The level with the rule's short name, shown instead on phones in portrait. */
  private readonly levelShort = byId("journey-level-short");
  private readonly icon = byId("journey-rule-icon");
  private readonly total = byId("journey-total");
  private readonly lostDialog = byId<HTMLDialogElement>("dlg-journey-lost");
  private readonly wonDialog = byId<HTMLDialogElement>("dlg-journey-won");
  private readonly counts = new Map<PropName, HTMLElement>();
  private reporting = false;
  /** The quarter-second tick, running only while a journey level is shown. */
  private ticker = 0;
  private shownLevel = 0;

  constructor(private readonly host: JourneyHost) {
    for (const [name, id] of PROP_BUTTONS) {
      const badge = document.createElement("span");
      badge.className = "count journey-count";
      badge.hidden = true;
      byId(id).append(badge);
      this.counts.set(name, badge);
    }
    const bind = (id: string, fn: () => void) =>
      byId(id).addEventListener("click", () => {
        (byId(id).closest("dialog") as HTMLDialogElement | null)?.close();
        fn();
      });
    bind("journey-lost-retry", () => this.retry());
    bind("journey-lost-new", () => this.start(true));
    bind("journey-won-next-btn", () => this.next());
  }

  /** Starts (restart) or continues the journey. */
  start(restart: boolean): void {
    void this.host.enqueue(async () => this.host.show(await api.journeyStart(restart)));
  }

  next(): void {
    void this.host.enqueue(async () => this.host.show(await api.journeyNext()));
  }

  retry(): void {
    void this.host.enqueue(async () => this.host.show(await api.journeyRetry()));
  }

  /** A journey view replaced the game (new level, resumed, retried, time up). */
  show(v: JourneyView): void {
    this.view = v;
    this.reporting = false;
    if (this.ticker === 0) this.ticker = window.setInterval(() => this.tick(), 250);
    this.bar.hidden = false;
    this.closeDialogs();
    this.update(v, false);
    const j = v.journey;
    if (j.status === "lost") this.openLost();
    else if (j.status === "playing" && this.shownLevel !== j.level) {
      const t = this.host.t();
      this.host.toasts.announce(
        t("journey.announceLevel", { level: j.level, rule: t(ruleKey(j.rule)), s: secondsLeft(j.time_left_ms) }),
      );
    }
    this.shownLevel = j.level;
  }

  /** Another mode's game replaced the journey. */
  hide(): void {
    this.view = null;
    window.clearInterval(this.ticker);
    this.ticker = 0;
    this.bar.hidden = true;
    this.closeDialogs();
    for (const badge of this.counts.values()) badge.hidden = true;
    for (const [, id] of PROP_BUTTONS) {
      const btn = byId(id);
      delete btn.dataset["left"];
      btn.removeAttribute("title");
    }
  }

  /** The journey after a move; `matched` shows the time refill. */
  update(v: JourneyView, matched: boolean): void {
    this.view = v;
    const t = this.host.t();
    const j = v.journey;
    this.levelText.textContent = t("journey.levelRule", { level: j.level, rule: t(ruleKey(j.rule)) });
    this.levelShort.textContent = t("journey.levelRule", { level: j.level, rule: t(ruleShortKey(j.rule)) });
    // the full name stays one long press (or hover) away where the short one is shown
    this.levelShort.title = this.levelText.textContent;
    this.icon.querySelector("path")?.setAttribute("d", ruleIcon(j.rule));
    this.icon.dataset["rule"] = j.rule;
    this.bar.dataset["level"] = String(j.level);
    this.bar.dataset["rule"] = j.rule;
    this.total.textContent = String(j.total_score);
    if (matched && j.refill_ms > 0) {
      this.refill.textContent = t("journey.refill", { s: j.refill_ms / 1000 });
      this.refill.classList.remove("show");
      this.timer.classList.remove("refilled");
      void this.refill.offsetWidth;
      this.refill.classList.add("show");
      this.timer.classList.add("refilled");
      window.setTimeout(() => this.timer.classList.remove("refilled"), 700);
    }
    this.drawTime();
  }

  /** The props left on the Hint / Shuffle / Undo buttons (after the HUD set their states). */
  decorate(paused: boolean): void {
    const v = this.view;
    if (!v) return;
    const t = this.host.t();
    const left = v.journey.props_left;
    for (const [name, id] of PROP_BUTTONS) {
      const badge = this.counts.get(name)!;
      // only what changed is written: this runs after every tap
      setHidden(badge, false);
      setText(badge, String(left[name]));
      const btn = byId<HTMLButtonElement>(id);
      setAttr(btn, "data-left", String(left[name]));
      if (left[name] === 0 || v.journey.status !== "playing" || paused) setDisabled(btn, true);
      setAttr(btn, "title", left[name] === 0 ? t("journey.noPropLeft") : null);
    }
  }

  setTranslate(): void {
    if (this.view) this.update(this.view, false);
  }

  /** The level is cleared: the time bonus, the score so far, and the next level;
   *  "New best" when the shell said the journey score beat the stored best. */
  openWon(newBest = false): void {
    const v = this.view;
    if (!v || v.journey.status !== "won") return;
    const t = this.host.t();
    const j = v.journey;
    byId("dlg-journey-won-title").textContent = t("journey.wonTitle", { level: j.level });
    byId("journey-won-level").textContent = String(j.level_score);
    byId("journey-won-bonus").textContent = `+${j.bonus ?? 0}`;
    byId("journey-won-total").textContent = String(j.total_score);
    byId("journey-won-best").hidden = !newBest;
    const nextRule = j.next_rule;
    byId("journey-won-next").textContent =
      nextRule === null ? "" : t("journey.nextRule", { level: j.level + 1, rule: t(ruleKey(nextRule)) });
    byId<HTMLButtonElement>("journey-won-next-btn").hidden = nextRule === null;
    if (!this.wonDialog.open) this.wonDialog.showModal();
    byId("journey-won-next-btn").focus();
    this.host.toasts.announce(t("journey.announceWon", { bonus: j.bonus ?? 0, total: j.total_score }));
  }

  private openLost(): void {
    const v = this.view;
    if (!v) return;
    const t = this.host.t();
    byId("journey-lost-body").textContent = t("journey.timeUpBody", {
      level: v.journey.level,
      rule: t(ruleKey(v.journey.rule)),
    });
    if (!this.lostDialog.open) {
      sound.play("lose");
      this.lostDialog.showModal();
    }
    byId("journey-lost-retry").focus();
    this.host.toasts.announce(t("journey.announceTimeUp"));
  }

  private closeDialogs(): void {
    for (const d of [this.lostDialog, this.wonDialog]) if (d.open) d.close();
  }

  private left(): number {
    const v = this.view;
    if (!v) return 0;
    if (v.journey.status !== "playing") return v.journey.time_left_ms;
    return timeLeft(v.journey.time_limit_ms, this.host.elapsed());
  }

  private drawTime(): void {
    const v = this.view;
    if (!v) return;
    const left = this.left();
    const start = v.journey.level_time_ms;
    this.fill.style.setProperty("--fill", String(barFill(left, start)));
    const s = this.host.t()("journey.timeLeft", { s: secondsLeft(left) });
    if (this.timeText.textContent !== s) this.timeText.textContent = s;
    this.timer.dataset["left"] = String(left);
    this.timer.classList.toggle("urgent", v.journey.status === "playing" && urgent(left, start));
  }

  /** Every quarter second: drain the bar; when it is empty, report the time to the shell. */
  private tick(): void {
    const v = this.view;
    if (!v) return;
    this.drawTime();
    if (v.journey.status !== "playing" || v.game.status === "won" || this.reporting) return;
    if (!this.host.clockRunning() || this.left() > 0) return;
    this.reporting = true;
    void this.host.enqueue(async () => {
      await api.setElapsed(this.host.elapsed());
      this.host.show(await api.gameState());
    });
  }
}
