/**
 * The classic board's sizing as this screen measures it (layout.ts does the arithmetic):
 * the minimum cell for this pointer and window, the width of a vertical scrollbar, whether
 * a layout would pan in the stage, and the layout a new install's first game should use.
 */
import type { Preset } from "../ipc";
import { firstLayout, fitBoard, minCellFor } from "./layout";

/** The shell's default layout: a first game keeps it when it fits the screen. */
const DEFAULT_LAYOUT = "18x8";

/** The width a vertical scrollbar takes (0 with overlay scrollbars), measured once. */
let scrollbarPx: number | null = null;
export function scrollbarWidth(): number {
  if (scrollbarPx === null) {
    const probe = document.createElement("div");
    probe.className = "scrollbar-probe";
    document.body.append(probe);
    scrollbarPx = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return scrollbarPx;
}

/** The minimum cell (tap target) for this pointer and window (layout.ts). */
export function minCell(): number {
  return minCellFor(window.matchMedia("(pointer: coarse)").matches, window.innerWidth, window.innerHeight);
}

/** Whether a classic board of this size pans in `stage` (the New game dialog says so). */
export function boardScrolls(stage: HTMLElement, rows: number, cols: number): boolean {
  return fitBoard(stage.clientWidth, stage.clientHeight, rows, cols, minCell()).size.scrolls;
}

/** The layout a first game should use in `stage` (the shell uses it only for a new install's game). */
export function fittingLayout(presets: readonly Preset[], stage: HTMLElement): string | undefined {
  return firstLayout(presets, DEFAULT_LAYOUT, stage.clientWidth, stage.clientHeight, minCell())?.name;
}
