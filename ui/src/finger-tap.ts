/**
 * How a tile is pressed (`onPress`: the classic and stack boards, the held row). A finger's tap
 * acts at its `touchend`, and the browser's emulated mouse events that would follow it are
 * cancelled: `mousemove`, `mousedown`, `mouseup` and `click`, each hit-tested and dispatched
 * through the page, a few ms of every tap's script on a phone-speed CPU before the engine is
 * even asked (`docs/WEB.md`, "Eleventh round"). Only a plain tap is taken over (`plainTap`):
 * one finger, lifted with no other finger down, within `TAP_SLOP_PX` of where it came down,
 * and a `touchend` the browser lets the page cancel (once a finger has started a pan or a
 * pinch it no longer does). Anything else is left to the browser as before (a finger that
 * wandered further makes a `click` only if the browser still calls it a tap), and a mouse, a
 * pen, keys and a screen reader's activation all come as a `click`.
 */

import { keepFocusOnFingerTap } from "./finger-focus";

/** How far (CSS px) a finger may move between touching and lifting and still be a tap here. */
export const TAP_SLOP_PX = 10;

/** What `plainTap` needs to know of a `touchend`. */
export interface TouchEnd {
  cancelable: boolean;
  /** Fingers still down. */
  down: number;
  /** Fingers lifted by this event. */
  lifted: number;
  /** Where the lifted finger came down and where it left, CSS px. */
  from: { x: number; y: number } | null;
  to: { x: number; y: number };
}

/** Whether this `touchend` ends a plain one-finger tap the page may take over. */
export function plainTap(e: TouchEnd): boolean {
  if (!e.cancelable || e.down > 0 || e.lifted !== 1 || e.from === null) return false;
  return Math.hypot(e.to.x - e.from.x, e.to.y - e.from.y) <= TAP_SLOP_PX;
}

/**
 * Calls `press` with the element a board `el` was pressed on, however it was pressed: a plain
 * finger tap at its `touchend`, with `moveFocus` when the board has the keyboard focus (the
 * cancelled `mousedown` would have moved it to the tile); anything else by its `click`, whose
 * `mousedown` moved the focus already (`moveFocus` false). A finger's tap left to the browser
 * keeps the focus where it is (`finger-focus.ts`).
 */
export function onPress(el: HTMLElement, press: (target: Element, moveFocus: boolean) => void): void {
  keepFocusOnFingerTap(el);
  onFingerTap(el, (target) => press(target, el.contains(document.activeElement)));
  el.addEventListener("click", (e) => {
    if (e.target instanceof Element) press(e.target, false);
  });
}

/**
 * Calls `tap` with the element a plain finger tap on `el` started on, and cancels the
 * emulated mouse events and the `click` that would follow.
 */
function onFingerTap(el: HTMLElement, tap: (target: Element) => void): void {
  /** Where each finger now down on `el` came down, by its identifier. */
  const starts = new Map<number, { x: number; y: number }>();
  el.addEventListener(
    "touchstart",
    (e) => {
      for (const t of Array.from(e.changedTouches)) starts.set(t.identifier, { x: t.clientX, y: t.clientY });
    },
    { passive: true },
  );
  el.addEventListener("touchcancel", (e) => {
    for (const t of Array.from(e.changedTouches)) starts.delete(t.identifier);
  });
  el.addEventListener("touchend", (e) => {
    const lifted = e.changedTouches[0];
    if (!lifted) return;
    const from = starts.get(lifted.identifier) ?? null;
    for (const t of Array.from(e.changedTouches)) starts.delete(t.identifier);
    const end = { cancelable: e.cancelable, down: e.touches.length, lifted: e.changedTouches.length, from, to: { x: lifted.clientX, y: lifted.clientY } };
    if (!plainTap(end) || !(e.target instanceof Element)) return;
    e.preventDefault();
    tap(e.target);
  });
}
