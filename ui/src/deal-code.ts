/**
 * Deal codes and the daily deal in the view (docs/deal-codes.md): the line under the
 * header with the current game's code and, for a daily deal, its date; the New game
 * dialog's code field (a refused code shows a translated message and changes nothing)
 * and its daily entry (Daily classic, Daily stack; today's date, best time and streak; the
 * leaderboard under it is online/daily-board.ts). The shell decodes codes,
 * reads the date and keeps the record; this only shows and asks.
 */
import { api } from "./api";
import { formatTime } from "./clock";
import { byId } from "./hud";
import type { Key, Translate } from "./i18n";
import type { AnyView, AppError, DailyStatus } from "./ipc";
import type { DailyMode } from "./online/types";

export interface DealCodeHost {
  /** Runs a command after the ones already queued. */
  enqueue(task: () => Promise<void>): Promise<void>;
  /** Draws a game the shell dealt. */
  show(view: AnyView): void;
  t(): Translate;
  error(e: unknown): void;
  /** The daily status was read (the dialog's leaderboard follows today's date). */
  status?(s: DailyStatus): void;
}

/** The message key for a refused code, by the error's `code`. */
export function codeErrorKey(e: AppError): Key {
  switch (e.code) {
    case "code_mistyped":
      return "code.mistyped";
    case "unsupported_code_version":
      return "code.newer";
    case "bad_code":
      return "code.bad";
    default:
      return "code.failed";
  }
}

export class DealCodes {
  private readonly line = byId("deal-line");
  private readonly code = byId("deal-code");
  private readonly dailyLabel = byId("daily-label");
  private readonly input = byId<HTMLInputElement>("opt-code");
  private readonly inputError = byId("opt-code-error");
  private readonly dailyInfo = byId("daily-info");
  private status: DailyStatus | null = null;
  private view: AnyView | null = null;

  constructor(private readonly host: DealCodeHost) {
    this.input.addEventListener("input", () => (this.inputError.hidden = true));
    for (const [id, mode] of [
      ["new-daily", "classic"],
      ["new-daily-stack", "stack"],
    ] as const) {
      byId(id).addEventListener("click", () => {
        byId<HTMLDialogElement>("dlg-new").close();
        void this.host.enqueue(async () => {
          // classic as before stack dailies: the command's default
          this.host.show(await api.dailyDeal(mode === "stack" ? mode : undefined));
          await this.refresh();
        });
      });
    }
  }

  /**
   * The date whose daily challenge of `mode` the current game is, and whether its win can be
   * posted (null: another game, or not known yet).
   */
  currentDaily(mode: DailyMode): { date: string; postable: boolean } | null {
    const s = this.status;
    const date = (mode === "stack" ? s?.stack_current : s?.current) ?? null;
    return s && date !== null ? { date, postable: s.postable } : null;
  }

  /** The dialog opens: an empty code field, today's daily info. */
  opened(): void {
    this.input.value = "";
    this.inputError.hidden = true;
    void this.refresh();
  }

  /** Whether the dialog's code field holds something to deal. */
  hasCode(): boolean {
    return this.input.value.trim() !== "";
  }

  /** Deals the typed code; true when the game changed (the dialog may close). */
  async dealTyped(): Promise<boolean> {
    const text = this.input.value.trim();
    let ok = false;
    await this.host.enqueue(async () => {
      try {
        this.host.show(await api.newGameFromCode(text));
        ok = true;
      } catch (e) {
        const err = e as AppError;
        this.inputError.textContent = this.host.t()(codeErrorKey(err));
        this.inputError.hidden = false;
        this.input.focus();
        return;
      }
      await this.refresh();
    });
    return ok;
  }

  /** A game is shown: its code, and the date when it is today's (or another day's) daily deal. */
  shown(view: AnyView): void {
    const code = codeOf(view);
    const changed = code !== (this.view ? codeOf(this.view) : undefined) || code === null;
    this.view = view;
    this.render();
    if (changed) void this.refresh();
  }

  /** Asks the shell for the daily status again (after a new game or a win). */
  async refresh(): Promise<void> {
    try {
      this.status = await api.dailyStatus();
      this.host.status?.(this.status);
    } catch (e) {
      this.host.error(e);
    }
    this.render();
  }

  render(): void {
    const t = this.host.t();
    const code = this.view ? codeOf(this.view) : null;
    this.code.textContent = code ?? "";
    const s = this.status;
    const stack = s?.stack_current ?? null;
    const daily = s?.current ?? stack;
    this.dailyLabel.hidden = daily === null;
    this.dailyLabel.textContent = daily === null ? "" : t(daily === stack ? "daily.labelStack" : "daily.label", { date: daily });
    this.line.hidden = code === null && daily === null;
    this.code.parentElement!.hidden = code === null;
    if (s) {
      const best = s.today_best_ms === null ? "–" : formatTime(s.today_best_ms);
      const info = t("daily.info", { date: s.today, best, streak: s.streak });
      this.dailyInfo.textContent =
        s.stack_best_ms === null ? info : `${info} · ${t("daily.stackBest", { best: formatTime(s.stack_best_ms) })}`;
    }
  }
}

/** The code of the deal on screen (a journey's: its current level's deal). */
function codeOf(view: AnyView): string | null {
  return view.mode === "journey" ? view.game.code : view.code;
}
