import { afterFrame } from "./after-frame";
import { timing } from "./timings";

/**
 * Non-blocking messages: toasts (errors, short news) in a polite live region that fade on
 * their own, and a screen-reader-only announcer for game events.
 */
export class Toasts {
  constructor(private readonly el: HTMLElement, private readonly announcer: HTMLElement) {}

  show(message: string, kind: "error" | "info" = "info", ms = timing("toast")): void {
    const d = document.createElement("div");
    d.className = `toast ${kind}`;
    d.setAttribute("role", kind === "error" ? "alert" : "status");
    d.textContent = message;
    this.el.append(d);
    while (this.el.children.length > 3) this.el.firstElementChild?.remove();
    window.setTimeout(() => {
      d.classList.add("leaving");
      window.setTimeout(() => d.remove(), timing("toast-leave"));
    }, ms);
  }

  /**
   * Says `message` to screen readers, after the next frame: a tap's announcement need not
   * delay the frame that shows the tap (a screen reader reads it a moment later anyway).
   */
  announce(message: string): void {
    afterFrame(() => {
      // re-setting the same text would not be read again
      this.announcer.textContent = "";
      window.setTimeout(() => (this.announcer.textContent = message), 30);
    });
  }
}
