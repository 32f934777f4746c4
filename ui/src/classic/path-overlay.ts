/**
 * Draws a link on the overlay above the board: one element per segment, placed with a
 * translation and grown with a CSS scale animation (`--delay`, `--dur`), ring segments
 * included: only transforms, so the line moves nothing else on the page. The overlay keeps
 * `data-path` (the points as JSON) until the next link, for tests.
 */
import type { Pos } from "../ipc";
import { centre, pathSegments, type BoardGeometry } from "./path-view";
import { timing } from "../timings";

export class PathOverlay {
  private clearTimer = 0;

  constructor(private readonly el: HTMLElement) {}

  /** Records the link about to be drawn in `data-path` (before `draw`, which may come later). */
  setPath(points: Pos[]): void {
    const text = JSON.stringify(points);
    if (this.el.dataset["path"] !== text) this.el.dataset["path"] = text;
  }

  /**
   * Shows `points` growing over `totalMs`, kept for `holdMs` more, then removed.
   * `kind` styles it: a match ("link") or a hint preview ("hint"). `lateMs`: how long ago
   * the drawing should have started (it is drawn after the frame that showed the match):
   * every animation and the removal are that much further on.
   */
  draw(points: Pos[], g: BoardGeometry, totalMs: number, holdMs: number, kind: "link" | "hint" = "link", lateMs = 0): void {
    window.clearTimeout(this.clearTimer);
    this.setPath(points);
    this.el.dataset["kind"] = kind;
    const segs = pathSegments(points, g, totalMs);
    const nodes = segs.map((s, i) => {
      const d = document.createElement("div");
      d.className = `seg ${s.horizontal ? "h" : "v"}`;
      const forward = s.horizontal ? s.x2 >= s.x1 : s.y2 >= s.y1;
      d.classList.add(forward ? "fwd" : "back");
      if (i === segs.length - 1) d.classList.add("last");
      const st = d.style;
      st.setProperty("--x", `${Math.min(s.x1, s.x2)}px`);
      st.setProperty("--y", `${Math.min(s.y1, s.y2)}px`);
      st.setProperty("--len", `${s.length}px`);
      st.setProperty("--delay", `${s.delayMs - lateMs}ms`);
      st.setProperty("--dur", `${s.durationMs}ms`);
      return d;
    });
    const ends = [points[0], points[points.length - 1]].flatMap((p) => (p ? [p] : []));
    const dots = ends.map((p, i) => {
      const d = document.createElement("div");
      d.className = "dot";
      const c = centre(p, g);
      d.style.setProperty("--x", `${c.x}px`);
      d.style.setProperty("--y", `${c.y}px`);
      d.style.setProperty("--delay", `${(i === 0 ? 0 : totalMs) - lateMs}ms`);
      return d;
    });
    this.el.replaceChildren(...nodes, ...dots);
    this.el.classList.remove("leaving");
    this.el.classList.add("active");
    this.clearTimer = window.setTimeout(() => {
      // fade out (CSS), then remove
      this.el.classList.add("leaving");
      this.clearTimer = window.setTimeout(() => this.clear(), timing("path-leave"));
    }, Math.max(0, totalMs + holdMs - lateMs));
  }

  /** Removes the drawing (data-path stays). */
  clear(): void {
    window.clearTimeout(this.clearTimer);
    this.el.classList.remove("active", "leaving");
    this.el.replaceChildren();
  }
}
