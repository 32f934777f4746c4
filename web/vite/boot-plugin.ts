/**
 * Vite plugin of the web build: the page's head start on the engine. It bundles the boot script
 * (ui/src/web/boot.ts, which starts the engine worker and asks for the tab lock) on its own, with
 * its imports, as one classic script (an IIFE, ~1 KB), and writes it inline first in
 * `index.html`'s `<head>` (after the Content-Security-Policy, whose `script-src` then allows
 * exactly this script by its SHA-256), naming the built engine worker's script and WebAssembly
 * module in `data-worker` and `data-wasm`. Inline, it runs the moment the parser reaches it, with
 * no fetch: a script file held the parser for its whole fetch (~0.15 s on a loaded machine) when
 * parser-blocking, or ran after the view's bundle on a loaded machine when `async` (a module
 * script, even `async`, waits for its imports too).
 * The plugin also preloads the web shell's chunk (the view imports it on its first call,
 * ui/src/transport.ts) with its imports and style sheet, so that import waits for no fetch. The
 * desktop build (ui/vite.config.ts) has none of this.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";

/** The part of Rolldown's API used here (Vite's own bundler, found in the view's packages). */
interface RolldownApi {
  rolldown(options: { input: string; platform: "browser" }): Promise<{
    generate(options: { format: "iife"; minify: boolean }): Promise<{ output: readonly { code?: string }[] }>;
    close(): Promise<void>;
  }>;
}

/** `entry` and its imports as one minified classic script. */
async function bundleClassic(root: string, entry: string): Promise<string> {
  const require = createRequire(join(root, "package.json"));
  const api = (await import(pathToFileURL(require.resolve("rolldown")).href)) as RolldownApi;
  const bundle = await api.rolldown({ input: entry, platform: "browser" });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    const code = output[0]?.code;
    if (output.length !== 1 || code === undefined) throw new Error(`boot: ${entry} is not one chunk`);
    return code;
  } finally {
    await bundle.close();
  }
}

type Chunk = Rollup.OutputChunk;

function findChunk(bundle: Rollup.OutputBundle, match: (c: Chunk) => boolean, what: string): Chunk {
  const chunk = Object.values(bundle).find((c): c is Chunk => c.type === "chunk" && match(c));
  if (!chunk) throw new Error(`boot: no chunk for ${what} in the bundle`);
  return chunk;
}

/** The one file of the bundle whose name matches `pattern`. */
function fileMatching(bundle: Rollup.OutputBundle, pattern: RegExp): string {
  const names = Object.keys(bundle).filter((name) => pattern.test(name));
  if (names.length !== 1) throw new Error(`boot: ${names.length} files match ${pattern}, not one`);
  return names[0] ?? "";
}

/** `chunk` and every chunk it imports statically, each once, the chunk first. */
function withImports(bundle: Rollup.OutputBundle, chunk: Chunk): Chunk[] {
  const out: Chunk[] = [];
  const visit = (c: Chunk): void => {
    if (out.includes(c)) return;
    out.push(c);
    for (const name of c.imports) {
      const dep = bundle[name];
      if (dep?.type === "chunk") visit(dep);
    }
  };
  visit(chunk);
  return out;
}

/** The style sheets Vite extracted from `chunks` (its `viteMetadata`), each once. */
function cssOf(chunks: readonly Chunk[]): string[] {
  return [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];
}

/**
 * `html` with the Content-Security-Policy's `script-src` also allowing the inline script `code`
 * (by its SHA-256, the way CSP names one inline script without allowing any other).
 */
export function allowScript(html: string, code: string): string {
  const hash = `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
  const [before, directive, after, ...more] = html.split(/(script-src (?:'|&#39;)self(?:'|&#39;))/);
  if (directive === undefined || after === undefined || more.length > 0) {
    throw new Error("boot: no single script-src 'self' in the page's Content-Security-Policy");
  }
  const quote = directive.includes("&#39;") ? "&#39;" : "'";
  return `${before ?? ""}${directive} ${quote}${hash}${quote}${after}`;
}

export interface BootOptions {
  /** The boot script (an absolute path). */
  entry: string;
  /** The web shell's module (an absolute path), whose chunk is preloaded. */
  shell: string;
  /** The built engine worker's script and WebAssembly module (file names in the bundle). */
  worker: RegExp;
  wasm: RegExp;
}

export function bootPlugin(options: BootOptions): Plugin {
  let root = process.cwd();
  let code = "";
  return {
    name: "llk-boot",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      code = await bundleClassic(root, options.entry);
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) throw new Error("boot: transformIndexHtml without a bundle");
        const worker = fileMatching(bundle, options.worker);
        const wasm = fileMatching(bundle, options.wasm);
        // the shell's chunks but the page's own entry (loaded by its script tag already)
        const shell = findChunk(bundle, (c) => c.moduleIds.includes(options.shell), options.shell);
        const web = withImports(bundle, shell).filter((c) => !c.isEntry);
        // before the view's script (and after the Content-Security-Policy)
        const at = html.indexOf("<script");
        if (at < 0) throw new Error("boot: index.html has no script");
        if (code.includes("</script")) throw new Error("boot: the script's code ends its own element");
        const script = `<script data-worker="./${worker}" data-wasm="./${wasm}">${code}</script>\n    `;
        const tags: HtmlTagDescriptor[] = [
          ...web.map(
            (c): HtmlTagDescriptor => ({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, href: `./${c.fileName}` },
              injectTo: "head",
            }),
          ),
          ...cssOf(web)
            .filter((href) => !html.includes(href))
            .map(
            (href): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "stylesheet", href: `./${href}` }, injectTo: "head" }),
          ),
        ];
        return { html: allowScript(html.slice(0, at) + script + html.slice(at), code), tags };
      },
    },
  };
}
