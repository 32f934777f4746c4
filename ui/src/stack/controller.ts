/**
 * Stack mode's controller: sends the player's takes and props to the engine (through
 * the app's ordered queue), draws the answers on the board and tray with their motion,
 * shows hints, the lost dialog and the "winning line" demo, moves focus among takeable
 * tiles with the arrow keys, and keeps the HUD's stack stats. The app owns the clock,
 * the pause, the won dialog and the mode switch.
 */
import { sound, soundForTake } from "../sound";
import { api } from "../api";
import { TOUCH_MIN_CELL } from "../classic/layout";
import { minCell } from "../classic/screen-fit";
import { faceOf } from "../faces";
import { byId } from "../hud";
import type { Translate } from "../i18n";
import type { AnyView, StackStatus, StackView, Status, Taken, TileId } from "../ipc";
import type { Action, Direction } from "../keys";
import type { ModeAction, ModeController, ModeHost } from "../mode";
import { randomSeed } from "../seed";
import { StackBoard } from "./board";
import { fitStack } from "./fit";
import { LostDialog } from "./lost-dialog";
import { MoreTiles } from "./more-tiles";
import { COLLAPSE_MS, FLY_MS, Motion, type Snapshot } from "./motion";
import { nextPoint, type NavPoint } from "./nav";
import { TrayView } from "./tray";
import { collapseSlot, placeChanges, sameDeal, slotShifts } from "./tray-map";

/** Pause between two takes of the demo (watchable, not slow). */
export const DEMO_PACE_MS = 520;

/** The room the stack layout leaves clear inside the stage, in px (half on each side). */
const STAGE_MARGIN = 8;

export interface StackHost extends ModeHost {
  /** The game is won; `newBest` as the shell said in the winning take's `new_best`. */
  showWon(view: StackView, newBest: boolean): void;
  /** Opens the New game dialog (another level than a brought one is the player's choice). */
  openNewGame(): void;
}

interface Change {
  taken?: Taken;
  shuffled?: boolean;
}

export class StackController implements ModeController {
  view: StackView | null = null;
  readonly board: StackBoard;
  readonly tray: TrayView;
  private readonly motion: Motion;
  private readonly lost: LostDialog;
  private readonly area = byId("stack-area");
  private readonly scroll = byId("stack-scroll");
  private readonly moreTiles: MoreTiles;
  private readonly demoStop = byId<HTMLButtonElement>("demo-stop");
  private readonly props = {
    move_out: byId<HTMLButtonElement>("prop-moveout"),
    undo: byId<HTMLButtonElement>("prop-undo"),
    shuffle: byId<HTMLButtonElement>("prop-shuffle"),
  };
  private demoRun = 0;
  private endTimer = 0;
  /** The last take's `new_best` (the shell's word on the won dialog's "New best"). */
  private newBest = false;

  constructor(
    private readonly host: StackHost,
    reducedMotion: MediaQueryList,
  ) {
    const t = host.t();
    this.board = new StackBoard(byId("stack-board"), (id) => this.take(id), t);
    this.tray = new TrayView(byId("stack-tray"), byId("stack-held"), (id) => this.take(id), t);
    this.motion = new Motion(byId("stack-fx"), () => reducedMotion.matches);
    this.moreTiles = new MoreTiles(this.scroll, byId("stack-more-above"), byId("stack-more-below"), () => host.t());
    this.lost = new LostDialog({
      onUndo: () => this.undo(),
      onRetry: () => this.retry(),
      onNew: () => this.newDeal(),
    });
    this.props.move_out.addEventListener("click", () => this.moveOut());
    this.props.undo.addEventListener("click", () => this.undo());
    this.props.shuffle.addEventListener("click", () => this.shuffle());
    this.demoStop.addEventListener("click", () => this.stopDemo(true));
  }

  get demoRunning(): boolean {
    return this.demoRun !== 0;
  }

  current(): AnyView | null {
    return this.view ? { mode: "stack", ...this.view } : null;
  }

  status(): Status | StackStatus | null {
    return this.view?.status ?? null;
  }

  perform(action: ModeAction): void {
    switch (action) {
      case "hint":
        return this.hint();
      case "shuffle":
        return this.shuffle();
      case "undo":
        return this.undo();
      case "moveOut":
        return this.moveOut();
      case "demo":
        return this.demo();
    }
  }

  // ---- showing ---------------------------------------------------------------------

  /** Draws `view` as it is (a new game, a resumed one): no motion. */
  show(view: StackView): void {
    this.stopDemo(false);
    this.motion.settle();
    window.clearTimeout(this.endTimer);
    this.lost.close();
    if (!this.view || !sameDeal(this.view, view)) {
      // a new deal starts with the view at the stack's top
      this.board.clear();
      this.scroll.scrollTop = 0;
    }
    this.view = view;
    this.area.hidden = false;
    this.board.setHint(null);
    this.tray.setHint(null);
    this.board.render(view);
    this.tray.render(view);
    this.host.refresh();
    if (view.status === "lost") this.lost.open(view.can_undo);
  }

  hide(): void {
    this.stopDemo(false);
    this.motion.settle();
    this.lost.close();
    this.area.hidden = true;
    this.view = null;
    this.board.clear();
    this.moreTiles.clear();
  }

  fit(stageW: number, stageH: number): void {
    const v = this.view;
    if (!v) return;
    const availW = stageW - STAGE_MARGIN;
    const availH = stageH - STAGE_MARGIN;
    // the layout's extent from its top-left tile (the origin may lie outside it)
    const ox = Math.min(...v.tiles.map((t) => t.x));
    const oy = Math.min(...v.tiles.map((t) => t.y));
    // a phone (or any touch screen) keeps its tiles at the touch size, as the classic board does
    const touch = minCell() >= TOUCH_MIN_CELL;
    const f = fitStack(availW, availH, v.width - ox, v.height - oy, v.tray_size, touch);
    this.board.applyFit(f, ox, oy);
    this.tray.applyFit(f);
    this.scroll.classList.toggle("scrolls", f.scrolls);
    this.moreTiles.fitted(v, f, oy);
    this.area.classList.toggle("side-dock", f.sideDockW !== null);
    this.area.style.setProperty("--dock-w", f.sideDockW === null ? "" : `${f.sideDockW}px`);
  }

  /** The HUD's stack stats and buttons, the props and the clock after a change. */
  refresh(): void {
    const v = this.view;
    if (!v) return;
    const hud = this.host.hud;
    hud.updateStack(v, this.host.paused(), this.host.t());
    this.updateProps();
    this.moreTiles.moved(v);
    hud.buttons.demo.setAttribute("aria-pressed", String(this.demoRunning));
    this.host.runClock(v.status === "playing");
  }

  setTranslate(t: Translate): void {
    this.board.setTranslate(t);
    this.tray.setTranslate(t);
    this.moreTiles.draw();
    this.updateProps();
  }

  /** Prop buttons: remaining counts, enabled when the engine would accept them. */
  updateProps(): void {
    const v = this.view;
    const t = this.host.t();
    const playing = v !== null && v.status === "playing" && !this.host.paused() && !this.demoRunning;
    const left = v?.props_left ?? { move_out: 0, shuffle: 0, undo: 0 };
    const set = (b: HTMLButtonElement, n: number, name: string, ok: boolean) => {
      const count = b.querySelector(".count");
      if (count) count.textContent = String(n);
      b.dataset["left"] = String(n);
      b.disabled = !ok;
      b.setAttribute("aria-label", t("prop.count", { name, n }));
      b.title = t("prop.count", { name, n });
    };
    set(this.props.move_out, left.move_out, t("btn.moveOut"), playing && left.move_out > 0 && v!.tray.length > 0 && v!.held.length === 0);
    set(this.props.shuffle, left.shuffle, t("btn.shuffle"), playing && left.shuffle > 0 && v!.tiles.some((x) => x.place === "board"));
    const undoOk = v !== null && v.can_undo && v.status !== "won" && !this.host.paused() && !this.demoRunning;
    set(this.props.undo, left.undo, t("btn.undo"), undoOk);
  }

  // ---- actions ---------------------------------------------------------------------

  take(id: TileId): void {
    if (this.demoRunning) return;
    void this.host.enqueue(() => this.takeNow(id));
  }

  private async takeNow(id: TileId): Promise<void> {
    const v = this.view;
    if (this.host.paused() || !v || v.status !== "playing") return;
    const snap = this.snapshot(id);
    const res = await api.take(id, this.host.elapsed());
    if (res.mode !== "stack")
      return this.host.showAny(res.mode === "journey" ? { mode: "journey", ...res.game } : { mode: "classic", ...res.game });
    this.newBest = res.new_best;
    this.apply(res.game, { taken: res.outcome }, snap);
    sound.play(soundForTake(res.game.status, res.outcome.cleared.length));
    const t = this.host.t();
    const face = t(`face.${faceOf(v.tiles.find((x) => x.id === id)?.kind ?? 0)}`);
    if (res.outcome.cleared.length > 0) this.host.toasts.announce(t("announce.cleared", { face }));
    else this.host.toasts.announce(t("announce.taken", { face, n: res.game.tiles_left }));
  }

  moveOut(): void {
    void this.host.enqueue(async () => {
      if (!this.ready()) return;
      const snap = this.snapshot(null);
      this.applyAny(await api.moveOut(this.host.elapsed()), {}, snap);
    });
  }

  shuffle(): void {
    void this.host.enqueue(async () => {
      if (!this.ready()) return;
      const snap = this.snapshot(null);
      this.applyAny(await api.shuffle(this.host.elapsed()), { shuffled: true }, snap);
      sound.play("shuffle");
    });
  }

  undo(): void {
    if (this.demoRunning) return;
    void this.host.enqueue(async () => {
      if (this.host.paused() || !this.view) return;
      this.lost.close();
      const snap = this.snapshot(null);
      this.applyAny(await api.undo(this.host.elapsed()), {}, snap);
    });
  }

  hint(): void {
    void this.host.enqueue(async () => {
      if (!this.ready()) return;
      const res = await api.hint();
      if (res.mode !== "stack")
      return this.host.showAny(res.mode === "journey" ? { mode: "journey", ...res.game } : { mode: "classic", ...res.game });
      const t = this.host.t();
      const h = res.hint;
      if (h.id !== null) {
        sound.play("hint");
        const onBoard = this.view?.tiles.find((x) => x.id === h.id)?.place === "board";
        this.board.setHint(onBoard ? h.id : null);
        this.tray.setHint(onBoard ? null : h.id);
        if (onBoard) this.board.tileEl(h.id)?.scrollIntoView({ block: "nearest", inline: "nearest" });
      } else if (h.lost) {
        const v = this.view!;
        const rescue = v.can_undo || (v.props_left.move_out > 0 && v.held.length === 0 && v.tray.length > 0);
        this.host.toasts.show(t(rescue ? "stack.hintLost" : "stack.hintLostNoProps"), "info", 6000);
        for (const b of [this.props.undo, this.props.move_out]) {
          if (b.disabled) continue;
          b.classList.remove("suggest");
          void b.offsetWidth;
          b.classList.add("suggest");
        }
      } else this.host.toasts.show(t("stack.hintNone"));
      this.view = res.game;
      this.host.refresh();
    });
  }

  /** Plays a winning line from here at a watchable pace; a tap (or this again) stops it. */
  demo(): void {
    if (this.demoRunning) return this.stopDemo(true);
    void this.host.enqueue(async () => {
      if (!this.ready()) return;
      const line = await api.winningLine();
      if (!line.moves || line.moves.length === 0) {
        this.host.toasts.show(this.host.t()("stack.demoNone"), "info", 5000);
        return;
      }
      void this.runDemo(line.moves);
    });
  }

  private async runDemo(moves: TileId[]): Promise<void> {
    const run = Date.now();
    this.demoRun = run;
    this.demoStop.hidden = false;
    this.updateProps();
    for (const id of moves) {
      await new Promise((r) => window.setTimeout(r, DEMO_PACE_MS));
      if (this.demoRun !== run) return;
      while (this.host.paused() && this.demoRun === run) await new Promise((r) => window.setTimeout(r, 200));
      if (this.demoRun !== run) return;
      await this.host.enqueue(() => this.takeNow(id));
      if (this.view?.status !== "playing") break;
    }
    if (this.demoRun === run) this.stopDemo(false);
  }

  stopDemo(told: boolean): void {
    if (!this.demoRunning) return;
    this.demoRun = 0;
    this.demoStop.hidden = true;
    this.updateProps();
    if (told) this.host.toasts.show(this.host.t()("stack.demoStopped"));
  }

  retry(): void {
    const v = this.view;
    if (v) this.host.newGame({ mode: "stack", ...v.options });
  }

  /** Another deal of the same kind; after a level the player brought, the New game dialog. */
  newDeal(): void {
    const v = this.view;
    if (v?.options.imported === true) this.host.openNewGame();
    else if (v) this.host.newGame({ mode: "stack", ...v.options, seed: randomSeed() });
  }

  // ---- keyboard --------------------------------------------------------------------

  /** Any key but Pause stops the demo (and does nothing else); Enter / Space and the
   *  arrow keys among the tiles; the rest is the app's. */
  key(e: KeyboardEvent, action: Action, target: HTMLElement | null): boolean {
    if (this.demoRunning && action.type !== "pause") {
      e.preventDefault();
      this.stopDemo(true);
      return true;
    }
    if (action.type === "select") {
      if (target instanceof HTMLButtonElement) return true; // a focused tile clicks itself
      e.preventDefault();
      this.focusCurrent();
      return true;
    }
    if (action.type !== "move") return false;
    e.preventDefault();
    if (!this.host.paused()) this.move(action.dir);
    return true;
  }

  /** Arrow keys: the next takeable tile (board tiles, then the holding row below them). */
  move(dir: Direction): void {
    const v = this.view;
    if (!v) return;
    const held = this.tray.heldButtons().filter((b) => !b.disabled);
    const points: NavPoint[] = [...this.board.navPoints()];
    held.forEach((b, i) => points.push({ id: Number(b.dataset["id"]), cx: v.width / 2 + (i - 1) * 5, cy: v.height + 6 }));
    const active = document.activeElement;
    const current =
      active instanceof HTMLElement && active.classList.contains("stile") ? Number(active.dataset["id"]) : this.board.focused;
    if (current === null || !(active instanceof HTMLElement) || !active.classList.contains("stile")) {
      this.board.focusCurrent();
      return;
    }
    const next = nextPoint(points, current, dir);
    if (next === null) return;
    const hb = held.find((b) => Number(b.dataset["id"]) === next);
    if (hb) hb.focus();
    else this.board.setFocus(next);
  }

  focusCurrent(): void {
    this.board.focusCurrent();
  }

  // ---- drawing changes ---------------------------------------------------------------

  private ready(): boolean {
    return !this.host.paused() && this.view !== null && this.view.status === "playing";
  }

  private applyAny(view: AnyView, change: Change, snap: Snapshot | null): void {
    if (view.mode !== "stack") return this.host.showAny(view);
    this.apply(view, change, snap);
  }

  private snapshot(extra: TileId | null): Snapshot | null {
    this.motion.settle();
    if (!this.motion.enabled) return null;
    const rects = this.board.rects();
    for (const [id, r] of this.tray.rects()) rects.set(id, r);
    const clones = new Map<TileId, HTMLElement>();
    const keep = (el: HTMLElement | null) => {
      if (el) clones.set(Number(el.dataset["id"]), el.cloneNode(true) as HTMLElement);
    };
    for (const id of [...(this.view?.tray ?? []), ...(this.view?.held ?? [])]) keep(this.tray.tileEl(id));
    if (extra !== null) keep(this.board.tileEl(extra) ?? this.tray.tileEl(extra));
    return { rects, clones };
  }

  private apply(next: StackView, change: Change, snap: Snapshot | null): void {
    const prev = this.view;
    this.motion.settle();
    this.view = next;
    this.board.setHint(null);
    this.tray.setHint(null);
    this.board.render(next);
    this.tray.render(next);
    if (snap && prev && sameDeal(prev, next)) this.animate(prev, next, change, snap);
    this.host.refresh();
    const ending = next.status !== "playing" && prev?.status === "playing";
    if (!ending) return;
    this.stopDemo(false);
    const settleMs = this.motion.enabled ? FLY_MS + COLLAPSE_MS + 120 : 0;
    window.clearTimeout(this.endTimer);
    this.endTimer = window.setTimeout(() => {
      if (this.view !== next) return;
      if (next.status === "lost") {
        this.host.toasts.announce(this.host.t()("announce.lost"));
        this.lost.open(next.can_undo);
      } else this.host.showWon(next, this.newBest);
    }, settleMs);
  }

  private animate(prev: StackView, next: StackView, change: Change, snap: Snapshot): void {
    const cleared = change.taken?.cleared ?? [];
    const shiftDelay = cleared.length > 0 ? FLY_MS + Math.round(COLLAPSE_MS * 0.6) : 0;
    for (const m of placeChanges(prev, next)) {
      if (m.to === "gone") continue;
      const el = m.to === "board" ? this.board.tileEl(m.id) : this.tray.tileEl(m.id);
      if (!el) continue;
      const from = snap.rects.get(m.id);
      if (from) this.motion.fly(el, from);
      else this.motion.pop(el, m.from === "gone" ? 60 : 0);
    }
    for (const [id] of slotShifts(prev.tray, next.tray)) {
      const el = this.tray.tileEl(id);
      const from = snap.rects.get(id);
      if (el && from) this.motion.fly(el, from, shiftDelay);
    }
    if (cleared.length > 0 && change.taken) {
      const taken = change.taken;
      const slots = cleared.map((id) => (id === taken.id ? taken.slot : prev.tray.indexOf(id)));
      const into = this.tray.slotRect(collapseSlot(slots));
      if (into) {
        const pieces = cleared.flatMap((id, i) => {
          const look = snap.clones.get(id);
          const from = snap.rects.get(id);
          const to = this.tray.slotRect(slots[i]!);
          return look && from && to ? [{ look, from, to: inset(to) }] : [];
        });
        this.motion.collapse(pieces, inset(into));
      }
    }
    if (change.shuffled) {
      const r = this.board.el.getBoundingClientRect();
      const tiles = next.tiles.flatMap((t) => (t.place === "board" ? [this.board.tileEl(t.id)!] : [])).filter(Boolean);
      this.motion.redeal(tiles, { x: r.left + r.width / 2, y: r.top + r.height / 2 });
    }
  }
}

/** A slot's rectangle minus its padding: where a tile in it is drawn. */
function inset(r: DOMRect): DOMRect {
  const pad = 4;
  return new DOMRect(r.left + pad, r.top + pad, Math.max(1, r.width - 2 * pad), Math.max(1, r.height - 2 * pad));
}
