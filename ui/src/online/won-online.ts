/**
 * The win dialog after a daily win: "Posting…", then the rank and today's top 10 once the
 * sender has posted the result, or "will be posted when online" while it waits in the outbox
 * (the sender tries again later), or why the server refused it. Nothing here delays the
 * dialog: it opens at once and this part fills in as the sender reports.
 */
import { byId, setHidden } from "../hud";
import { postedText } from "./board-view";
import { fillBoard } from "./daily-board";
import { refusedText, type Online } from "./online";
import type { SenderEvent } from "./sender";
import type { DailyMode, OnlineStatus, SubmitAnswer } from "./types";

export class WonOnline {
  private readonly section = byId("won-online");
  private readonly text = byId("won-online-status");
  private readonly board = byId("won-online-board");
  /** The daily board being followed (null: the dialog shows another win). */
  private day: { date: string; mode: DailyMode } | null = null;
  /** The session's word before the win: no help so far, so the win can be posted. */
  private postable = true;
  /** "Posting…" is shown: no word about this result yet. */
  private awaiting = false;
  private drawing = 0;

  constructor(private readonly online: Online) {
    online.sender.subscribe((e) => this.onSender(e));
  }

  /** A win that is no daily game: nothing online to show. */
  hide(): void {
    this.day = null;
    this.awaiting = false;
    this.drawing++;
    setHidden(this.section, true);
  }

  /** A daily win of `date` and `mode` (`postable`: no help used): shows its posting as it goes. */
  track(date: string, mode: DailyMode, postable: boolean): void {
    this.day = { date, mode };
    this.postable = postable;
    this.drawing++;
    this.board.replaceChildren();
    this.say("");
    setHidden(this.section, true);
    void this.online.current().then(
      (s) => {
        if (!this.following(date, mode)) return;
        setHidden(this.section, false);
        if (this.online.access(s) !== "ok") {
          void fillBoard(this.board, this.online, s, date, mode);
          return;
        }
        this.say(this.online.t()("online.posting"), true);
        void this.online.sender.flush(true);
      },
      (e: unknown) => console.warn("online: status", e),
    );
  }

  private following(date: string, mode: DailyMode): boolean {
    return this.day !== null && this.day.date === date && this.day.mode === mode;
  }

  private say(text: string, awaiting = false): void {
    this.awaiting = awaiting;
    this.text.textContent = text;
    setHidden(this.text, text === "");
  }

  private onSender(e: SenderEvent): void {
    const day = this.day;
    if (!day) return;
    const t = this.online.t();
    if (e.kind === "done") {
      void this.settle(e.status, day.date, day.mode).catch((err: unknown) => console.warn("online: status", err));
      return;
    }
    if (!this.following(e.item.date, e.item.mode)) return;
    setHidden(this.section, false);
    if (e.kind === "posting") this.say(t("online.posting"), true);
    else if (e.kind === "queued") this.say(t("online.queued"));
    else if (e.kind === "refused") this.say(refusedText(e.error.error, t));
    else this.posted(e.answer);
  }

  /** The server's answer: the rank, then the board (fresh: the sender dropped the kept one). */
  private posted(a: SubmitAnswer): void {
    this.say(postedText(a, this.online.t()));
    const n = ++this.drawing;
    void this.online.current().then((s) => {
      if (n === this.drawing) void fillBoard(this.board, this.online, s, a.date, a.mode, () => n !== this.drawing);
    });
  }

  /**
   * A round ended without a word about this board (posting off, an assisted win the session
   * did not queue, a result posted or refused in an earlier round): the last answer or
   * refusal the session keeps, else the outbox says whether it still waits; else nothing.
   */
  private async settle(status: OnlineStatus | null, date: string, mode: DailyMode): Promise<void> {
    const posting = () => this.following(date, mode) && this.awaiting;
    if (!posting()) return;
    const s = status ?? (await this.online.current());
    const answer = this.online.answerFor(s, date, mode);
    if (answer) return this.posted(answer);
    const refused = s.refused.find((r) => r.date === date && r.mode === mode);
    if (refused) return this.say(refusedText(refused.error, this.online.t()));
    const waiting = await this.online.waiting(date, mode);
    if (!posting()) return;
    if (waiting) this.say(this.online.t()("online.queued"));
    // a win with a hint, Demo or "Show me" is not sealed: say so rather than nothing
    else if (!this.postable) this.say(this.online.t()("online.notPostable"));
    else {
      this.awaiting = false;
      setHidden(this.section, true);
    }
  }
}
