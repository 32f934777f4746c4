/**
 * Vite config for the board view. Root is this `ui/` folder, output `ui/dist` (Tauri's
 * `frontendDist`), dev server on 5173 (strict). No inline scripts are emitted.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { facesPlugin } from "./vite/faces-plugin.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  plugins: [facesPlugin()],
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2021",
    // keep everything in files: a strict CSP (script-src 'self') forbids inline scripts
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
  },
});
