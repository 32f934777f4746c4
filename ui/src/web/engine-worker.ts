/**
 * The engine worker: owns the WebAssembly instance, so every command, the synchronous `judge`
 * (the exact solver) included, runs off the page's main thread and a tap is never blocked. It
 * compiles the module once, makes a fresh instance when told (the first init, and after a trap),
 * and passes each request's JSON text through the module's exports (web/src/exports.rs):
 * `llk_alloc(len)`, `llk_call(ptr, len) -> answer length`, `llk_out()`. A trap (a panic in the
 * engine aborts) drops the instance and is reported; the page then sends a fresh init.
 *
 * Once compiled, and until the page's first call, the worker plays the page's first calls on a
 * throwaway instance (`warmUp`): V8 compiles a WebAssembly function only when it is first
 * called, and the first `init`, `presets` and `start` ran ~40 + 20 ms of such compiling (Node,
 * unthrottled; ~100 ms more in a phone's first board, throttled) on the page's critical path.
 * Compiled code belongs to the module, so the page's own instance then runs it at once.
 */
import type { FromWorker, ToWorker } from "./worker-protocol";

interface Exports {
  memory: WebAssembly.Memory;
  llk_alloc(len: number): number;
  llk_call(ptr: number, len: number): number;
  llk_out(): number;
}

/** The worker's global scope, as far as this file uses it (the view's types are the DOM's). */
interface WorkerScope {
  addEventListener(type: "message", listener: (e: MessageEvent<ToWorker>) => void): void;
  postMessage(message: FromWorker): void;
}
const scope = globalThis as unknown as WorkerScope;

let compiled: Promise<WebAssembly.Module> | null = null;
let instance: Exports | null = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function compile(url: string): Promise<WebAssembly.Module> {
  const response = fetch(url);
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    // a host that serves the module without `application/wasm`: compile from the bytes
    const r = await fetch(url);
    if (!r.ok) throw new Error(`the engine module could not be loaded (${r.status})`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

function exportsOf(module: WebAssembly.Module): Exports {
  const e = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
  if (typeof e.llk_call !== "function" || !(e.memory instanceof WebAssembly.Memory)) {
    throw new Error("the engine module lacks llk_alloc/llk_call/llk_out");
  }
  return e;
}

function call(e: Exports, request: string): string {
  const bytes = encoder.encode(request);
  const ptr = e.llk_alloc(bytes.length);
  new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
  const len = e.llk_call(ptr, bytes.length);
  // the call may have grown the memory: view the buffer afresh
  return decoder.decode(new Uint8Array(e.memory.buffer, e.llk_out(), len));
}

/**
 * The page's first requests on a cold install (web/src/protocol.rs; the view's start-up in
 * ui/src/app.ts): start the session, read its settings and presets, deal the first game.
 */
const WARM_UP: readonly object[] = [
  { op: "init", files: {}, random: "1", now_ms: 0 },
  { op: "invoke", command: "get_settings", args: null, now_ms: 0 },
  { op: "invoke", command: "presets", args: null, now_ms: 0 },
  { op: "invoke", command: "start", args: {}, now_ms: 0 },
];
/** Set by the page's first call: the warm-up stops before its next step. */
let called = false;

/**
 * Runs `WARM_UP` on an instance of its own (its answers and writes dropped), one request per
 * task, so that a call of the page waits for one step at most; stops at the page's first call
 * or at any failure (the page's own call then meets it and reports it).
 */
function warmUp(module: WebAssembly.Module): void {
  if (called) return;
  let e: Exports;
  try {
    e = exportsOf(module);
  } catch {
    return;
  }
  const step = (i: number): void => {
    const request = WARM_UP[i];
    if (called || request === undefined) return;
    try {
      call(e, JSON.stringify(request));
    } catch {
      return;
    }
    setTimeout(() => step(i + 1), 0);
  };
  step(0);
}

scope.addEventListener("message", (event) => {
  const msg = event.data;
  if (msg.kind === "load") {
    if (!compiled) {
      compiled = compile(msg.url);
      compiled.then(
        (module) => setTimeout(() => warmUp(module), 0),
        () => {},
      );
    }
    return;
  }
  called = true;
  const { id } = msg;
  if (!compiled) {
    scope.postMessage({ kind: "unavailable", id, message: "the engine module was never loaded" });
    return;
  }
  compiled.then(
    (module) => {
      let e: Exports;
      try {
        if (msg.fresh || !instance) instance = exportsOf(module);
        e = instance;
      } catch (err) {
        scope.postMessage({ kind: "unavailable", id, message: String(err) });
        return;
      }
      try {
        scope.postMessage({ kind: "answer", id, response: call(e, msg.request) });
      } catch (err) {
        // a trap leaves the instance in an unknown state: never call it again
        instance = null;
        scope.postMessage({ kind: "trap", id, message: String(err) });
      }
    },
    (err: unknown) => scope.postMessage({ kind: "unavailable", id, message: String(err) }),
  );
});
