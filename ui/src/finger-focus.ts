/**
 * A finger's tap on a board leaves the keyboard focus where it is. The browser moves the
 * focus to a tapped button on the tap's `mousedown`, which brings the page's style up to
 * date at once and runs the board's focus handlers (a few ms of a tap on a phone-speed CPU),
 * and a matched or taken tile's focus would then move on to a neighbour after the frame (a
 * style recalculation again). A touch shows no focus ring and needs no keyboard focus, so the
 * board's `mousedown` is cancelled when a finger made it and the focus is outside the board;
 * the tap's `click` still runs (the board moves its roving tab stop there), and a board that
 * has the focus already (keys, or a mouse) keeps it following the taps. (A plain tap is taken
 * at its `touchend` and makes no mouse events at all, `finger-tap.ts`; this covers the taps
 * left to the browser.)
 */
export function keepFocusOnFingerTap(board: HTMLElement): void {
  /** The pointer now down on the board is a finger. */
  let fingerDown = false;
  board.addEventListener("pointerdown", (e) => (fingerDown = e.pointerType === "touch"));
  board.addEventListener("mousedown", (e) => {
    if (fingerDown && !board.contains(document.activeElement)) e.preventDefault();
  });
}
