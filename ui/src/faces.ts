/**
 * Tile faces at run time: kind k shows face k mod N. Installs the build-time SVG sprite
 * once and makes the `<svg><use>` element for a kind.
 */
import { SPRITE } from "virtual:faces";
import { FACE_NAMES, type FaceName } from "./face-list";

const SVG_NS = "http://www.w3.org/2000/svg";

export const FACE_COUNT = FACE_NAMES.length;

export function faceOf(kind: number): FaceName {
  const n = FACE_NAMES.length;
  return FACE_NAMES[((kind % n) + n) % n]!;
}

/** Puts the sprite into the document (idempotent). */
export function installSprite(doc: Document = document): void {
  if (doc.getElementById("llk-faces")) return;
  const holder = doc.createElement("div");
  holder.id = "llk-faces";
  holder.className = "sprite-holder"; // zero-size, not display:none (keeps <use> working)
  holder.innerHTML = SPRITE;
  doc.body.prepend(holder);
}

/** An `<svg>` showing the face of `kind` (decorative: the button carries the label). */
export function faceSvg(kind: number, doc: Document = document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "face");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = doc.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#face-${faceOf(kind)}`);
  svg.append(use);
  return svg;
}
