/**
 * Tile faces at run time: kind k shows face k mod N. A face is an empty `<span class="face">`
 * whose CSS background is the face's image (a build-time `data:` URL, see
 * vite/faces-plugin.ts): WebKit keeps one image per face however many tiles show it. An
 * inline `<svg><use>` per tile cloned the face's vector tree into every tile, and WebKit
 * never gave those clones back: the web process grew by about 14 MB with every new 30×16
 * game (docs/RELIABILITY.md).
 */
import { FACE_URLS } from "virtual:faces";
import { FACE_NAMES, type FaceName } from "./face-list";

export const FACE_COUNT = FACE_NAMES.length;

function faceIndex(kind: number): number {
  const n = FACE_NAMES.length;
  return ((kind % n) + n) % n;
}

export function faceOf(kind: number): FaceName {
  return FACE_NAMES[faceIndex(kind)]!;
}

/** The CSS `background-image` value showing the face of `kind`. */
export function faceImage(kind: number): string {
  return `url("${FACE_URLS[faceIndex(kind)]!}")`;
}

/** An element showing the face of `kind` (decorative: the button carries the label). */
export function faceElement(kind: number, doc: Document = document): HTMLElement {
  const el = doc.createElement("span");
  el.className = "face";
  el.setAttribute("aria-hidden", "true");
  el.style.setProperty("background-image", faceImage(kind));
  return el;
}
