/**
 * Path geometry (pure): the engine's corner points → positioned, timed line segments.
 * Points may lie on the one-cell ring outside the board (row −1 or R, col −1 or C); the
 * view draws that ring as a margin of `ringW`/`ringH` pixels, and ring points sit in the
 * middle of it. Each segment's duration is proportional to its length; delays chain so
 * the line grows from the first tile to the second in `totalMs`.
 */
import type { Pos } from "../ipc";
import { timing } from "../timings";

export interface BoardGeometry {
  rows: number;
  cols: number;
  cellW: number;
  cellH: number;
  /** Width of the left/right margin that shows the ring. */
  ringW: number;
  /** Height of the top/bottom margin that shows the ring. */
  ringH: number;
  /**
   * The board is drawn transposed (orientation.ts): `rows`/`cols` and the points stay in
   * engine coordinates, the cell and ring sizes are the screen's.
   */
  transposed?: boolean;
}

export interface Segment {
  /** Start and end centres, in pixels from the board's top-left (margin included). */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  horizontal: boolean;
  /** Pixel length. */
  length: number;
  delayMs: number;
  durationMs: number;
}

/** Whether two geometries put every point at the same pixel. */
export function sameGeometry(a: BoardGeometry, b: BoardGeometry): boolean {
  return (
    a.rows === b.rows &&
    a.cols === b.cols &&
    a.cellW === b.cellW &&
    a.cellH === b.cellH &&
    a.ringW === b.ringW &&
    a.ringH === b.ringH &&
    !!a.transposed === !!b.transposed
  );
}

/** The pixel centre of a cell or ring point. */
export function centre(p: Pos, g: BoardGeometry): { x: number; y: number } {
  const [row, col] = g.transposed ? [p[1], p[0]] : p;
  const rows = g.transposed ? g.cols : g.rows;
  const cols = g.transposed ? g.rows : g.cols;
  const x = col < 0 ? g.ringW / 2 : col >= cols ? g.ringW + cols * g.cellW + g.ringW / 2 : g.ringW + (col + 0.5) * g.cellW;
  const y = row < 0 ? g.ringH / 2 : row >= rows ? g.ringH + rows * g.cellH + g.ringH / 2 : g.ringH + (row + 0.5) * g.cellH;
  return { x, y };
}

/** Number of unit steps along a path of corner points. */
export function pathSteps(points: readonly Pos[]): number {
  let n = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    n += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
  }
  return n;
}

/**
 * Total drawing time: `--path-min-ms` (styles.css) for the shortest link, 6 ms more per
 * step, at most `--path-max-ms`.
 */
export function pathDuration(
  points: readonly Pos[],
  bounds: { min: number; max: number } = { min: timing("path-min"), max: timing("path-max") },
): number {
  return Math.min(bounds.max, bounds.min + 6 * Math.max(0, pathSteps(points) - 1));
}

/** Splits a path into timed segments whose durations sum to `totalMs`. */
export function pathSegments(points: readonly Pos[], g: BoardGeometry, totalMs: number): Segment[] {
  const raw: Omit<Segment, "delayMs" | "durationMs">[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = centre(points[i - 1]!, g);
    const b = centre(points[i]!, g);
    const length = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    if (length === 0) continue;
    raw.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, horizontal: a.y === b.y, length });
  }
  const total = raw.reduce((s, r) => s + r.length, 0);
  let delay = 0;
  return raw.map((r, i) => {
    // the last segment takes the remainder so the sum is exact
    const durationMs = i === raw.length - 1 ? totalMs - delay : (totalMs * r.length) / total;
    const seg = { ...r, delayMs: delay, durationMs };
    delay += durationMs;
    return seg;
  });
}
