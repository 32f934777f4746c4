// Where a process's private memory lies, by mapping (Linux /proc/PID/smaps): private kB
// summed per mapped file or per kind of anonymous mapping ([heap], [stack], anonymous
// mappings grouped by size class, since WebKit's allocators and the software GL driver
// use big anonymous regions). Used by probe.mjs to compare the game's web process with the
// smallest Tauri window's.
import { readFileSync } from "node:fs";

/** Anonymous mappings are grouped by their size: allocator arenas, caches and GL buffers differ in it. */
function anonClass(kb) {
  if (kb >= 64 * 1024) return "[anon ≥ 64 MB]";
  if (kb >= 8 * 1024) return "[anon 8–64 MB]";
  if (kb >= 1024) return "[anon 1–8 MB]";
  return "[anon < 1 MB]";
}

/** Private memory (MB) per mapping name of `pid`, largest first, or null once it is gone. */
export function privateByMapping(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const out = new Map();
  let name = null;
  let sizeKb = 0;
  for (const line of text.split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] || null;
      sizeKb = 0;
      continue;
    }
    const m = /^(\w+):\s+(\d+) kB/.exec(line);
    if (!m) continue;
    if (m[1] === "Size") sizeKb = Number(m[2]);
    if (m[1] !== "Private_Clean" && m[1] !== "Private_Dirty") continue;
    const key = name ?? anonClass(sizeKb);
    out.set(key, (out.get(key) ?? 0) + Number(m[2]) / 1024);
  }
  return [...out.entries()].sort((a, b) => b[1] - a[1]);
}
