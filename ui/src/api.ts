/**
 * Thin typed wrappers over the shell's `invoke` (transport.ts: Tauri's in the desktop app,
 * the WebAssembly engine's in the web build), one per command of docs/ipc.md. Every failure
 * is normalised to an AppError `{code, message}`.
 */
import type {
  AnyHintResult,
  NewGameOptions,
  AnySelectResult,
  AnyView,
  AppError,
  DailyStatus,
  GameOptions,
  LevelOpened,
  Preset,
  Settings,
  SettingsResult,
  StartInfo,
  Statistics,
  TileId,
  WinningLine,
} from "./ipc";
import { recordSelect, type LaunchReport } from "./metrics";
import type { ApiError, DailyMode, HttpAnswer, OnlineSettings, OnlineStatus, OutboxItem, SubmitAnswer } from "./online/types";
import { transport, type Invoke } from "./transport";

export function toAppError(e: unknown): AppError {
  if (e && typeof e === "object" && "code" in e && "message" in e) {
    const o = e as { code: unknown; message: unknown };
    return { code: String(o.code), message: String(o.message) };
  }
  if (e instanceof Error) return { code: "internal", message: e.message };
  return { code: "internal", message: String(e) };
}

/** The shell's `invoke` once chosen: only the first call waits for the choice. */
let invoke: Invoke | null = null;

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    invoke ??= await transport();
    return (await invoke(cmd, args)) as T;
  } catch (e) {
    throw toAppError(e);
  }
}

async function timedSelect(args: Record<string, unknown>): Promise<AnySelectResult> {
  const t0 = performance.now();
  const r = await call<AnySelectResult>("select", args);
  recordSelect(performance.now() - t0);
  return r;
}

export const api = {
  /** `layout`: the preset a new install's first game should use (the one that fits the screen). */
  start: (layout?: string) => call<StartInfo>("start", layout ? { layout } : {}),
  presets: () => call<Preset[]>("presets"),
  newGame: (options: GameOptions | NewGameOptions) => call<AnyView>("new_game", { options }),
  /** Classic: a cell. */
  select: (row: number, col: number, elapsedMs: number) => timedSelect({ row, col, elapsedMs }),
  /** Stack: a tile on the board or in the holding row. */
  take: (id: TileId, elapsedMs: number) => timedSelect({ id, elapsedMs }),
  hint: () => call<AnyHintResult>("hint"),
  /** The props take the game clock: a daily challenge records each move at its game time. */
  shuffle: (elapsedMs: number) => call<AnyView>("shuffle", { elapsedMs }),
  undo: (elapsedMs: number) => call<AnyView>("undo", { elapsedMs }),
  moveOut: (elapsedMs: number) => call<AnyView>("move_out", { elapsedMs }),
  winningLine: () => call<WinningLine>("winning_line"),
  gameState: () => call<AnyView>("game_state"),
  setElapsed: (elapsedMs: number) => call<null>("set_elapsed", { elapsedMs }),
  getSettings: () => call<Settings>("get_settings"),
  /** The applied settings, with the current game when they changed it (auto-shuffle on while stuck). */
  setSettings: (settings: Settings) => call<SettingsResult>("set_settings", { settings }),
  /** Journey: continue it (or a new one), or with `restart` a new one from level 1. */
  journeyStart: (restart: boolean) => call<AnyView>("journey_start", { restart }),
  journeyNext: () => call<AnyView>("journey_next"),
  journeyRetry: () => call<AnyView>("journey_retry"),
  /** Classic: decides the current position's solvability off the tap (see classic/dead-end.ts). */
  judge: () => call<AnyView>("judge"),
  /** Classic: back to the last position known to be solvable. */
  undoToSolvable: () => call<AnyView>("undo_to_solvable"),
  /** Classic: the computer plays the next move of a certificate ("Show me"). */
  solveStep: (elapsedMs: number) => call<AnySelectResult>("solve_step", { elapsedMs }),
  /** A new game from a typed deal code (docs/deal-codes.md). */
  newGameFromCode: (code: string) => call<AnyView>("new_game_from_code", { code }),
  /** A new stack game from a level's text: a stack file or a captured 羊了个羊 map (the engine tells which). */
  newGameFromLevel: (text: string) => call<LevelOpened>("new_game_from_level", { text }),
  /** Today's (UTC) daily deal of `mode` (classic when left out). */
  dailyDeal: (mode?: DailyMode) => call<AnyView>("daily_deal", mode ? { mode } : {}),
  dailyStatus: () => call<DailyStatus>("daily_status"),
  /** Games played and won and the best times, per layout and mode (stats-dialog.ts). */
  statistics: () => call<Statistics>("statistics"),
  /** The online daily challenge (online/): its settings, the outbox and what the server said. */
  onlineStatus: () => call<OnlineStatus>("online_status"),
  setOnline: (s: OnlineSettings) => call<OnlineStatus>("set_online", { ...s }),
  onlineOutbox: () => call<OutboxItem[]>("online_outbox"),
  onlineDelivered: (id: string, answer: SubmitAnswer) => call<OnlineStatus>("online_delivered", { id, answer }),
  onlineRefused: (id: string, error: ApiError) => call<OnlineStatus>("online_refused", { id, error }),
  /** Desktop only: the shell sends the request to the configured server (the webview has no network). */
  onlineHttp: (method: "GET" | "POST", path: string, body: string | null) =>
    call<HttpAnswer>("online_http", { method, path, body }),
  /** The start-up marks, for `make bench-app`'s launches without WebDriver (written only when asked). */
  launchReport: (report: LaunchReport) => call<boolean>("launch_report", { report }),
};
