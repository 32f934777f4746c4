/**
 * Keyboard mapping (pure): a key event's fields → a game action (M, move-out, only means
 * something in stack mode). Where the arrow keys move focus is each mode's own:
 * classic/focus.ts over the classic board, stack/nav.ts among stack tiles.
 */

export type Direction = "up" | "down" | "left" | "right";

export type Action =
  | { type: "move"; dir: Direction }
  | { type: "select" }
  | { type: "hint" }
  | { type: "shuffle" }
  | { type: "undo" }
  | { type: "moveOut" }
  | { type: "newGame" }
  | { type: "pause" };

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/** The action for a key press, or null when the key means nothing to the game. */
export function actionForKey(e: KeyInput): Action | null {
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  if (e.altKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl) return key === "z" ? { type: "undo" } : null;
  const dir = ARROWS[key];
  if (dir) return { type: "move", dir };
  switch (key) {
    case "Enter":
    case " ":
    case "Spacebar":
      return { type: "select" };
    case "h":
      return { type: "hint" };
    case "s":
      return { type: "shuffle" };
    case "z":
      return { type: "undo" };
    case "m":
      return { type: "moveOut" };
    case "n":
      return { type: "newGame" };
    case "p":
      return { type: "pause" };
    default:
      return null;
  }
}
