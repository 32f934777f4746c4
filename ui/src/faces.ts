/**
 * Tile faces at run time: kind k shows face k mod N. A face is an empty
 * `<span class="face f-N">` whose CSS background is the face's image (a build-time style
 * sheet of `data:` URLs, see vite/faces-plugin.ts): WebKit keeps one image per face however
 * many tiles show it, and parses its URL once. An
 * inline `<svg><use>` per tile cloned the face's vector tree into every tile, and WebKit
 * never gave those clones back: the web process grew by about 14 MB with every new 30×16
 * game (docs/RELIABILITY.md).
 */
import { loadFaces } from "virtual:faces";
import { FACE_NAMES, type FaceName } from "./face-list";

export const FACE_COUNT = FACE_NAMES.length;

/**
 * Resolves once the faces can be drawn: at once in the desktop build; in the web build when
 * their style sheet, a file of its own that does not hold the page's first paint, has loaded
 * (vite/faces-plugin.ts; the first call adds it to the page). The first board waits for it.
 */
export { loadFaces };

function faceIndex(kind: number): number {
  const n = FACE_NAMES.length;
  return ((kind % n) + n) % n;
}

export function faceOf(kind: number): FaceName {
  return FACE_NAMES[faceIndex(kind)]!;
}

/** An element showing the face of `kind` (decorative: the button carries the label). */
export function faceElement(kind: number, doc: Document = document): HTMLElement {
  const el = doc.createElement("span");
  el.className = `face f-${faceIndex(kind)}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}
