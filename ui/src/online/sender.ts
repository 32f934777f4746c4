/**
 * The sender: takes the session's outbox (signed daily results waiting, `online_outbox`),
 * POSTs each to `/api/v1/results`, and tells the session how it went (`online_delivered`
 * with the server's answer, `online_refused` with its error). It runs after a daily win, at
 * start, when the browser says it is back online, and every few minutes; a result the
 * server could not take now (no answer, 429, 5xx) stays in the outbox and the sender waits
 * longer after each such failure (backoff), and a 429's or 503's `Retry-After` at least. Nothing in a game waits for it: `flush` is
 * called and forgotten, never rejects, and reports through its listeners and notices.
 */
import { verdict } from "./answers";
import type { Http } from "./http";
import type { ApiError, HttpAnswer, OnlineStatus, OutboxItem, SubmitAnswer } from "./types";

/** The session's side of the sender (api.ts in the app; fakes in the tests). */
export interface SenderSession {
  status(): Promise<OnlineStatus>;
  outbox(): Promise<OutboxItem[]>;
  delivered(id: string, answer: SubmitAnswer): Promise<OnlineStatus>;
  refused(id: string, error: ApiError): Promise<OnlineStatus>;
}

/** A failure worth telling the player about, each kind once (see `Sender.notice`). */
export type SenderNotice =
  | { kind: "unreachable" }
  | { kind: "refused"; code: string }
  | { kind: "failed" };

/** What a flush did to one result, and what it found at its end. */
export type SenderEvent =
  | { kind: "posting"; item: OutboxItem }
  | { kind: "posted"; item: OutboxItem; answer: SubmitAnswer }
  | { kind: "refused"; item: OutboxItem; error: ApiError }
  | { kind: "queued"; item: OutboxItem }
  | { kind: "done"; status: OnlineStatus | null };

export interface SenderDeps {
  session: SenderSession;
  http: Http;
  notice(n: SenderNotice): void;
  /** The desktop app posts only to a configured server (an empty address: offline). */
  needsServer: boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  random?: () => number;
}

/** The regular round, when nothing failed. */
export const PERIOD_MS = 4 * 60_000;
/** The first wait after a failure, doubled after each further one up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 30 * 60_000;
/** A 429's wait without a `Retry-After` is at least this (the server's limits are per minute). */
export const RATE_LIMIT_MS = 60_000;

/** The wait after the `failures`-th failure in a row (1, 2, ...), ±20 % so clients spread out. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export class Sender {
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;
  private readonly random: () => number;
  private readonly listeners = new Set<(e: SenderEvent) => void>();
  private readonly noticed = new Set<string>();
  /** Failed rounds in a row. */
  private failures = 0;
  /** No round before this time, even a forced one (the server said 429). */
  private notBefore = 0;
  /** No unforced round before this time (backoff). */
  private nextAt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  /** This round found posting on (so a failure after it is worth a notice). */
  private posting = false;

  constructor(private readonly deps: SenderDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.random = deps.random ?? Math.random;
  }

  /** Calls `fn` with every event from now on; returns the unsubscribe. */
  subscribe(fn: (e: SenderEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** The time of the next round (for tests and the curious). */
  get nextRoundAt(): number {
    return Math.max(this.nextAt, this.notBefore);
  }

  /**
   * One round now (or once the one running ends). `force` (a win, back online, posting
   * turned on) skips the backoff but not a 429's wait. Never rejects.
   */
  flush(force = false): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const now = this.now();
    if (now < this.notBefore || (!force && now < this.nextAt)) {
      this.emit({ kind: "done", status: null });
      return Promise.resolve();
    }
    this.posting = false;
    this.running = this.round()
      .catch((e: unknown) => {
        // an IPC failure (the session's side): tried again next round; told only when
        // results were known to wait (a shell that cannot say is no news to the player)
        console.warn("online: sender round failed", e);
        this.fail(null);
        if (this.posting) this.notice({ kind: "failed" });
        this.emit({ kind: "done", status: null });
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.flush(true);
        } else this.schedule();
      });
    return this.running;
  }

  /** Stops the timer (a page going away; tests). */
  stop(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private async round(): Promise<void> {
    let status = await this.deps.session.status();
    if (!status.posting || (this.deps.needsServer && status.server.trim() === "")) {
      this.emit({ kind: "done", status });
      return;
    }
    this.posting = true;
    const items = await this.deps.session.outbox();
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      this.emit({ kind: "posting", item });
      let answer: HttpAnswer | null = null;
      try {
        answer = await this.deps.http("POST", "/api/v1/results", item.body);
      } catch (e) {
        console.warn("online: no answer from the server", e);
      }
      const v = answer ? verdict(answer.status, answer.body) : null;
      if (v?.kind === "delivered") {
        status = await this.deps.session.delivered(item.id, v.answer);
        this.emit({ kind: "posted", item, answer: v.answer });
      } else if (v?.kind === "refused") {
        console.warn(`online: result refused: ${v.error.error}: ${v.error.message}`);
        status = await this.deps.session.refused(item.id, v.error);
        this.emit({ kind: "refused", item, error: v.error });
        this.notice({ kind: "refused", code: v.error.error });
      } else {
        // no answer, 429, 5xx: this and the rest wait for a later round
        this.fail(v?.status ?? null, answer?.retry_after ?? null);
        this.notice({ kind: "unreachable" });
        for (const rest of items.slice(i)) this.emit({ kind: "queued", item: rest });
        this.emit({ kind: "done", status });
        return;
      }
    }
    this.failures = 0;
    this.nextAt = 0;
    this.emit({ kind: "done", status });
  }

  /**
   * A failed round: the next waits longer. A 429 or 503 holds even forced rounds: for the
   * server's `Retry-After` when it gave one (seconds), else a 429 for at least a minute.
   */
  private fail(httpStatus: number | null, retryAfterS: number | null = null): void {
    this.failures++;
    const wait = backoffMs(this.failures, this.random);
    const now = this.now();
    const told = httpStatus === 429 || httpStatus === 503 ? retryAfterS : null;
    if (told !== null) {
      this.notBefore = now + told * 1000;
      this.nextAt = now + Math.max(wait, told * 1000);
      return;
    }
    this.nextAt = now + wait;
    if (httpStatus === 429) this.notBefore = now + Math.max(wait, RATE_LIMIT_MS);
  }

  /** The next round: at the backoff's end after a failure, else after the regular period. */
  private schedule(): void {
    this.stop();
    const wait = Math.max(this.nextRoundAt - this.now(), 0) || PERIOD_MS;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  /** Each kind of failure once per page (a refusal once per code). */
  private notice(n: SenderNotice): void {
    const key = n.kind === "refused" ? `refused:${n.code}` : n.kind;
    if (this.noticed.has(key)) return;
    this.noticed.add(key);
    this.deps.notice(n);
  }

  private emit(e: SenderEvent): void {
    for (const fn of this.listeners) {
      try {
        fn(e);
      } catch (err) {
        console.warn("online: listener failed", err);
      }
    }
  }
}
