// Small helpers of the page benchmark: percentiles, interval unions and table printing.

/** The p-th percentile (0..100) of `xs` by the nearest-rank method; NaN when empty. */
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50 / p95 / max of `xs`, rounded for a table. */
export function summary(xs) {
  return { n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs) };
}

/**
 * The total length of the union of `[start, end)` intervals clipped to `[lo, hi)`: nested
 * or overlapping trace slices (a FunctionCall inside an EventDispatch) are counted once.
 */
export function unionLength(intervals, lo, hi) {
  const clipped = intervals
    .map(([s, e]) => [Math.max(s, lo), Math.min(e, hi)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let curS = -Infinity;
  let curE = -Infinity;
  for (const [s, e] of clipped) {
    if (s > curE) {
      if (curE > curS) total += curE - curS;
      curS = s;
      curE = e;
    } else if (e > curE) curE = e;
  }
  if (curE > curS) total += curE - curS;
  return total;
}

/** Prints rows (objects with the same keys) as an aligned text table. */
export function printTable(rows) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const cell = (v) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v));
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (vals) => vals.map((v, i) => (i === 0 ? v.padEnd(width[i]) : v.padStart(width[i]))).join("  ");
  console.log(line(keys));
  for (const r of rows) console.log(line(keys.map((k) => cell(r[k]))));
}
