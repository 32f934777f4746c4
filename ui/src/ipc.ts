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
  Counters,
  GameOptions,
  GameView,
  Hint,
  HintResult,
  Language,
  NewGameOptions,
  Outcome,
  Pos,
  Preset,
  SelectResult,
  Settings,
  StartInfo,
  Status,
} from "./bindings";
