/**
 * TEMPORARY: the stack-mode IPC shapes of /work/wt/STACK-API.md, until the shell's
 * generated bindings (ui/src/bindings/) carry them. ipc.ts re-exports these; when the
 * bindings land, ipc.ts re-exports the generated types instead and this file goes.
 */
import type { GameOptions, GameView, Hint, Outcome } from "../bindings";

export type TileId = number;
export type Props = { move_out: number; shuffle: number; undo: number };
export type StackOptions = {
  level: number | null;
  tiles: number;
  kinds: number;
  layers: number;
  peak: number | null;
  seed: string;
  random_fill: boolean;
  tray: number;
  props: Props;
};
export type StackStatus = "playing" | "won" | "lost";
export type Place = "board" | "tray" | "held" | "gone";
export type StackCounters = { takes: number; hints: number; move_outs: number; shuffles: number; undos: number };
export type Taken = { id: TileId; slot: number; cleared: Array<TileId>; points: number; status: StackStatus };
export type StackHint = { id: TileId | null; lost: boolean };
export type StackTileView = { id: TileId; x: number; y: number; z: number; kind: number; place: Place; free: boolean };
export type StackView = {
  options: StackOptions;
  tiles: Array<StackTileView>;
  tray: Array<TileId>;
  held: Array<TileId>;
  tray_size: number;
  status: StackStatus;
  score: number;
  counters: StackCounters;
  props_left: Props;
  tiles_left: number;
  elapsed_ms: number;
  can_undo: boolean;
  best_score: number | null;
  width: number;
  height: number;
};
export type AnyView = ({ mode: "classic" } & GameView) | ({ mode: "stack" } & StackView);
export type NewGameOptions = ({ mode: "classic" } & GameOptions) | ({ mode: "stack" } & StackOptions);
export type StackSelectResult = { outcome: Taken; game: StackView };
export type HintResult = { hint: Hint | null; game: GameView };
export type StackHintResult = { hint: StackHint; game: StackView };
export type AnySelectResult = ({ mode: "classic" } & { outcome: Outcome; game: GameView }) | ({ mode: "stack" } & StackSelectResult);
export type AnyHintResult = ({ mode: "classic" } & HintResult) | ({ mode: "stack" } & StackHintResult);
export type WinningLine = { moves: Array<TileId> | null };
export type AnyStartInfo = { game: AnyView; notice: string | null };
