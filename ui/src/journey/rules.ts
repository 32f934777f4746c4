/**
 * What the journey shows about a level, as pure functions: the slide rule's name key and
 * its arrow icon, the time bar's fill, and what a match's refill looks like.
 */
import type { Key } from "../i18n";
import type { SlideRule } from "../ipc";

/** The rule's translated name. */
export function ruleKey(rule: SlideRule): Key {
  return `slide.${rule}` as Key;
}

/** The rule's short name, for a phone's journey bar in portrait (the long one wrapped to
 *  three lines at 360 px: "Tiles slide together, to the middle column"). */
export function ruleShortKey(rule: SlideRule): Key {
  return `slide.short.${rule}` as Key;
}

/** The arrow icon of a rule (24×24 SVG path data, stroked): which way the tiles go. */
export function ruleIcon(rule: SlideRule): string {
  switch (rule) {
    case "none":
      return "M7 7h10v10H7z";
    case "down":
      return "M12 4v16M6 14l6 6 6-6";
    case "up":
      return "M12 20V4M6 10l6-6 6 6";
    case "left":
      return "M20 12H4M10 6l-6 6 6 6";
    case "right":
      return "M4 12h16M14 6l6 6-6 6";
    case "apart-h":
      return "M10 12H2M5 9l-3 3 3 3M14 12h8M19 9l3 3-3 3";
    case "together-h":
      return "M2 12h7M6 9l3 3-3 3M22 12h-7M18 9l-3 3 3 3";
    case "apart-v":
      return "M12 10V2M9 5l3-3 3 3M12 14v8M9 19l3 3 3-3";
    case "together-v":
      return "M12 2v7M9 6l3 3 3-3M12 22v-7M9 18l3-3 3 3";
  }
}

/** Time left on the level's clock: the budget so far minus the time played (never below 0). */
export function timeLeft(limitMs: number, elapsedMs: number): number {
  return Math.max(0, limitMs - elapsedMs);
}

/**
 * The bar's fill, 0..1, against the level's starting time (a refill can push it past the
 * start: the bar is then full).
 */
export function barFill(leftMs: number, startMs: number): number {
  if (startMs <= 0) return 0;
  return Math.min(1, Math.max(0, leftMs / startMs));
}

/** The bar turns urgent in the last 15 seconds or the last fifth, whichever is less. */
export function urgent(leftMs: number, startMs: number): boolean {
  return leftMs <= Math.min(15_000, startMs / 5);
}

/** Whole seconds, rounded up, so "0" shows only when the time is up. */
export function secondsLeft(leftMs: number): number {
  return Math.ceil(Math.max(0, leftMs) / 1000);
}
