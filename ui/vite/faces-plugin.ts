/**
 * Vite plugin: the virtual module `virtual:faces` exports an SVG sprite (one <symbol> per
 * face, id `face-<name>`) built at build time from @iconify-json/fluent-emoji-flat, so only
 * the faces in FACE_NAMES ship. Fails the build when an icon is missing.
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

/** Builds the sprite markup (exported for tests). */
export function buildSprite(set: IconSet, names: readonly string[]): string {
  const symbols = names.map((name) => {
    const icon = set.icons[name];
    if (!icon) throw new Error(`faces: icon "${name}" not found in fluent-emoji-flat`);
    const w = icon.width ?? set.width ?? 16;
    const h = icon.height ?? set.height ?? 16;
    return `<symbol id="face-${name}" viewBox="0 0 ${w} ${h}">${icon.body}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${symbols.join("")}</svg>`;
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
      const sprite = buildSprite(set, FACE_NAMES);
      return `export const SPRITE = ${JSON.stringify(sprite)};\n`;
    },
  };
}
