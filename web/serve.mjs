// A tiny static file server for the web build (web/dist/), on 127.0.0.1 only, with the MIME
// types a browser insists on (application/wasm for WebAssembly streaming, a JavaScript type for
// module scripts and the service worker, application/manifest+json). No dependencies.
//   node web/serve.mjs [dir] [port]      (defaults: web/dist, $LLK_WEB_PORT or 8080; port 0 picks one)
// Also a module: `serve(dir, port)` resolves to the running http.Server (the page tests use it).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

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

export function serve(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file = fileFor(root, url.pathname);
    try {
      if (file === null) throw new Error("outside");
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": MIME[extname(file)] ?? "application/octet-stream",
        // a static host's usual default: revalidate; the service worker does the caching
        "cache-control": "no-cache",
      });
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
  const server = await serve(dir, port);
  console.log(`serving ${resolve(dir)} at http://127.0.0.1:${server.address().port}/ (Ctrl+C stops)`);
}
