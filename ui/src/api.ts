/**
 * Thin typed wrappers over Tauri `invoke`, one per command of docs/ipc.md. Every failure
 * is normalised to an AppError `{code, message}`.
 */
import { invoke } from "@tauri-apps/api/core";
import type {
  AnyHintResult,
  AnySelectResult,
  AnyView,
  AppError,
  NewGameOptions,
  Preset,
  Settings,
  StartInfo,
} from "./ipc";
import { recordSelect } from "./metrics";

export function toAppError(e: unknown): AppError {
  if (e && typeof e === "object" && "code" in e && "message" in e) {
    const o = e as { code: unknown; message: unknown };
    return { code: String(o.code), message: String(o.message) };
  }
  if (e instanceof Error) return { code: "internal", message: e.message };
  return { code: "internal", message: String(e) };
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toAppError(e);
  }
}

export const api = {
  start: () => call<StartInfo>("start"),
  presets: () => call<Preset[]>("presets"),
  newGame: (options: NewGameOptions) => call<AnyView>("new_game", { options }),
  async select(row: number, col: number, elapsedMs: number): Promise<AnySelectResult> {
    const t0 = performance.now();
    const r = await call<AnySelectResult>("select", { row, col, elapsedMs });
    recordSelect(performance.now() - t0);
    return r;
  },
  hint: () => call<AnyHintResult>("hint"),
  shuffle: () => call<AnyView>("shuffle"),
  undo: () => call<AnyView>("undo"),
  gameState: () => call<AnyView>("game_state"),
  setElapsed: (elapsedMs: number) => call<null>("set_elapsed", { elapsedMs }),
  getSettings: () => call<Settings>("get_settings"),
  setSettings: (settings: Settings) => call<Settings>("set_settings", { settings }),
};
