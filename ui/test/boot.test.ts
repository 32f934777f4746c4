// What the web build's boot script hands the web shell (boot-handoff.ts): the engine worker it
// started (with why it died, if it died before the shell listened) and the tab lock it asked for.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BootHandoff } from "../src/web/boot-handoff";

/** A worker stand-in: records what is posted, lets a test fire its events. */
class FakeWorker {
  readonly posted: unknown[] = [];
  private readonly listeners = new Map<string, ((e: unknown) => void)[]>();
  addEventListener(type: string, fn: (e: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  postMessage(msg: unknown): void {
    this.posted.push(msg);
  }
  fire(type: string, e: unknown): void {
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
}

function handoff(worker: FakeWorker | null, failed: string | null = null): BootHandoff {
  const boot: BootHandoff = {
    worker: worker as unknown as Worker | null,
    failed,
    lock: Promise.resolve(true),
    onLost: () => (boot.lost = true),
    lost: false,
  };
  vi.stubGlobal("window", { __llkBoot: boot });
  return boot;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("boot handoff", () => {
  it("drives the boot script's worker, and answers from it", async () => {
    const worker = new FakeWorker();
    handoff(worker);
    const { startEngine } = await import("../src/web/boot-handoff");
    const engine = startEngine();
    expect(engine).not.toBeNull();
    expect(startEngine()).toBe(engine);
    const answer = engine!.request({ op: "init" }, true);
    await vi.waitFor(() => expect(worker.posted).toHaveLength(1));
    const call = worker.posted[0] as { kind: string; id: number; fresh: boolean };
    expect(call).toMatchObject({ kind: "call", fresh: true });
    worker.fire("message", { data: { kind: "answer", id: call.id, response: '{"ok":1,"writes":[]}' } });
    expect((await answer).answer).toEqual({ ok: 1, writes: [] });
  });

  it("answers internal when the worker died before the shell listened", async () => {
    handoff(new FakeWorker(), "the engine worker failed: 404");
    const { startEngine } = await import("../src/web/boot-handoff");
    const outcome = await startEngine()!.request({ op: "init" });
    expect(outcome.answer).toEqual({ err: { code: "internal", message: "the engine worker failed: 404" }, writes: [] });
  });

  it("hands the lock over, and a loss before the shell listened reaches it", async () => {
    const boot = handoff(null);
    const { bootLock } = await import("../src/web/boot-handoff");
    boot.onLost();
    const lost = vi.fn();
    expect(await bootLock(lost)).toBe(true);
    expect(lost).toHaveBeenCalledTimes(1);
    boot.onLost();
    expect(lost).toHaveBeenCalledTimes(2);
  });

  it("is nothing without a boot script", async () => {
    vi.stubGlobal("window", {});
    const { bootLock } = await import("../src/web/boot-handoff");
    expect(bootLock(() => {})).toBeNull();
  });
});
