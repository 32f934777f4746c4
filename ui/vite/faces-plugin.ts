/**
 * Vite plugin: the virtual module `virtual:faces` exports one `data:` URL per face (a
 * standalone SVG, in FACE_NAMES order) built at build time from @iconify-json/fluent-emoji-flat,
 * so only the faces in FACE_NAMES ship. Tiles show them as CSS background images: WebKit
 * loads each face once and every tile of that kind draws the same image, instead of one
 * inline SVG tree per tile. Fails the build when an icon is missing.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { FACE_NAMES } from "../src/face-list.ts";

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
}

const ID = "virtual:faces";
const RESOLVED = "\0" + ID;

/** One standalone SVG document per face, in `names` order (exported for tests). */
export function buildFaces(set: IconSet, names: readonly string[]): string[] {
  return names.map((name) => {
    const icon = set.icons[name];
    if (!icon) throw new Error(`faces: icon "${name}" not found in fluent-emoji-flat`);
    const w = icon.width ?? set.width ?? 16;
    const h = icon.height ?? set.height ?? 16;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`;
  });
}

/**
 * An SVG document as a `data:` URL: percent-encoded where a URL or a CSS string needs it,
 * double quotes turned into single ones (the URL sits in a double-quoted CSS `url("…")`).
 */
export function svgDataUrl(svg: string): string {
  const body = svg
    .replace(/"/g, "'")
    .replace(/\s+/g, " ")
    .replace(/[%#<>?\[\\\]^`{|}\n\r]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
  return `data:image/svg+xml,${body}`;
}

export function facesPlugin(): Plugin {
  return {
    name: "llk-faces",
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const require = createRequire(import.meta.url);
      const file = require.resolve("@iconify-json/fluent-emoji-flat/icons.json");
      const set = JSON.parse(readFileSync(file, "utf8")) as IconSet;
      const urls = buildFaces(set, FACE_NAMES).map(svgDataUrl);
      return `export const FACE_URLS = ${JSON.stringify(urls)};\n`;
    },
  };
}
