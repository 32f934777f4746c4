// The page benchmark's size part: every file of a built site (web/dist/) with its size and
// gzip size (level 9, what a static host typically serves), largest first, and the total.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

/** Every file under `dir`, recursively. */
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/**
 * Rows { file, kB, gzipKB } of the site in `dir`, largest gzip first, then the total; the
 * precompressed twins (`.br`, `.gz`, which a host sends instead of their file) are left out.
 */
export function siteSizes(dir) {
  const rows = files(dir).filter((f) => !/\.(br|gz)$/.test(f)).map((f) => {
    const bytes = readFileSync(f);
    return { file: relative(dir, f), kB: bytes.length / 1000, gzipKB: gzipSync(bytes, { level: 9 }).length / 1000 };
  });
  rows.sort((a, b) => b.gzipKB - a.gzipKB);
  const total = rows.reduce((t, r) => ({ kB: t.kB + r.kB, gzipKB: t.gzipKB + r.gzipKB }), { kB: 0, gzipKB: 0 });
  return [...rows, { file: "total", ...total }];
}
