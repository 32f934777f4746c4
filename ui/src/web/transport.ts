/**
 * The web shell's transport: `invoke(command, args)` with the meaning and answers of Tauri's
 * (docs/ipc.md), over the engine compiled to WebAssembly in a worker. On the first call it
 * starts the shell once:
 * 1. opens `localStorage` (missing: a notice, the game goes on unsaved), has the service
 *    worker registered once the first board is painted (web build only), and takes the engine worker
 *    the boot script started (boot-handoff.ts; or starts it);
 * 2. takes the tab lock; when another tab holds it, covers the game with "open in another tab"
 *    until that tab closes or the player taps *Play here* (which takes the lock over), then
 *    reads the latest save;
 * 3. starts the engine (`init`) over the saved `llk/` files with fresh entropy: sent while the
 *    lock is asked for, its writes applied once this tab knows it owns the save (and sent again
 *    after a take-over, from the other tab's last save).
 * Each answer's storage ops are applied to the page's copy of the files the moment it arrives,
 * and stored in `localStorage` after the frame that shows the answer, or at once if the page is
 * hidden or closed first (save-queue.ts); then the call resolves with `ok` or rejects with `err`
 * (`{code, message}`). A trap in the engine rejects that one call with `internal` and restarts
 * the engine from the last saved state. A tab whose lock another tab took stops writing (what
 * waited to be stored is dropped) and offers to take the game back (a reload).
 * Test hook: `window.__llkWeb` (see `WebShellState`).
 */
import { internal, type EngineWorker, type Outcome } from "./engine";
import { bootLock, startEngine } from "./boot-handoff";
import { showCover, showNotice, hideCover, type SettingsSource } from "./notices";
import { SaveQueue } from "./save-queue";
import { copyWrites, openStorage, readAll, type KeyValue, type StorageProblem, type Write } from "./storage";
import { registerServiceWorker } from "./sw-register";
import { acquireTabLock, askTakeOver, takeOverPending, waitForTabLock } from "./tab-lock";
import type { ErrorBody } from "./worker-protocol";

export type Invoke = (cmd: string, args?: Record<string, unknown>) => Promise<unknown>;

/** What a test can read of the shell (`window.__llkWeb`). */
export interface WebShellState {
  /** This tab writes the save. */
  owner: boolean;
  /** Every storage problem met, in order (no repeats). */
  problems: StorageProblem[];
  /** How often the engine was restarted after a trap. */
  restarts: number;
  /** Storage ops that wait for the frame to be stored (0: the save is up to date). */
  readonly unsaved: number;
}

declare global {
  interface Window {
    __llkWeb?: WebShellState;
  }
}

class WebShell {
  /** The engine's ops waiting to be stored, while this tab owns the save. */
  private readonly saves = new SaveQueue(
    () => (this.state.owner ? this.store : null),
    (problem) => this.report(problem),
  );
  readonly state: WebShellState;
  /** The files as the engine last left them: what a restarted engine starts from. */
  private files: Record<string, string> = {};
  private store: KeyValue | null = null;
  private engine: EngineWorker | null = null;
  private readonly settings: SettingsSource = () => this.files["settings.json"];

  constructor() {
    const saves = this.saves;
    this.state = {
      owner: false,
      problems: [],
      restarts: 0,
      get unsaved(): number {
        return saves.size;
      },
    };
  }

  async start(): Promise<void> {
    window.__llkWeb = this.state;
    registerServiceWorker();
    const opened = openStorage();
    if (opened === "missing") this.report("missing");
    else this.store = opened;
    this.files = this.readStored();
    // started by the boot script already in the web build: the worker has been fetching and
    // compiling the module while the page loaded; it goes on while this tab settles who writes
    this.engine = startEngine();

    const onLost = (): void => this.lost();
    // the lock the boot script asked for (boot-handoff.ts), else asked for now
    const lock = bootLock(onLost) ?? acquireTabLock(takeOverPending(), onLost);
    // the engine starts on the saved files while the tab lock is asked for (its answer is a round
    // trip through the browser); the start's writes wait until this tab knows it owns the save
    let started = this.engine ? this.requestInit() : null;
    this.state.owner = await lock;
    if (!this.state.owner) {
      this.state.owner = await this.waitForTurn(onLost);
      hideCover();
      // the other tab played on: start again (a fresh instance) from what it saved last; the
      // first start's answer is dropped unapplied
      this.files = this.readStored();
      started = this.engine ? this.requestInit() : null;
    }

    if (!started) {
      showNotice("engine.missing", this.settings);
      return;
    }
    const outcome = await started;
    this.apply(outcome.answer.writes, "now");
    this.saves.flushOnHide(window);
    if ("err" in outcome.answer) {
      console.error("engine start failed:", outcome.answer.err.message);
      if (outcome.answer.err.code === "internal") showNotice("engine.missing", this.settings);
    }
  }

  async invoke(command: string, args?: Record<string, unknown>): Promise<unknown> {
    const engine = this.engine;
    if (!engine) throw { code: "internal", message: "this browser cannot run the game engine" } satisfies ErrorBody;
    const outcome = await engine.request({ op: "invoke", command, args: args ?? null, now_ms: Date.now() });
    this.apply(outcome.answer.writes);
    if (outcome.trapped) {
      // report this call once, then carry on from the last saved state
      this.state.restarts++;
      void this.init();
    }
    if ("ok" in outcome.answer) return outcome.answer.ok;
    throw outcome.answer.err;
  }

  /**
   * Another tab writes the save: the cover says so until that tab closes (the lock comes
   * free and this tab takes it) or the player taps *Play here* (this tab takes it over).
   */
  private async waitForTurn(onLost: () => void): Promise<boolean> {
    const freed = new AbortController();
    const waiting = waitForTabLock(freed.signal, onLost);
    const first = await Promise.race([
      waiting.then((held) => (held ? "freed" : "aborted")),
      showCover("tab.elsewhere", this.settings).then(() => "tapped" as const),
    ]);
    if (first === "freed") return true;
    // tapped: stop waiting; if the lock came free meanwhile this tab holds it already
    freed.abort();
    if (await waiting) return true;
    return acquireTabLock(true, onLost);
  }

  /** A fresh instance started on this tab's files (its writes applied by the caller). */
  private requestInit(): Promise<Outcome> {
    const engine = this.engine;
    if (!engine) return Promise.resolve({ answer: internal("no engine"), trapped: false });
    const request = { op: "init", files: this.files, random: entropy(), now_ms: Date.now() };
    return engine.request(request, true);
  }

  /** A restart after a trap, from the last saved state. */
  private init(): Promise<Outcome> {
    return this.requestInit().then((outcome) => {
      this.apply(outcome.answer.writes, "now");
      return outcome;
    });
  }

  private readStored(): Record<string, string> {
    if (!this.store) return { ...this.files };
    const { files, problem } = readAll(this.store);
    if (problem) this.report(problem);
    return files;
  }

  /**
   * The engine's ops: to this tab's copy at once, and to storage while this tab owns the save,
   * after the frame (`later`: an answer to a command) or now (the engine's start, and any answer
   * while the page is hidden: it draws no frame, and may be frozen or discarded any moment).
   */
  private apply(writes: readonly Write[], when: "later" | "now" = "later"): void {
    if (writes.length === 0) return;
    copyWrites(writes, this.files);
    if (!this.state.owner || !this.store) return;
    this.saves.add(writes);
    if (when === "now" || document.visibilityState === "hidden") this.saves.flush();
  }

  private report(problem: StorageProblem): void {
    if (this.state.problems.includes(problem)) return;
    this.state.problems.push(problem);
    showNotice(`storage.${problem}`, this.settings);
  }

  /** Another tab took the save over: stop writing; *Play here* takes it back with a reload. */
  private lost(): void {
    this.state.owner = false;
    void showCover("tab.moved", this.settings).then(() => {
      askTakeOver();
      location.reload();
    });
  }
}

/**
 * 256 bits of the browser's entropy, as the protocol's 64 hex digits: they seed the generator
 * the online identity's secret key is drawn from (web/src/protocol.rs), so all of them count.
 */
function entropy(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
}

let shell: Promise<WebShell> | null = null;

/** The shell, started on first use. */
function webShell(): Promise<WebShell> {
  shell ??= (async () => {
    const s = new WebShell();
    await s.start();
    return s;
  })();
  return shell;
}

export const invoke: Invoke = async (cmd, args) => (await webShell()).invoke(cmd, args);

export default invoke;
