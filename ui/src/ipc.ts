/**
 * The IPC types, in one place for the rest of the view: re-exported from the bindings
 * that the shell generates from the Rust types with ts-rs (`ui/src/bindings/`, never
 * edited by hand; `make bindings` regenerates them).
 */
export type {
  AppError,
  Counters,
  GameOptions,
  GameView,
  Hint,
  Language,
  Outcome,
  Pos,
  Preset,
  SelectResult,
  Settings,
  StartInfo,
  Status,
} from "./bindings";
export type {
  AnyHintResult,
  NewGameOptions,
  AnySelectResult,
  AnyStartInfo,
  AnyView,
  Place,
  Props,
  StackCounters,
  StackHint,
  StackOptions,
  StackStatus,
  StackTileView,
  StackView,
  Taken,
  TileId,
  WinningLine,
} from "./stack/pending-ipc";

import type { AnyView } from "./stack/pending-ipc";
/** A view of either mode, narrowed. */
export type ClassicAnyView = Extract<AnyView, { mode: "classic" }>;
export type StackAnyView = Extract<AnyView, { mode: "stack" }>;
