/**
 * The tray (N slots, `data-slot`, each showing the tile there, `data-id`) and the
 * holding row above it (three places; a held tile is a `<button class="stile held">`
 * that takes it back into the tray). Draws what the engine says; decides no rule.
 */
import { faceElement, faceOf } from "../faces";
import { onPress } from "../finger-tap";
import type { Translate } from "../i18n";
import type { StackView, TileId } from "../ipc";
import type { StackFit } from "./fit";
import { heldSlots, traySlots } from "./tray-map";

export class TrayView {
  private slots: HTMLElement[] = [];
  private holds: HTMLElement[] = [];
  private kinds = new Map<TileId, number>();
  private t: Translate;
  private last: StackView | null = null;

  constructor(
    readonly trayEl: HTMLElement,
    readonly heldEl: HTMLElement,
    onTakeHeld: (id: TileId) => void,
    t: Translate,
  ) {
    this.t = t;
    // a finger's tap, a click, keys on a held tile (finger-tap.ts; the row has no roving focus)
    onPress(heldEl, (target) => {
      const tile = target.closest<HTMLButtonElement>("button.stile");
      if (tile && heldEl.contains(tile)) onTakeHeld(Number(tile.dataset["id"]));
    });
    for (let i = 0; i < 3; i++) {
      const h = document.createElement("div");
      h.className = "hslot";
      h.dataset["hold"] = String(i);
      heldEl.append(h);
      this.holds.push(h);
    }
  }

  applyFit(fit: StackFit): void {
    for (const el of [this.trayEl, this.heldEl]) el.style.setProperty("--tray-tile", `${fit.trayTile}px`);
    this.heldEl.style.setProperty("--held-tile", `${fit.heldTile}px`);
  }

  setTranslate(t: Translate): void {
    this.t = t;
    if (this.last) this.render(this.last, true);
  }

  render(view: StackView, force = false): void {
    this.last = view;
    for (const tv of view.tiles) this.kinds.set(tv.id, tv.kind);
    if (this.slots.length !== view.tray_size) {
      this.trayEl.replaceChildren();
      this.slots = [];
      for (let i = 0; i < view.tray_size; i++) {
        const s = document.createElement("div");
        s.className = "slot";
        s.dataset["slot"] = String(i);
        this.trayEl.append(s);
        this.slots.push(s);
      }
    }
    this.trayEl.style.setProperty("--slots", String(view.tray_size));
    this.trayEl.setAttribute("aria-label", this.t("stack.tray", { n: view.tray.length, size: view.tray_size }));
    const contents = traySlots(view.tray, view.tray_size);
    contents.forEach((id, i) => {
      const slot = this.slots[i];
      if (!slot) return;
      this.fill(slot, id, false, force);
    });
    const held = heldSlots(view.held);
    held.forEach((id, i) => this.fill(this.holds[i]!, id, view.status === "playing", force));
    this.heldEl.classList.toggle("empty", view.held.length === 0);
    const full = view.tray.length >= view.tray_size - 1;
    this.trayEl.classList.toggle("nearly-full", full && view.status === "playing");
  }

  /** The element showing tile `id` in the tray or holding row, if any. */
  tileEl(id: TileId): HTMLElement | null {
    return this.trayEl.querySelector<HTMLElement>(`.stile[data-id="${id}"]`) ?? this.heldEl.querySelector<HTMLElement>(`.stile[data-id="${id}"]`);
  }

  slotRect(i: number): DOMRect | null {
    return this.slots[i]?.getBoundingClientRect() ?? null;
  }

  /** Rectangles of every tile shown in the tray or the holding row, by id. */
  rects(): Map<TileId, DOMRect> {
    const out = new Map<TileId, DOMRect>();
    for (const el of [...this.trayEl.querySelectorAll<HTMLElement>(".stile"), ...this.heldEl.querySelectorAll<HTMLElement>(".stile")])
      out.set(Number(el.dataset["id"]), el.getBoundingClientRect());
    return out;
  }

  setHint(id: TileId | null): void {
    for (const el of this.heldEl.querySelectorAll<HTMLElement>(".stile.hinted")) {
      el.classList.remove("hinted");
      delete el.dataset["hint"];
    }
    if (id === null) return;
    const el = this.heldEl.querySelector<HTMLElement>(`.stile[data-id="${id}"]`);
    if (el) {
      el.classList.add("hinted");
      el.dataset["hint"] = "true";
    }
  }

  heldButtons(): HTMLButtonElement[] {
    return [...this.heldEl.querySelectorAll<HTMLButtonElement>("button.stile")];
  }

  private fill(slot: HTMLElement, id: TileId | null, takeable: boolean, force: boolean): void {
    const cur = slot.firstElementChild as HTMLElement | null;
    const curId = cur ? Number(cur.dataset["id"]) : null;
    if (!force && curId === id && (!cur || cur.dataset["free"] === String(takeable) || !(cur instanceof HTMLButtonElement))) return;
    if (id === null) {
      slot.replaceChildren();
      slot.setAttribute("aria-label", this.t("stack.trayEmpty"));
      return;
    }
    slot.removeAttribute("aria-label");
    const kind = this.kinds.get(id) ?? 0;
    const face = this.t(`face.${faceOf(kind)}`);
    const isHeld = slot.classList.contains("hslot");
    const el = isHeld ? document.createElement("button") : document.createElement("div");
    el.className = isHeld ? "stile held" : "stile in-tray";
    el.dataset["id"] = String(id);
    el.dataset["kind"] = String(kind);
    el.dataset["face"] = faceOf(kind);
    if (el instanceof HTMLButtonElement) {
      el.type = "button";
      el.dataset["free"] = String(takeable);
      el.disabled = !takeable;
      el.setAttribute("aria-label", this.t("stile.held", { face }));
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", this.t("stile.inTray", { face }));
    }
    el.append(faceElement(kind));
    slot.replaceChildren(el);
  }
}
