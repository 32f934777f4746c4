/**
 * UI timings, one source each: custom properties on `:root` in styles.css (`--fade-ms`,
 * `--path-min-ms`, ...), which the CSS animations use directly and the script reads here
 * to schedule what follows them. `cssTimings` reads them from the stylesheet's text (for
 * tests, which have no DOM).
 */

export type Timing = "fade" | "path-min" | "path-max" | "path-leave" | "toast" | "toast-leave";

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

/** The timing `--<name>-ms` of the page's stylesheet. */
export function timing(name: Timing): number {
  let ms = cache.get(name);
  if (ms === undefined) {
    ms = parseMs(getComputedStyle(document.documentElement).getPropertyValue(`--${name}-ms`));
    if (Number.isNaN(ms)) throw new Error(`styles.css defines no --${name}-ms`);
    cache.set(name, ms);
  }
  return ms;
}

/** Every `--<name>-ms` declared in `css` (a stylesheet's text). */
export function cssTimings(css: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of css.matchAll(/--([a-z-]+)-ms:\s*([^;]+);/g)) found.set(m[1]!, parseMs(m[2]!));
  return found;
}
