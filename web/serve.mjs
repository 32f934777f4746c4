// A tiny static file server for the web build (web/dist/), on 127.0.0.1 only, with the MIME
// types a browser insists on (application/wasm for WebAssembly streaming, a JavaScript type for
// module scripts and the service worker, application/manifest+json). No dependencies.
// Like a static host (and llk-server, server/src/router.rs), it answers with a file's
// precompressed twin (`name.br`, `name.gz`, which `make web` writes) when the request accepts
// that encoding; `gzip: true` also compresses other text files on the fly (as a host does).
//   node web/serve.mjs [dir] [port]      (defaults: web/dist, $LLK_WEB_PORT or 8080; port 0 picks one)
// Also a module: `serve(dir, port, options)` resolves to the running http.Server (the page tests
// use it).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** The types a static host compresses (not images that are compressed already). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt"]);

/** The file under `root` that `urlPath` names (index.html for a folder), or null outside it. */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}

/** The encodings a request accepts (`br`, `gzip`), from its Accept-Encoding. */
function accepted(req) {
  const list = String(req.headers["accept-encoding"] ?? "")
    .split(",")
    .map((s) => s.trim().split(";"))
    .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase());
  return new Set(list);
}

/**
 * `file`'s precompressed twin that `req` accepts: { body, encoding }, or null. A twin older than
 * its file (the file rewritten since the build, as the update test does) is not served.
 */
async function twin(file, req, fileTime) {
  const ok = accepted(req);
  for (const [suffix, encoding] of [[".br", "br"], [".gz", "gzip"]]) {
    if (!ok.has(encoding)) continue;
    try {
      if ((await stat(file + suffix)).mtimeMs < fileTime) continue;
      return { body: await readFile(file + suffix), encoding };
    } catch {
      // no such twin
    }
  }
  return null;
}

/**
 * Serves `dir` on 127.0.0.1:`port`. `options.gzip`: compress text files that have no twin on the
 * fly (gzip level 6, as nginx and most hosts), for sites built without twins.
 */
export function serve(dir, port = 0, options = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file = fileFor(root, url.pathname);
    try {
      if (file === null) throw new Error("outside");
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
      const ext = extname(file);
      const headers = {
        "content-type": MIME[ext] ?? "application/octet-stream",
        // a static host's usual default: revalidate; the service worker does the caching
        "cache-control": "no-cache",
      };
      let body;
      if (COMPRESSIBLE.has(ext)) {
        headers.vary = "accept-encoding";
        const found = await twin(file, req, info.mtimeMs);
        if (found) {
          body = found.body;
          headers["content-encoding"] = found.encoding;
        } else {
          body = await readFile(file);
          if (options.gzip && accepted(req).has("gzip")) {
            body = gzipSync(body, { level: 6 });
            headers["content-encoding"] = "gzip";
          }
        }
      } else {
        body = await readFile(file);
      }
      headers["content-length"] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL("./dist", import.meta.url));
  const port = Number(process.argv[3] ?? process.env.LLK_WEB_PORT ?? 8080);
  const server = await serve(dir, port, { gzip: true });
  console.log(`serving ${resolve(dir)} at http://127.0.0.1:${server.address().port}/ (Ctrl+C stops)`);
}
