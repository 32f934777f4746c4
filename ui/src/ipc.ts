/**
 * The IPC types, in one place for the rest of the view.
 *
 * TEMPORARY: hand-written from docs/ipc.md until the shell's ts-rs bindings land in
 * `ui/src/bindings/`; then this file becomes re-exports from there and nothing else changes.
 */

export type Pos = [number, number];

export interface GameOptions {
  rows: number;
  cols: number;
  kinds: number;
  /** u64 as a decimal string. */
  seed: string;
  solvable: boolean;
  ring: boolean;
  auto_shuffle: boolean;
}

export interface Preset {
  name: string;
  rows: number;
  cols: number;
  kinds: number;
}

export type Status = "playing" | "stuck" | "won";

export type Outcome =
  | { kind: "selected"; cell: Pos }
  | { kind: "deselected"; cell: Pos }
  | { kind: "switched"; from: Pos; to: Pos }
  | {
      kind: "matched";
      path: Pos[];
      removed: [Pos, Pos];
      points: number;
      combo: number;
      status: Status;
      shuffled: boolean;
    };

export interface Counters {
  moves: number;
  hints: number;
  shuffles: number;
  undos: number;
}

export interface Hint {
  a: Pos;
  b: Pos;
  path: Pos[];
}

export interface GameView {
  options: GameOptions;
  rows: number;
  cols: number;
  cells: (number | null)[][];
  selection: Pos | null;
  status: Status;
  score: number;
  combo: number;
  counters: Counters;
  tiles_left: number;
  elapsed_ms: number;
  can_undo: boolean;
  best_score: number | null;
}

export interface SelectResult {
  outcome: Outcome;
  game: GameView;
}

export type Language = "auto" | "zh-Hans" | "zh-Hant" | "en";

export interface Settings {
  language: Language;
  auto_shuffle: boolean;
}

export interface AppError {
  code: string;
  message: string;
}

export interface StartInfo {
  game: GameView;
  notice: string | null;
}
