/**
 * Reading the server's answers (docs/api.md): each JSON body checked field by field before
 * the view trusts it, and what an answer to a posted result means for the outbox. A body
 * that is not the API's (a static host's 404 page, a proxy's 502) is never taken for a
 * refusal: only the server's own `{error, message}` with a 4xx status drops a result.
 */
import type { ApiError, DailyMode, Entry, Leaderboard, SubmitAnswer, You } from "./types";

type Obj = Record<string, unknown>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isMode = (v: unknown): v is DailyMode => v === "classic" || v === "stack";

function readYou(v: unknown): You | null {
  if (!isObj(v) || !isNum(v["rank"]) || !isNum(v["time_ms"]) || typeof v["props"] !== "boolean" || !isNum(v["top_percent"])) return null;
  return { rank: v["rank"], time_ms: v["time_ms"], props: v["props"], top_percent: v["top_percent"] };
}

function readEntry(v: unknown): Entry | null {
  if (!isObj(v) || !isNum(v["rank"]) || typeof v["name"] !== "string" || !isNum(v["time_ms"]) || typeof v["props"] !== "boolean") return null;
  return { rank: v["rank"], name: v["name"], time_ms: v["time_ms"], props: v["props"] };
}

/** A `SubmitAnswer`, or null when the body is not one. */
export function readSubmitAnswer(text: string): SubmitAnswer | null {
  const v = parse(text);
  if (!isObj(v) || typeof v["date"] !== "string" || !isMode(v["mode"])) return null;
  const nums = ["time_ms", "best_ms", "rank", "finishers", "top_percent"] as const;
  const bools = ["props", "best_props", "improved"] as const;
  if (!nums.every((k) => isNum(v[k])) || !bools.every((k) => typeof v[k] === "boolean")) return null;
  return {
    date: v["date"],
    mode: v["mode"],
    time_ms: v["time_ms"] as number,
    props: v["props"] as boolean,
    best_ms: v["best_ms"] as number,
    best_props: v["best_props"] as boolean,
    improved: v["improved"] as boolean,
    rank: v["rank"] as number,
    finishers: v["finishers"] as number,
    top_percent: v["top_percent"] as number,
  };
}

/** A `Leaderboard`, or null when the body is not one. */
export function readLeaderboard(text: string): Leaderboard | null {
  const v = parse(text);
  if (!isObj(v) || typeof v["date"] !== "string" || !isMode(v["mode"]) || !isNum(v["finishers"])) return null;
  const top = v["top"];
  if (!Array.isArray(top)) return null;
  const entries = top.map(readEntry);
  if (entries.some((e) => e === null)) return null;
  const you = v["you"] === null || v["you"] === undefined ? null : readYou(v["you"]);
  if (you === null && v["you"] !== null && v["you"] !== undefined) return null;
  return { date: v["date"], mode: v["mode"], finishers: v["finishers"], top: entries as Entry[], you };
}

/** The server's refusal `{error, message}`, or null when the body is not one. */
export function readApiError(text: string): ApiError | null {
  const v = parse(text);
  if (!isObj(v) || typeof v["error"] !== "string" || v["error"] === "") return null;
  return { error: v["error"], message: typeof v["message"] === "string" ? v["message"] : "" };
}

/** What to do with a posted result after the server's answer. */
export type Verdict =
  | { kind: "delivered"; answer: SubmitAnswer }
  | { kind: "refused"; error: ApiError }
  | { kind: "retry"; status: number };

/**
 * 2xx with a `SubmitAnswer`: delivered. 4xx but 429 with the API's `{error, message}`: refused
 * for good (sending it again would be refused again). Everything else (429, 5xx, a body that
 * is not the API's, a 2xx that cannot be read): keep it and try again later; a repeated
 * result is harmless (the server answers it idempotently).
 */
export function verdict(status: number, body: string): Verdict {
  if (status >= 200 && status < 300) {
    const answer = readSubmitAnswer(body);
    return answer ? { kind: "delivered", answer } : { kind: "retry", status };
  }
  if (status >= 400 && status < 500 && status !== 429) {
    const error = readApiError(body);
    if (error) return { kind: "refused", error };
  }
  return { kind: "retry", status };
}
