/**
 * Today's leaderboards in the New game dialog's daily entry: a Classic / Stack switch over
 * the board of the day (the player's place, the top 10), or, while posting is off, an
 * invitation to turn it on (a button to the settings). Loads when the dialog opens; a board
 * that cannot be read says so in place (never a toast or a dialog: the dialog stays usable).
 */
import { byId } from "../hud";
import { renderBoard } from "./board-view";
import type { Online } from "./online";
import type { DailyMode, OnlineStatus } from "./types";

/**
 * Draws the board of `date` and `mode` into `box` (or the reason there is none), for `status`.
 * `stale()` says a newer drawing was asked for meanwhile (this one then draws nothing).
 */
export async function fillBoard(
  box: HTMLElement,
  online: Online,
  status: OnlineStatus,
  date: string,
  mode: DailyMode,
  stale: () => boolean = () => false,
): Promise<void> {
  const t = online.t();
  const line = (cls: string, text: string) => Object.assign(document.createElement("p"), { className: cls, textContent: text });
  const access = online.access(status);
  if (access !== "ok") {
    const go = Object.assign(document.createElement("button"), { type: "button", className: "btn small", textContent: t("btn.settings") });
    go.addEventListener("click", () => online.openSettings());
    const invite = line("lb-invite", t(access === "invite" ? "online.invite" : "online.noServer"));
    const wrap = Object.assign(document.createElement("div"), { className: "lb-invite-row" });
    wrap.append(invite, go);
    box.replaceChildren(wrap);
    return;
  }
  // the old board stays while the new one loads (no jump), unless there is none
  if (!box.querySelector(".lb")) box.replaceChildren(line("lb-wait", t("online.loading")));
  try {
    const board = await online.boards.get(date, mode, status.key);
    if (!stale()) box.replaceChildren(renderBoard(document, board, t, status.name));
  } catch (e) {
    console.warn("online: leaderboard", e);
    if (!stale()) box.replaceChildren(line("lb-wait", t("online.unavailable")));
  }
}

export class DailyBoard {
  private readonly section = byId("daily-board");
  private readonly body = byId("daily-board-body");
  private readonly tabs: Record<DailyMode, HTMLButtonElement> = {
    classic: byId<HTMLButtonElement>("daily-board-classic"),
    stack: byId<HTMLButtonElement>("daily-board-stack"),
  };
  private mode: DailyMode = "classic";
  private today: string | null = null;
  private drawing = 0;

  constructor(private readonly online: Online) {
    for (const mode of ["classic", "stack"] as const) {
      this.tabs[mode].addEventListener("click", () => {
        this.mode = mode;
        void this.draw();
      });
    }
    online.onStatus(() => {
      if (byId<HTMLDialogElement>("dlg-new").open) void this.draw();
    });
  }

  /** The New game dialog opened (`stack`: on its Stack side): that mode's board first. */
  opened(stack: boolean): void {
    this.mode = stack ? "stack" : "classic";
    void this.draw();
  }

  /** Today's date, from the daily status (read after every new game: drawn only while the dialog shows). */
  show(today: string | null): void {
    this.today = today;
    if (byId<HTMLDialogElement>("dlg-new").open) void this.draw();
  }

  private async draw(): Promise<void> {
    const n = ++this.drawing;
    for (const mode of ["classic", "stack"] as const) this.tabs[mode].setAttribute("aria-selected", String(mode === this.mode));
    const today = this.today;
    this.section.hidden = today === null;
    if (today === null) return;
    let status: OnlineStatus;
    try {
      status = await this.online.current();
    } catch (e) {
      // no online commands in this shell (yet): no board, nothing to say
      console.warn("online: status", e);
      this.section.hidden = true;
      return;
    }
    if (n === this.drawing) await fillBoard(this.body, this.online, status, today, this.mode, () => n !== this.drawing);
  }
}
