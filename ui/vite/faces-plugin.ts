/**
 * Vite plugin: the virtual style sheet `virtual:faces.css` holds one rule per face,
 * `.face.f-N { background-image: url("data:image/svg+xml,…") }` (a standalone SVG, N its
 * index in FACE_NAMES), built at build time from @iconify-json/fluent-emoji-flat, so only
 * the faces in FACE_NAMES ship. Tiles show them as CSS background images: WebKit loads each
 * face once and every tile of that kind draws the same image, instead of one inline SVG
 * tree per tile; and the URLs are parsed once, with the style sheet, not once per tile (an
 * inline style per tile parsed about 2 KB of URL for each of the first board's 144 tiles).
 * Fails the build when an icon is missing.
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

const ID = "virtual:faces.css";
// a path-like id ending in .css, so that Vite's CSS pipeline takes it (as UnoCSS does)
const RESOLVED = "/__llk-faces.css";

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

/** The style sheet: one rule per face, `.face.f-N`, in `names` order (exported for tests). */
export function facesCss(svgs: readonly string[]): string {
  return svgs.map((svg, i) => `.face.f-${i}{background-image:url("${svgDataUrl(svg)}")}`).join("\n") + "\n";
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
      return facesCss(buildFaces(set, FACE_NAMES));
    },
  };
}
