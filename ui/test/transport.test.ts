import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Both shells' invokes, replaced by recorders: the test is about which one is chosen and
// what api.ts does with its answers, not about either shell.
const shells = vi.hoisted(() => ({
  tauri: vi.fn(async (cmd: string, args?: unknown) => ({ shell: "tauri", cmd, args })),
  web: vi.fn(async (cmd: string, args?: unknown) => ({ shell: "web", cmd, args })),
  webLoads: 0,
  /** The web shell's module fails to load once (a dropped connection). */
  failLoad: false,
}));
vi.mock("@tauri-apps/api/core", () => ({ invoke: shells.tauri }));
/** The web shell's module, counted each time it is loaded; it fails to load while `failLoad`. */
function mockWeb(): void {
  vi.doMock("../src/web/transport", () => {
    shells.webLoads++;
    if (shells.failLoad) {
      shells.failLoad = false;
      throw new Error("failed to fetch the module");
    }
    return { default: shells.web };
  });
}

/** A page: inside the Tauri app when `tauri`, else a plain browser's. */
function page(tauri: boolean): Record<string, unknown> {
  const win: Record<string, unknown> = tauri ? { __TAURI_INTERNALS__: { invoke: () => {} } } : {};
  vi.stubGlobal("window", win);
  // metrics.ts (imported by api.ts) listens for CSP reports on the document
  vi.stubGlobal("document", { addEventListener: () => {} });
  return win;
}

beforeEach(() => {
  // a fresh transport.ts and api.ts per test: the choice is made once per page
  vi.resetModules();
  shells.tauri.mockClear();
  shells.web.mockClear();
  shells.webLoads = 0;
  shells.failLoad = false;
  mockWeb();
});
afterEach(() => vi.unstubAllGlobals());

describe("transport", () => {
  it("is Tauri's invoke inside the Tauri app, without loading the web shell", async () => {
    page(true);
    const { transport } = await import("../src/transport");
    const invoke = await transport();
    expect(invoke).toBe(shells.tauri);
    expect(await invoke("presets")).toEqual({ shell: "tauri", cmd: "presets", args: undefined });
    expect(shells.webLoads).toBe(0);
  });

  it("is the web shell's invoke in a plain browser", async () => {
    page(false);
    const { transport } = await import("../src/transport");
    const invoke = await transport();
    expect(invoke).toBe(shells.web);
    expect(shells.webLoads).toBe(1);
    expect(shells.tauri).not.toHaveBeenCalled();
  });

  it("is chosen once per page", async () => {
    const win = page(false);
    const { transport } = await import("../src/transport");
    expect(await transport()).toBe(shells.web);
    win["__TAURI_INTERNALS__"] = {};
    expect(await transport()).toBe(shells.web);
  });

  it("asks for the web shell again after it failed to load", async () => {
    page(false);
    shells.failLoad = true;
    const { transport } = await import("../src/transport");
    await expect(transport()).rejects.toThrow();
    expect(await transport()).toBe(shells.web);
    expect(shells.webLoads).toBe(2);
  });
});

describe("api over the transport", () => {
  it("sends each command with its arguments to the chosen shell", async () => {
    page(true);
    const { api } = await import("../src/api");
    expect(await api.select(2, 5, 1234)).toEqual({ shell: "tauri", cmd: "select", args: { row: 2, col: 5, elapsedMs: 1234 } });
    expect(await api.presets()).toEqual({ shell: "tauri", cmd: "presets", args: undefined });
    expect(shells.tauri).toHaveBeenCalledTimes(2);
    expect(shells.web).not.toHaveBeenCalled();
  });

  it("reaches the web shell in a plain browser", async () => {
    page(false);
    const { api } = await import("../src/api");
    expect(await api.newGameFromCode("ABCD")).toEqual({ shell: "web", cmd: "new_game_from_code", args: { code: "ABCD" } });
    expect(await api.newGameFromLevel('{"1": []}')).toEqual({ shell: "web", cmd: "new_game_from_level", args: { text: '{"1": []}' } });
    // the props and the online commands, with their arguments as docs/ipc.md names them
    expect(await api.shuffle(1500)).toEqual({ shell: "web", cmd: "shuffle", args: { elapsedMs: 1500 } });
    expect(await api.dailyDeal("stack")).toEqual({ shell: "web", cmd: "daily_deal", args: { mode: "stack" } });
    expect(await api.dailyDeal()).toEqual({ shell: "web", cmd: "daily_deal", args: {} });
    expect(await api.setOnline({ posting: true, name: "Ada", server: "" })).toEqual({
      shell: "web",
      cmd: "set_online",
      args: { posting: true, name: "Ada", server: "" },
    });
    expect(await api.onlineRefused("r1", { error: "date_closed", message: "x" })).toEqual({
      shell: "web",
      cmd: "online_refused",
      args: { id: "r1", error: { error: "date_closed", message: "x" } },
    });
    expect(shells.tauri).not.toHaveBeenCalled();
  });

  it("rejects with the shell's {code, message}, and with `internal` for anything else", async () => {
    page(false);
    const { api } = await import("../src/api");
    shells.web.mockRejectedValueOnce({ code: "no_prop_left", message: "None left." });
    await expect(api.moveOut(1000)).rejects.toEqual({ code: "no_prop_left", message: "None left." });
    shells.web.mockRejectedValueOnce(new Error("worker gone"));
    await expect(api.undo(1000)).rejects.toEqual({ code: "internal", message: "worker gone" });
  });
});
