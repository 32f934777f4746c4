/**
 * A day's leaderboard from the server (`GET /api/v1/leaderboard/{date}/{mode}?key=…&limit=10`),
 * kept for a short while so that opening a dialog twice asks once; a result just posted
 * drops its board so the next look is fresh.
 */
import { readLeaderboard } from "./answers";
import type { Http } from "./http";
import type { DailyMode, Leaderboard } from "./types";

/** The lines a board shows. */
export const TOP = 10;
/** How long a board read is shown again without asking. */
export const KEEP_MS = 30_000;

/** The request's path: the date and mode as path segments, the key as the query. */
export function leaderboardPath(date: string, mode: DailyMode, key: string, limit = TOP): string {
  const q = new URLSearchParams({ limit: String(limit) });
  if (key) q.set("key", key);
  return `/api/v1/leaderboard/${encodeURIComponent(date)}/${mode}?${q.toString()}`;
}

export class Leaderboards {
  private readonly kept = new Map<string, { at: number; board: Promise<Leaderboard> }>();

  constructor(
    private readonly http: Http,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The board, or a rejection when the server gave none (no answer, an error, a body not the API's). */
  get(date: string, mode: DailyMode, key: string): Promise<Leaderboard> {
    const id = `${date}/${mode}/${key}`;
    const hit = this.kept.get(id);
    if (hit && this.now() - hit.at < KEEP_MS) return hit.board;
    const board = this.http("GET", leaderboardPath(date, mode, key), null).then((r) => {
      const b = r.status >= 200 && r.status < 300 ? readLeaderboard(r.body) : null;
      if (!b) throw new Error(`leaderboard: HTTP ${r.status}`);
      return b;
    });
    this.kept.set(id, { at: this.now(), board });
    // a failure is not kept: the next look asks again
    board.catch(() => this.kept.get(id)?.board === board && this.kept.delete(id));
    return board;
  }

  /** Forgets a day's boards (a result was just posted there). */
  drop(date: string, mode: DailyMode): void {
    for (const id of [...this.kept.keys()]) if (id.startsWith(`${date}/${mode}/`)) this.kept.delete(id);
  }
}
