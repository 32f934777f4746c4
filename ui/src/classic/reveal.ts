/**
 * Keeping marked tiles on screen when the board pans (a preset that cannot fit): the
 * scroll offset that shows the hinted pair or the selection, moving as little as possible.
 * `revealOffset` is pure (one axis); `reveal` applies it to a scroll container.
 */

/** A span along one axis, in the scroll content's coordinates: [start, end]. */
export type Span = readonly [number, number];

/** Room left between a revealed tile and the edge of the view, in px. */
export const REVEAL_MARGIN = 8;

/**
 * The offset (along one axis) that shows every span when they fit in `view` together,
 * else the first one; the current `offset` when they are already visible. Never below 0
 * nor past `max` (the largest offset the container allows).
 */
export function revealOffset(offset: number, view: number, max: number, spans: readonly Span[], margin = REVEAL_MARGIN): number {
  if (spans.length === 0) return offset;
  let lo = Math.min(...spans.map((s) => s[0]));
  let hi = Math.max(...spans.map((s) => s[1]));
  if (hi - lo > view) [lo, hi] = spans[0]!;
  const m = Math.max(0, Math.min(margin, (view - (hi - lo)) / 2));
  let next = offset;
  if (lo - m < offset) next = lo - m;
  else if (hi + m > offset + view) next = hi + m - view;
  return Math.max(0, Math.min(max, next));
}

/** Scrolls `scroller` so that `els` show (see `revealOffset`); nothing when it does not scroll. */
export function reveal(scroller: HTMLElement, els: readonly Element[], smooth: boolean): void {
  if (els.length === 0) return;
  const maxY = scroller.scrollHeight - scroller.clientHeight;
  const maxX = scroller.scrollWidth - scroller.clientWidth;
  if (maxY <= 0 && maxX <= 0) return;
  const box = scroller.getBoundingClientRect();
  const rects = els.map((e) => e.getBoundingClientRect());
  const top = revealOffset(
    scroller.scrollTop,
    scroller.clientHeight,
    Math.max(0, maxY),
    rects.map((r) => [r.top - box.top - scroller.clientTop + scroller.scrollTop, r.bottom - box.top - scroller.clientTop + scroller.scrollTop] as const),
  );
  const left = revealOffset(
    scroller.scrollLeft,
    scroller.clientWidth,
    Math.max(0, maxX),
    rects.map((r) => [r.left - box.left - scroller.clientLeft + scroller.scrollLeft, r.right - box.left - scroller.clientLeft + scroller.scrollLeft] as const),
  );
  if (top === scroller.scrollTop && left === scroller.scrollLeft) return;
  scroller.scrollTo({ top, left, behavior: smooth ? "smooth" : "auto" });
}
