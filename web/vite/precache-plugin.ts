/**
 * Vite plugin of the web build: once every file is written, lists them all (but the service
 * worker itself) with their SHA-256, and writes that list and a version (a hash of the list) into
 * `sw.js` in place of its `__LLK_PRECACHE__` and `__LLK_VERSION__` placeholders (web/sw/sw.ts).
 * A deployment that changes any byte is therefore a new service worker with a new cache.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";
import { filesUnder, isTwin } from "./site-files.ts";

export interface PrecacheEntry {
  url: string;
  sha256: string;
}

/** Every file of `outDir` but `swFile` and twins, sorted, as URLs relative to the site's root. */
export function precacheList(outDir: string, swFile: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .map((file) => relative(outDir, file).split(sep).join("/"))
    // a precompressed twin (compress-plugin.ts) is the same file to the browser
    .filter((name) => name !== swFile && !isTwin(name))
    .sort()
    .map((name) => ({
      url: `./${name}`,
      sha256: createHash("sha256").update(readFileSync(join(outDir, name))).digest("hex"),
    }));
}

export function versionOf(list: readonly PrecacheEntry[]): string {
  const text = list.map((e) => `${e.url} ${e.sha256}\n`).join("");
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** `sw` with its placeholders filled; throws when either is not there exactly once. */
export function fillServiceWorker(sw: string, list: readonly PrecacheEntry[]): string {
  const fill = (text: string, name: string, value: string): string => {
    const parts = text.split(name);
    if (parts.length !== 2) throw new Error(`precache: ${name} occurs ${parts.length - 1} times in sw.js, not once`);
    return parts.join(value);
  };
  return fill(fill(sw, "__LLK_PRECACHE__", JSON.stringify(list)), "__LLK_VERSION__", JSON.stringify(versionOf(list)));
}

export function precachePlugin(swFile = "sw.js"): Plugin {
  return {
    name: "llk-precache",
    apply: "build",
    enforce: "post",
    writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) throw new Error("precache: no output directory");
      const list = precacheList(outDir, swFile);
      const path = join(outDir, swFile);
      writeFileSync(path, fillServiceWorker(readFileSync(path, "utf8"), list));
      this.info(`precache: ${list.length} files, version ${versionOf(list)}`);
    },
  };
}
