/**
 * The IPC types, in one place for the rest of the view: re-exported from the bindings
 * that the shell generates from the Rust types with ts-rs (`ui/src/bindings/`, never
 * edited by hand; `make bindings` regenerates them).
 */
export type {
  AnyHintResult,
  AnySelectResult,
  AnyView,
  AppError,
  Assist,
  BestTime,
  Counters,
  DailyStatus,
  GameOptions,
  GameView,
  GroupStats,
  Hint,
  HintResult,
  JourneyInfo,
  JourneyStatus,
  JourneyView,
  LevelOpened,
  LevelProps,
  LevelVerdictView,
  Language,
  NewGameOptions,
  NoticeCode,
  Outcome,
  Place,
  Pos,
  Preset,
  SavedFile,
  Props,
  SelectResult,
  Settings,
  SettingsResult,
  SlideRule,
  StackCounters,
  StackHint,
  StackOptions,
  StackStatus,
  StackTileView,
  StackView,
  StartInfo,
  Statistics,
  Status,
  Taken,
  WinningLine,
} from "./bindings";

import type { AnyView } from "./bindings";
/** A stack tile's id: its index in the layout (a `u16` in the engine). */
export type TileId = number;
/** A view of either mode, narrowed. */
export type ClassicAnyView = Extract<AnyView, { mode: "classic" }>;
export type StackAnyView = Extract<AnyView, { mode: "stack" }>;
