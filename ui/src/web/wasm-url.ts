/**
 * Where the engine's WebAssembly module is. Null here: the desktop build (`ui/vite.config.ts`)
 * ships no module and never starts the web engine. The web build (`web/vite.config.ts`) replaces
 * this module with one that imports the built `llk.wasm` as a hashed asset URL.
 */
export const WASM_URL: string | null = null;
