/**
 * The online daily challenge, wired for the page: the shell's HTTP (the web build's `fetch`
 * to its own origin, the desktop shell's `online_http`), the sender (sender.ts) started at
 * start-up and again when the browser is back online, the leaderboards (leaderboard.ts), the
 * session's online status as last seen, and the sender's failures as notices (toasts), each
 * once. The parts on screen (settings-section.ts, daily-board.ts, won-online.ts) share it.
 */
import { api } from "../api";
import type { Key, Translate } from "../i18n";
import { inTauri } from "../transport";
import { webHttp, type Http } from "./http";
import { Leaderboards } from "./leaderboard";
import { Sender, type SenderNotice } from "./sender";
import type { DailyMode, OnlineStatus } from "./types";

export interface OnlineHost {
  t(): Translate;
  /** A short, non-blocking message (the app's toasts). */
  notice(text: string): void;
  /** Opens the settings dialog (from an invitation to turn posting on). */
  openSettings(): void;
}

/** Why a refused result was refused, in a few words (the codes of docs/api.md). */
export function reasonKey(code: string): Key {
  switch (code) {
    case "date_closed":
      return "online.reason.closed";
    case "bad_name":
      return "online.reason.name";
    case "bad_json":
    case "bad_key":
    case "bad_signature":
    case "bad_date":
    case "bad_mode":
    case "too_large":
    case "too_many_moves":
    case "too_fast":
    case "bad_times":
    case "time_mismatch":
    case "illegal_move":
    case "not_won":
      return "online.reason.unverified";
    default:
      return "online.reason.other";
  }
}

/** The refusal as a sentence. */
export function refusedText(code: string, t: Translate): string {
  return t("online.refused", { reason: t(reasonKey(code)) });
}

/** What a board can show with this status: the board, or why not (posting off, no server). */
export type BoardAccess = "ok" | "invite" | "noServer";

export class Online {
  /** The desktop app: the server is the player's to set (empty: offline). */
  readonly desktop = inTauri();
  readonly http: Http = this.desktop ? (m, p, b) => api.onlineHttp(m, p, b) : webHttp();
  readonly boards = new Leaderboards(this.http);
  readonly sender: Sender;
  private status: OnlineStatus | null = null;
  private readonly listeners = new Set<(s: OnlineStatus) => void>();

  constructor(private readonly host: OnlineHost) {
    this.sender = new Sender({
      session: {
        status: () => api.onlineStatus(),
        outbox: () => api.onlineOutbox(),
        delivered: (id, answer) => api.onlineDelivered(id, answer),
        refused: (id, error) => api.onlineRefused(id, error),
      },
      http: this.http,
      notice: (n) => host.notice(this.noticeText(n)),
      needsServer: this.desktop,
    });
    this.sender.subscribe((e) => {
      if (e.kind === "posted") this.boards.drop(e.item.date, e.item.mode);
      if (e.kind === "done" && e.status) this.setStatus(e.status);
    });
  }

  /** The first round (once the first board is painted), and one whenever the browser is back online. */
  start(): void {
    window.addEventListener("online", () => void this.sender.flush(true));
    void this.sender.flush(true);
  }

  /** The status as last seen, or asked for now. */
  async current(): Promise<OnlineStatus> {
    if (this.status) return this.status;
    const s = await api.onlineStatus();
    this.setStatus(s);
    return s;
  }

  /** A status the session answered (set_online, delivered, ...): every part on screen follows it. */
  setStatus(s: OnlineStatus): void {
    this.status = s;
    for (const fn of this.listeners) fn(s);
  }

  onStatus(fn: (s: OnlineStatus) => void): void {
    this.listeners.add(fn);
  }

  access(s: OnlineStatus): BoardAccess {
    if (!s.posting) return "invite";
    return this.desktop && s.server.trim() === "" ? "noServer" : "ok";
  }

  /** The server's latest answer for a day's board, if any. */
  answerFor(s: OnlineStatus, date: string, mode: DailyMode) {
    return s.answers.find((a) => a.date === date && a.mode === mode) ?? null;
  }

  /** Whether a result of that board waits in the outbox. */
  async waiting(date: string, mode: DailyMode): Promise<boolean> {
    return (await api.onlineOutbox()).some((i) => i.date === date && i.mode === mode);
  }

  t(): Translate {
    return this.host.t();
  }

  openSettings(): void {
    this.host.openSettings();
  }

  private noticeText(n: SenderNotice): string {
    const t = this.host.t();
    if (n.kind === "refused") return refusedText(n.code, t);
    return t(n.kind === "unreachable" ? "online.unreachable" : "online.failed");
  }
}
