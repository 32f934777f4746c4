/**
 * Vite plugin of the web build: once every file is written (the service worker's precache list
 * included, precache-plugin.ts), writes beside each text file of the site (HTML, scripts, style
 * sheets, the WebAssembly module, the manifest, SVG) its precompressed twins, `name.br` (Brotli,
 * quality 11) and `name.gz` (gzip, level 9), each only when smaller. A host that serves twins
 * (llk-server, `make serve-web`, nginx's gzip_static/brotli_static, most static hosts) then sends
 * the smallest encoding the browser accepts without compressing at every request, and at a
 * level no host compresses at on the fly. The twins are not in the precache list: a browser
 * never asks for them by name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { filesUnder, isTwin } from "./site-files.ts";

/** The files that get twins, by extension (images are compressed already). */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt"]);

/** Writes the twins of every compressible file under `dir`; the bytes before and after. */
export function writeTwins(dir: string): { files: number; raw: number; br: number } {
  let files = 0;
  let raw = 0;
  let br = 0;
  for (const file of filesUnder(dir)) {
    if (isTwin(file) || !COMPRESSIBLE.has(extname(file))) continue;
    const body = readFileSync(file);
    const b = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const g = gzipSync(body, { level: 9 });
    if (b.length < body.length) writeFileSync(`${file}.br`, b);
    if (g.length < body.length) writeFileSync(`${file}.gz`, g);
    files += 1;
    raw += body.length;
    br += Math.min(b.length, body.length);
  }
  return { files, raw, br };
}

export function compressPlugin(): Plugin {
  let outDir = "";
  return {
    name: "llk-compress",
    apply: "build",
    enforce: "post",
    writeBundle(options) {
      outDir = options.dir ?? "";
    },
    // after every plugin's writeBundle (sw.js is filled in one)
    closeBundle() {
      if (!outDir) return;
      const { files, raw, br } = writeTwins(outDir);
      this.info(`compress: .br and .gz twins of ${files} files, ${(raw / 1000).toFixed(1)} kB -> ${(br / 1000).toFixed(1)} kB brotli`);
    },
  };
}
