/**
 * Thin typed wrappers over Tauri `invoke`, one per command of docs/ipc.md. Every failure
 * is normalised to an AppError `{code, message}`.
 */
import { invoke } from "@tauri-apps/api/core";
import type { AppError, GameOptions, GameView, Hint, Preset, SelectResult, Settings, StartInfo } from "./ipc";
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
  newGame: (options: GameOptions) => call<GameView>("new_game", { options }),
  async select(row: number, col: number, elapsedMs: number): Promise<SelectResult> {
    const t0 = performance.now();
    const r = await call<SelectResult>("select", { row, col, elapsedMs });
    recordSelect(performance.now() - t0);
    return r;
  },
  hint: () => call<Hint | null>("hint"),
  shuffle: () => call<GameView>("shuffle"),
  undo: () => call<GameView>("undo"),
  gameState: () => call<GameView>("game_state"),
  setElapsed: (elapsedMs: number) => call<null>("set_elapsed", { elapsedMs }),
  getSettings: () => call<Settings>("get_settings"),
  setSettings: (settings: Settings) => call<Settings>("set_settings", { settings }),
};
