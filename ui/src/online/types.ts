/**
 * The online daily challenge's types (issue 29), in one place for the view: the session's
 * IPC payloads (`online_status`, `set_online`, `online_outbox`, `online_delivered`,
 * `online_refused`, `online_http`) and the server's answers (docs/api.md). Written here,
 * shaped exactly as the Rust types, only until the session's generated bindings land in
 * `ui/src/bindings/`; then these become re-exports of those.
 */

/** The two daily challenges. */
export type DailyMode = "classic" | "stack";

/** The server's answer to an accepted (or repeated) result (`POST /api/v1/results`). */
export interface SubmitAnswer {
  date: string;
  mode: DailyMode;
  time_ms: number;
  props: boolean;
  best_ms: number;
  best_props: boolean;
  improved: boolean;
  rank: number;
  finishers: number;
  top_percent: number;
}

/** A refusal: `{error, message}` (the code is stable; the message, English, is for logs). */
export interface ApiError {
  error: string;
  message: string;
}

/** One line of a leaderboard. */
export interface Entry {
  rank: number;
  name: string;
  time_ms: number;
  props: boolean;
}

/** The asker's place on a leaderboard. */
export interface You {
  rank: number;
  time_ms: number;
  props: boolean;
  top_percent: number;
}

/** `GET /api/v1/leaderboard/{date}/{mode}`. */
export interface Leaderboard {
  date: string;
  mode: DailyMode;
  finishers: number;
  top: Entry[];
  you: You | null;
}

/** The session's online settings and what waits to be sent (`online_status`). */
export interface OnlineStatus {
  posting: boolean;
  name: string;
  /** The player's public key, 64 hex digits. */
  key: string;
  /** The server's address (desktop; empty: offline). */
  server: string;
  /** Results waiting in the outbox. */
  pending: number;
  /** The server's last answers for today's and yesterday's challenges. */
  answers: SubmitAnswer[];
  /** Results of today and yesterday the server refused (dropped for good). */
  refused: Refused[];
}

/** A result the server refused for good. */
export interface Refused {
  id: string;
  date: string;
  mode: DailyMode;
  /** The server's error code (docs/api.md), e.g. `date_closed`. */
  error: string;
  message: string;
}

/** What `daily_status` adds for the stack challenge and online play (`DailyStatus` once generated). */
export interface DailyStatusOnline {
  stack_best_ms?: number | null;
  /** The date of the current game when it is a stack challenge. */
  stack_current?: string | null;
  posting?: boolean;
  /** The current daily game can still be posted when won (no help so far). */
  postable?: boolean;
  classic_answer?: SubmitAnswer | null;
  stack_answer?: SubmitAnswer | null;
}

/** What `set_online` takes. */
export interface OnlineSettings {
  posting: boolean;
  name: string;
  server: string;
}

/** A signed result waiting to be sent (`online_outbox`): `body` is the envelope, as sent. */
export interface OutboxItem {
  id: string;
  date: string;
  mode: DailyMode;
  body: string;
}

/** An HTTP exchange through the shell (`online_http`, desktop) or `fetch` (web). */
export interface HttpAnswer {
  status: number;
  body: string;
}
