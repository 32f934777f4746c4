/**
 * Vite plugin: the virtual style sheet `virtual:faces.css` holds one rule per face,
 * `.face.f-N { background-image: url("data:image/svg+xml,…") }` (a standalone SVG, N its
 * index in FACE_NAMES), built at build time from @iconify-json/fluent-emoji-flat, so only
 * the faces in FACE_NAMES ship. Tiles show them as CSS background images: WebKit loads each
 * face once and every tile of that kind draws the same image, instead of one inline SVG
 * tree per tile; and the URLs are parsed once, with the style sheet, not once per tile (an
 * inline style per tile parsed about 2 KB of URL for each of the first board's 144 tiles).
 * Fails the build when an icon is missing.
 *
 * The web build asks for raster faces (`facesPlugin({ raster: 96 })`): each face drawn by
 * rsvg-convert into a square WebP (ImageMagick) of that many pixels, as a `data:image/webp`
 * URL. Chromium builds a whole SVG document for every SVG image, on the main thread and inside
 * the style recalculation that first meets it: about 27 ms for each of the 36 faces of a first
 * board on a phone (4x throttled), a second in all. A raster face is decoded off the main thread.
 *
 * The view imports `virtual:faces`, whose `loadFaces()` resolves once the faces can be drawn.
 * The desktop build bundles the sheet with the view's own (`loadFaces()` resolves at once). The
 * web build (`file: true`) writes it as a file of its own, `assets/faces-[hash].css` (the faces
 * are ~80 kB of the ~90 kB of gzipped style): a page's style sheets block its first paint, so
 * the view adds this one (`loadFaces()`) when it starts, and the first board waits for it.
 */
import { execFileSync } from "node:child_process";
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
/** The module the view imports: `loadFaces()`. */
const MODULE_ID = "virtual:faces";
const MODULE_RESOLVED = "\0llk-faces";

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

/** A face's SVG drawn as a square WebP of `px` pixels, as a `data:` URL (needs rsvg-convert and ImageMagick). */
export function webpDataUrl(svg: string, px: number): string {
  const png = execFileSync("rsvg-convert", ["-w", `${px}`, "-h", `${px}`, "-f", "png"], { input: svg });
  const webp = execFileSync("convert", ["png:-", "-quality", "80", "-define", "webp:method=6", "webp:-"], {
    input: png,
  });
  return `data:image/webp;base64,${webp.toString("base64")}`;
}

/** The style sheet of raster faces: as `facesCss`, each face a `px`-pixel WebP. */
export function rasterFacesCss(svgs: readonly string[], px: number): string {
  return svgs.map((svg, i) => `.face.f-${i}{background-image:url("${webpDataUrl(svg, px)}")}`).join("\n") + "\n";
}

/**
 * The module `virtual:faces` of a web build: `loadFaces()` adds the faces' style sheet (at
 * `url`, an expression) to the page's head once, not blocking its first paint, and resolves
 * when it has loaded, or failed (a board without faces is still a board).
 */
export function sheetLoaderModule(url: string): string {
  return `let loading = null;
export function loadFaces() {
  loading ??= new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = ${url};
    link.addEventListener("load", () => done(), { once: true });
    link.addEventListener("error", () => done(), { once: true });
    document.head.append(link);
  });
  return loading;
}
`;
}

/**
 * `raster`: the faces as WebP images of that many pixels a side instead of SVG (the web build).
 * `file`: the faces' style sheet as a file of its own, added by the view's script (the web build).
 */
export function facesPlugin({ raster, file = false }: { raster?: number; file?: boolean } = {}): Plugin {
  const sheet = (): string => {
    const require = createRequire(import.meta.url);
    const icons = require.resolve("@iconify-json/fluent-emoji-flat/icons.json");
    const set = JSON.parse(readFileSync(icons, "utf8")) as IconSet;
    const svgs = buildFaces(set, FACE_NAMES);
    return raster === undefined ? facesCss(svgs) : rasterFacesCss(svgs, raster);
  };
  let building = false;
  return {
    name: "llk-faces",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      if (id === ID) return RESOLVED;
      if (id === MODULE_ID) return MODULE_RESOLVED;
      return null;
    },
    load(id) {
      if (id === RESOLVED) return sheet();
      if (id !== MODULE_RESOLVED) return null;
      if (!file || !building) return `import "${ID}";\nexport function loadFaces() {\n  return Promise.resolve();\n}\n`;
      const ref = this.emitFile({ type: "asset", name: "faces.css", source: sheet() });
      return sheetLoaderModule(`import.meta.ROLLUP_FILE_URL_${ref}`);
    },
  };
}
