/**
 * The messages between the page and the engine worker (engine-worker.ts), and the engine's
 * answer as the page reads it. Requests and answers travel as the JSON text of the wasm
 * module's protocol (web/src/protocol.rs), untouched by the worker.
 */
import type { Write } from "./storage";

/** Page → worker: compile the module at `url` (once), or run one request. */
export type ToWorker =
  | { kind: "load"; url: string }
  /** `fresh`: a new instance first (the first init, and after a trap). */
  | { kind: "call"; id: number; fresh: boolean; request: string };

/** Worker → page: the answer's text, a trap (the instance is gone), or no engine at all. */
export type FromWorker =
  | { kind: "answer"; id: number; response: string }
  | { kind: "trap"; id: number; message: string }
  | { kind: "unavailable"; id: number; message: string };

export interface ErrorBody {
  code: string;
  message: string;
}

/** An answer of the module: `ok` with a payload or `err`, and the storage ops to apply. */
export type Answer = ({ ok: unknown } | { err: ErrorBody }) & { writes: Write[] };

function isWrite(w: unknown): w is Write {
  if (!w || typeof w !== "object") return false;
  const o = w as Record<string, unknown>;
  return (
    (typeof o.put === "string" && typeof o.contents === "string") ||
    (typeof o.rename === "string" && typeof o.to === "string")
  );
}

/** The answer in `text`, or an `internal` error answer when it is not one. */
export function parseAnswer(text: string): Answer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const writes = Array.isArray(o.writes) ? o.writes : null;
    if (writes && writes.every(isWrite)) {
      if ("ok" in o) return { ok: o.ok, writes };
      const err = o.err as Record<string, unknown> | undefined;
      if (err && typeof err.code === "string" && typeof err.message === "string") {
        return { err: { code: err.code, message: err.message }, writes };
      }
    }
  }
  return { err: { code: "internal", message: `the engine's answer is malformed: ${text.slice(0, 200)}` }, writes: [] };
}
