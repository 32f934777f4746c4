/**
 * The web build: a second Vite build of the same view (`ui/`) into `web/dist/`, a static site
 * for any host: the page, the engine as WebAssembly (`target/wasm/llk.wasm`, from `make wasm`)
 * in a worker, the web app manifest and icons, and the service worker (`sw.js`, from
 * web/sw/sw.ts, with the precache list of this very build), and the text files' precompressed
 * `.br`/`.gz` twins. Run by `make web`. The desktop build
 * (ui/vite.config.ts into ui/dist) is untouched by it.
 */
import { fileURLToPath } from "node:url";
import type { UserConfig } from "vite";
import { facesPlugin } from "../ui/vite/faces-plugin.ts";
import { bootPlugin } from "./vite/boot-plugin.ts";
import { compressPlugin } from "./vite/compress-plugin.ts";
import { introCardPlugin } from "./vite/intro-card-plugin.ts";
import { precachePlugin } from "./vite/precache-plugin.ts";
import { pwaPlugin } from "./vite/pwa-plugin.ts";
import { wasmPlugin } from "./vite/wasm-plugin.ts";

const path = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const ui = path("../ui/");

export default {
  root: ui,
  base: "./",
  clearScreen: false,
  plugins: [
    // raster faces: Chromium parses every SVG face as a document on the main thread; in a style
    // sheet of their own, which does not hold the first paint (faces-plugin.ts)
    facesPlugin({ raster: 96, file: true }),
    wasmPlugin(path("../target/wasm/llk.wasm"), path("../ui/src/web/wasm-url.ts")),
    pwaPlugin(path("../icons/source.svg")),
    // the engine worker and the tab lock started by an inline script, before the view's bundle runs
    bootPlugin({
      entry: path("../ui/src/web/boot.ts"),
      shell: path("../ui/src/web/transport.ts"),
      worker: /^assets\/engine-worker-[\w-]+\.js$/,
      wasm: /^assets\/llk-[\w-]+\.wasm$/,
    }),
    // a first visit's rule card in the first paint, before the view's script (intro-card-plugin.ts)
    introCardPlugin(),
    precachePlugin("sw.js"),
    // .br and .gz twins of the text files, for hosts that serve them (after sw.js is filled)
    compressPlugin(),
  ],
  worker: { format: "es" },
  build: {
    outDir: path("./dist"),
    emptyOutDir: true,
    target: "es2021",
    // everything in files: the Content-Security-Policy forbids inline scripts (but the boot
    // script, which boot-plugin.ts writes inline and allows by its hash)
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      input: { index: path("../ui/index.html"), sw: path("./sw/sw.ts") },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
      },
    },
  },
} satisfies UserConfig;
