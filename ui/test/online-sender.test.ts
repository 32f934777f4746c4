import { beforeEach, describe, expect, it, vi } from "vitest";
import { readApiError, readLeaderboard, readSubmitAnswer, verdict } from "../src/online/answers";
import { apiUrl, MAX_RETRY_AFTER_S, retryAfterSeconds, webHttp } from "../src/online/http";
import {
  backoffMs,
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  PERIOD_MS,
  RATE_LIMIT_MS,
  Sender,
  type SenderEvent,
  type SenderNotice,
} from "../src/online/sender";
import type { ApiError, HttpAnswer, OnlineStatus, OutboxItem, SubmitAnswer } from "../src/online/types";

// the sender logs each failure for the curious: not in the test's output
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const ANSWER: SubmitAnswer = {
  date: "2026-12-04",
  mode: "classic",
  time_ms: 93000,
  props: false,
  best_ms: 93000,
  best_props: false,
  improved: true,
  rank: 3,
  finishers: 41,
  top_percent: 8,
};
const ok = (a: SubmitAnswer = ANSWER): HttpAnswer => ({ status: 200, body: JSON.stringify(a), retry_after: null });
const refusal = (status: number, error: string, retry_after: number | null = null): HttpAnswer => ({
  status,
  body: JSON.stringify({ error, message: `${error}!` }),
  retry_after,
});
const item = (id: string, mode: "classic" | "stack" = "classic"): OutboxItem => ({ id, date: "2026-12-04", mode, body: `{"id":"${id}"}` });

/** A session with an outbox, recording what the sender told it. */
function fakeSession(items: OutboxItem[], over: Partial<OnlineStatus> = {}) {
  const status = (): OnlineStatus => ({
    posting: true,
    name: "Ada",
    key: "ab".repeat(32),
    server: "https://llk.example",
    pending: items.length,
    answers: [],
    refused: [],
    ...over,
  });
  const log: string[] = [];
  return {
    log,
    items,
    session: {
      status: vi.fn(async () => status()),
      outbox: vi.fn(async () => [...items]),
      delivered: vi.fn(async (id: string, a: SubmitAnswer) => {
        log.push(`delivered ${id} rank ${a.rank}`);
        items.splice(items.findIndex((i) => i.id === id), 1);
        return status();
      }),
      refused: vi.fn(async (id: string, e: ApiError) => {
        log.push(`refused ${id} ${e.error}`);
        items.splice(items.findIndex((i) => i.id === id), 1);
        return status();
      }),
    },
  };
}

/** A sender over a fake clock and timer; `answers` are the server's, in order (an Error: no answer). */
function setup(answers: (HttpAnswer | Error)[], items: OutboxItem[] = [item("a")], over: Partial<OnlineStatus> = {}) {
  const s = fakeSession(items, over);
  const clock = { now: 1_000_000 };
  const timers: { fn: () => void; at: number }[] = [];
  const notices: SenderNotice[] = [];
  const events: SenderEvent[] = [];
  const posts: string[] = [];
  const http = vi.fn(async (_m: string, path: string, body: string | null) => {
    posts.push(`${path} ${body}`);
    const a = answers.shift();
    if (!a || a instanceof Error) throw a ?? new Error("offline");
    return a;
  });
  const sender = new Sender({
    session: s.session,
    http,
    notice: (n) => notices.push(n),
    needsServer: true,
    now: () => clock.now,
    setTimer: (fn, ms) => {
      const t = { fn, at: clock.now + ms };
      timers.splice(0, timers.length, t);
      return t;
    },
    clearTimer: () => timers.splice(0, timers.length),
    random: () => 0.5,
  });
  sender.subscribe((e) => events.push(e));
  return { ...s, clock, timers, notices, events, posts, http, sender };
}

describe("verdict", () => {
  it("2xx with an answer is delivered; 4xx (not 429) with the API's error is refused", () => {
    expect(verdict(200, JSON.stringify(ANSWER))).toEqual({ kind: "delivered", answer: ANSWER });
    expect(verdict(422, '{"error":"too_fast","message":"x"}')).toEqual({ kind: "refused", error: { error: "too_fast", message: "x" } });
    expect(verdict(400, '{"error":"bad_name","message":"x"}').kind).toBe("refused");
    expect(verdict(401, '{"error":"bad_signature","message":"x"}').kind).toBe("refused");
  });

  it("429, 5xx, and bodies that are not the API's are tried again", () => {
    expect(verdict(429, '{"error":"rate_limited","message":"x"}')).toEqual({ kind: "retry", status: 429 });
    expect(verdict(500, '{"error":"unavailable","message":"x"}').kind).toBe("retry");
    expect(verdict(503, "").kind).toBe("retry");
    // a static host's 404 page, a proxy's 400 page: not the server refusing the result
    expect(verdict(404, "<!doctype html><title>Not found</title>").kind).toBe("retry");
    expect(verdict(400, "Bad Request").kind).toBe("retry");
    // a 2xx that is not an answer is not taken as delivered
    expect(verdict(200, "<html>").kind).toBe("retry");
    expect(verdict(200, '{"date":"2026-12-04"}').kind).toBe("retry");
    expect(verdict(302, "").kind).toBe("retry");
  });

  it("reads only well-formed bodies", () => {
    expect(readSubmitAnswer("null")).toBeNull();
    expect(readSubmitAnswer(JSON.stringify({ ...ANSWER, rank: "3" }))).toBeNull();
    expect(readSubmitAnswer(JSON.stringify({ ...ANSWER, mode: "journey" }))).toBeNull();
    expect(readApiError('{"error":""}')).toBeNull();
    expect(readApiError('{"error":"bad_date"}')).toEqual({ error: "bad_date", message: "" });
    const board = { date: "2026-12-04", mode: "stack", finishers: 1, top: [{ rank: 1, name: "A", time_ms: 1, props: false }], you: null };
    expect(readLeaderboard(JSON.stringify(board))).toEqual(board);
    expect(readLeaderboard(JSON.stringify({ ...board, top: [{ rank: 1, name: 7, time_ms: 1, props: false }] }))).toBeNull();
    expect(readLeaderboard(JSON.stringify({ ...board, you: { rank: 1 } }))).toBeNull();
    expect(readLeaderboard(JSON.stringify({ ...board, you: undefined }))?.you).toBeNull();
  });
});

describe("backoff", () => {
  it("doubles from 30 s up to 30 min, ±20 %", () => {
    expect(backoffMs(1, () => 0.5)).toBe(FIRST_BACKOFF_MS);
    expect(backoffMs(2, () => 0.5)).toBe(2 * FIRST_BACKOFF_MS);
    expect(backoffMs(3, () => 0.5)).toBe(4 * FIRST_BACKOFF_MS);
    expect(backoffMs(30, () => 0.5)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1, () => 0)).toBe(0.8 * FIRST_BACKOFF_MS);
    expect(backoffMs(1, () => 1)).toBe(1.2 * FIRST_BACKOFF_MS);
  });
});

describe("Sender", () => {
  it("posts each result and reports the answer to the session", async () => {
    const t = setup([ok(), ok({ ...ANSWER, mode: "stack", rank: 1 })], [item("a"), item("b", "stack")]);
    await t.sender.flush(true);
    expect(t.posts).toEqual(['/api/v1/results {"id":"a"}', '/api/v1/results {"id":"b"}']);
    expect(t.log).toEqual(["delivered a rank 3", "delivered b rank 1"]);
    expect(t.events.map((e) => e.kind)).toEqual(["posting", "posted", "posting", "posted", "done"]);
    expect(t.notices).toEqual([]);
    // the next round is the regular one
    expect(t.timers[0]!.at - t.clock.now).toBe(PERIOD_MS);
  });

  it("a 4xx refusal drops the result (once told to the player); the others still go", async () => {
    const t = setup([refusal(422, "date_closed"), ok()], [item("a"), item("b")]);
    await t.sender.flush(true);
    expect(t.log).toEqual(["refused a date_closed", "delivered b rank 3"]);
    expect(t.notices).toEqual([{ kind: "refused", code: "date_closed" }]);
    const refused = t.events.find((e) => e.kind === "refused");
    expect(refused).toMatchObject({ item: { id: "a" }, error: { error: "date_closed" } });
  });

  it.each([
    ["no answer", new Error("offline")],
    ["a 500", { status: 500, body: '{"error":"unavailable","message":"db"}', retry_after: null }],
    ["a 502 page", { status: 502, body: "<html>Bad gateway</html>", retry_after: null }],
    ["a static host's 404", { status: 404, body: "Not found", retry_after: null }],
    // a Retry-After on a status that is not 429 or 503 is not a wait the sender keeps
    ["a 500 with a Retry-After", { status: 500, body: "", retry_after: 3600 }],
  ])("%s keeps every result for later, backing off", async (_name, first) => {
    const t = setup([first as HttpAnswer | Error], [item("a"), item("b")]);
    await t.sender.flush(true);
    expect(t.session.delivered).not.toHaveBeenCalled();
    expect(t.session.refused).not.toHaveBeenCalled();
    // the round stops at the first failure: b is not hammered after a
    expect(t.http).toHaveBeenCalledTimes(1);
    expect(t.events.filter((e) => e.kind === "queued").map((e) => (e.kind === "queued" ? e.item.id : ""))).toEqual(["a", "b"]);
    expect(t.notices).toEqual([{ kind: "unreachable" }]);
    expect(t.timers[0]!.at - t.clock.now).toBe(FIRST_BACKOFF_MS);
  });

  it("waits longer after each failure; an unforced round before then does nothing; success resets", async () => {
    const t = setup([new Error("x"), new Error("x"), new Error("x"), ok()]);
    await t.sender.flush(true);
    expect(t.sender.nextRoundAt - t.clock.now).toBe(FIRST_BACKOFF_MS);
    t.clock.now += 1000;
    await t.sender.flush(); // the periodic round, too early: nothing asked
    expect(t.http).toHaveBeenCalledTimes(1);
    t.clock.now = t.timers[0]!.at;
    t.timers[0]!.fn();
    await vi.waitFor(() => expect(t.http).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(t.sender.nextRoundAt - t.clock.now).toBe(2 * FIRST_BACKOFF_MS));
    t.clock.now = t.timers[0]!.at;
    await t.sender.flush();
    expect(t.sender.nextRoundAt - t.clock.now).toBe(4 * FIRST_BACKOFF_MS);
    // back online: forced, the backoff is skipped
    await t.sender.flush(true);
    expect(t.log).toEqual(["delivered a rank 3"]);
    expect(t.timers[0]!.at - t.clock.now).toBe(PERIOD_MS);
    // the unreachable notice was shown once for the three failures
    expect(t.notices).toEqual([{ kind: "unreachable" }]);
  });

  it("a 429 holds even forced rounds for at least a minute", async () => {
    const t = setup([refusal(429, "rate_limited"), ok()]);
    await t.sender.flush(true);
    expect(t.session.refused).not.toHaveBeenCalled();
    expect(t.sender.nextRoundAt - t.clock.now).toBe(RATE_LIMIT_MS);
    await t.sender.flush(true);
    expect(t.http).toHaveBeenCalledTimes(1);
    t.clock.now += RATE_LIMIT_MS;
    await t.sender.flush(true);
    expect(t.log).toEqual(["delivered a rank 3"]);
  });

  it("a 429's or 503's Retry-After is the wait, shorter or longer than a minute", async () => {
    for (const [status, seconds] of [
      [429, 5],
      [429, 600],
      [503, 20],
    ] as const) {
      const t = setup([refusal(status, status === 429 ? "rate_limited" : "unavailable", seconds), ok()]);
      await t.sender.flush(true);
      expect(t.sender.nextRoundAt - t.clock.now).toBe(Math.max(seconds * 1000, FIRST_BACKOFF_MS));
      t.clock.now += seconds * 1000 - 1;
      await t.sender.flush(true); // forced, a millisecond early: held
      expect(t.http).toHaveBeenCalledTimes(1);
      t.clock.now += 1;
      await t.sender.flush(true);
      expect(t.log).toEqual(["delivered a rank 3"]);
    }
  });

  it("sends nothing while posting is off, or with no server on the desktop", async () => {
    for (const over of [{ posting: false }, { server: "" }, { server: "  " }]) {
      const t = setup([ok()], [item("a")], over);
      await t.sender.flush(true);
      expect(t.http).not.toHaveBeenCalled();
      expect(t.session.outbox).not.toHaveBeenCalled();
      expect(t.events[t.events.length - 1]).toMatchObject({ kind: "done", status: { pending: 1 } });
    }
  });

  it("never blocks or rejects: a hanging server leaves the caller free, a failing session is a notice", async () => {
    const t = setup([]);
    t.http.mockImplementationOnce(() => new Promise<HttpAnswer>(() => {}));
    const pending = t.sender.flush(true);
    // a second request while one runs joins it instead of starting another
    expect(t.sender.flush(true)).toBe(pending);
    expect(await Promise.race([pending.then(() => "done"), Promise.resolve("free")])).toBe("free");

    const u = setup([]);
    u.session.outbox.mockRejectedValueOnce({ code: "storage", message: "boom" });
    await expect(u.sender.flush(true)).resolves.toBeUndefined();
    expect(u.notices).toEqual([{ kind: "failed" }]);
    expect(u.events[u.events.length - 1]).toEqual({ kind: "done", status: null });
    expect(u.timers[0]!.at - u.clock.now).toBe(FIRST_BACKOFF_MS);

    // a shell that cannot even say whether posting is on (no online commands): no notice
    const v = setup([]);
    v.session.status.mockRejectedValueOnce({ code: "bad_argument", message: "unknown command" });
    await expect(v.sender.flush(true)).resolves.toBeUndefined();
    expect(v.notices).toEqual([]);
  });

  it("a round asked for during another runs once after it", async () => {
    const t = setup([ok(), ok()], [item("a")]);
    let release: (a: HttpAnswer) => void = () => {};
    t.http.mockImplementationOnce(() => new Promise<HttpAnswer>((r) => (release = r)));
    const first = t.sender.flush(true);
    await vi.waitFor(() => expect(t.http).toHaveBeenCalledTimes(1));
    void t.sender.flush(true);
    void t.sender.flush(true);
    t.items.push(item("b"));
    release(ok());
    await first;
    await vi.waitFor(() => expect(t.log).toEqual(["delivered a rank 3", "delivered b rank 3"]));
    expect(t.http).toHaveBeenCalledTimes(2);
  });
});

describe("webHttp", () => {
  it("reads a Retry-After's seconds, not its date form", async () => {
    const answer = (h: string) => async () => new Response("{}", { status: 429, headers: { "Retry-After": h } });
    for (const [h, want] of [
      ["42", 42],
      [" 7 ", 7],
      ["99999999", MAX_RETRY_AFTER_S],
      ["Fri, 04 Dec 2026 10:00:00 GMT", null],
      ["-1", null],
      ["1.5", null],
    ] as const) {
      const http = webHttp(answer(h) as unknown as typeof fetch, () => "http://127.0.0.1/");
      expect((await http("POST", "/api/v1/results", "{}")).retry_after).toBe(want);
    }
    expect(retryAfterSeconds(null)).toBeNull();
  });

  it("asks the page's own origin, under its path, and reads status and body", async () => {
    expect(apiUrl("/api/v1/results", "http://127.0.0.1:8080/")).toBe("http://127.0.0.1:8080/api/v1/results");
    expect(apiUrl("/api/v1/results", "https://host.example/games/llk/index.html")).toBe("https://host.example/games/llk/api/v1/results");
    const fetchFn = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{"ok":true}', { status: 201 }));
    const http = webHttp(fetchFn as unknown as typeof fetch, () => "https://host.example/llk/");
    expect(await http("POST", "/api/v1/results", "{}")).toEqual({ status: 201, body: '{"ok":true}', retry_after: null });
    expect(fetchFn.mock.calls[0]![0]).toBe("https://host.example/llk/api/v1/results");
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ method: "POST", body: "{}", credentials: "omit" });
    fetchFn.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(http("GET", "/api/v1/health", null)).rejects.toThrow("Failed to fetch");
  });
});
