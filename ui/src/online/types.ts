/**
 * The online daily challenge's types (issue 29), in one place for the view: the session's
 * IPC payloads are generated from Rust (`ui/src/bindings/`, re-exported here); the server's
 * answers that only the view reads (the leaderboard, a refusal's body) are written here as
 * docs/api.md gives them (llk_online's `Leaderboard`, `Entry`, `You`, `ApiError`).
 */
import type { Mode } from "../bindings";

export type { HttpAnswer, OnlineStatus, OutboxItem, Refused, SubmitAnswer } from "../bindings";

/** The two daily challenges. */
export type DailyMode = Mode;

/** A refusal's body: `{error, message}` (any code, a newer server's too; the message, English, is for logs). */
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

/** What `set_online` takes. */
export interface OnlineSettings {
  posting: boolean;
  name: string;
  server: string;
}

