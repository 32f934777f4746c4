/**
 * A short celebration for a win: a burst of confetti over the won dialog for about a
 * second and a half, then gone. With reduced motion nothing moves: the dialog only gets
 * a calm glow (`.celebrating` in styles/feedback.css).
 */

/** How long the burst lasts (the longest piece's `--fall` plus its `--delay`). */
const BURST_MS = 1700;
const PIECES = 28;
const COLOURS = ["#f0b429", "#2f9e77", "#e8590c", "#4c6ef5", "#d6336c", "#74b816"];

/** Celebrates inside `host` (the won dialog); `reduced` follows prefers-reduced-motion. */
export function celebrate(host: HTMLElement, reduced: boolean): void {
  host.querySelector(":scope > .confetti")?.remove();
  host.classList.remove("celebrating");
  void host.offsetWidth;
  host.classList.add("celebrating");
  window.setTimeout(() => host.classList.remove("celebrating"), BURST_MS);
  if (reduced) return;
  const layer = document.createElement("div");
  layer.className = "confetti";
  layer.setAttribute("aria-hidden", "true");
  for (let i = 0; i < PIECES; i++) {
    const piece = document.createElement("i");
    // Spread evenly across the width with a little golden-ratio jitter: no randomness needed.
    const spread = ((i * 0.618) % 1) * 100;
    piece.style.setProperty("--x", `${spread.toFixed(1)}%`);
    piece.style.setProperty("--drift", `${(((i * 37) % 21) - 10) * 4}px`);
    piece.style.setProperty("--spin", `${((i * 53) % 360) + 180}deg`);
    piece.style.setProperty("--delay", `${(i % 7) * 60}ms`);
    piece.style.setProperty("--fall", `${900 + ((i * 71) % 400)}ms`);
    piece.style.setProperty("--c", COLOURS[i % COLOURS.length]!);
    layer.append(piece);
  }
  host.append(layer);
  window.setTimeout(() => layer.remove(), BURST_MS);
}
