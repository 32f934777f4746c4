/**
 * The page's handle on the engine worker: one request at a time, in order (so a restart after a
 * trap always comes before the next command), each resolving with the module's parsed answer.
 * A trap or a missing engine resolves as an error answer (`internal`), never as an exception.
 */
import { parseAnswer, type Answer, type FromWorker, type ToWorker } from "./worker-protocol";

export type Outcome = { answer: Answer; trapped: boolean };

export class EngineWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, (o: Outcome) => void>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Why the worker cannot answer any more (its script failed), or null while it runs. */
  private dead: string | null = null;

  /** A new worker (engine-worker.ts) told to load the module at `wasmUrl`. */
  static start(wasmUrl: string): EngineWorker {
    const engine = new EngineWorker(new Worker(new URL("./engine-worker.ts", import.meta.url), { type: "module" }));
    engine.post({ kind: "load", url: wasmUrl });
    return engine;
  }

  /**
   * Drives `worker`, already told to load the module (by `start`, or by the boot script, which
   * says in `failed` why the worker died if it did before this listened).
   */
  constructor(worker: Worker, failed: string | null = null) {
    this.worker = worker;
    this.dead = failed;
    this.worker.addEventListener("message", (e: MessageEvent<FromWorker>) => this.settle(e.data));
    this.worker.addEventListener("error", (e) => {
      e.preventDefault();
      this.failAll(`the engine worker failed: ${e.message}`);
    });
  }

  /** Sends `request` (the protocol's JSON object) after every earlier request was answered. */
  request(request: object, fresh = false): Promise<Outcome> {
    const next = this.chain.then(
      () =>
        new Promise<Outcome>((resolve) => {
          if (this.dead !== null) {
            resolve({ answer: internal(this.dead), trapped: false });
            return;
          }
          const id = this.nextId++;
          this.pending.set(id, resolve);
          this.post({ kind: "call", id, fresh, request: JSON.stringify(request) });
        }),
    );
    this.chain = next;
    return next;
  }

  private post(msg: ToWorker): void {
    this.worker.postMessage(msg);
  }

  private settle(msg: FromWorker): void {
    const resolve = this.pending.get(msg.id);
    if (!resolve) return;
    this.pending.delete(msg.id);
    if (msg.kind === "answer") resolve({ answer: parseAnswer(msg.response), trapped: false });
    else resolve({ answer: internal(msg.message), trapped: msg.kind === "trap" });
  }

  private failAll(message: string): void {
    this.dead = message;
    for (const [id, resolve] of this.pending) {
      this.pending.delete(id);
      resolve({ answer: internal(message), trapped: false });
    }
  }
}

export function internal(message: string): Answer {
  return { err: { code: "internal", message }, writes: [] };
}
