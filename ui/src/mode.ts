/**
 * What the app (app.ts) and the controller of a mode (classic/controller.ts for classic
 * games and journeys, stack/controller.ts for stack games) offer each other. The app owns
 * the ordered action queue, the game clock, the pause, the HUD, the dialogs every mode
 * shares and the key map; it hands the game to the controller of its `mode`, which draws
 * it in the stage and carries out the mode's actions.
 */
import type { Hud } from "./hud";
import type { Translate } from "./i18n";
import type { AnyView, GameOptions, NewGameOptions, StackStatus, Status } from "./ipc";
import type { Action } from "./keys";
import type { Toasts } from "./toast";

/** The HUD's and keyboard's actions whose meaning depends on the mode. */
export type ModeAction = "hint" | "shuffle" | "undo" | "moveOut" | "demo";

/** What the app gives every mode's controller. */
export interface ModeHost {
  /** Runs `task` after every earlier action; resolves when it has run. */
  enqueue(task: () => Promise<void>): Promise<void>;
  /** No action is queued or waiting for the engine: what is drawn is the engine's last word. */
  idle(): boolean;
  /** The game clock's time, in ms. */
  elapsed(): number;
  paused(): boolean;
  t(): Translate;
  readonly toasts: Toasts;
  readonly hud: Hud;
  /** HUD and clock after any change (the app asks the controller of the game shown). */
  refresh(): void;
  /** Runs the clock when the game is `inPlay` and nothing stops it (pause, a hidden
   *  window, an open dialog); shows the time. */
  runClock(inPlay: boolean): void;
  /** Draws a new, resumed or replaced game of any mode (the app picks its controller). */
  showAny(view: AnyView): void;
  newGame(options: GameOptions | NewGameOptions): void;
}

/** What the app asks of the controller of the game shown. */
export interface ModeController {
  /** The game it draws, as the New game dialog is given it; null when there is none. */
  current(): AnyView | null;
  /** The game's status (whether it can be paused); null when there is no game. */
  status(): Status | StackStatus | null;
  perform(action: ModeAction): void;
  /** A mapped key on the page: true when the mode handled it (select, arrow keys, stopping
   *  a demo); false leaves it to the app, which runs `action` as the HUD's button would. */
  key(e: KeyboardEvent, action: Action, target: HTMLElement | null): boolean;
  /** Its part of the HUD after a change; calls the host's `runClock`. */
  refresh(): void;
  /** Sizes the game to the stage's inner size. */
  fit(stageW: number, stageH: number): void;
  focusCurrent(): void;
  /** The same game again from its start (the won dialog's and the New game dialog's Retry). */
  retry(): void;
  setTranslate(t: Translate): void;
}
