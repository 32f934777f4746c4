/** The lost dialog of stack mode: undo the last tile (when an undo is left), retry the same deal, or a new deal. */
import { byId } from "../hud";

export interface LostHandlers {
  onUndo(): void;
  onRetry(): void;
  onNew(): void;
}

export class LostDialog {
  readonly el = byId<HTMLDialogElement>("dlg-lost");
  private readonly undo = byId<HTMLButtonElement>("lost-undo");

  constructor(h: LostHandlers) {
    const bind = (id: string, fn: () => void) =>
      byId(id).addEventListener("click", () => {
        this.el.close();
        fn();
      });
    bind("lost-undo", () => h.onUndo());
    bind("lost-retry", () => h.onRetry());
    bind("lost-new", () => h.onNew());
  }

  open(canUndo: boolean): void {
    this.undo.hidden = !canUndo;
    if (!this.el.open) this.el.showModal();
    (canUndo ? this.undo : byId<HTMLButtonElement>("lost-retry")).focus();
  }

  close(): void {
    if (this.el.open) this.el.close();
  }
}
