/**
 * UI timings, one source each: custom properties on `:root` in styles/timings.css (`--fade-ms`,
 * `--path-min-ms`, ...), which the CSS animations use directly and the script reads here
 * to schedule what follows them. `cssTimings` reads them from the stylesheet's text (for
 * tests, which have no DOM). Reading the computed style brings the whole page's style up to
 * date (tens of ms on a phone-speed CPU when a tap has just changed it), so all of them are
 * read at once: when the page is idle after the first board (`readTimingsWhenIdle`), or at
 * the first need if that comes sooner.
 */
import { whenIdle } from "./after-frame";

export const TIMINGS = ["fade", "path-min", "path-max", "path-leave", "toast", "toast-leave"] as const;
export type Timing = (typeof TIMINGS)[number];

/**
 * `180ms`, `0.18s` or `.18s` (WebKit's computed style serializes `180ms` so) as
 * milliseconds; NaN for anything else.
 */
export function parseMs(value: string): number {
  const m = /^\s*(\d*\.?\d+)(ms|s)\s*$/.exec(value);
  if (!m) return Number.NaN;
  return Math.round(Number(m[1]) * (m[2] === "s" ? 1000 : 1));
}

const cache = new Map<Timing, number>();

/** Fills the cache from the computed style, unless it is full (or the sheet is not applied yet). */
function readTimings(): void {
  if (cache.size > 0) return;
  const style = getComputedStyle(document.documentElement);
  const read = TIMINGS.map((t) => [t, parseMs(style.getPropertyValue(`--${t}-ms`))] as const);
  if (read.every(([, ms]) => !Number.isNaN(ms))) for (const [t, ms] of read) cache.set(t, ms);
}

/** Reads the timings when the page is idle, ahead of the first tap that needs one. */
export function readTimingsWhenIdle(): void {
  whenIdle(readTimings);
}

/** The timing `--<name>-ms` of the page's stylesheet. */
export function timing(name: Timing): number {
  readTimings();
  const ms = cache.get(name);
  if (ms === undefined) throw new Error(`styles/timings.css defines no --${name}-ms`);
  return ms;
}

/** Every `--<name>-ms` declared in `css` (a stylesheet's text). */
export function cssTimings(css: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of css.matchAll(/--([a-z-]+)-ms:\s*([^;]+);/g)) found.set(m[1]!, parseMs(m[2]!));
  return found;
}
