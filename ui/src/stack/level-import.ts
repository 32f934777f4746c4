/**
 * The New game dialog's "Open a level" on the stack side: a file picker (on the desktop
 * the webview opens the system's file chooser) and a paste box, for a stack file or a
 * captured 羊了个羊 level map. The shell's engine tells which it is and validates it; a
 * refused text shows the engine's reason under the box and leaves the current game as it
 * was. A level the solver proves to have no winning line without props says so.
 */
import { api } from "../api";
import { byId } from "../hud";
import type { Translate } from "../i18n";
import type { AnyView, AppError } from "../ipc";

export interface LevelImportHost {
  /** Runs a command after the ones already queued. */
  enqueue(task: () => Promise<void>): Promise<void>;
  /** Draws the level's game. */
  show(view: AnyView): void;
  /** A plain message for the player (a notice that stays a while). */
  notice(message: string): void;
  t(): Translate;
}

export class LevelImport {
  private readonly file = byId<HTMLInputElement>("opt-level-file");
  private readonly text = byId<HTMLTextAreaElement>("opt-level-text");
  private readonly error = byId("opt-level-error");

  constructor(private readonly host: LevelImportHost) {
    this.text.addEventListener("input", () => (this.error.hidden = true));
    this.file.addEventListener("change", () => void this.readChosen());
  }

  /** The dialog opens: no level chosen. */
  opened(): void {
    this.text.value = "";
    this.file.value = "";
    this.error.hidden = true;
  }

  /** Whether a level's text is there to open (it wins over the dialog's stack options). */
  hasLevel(): boolean {
    return this.text.value.trim() !== "";
  }

  /** Opens the level; true when the game changed (the dialog may close). */
  async open(): Promise<boolean> {
    const text = this.text.value;
    let ok = false;
    await this.host.enqueue(async () => {
      try {
        const opened = await api.newGameFromLevel(text);
        this.host.show(opened.game);
        if (opened.verdict === "unwinnable") this.host.notice(this.host.t()("level.unwinnable"));
        ok = true;
      } catch (e) {
        this.refused(e as AppError);
      }
    });
    return ok;
  }

  private async readChosen(): Promise<void> {
    const chosen = this.file.files?.[0];
    if (!chosen) return;
    try {
      this.text.value = await chosen.text();
      this.error.hidden = true;
    } catch {
      this.refused({ code: "bad_map", message: chosen.name });
    }
  }

  private refused(e: AppError): void {
    this.error.textContent = this.host.t()("level.refused", { message: e.message });
    this.error.hidden = false;
    this.text.focus();
  }
}
