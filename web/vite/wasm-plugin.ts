/**
 * Vite plugin of the web build: puts the engine's WebAssembly module into the site. The view's
 * `ui/src/web/wasm-url.ts` says "no module" (the desktop build's truth); in this build it is
 * replaced by a module that imports the built `llk.wasm` as an asset URL, so the module ships
 * under a content-hashed name. Fails the build when the module was not built (`make wasm`).
 */
import { existsSync } from "node:fs";
import type { Plugin } from "vite";

export function wasmPlugin(wasmFile: string, urlModule: string): Plugin {
  return {
    name: "llk-wasm",
    apply: "build",
    buildStart() {
      if (!existsSync(wasmFile)) throw new Error(`wasm: ${wasmFile} is missing: run make wasm first`);
    },
    load(id) {
      if (id !== urlModule) return null;
      return `import url from ${JSON.stringify(wasmFile + "?url")};\nexport const WASM_URL = url;\n`;
    },
  };
}
