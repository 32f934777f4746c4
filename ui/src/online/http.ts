/**
 * The online challenge's one way to the server: `request(method, path, body)` answers the
 * HTTP status, body and `Retry-After` (seconds), or rejects when no answer came (offline, refused connection, a
 * timeout). In the web build the page asks its own origin with `fetch` (llk-server serves
 * the site and the API side by side; the URL is resolved against the page's base, so a site
 * under a path works too). In the desktop app the webview has no network at all (its CSP
 * allows only IPC): the Rust shell sends the request to the configured server
 * (`online_http`, chosen in online.ts). Nothing here decides what an answer means (sender.ts, leaderboard.ts).
 */
import type { HttpAnswer } from "./types";

export type HttpMethod = "GET" | "POST";

/** One request; rejects only when there was no HTTP answer. */
export type Http = (method: HttpMethod, path: string, body: string | null) => Promise<HttpAnswer>;

/** How long a request may take before it counts as no answer. */
export const TIMEOUT_MS = 20_000;

/** The longest `Retry-After` taken from a server: a day (the desktop's shell caps it the same). */
export const MAX_RETRY_AFTER_S = 24 * 60 * 60;

/**
 * A `Retry-After` header's seconds (its `delta-seconds` form, at most a day), or null for
 * none, its date form or anything else: the sender's own backoff covers those.
 */
export function retryAfterSeconds(header: string | null): number | null {
  const text = header?.trim() ?? "";
  if (!/^\d{1,10}$/.test(text)) return null;
  return Math.min(Number(text), MAX_RETRY_AFTER_S);
}

/** `/api/v1/...` resolved against the page's base (`document.baseURI`), never the host's root. */
export function apiUrl(path: string, base: string): string {
  return new URL(path.replace(/^\/+/, ""), base).href;
}

/** The web build's requests: `fetch` to the page's own origin, with a timeout. */
export function webHttp(fetchFn: typeof fetch = (...a) => fetch(...a), base: () => string = () => document.baseURI): Http {
  return async (method, path, body) => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const init: RequestInit = { method, cache: "no-store", credentials: "omit", signal: abort.signal };
      if (body !== null) {
        init.body = body;
        init.headers = { "content-type": "application/json" };
      }
      const response = await fetchFn(apiUrl(path, base()), init);
      return {
        status: response.status,
        body: await response.text(),
        retry_after: retryAfterSeconds(response.headers.get("retry-after")),
      };
    } finally {
      clearTimeout(timer);
    }
  };
}
