/**
 * Vite plugin of the web build: what makes the view an installable web app. It adds to
 * `index.html` the Content-Security-Policy (the desktop's, plus WebAssembly and nothing beyond
 * the site's own origin), the manifest link, the light and dark theme colours and the Apple
 * touch icon; and it emits `manifest.webmanifest` and the icons, rendered from
 * `icons/source.svg` with rsvg-convert (192 and 512 px, plus maskable ones whose artwork sits
 * inside the mask's safe circle on a full-bleed background). Every URL is relative, so the
 * site works from any static host path.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { HtmlTagDescriptor, Plugin } from "vite";

export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join("; ");

/** The page background of the view's light and dark schemes (ui/src/styles.css `--bg`). */
export const THEME = { light: "#f2eee6", dark: "#171a1c" } as const;
/** The icon's own background (icons/source.svg), behind a maskable icon's artwork. */
const ICON_BG = "#25694d";

export const MANIFEST = {
  name: "Lianliankan 连连看",
  short_name: "Lianliankan",
  description: "Clear the board by linking pairs of matching tiles with a path of at most two turns.",
  id: "./",
  start_url: "./",
  scope: "./",
  display: "standalone",
  orientation: "any",
  background_color: THEME.light,
  theme_color: THEME.light,
  categories: ["games"],
  icons: [
    { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/**
 * The maskable artwork: the source's own rounded background dropped, its drawing scaled to 85%
 * about the centre (its farthest corner then lies inside the safe circle of radius 40%), on a
 * square of the icon's background colour.
 */
export function maskableSvg(source: string): string {
  const background = /<rect x="48" y="48" width="928" height="928"[^>]*\/>/;
  if (!background.test(source)) throw new Error("pwa: icons/source.svg lost its background rect; update maskableSvg");
  const open = source.indexOf(">", source.indexOf("<svg")) + 1;
  const close = source.lastIndexOf("</svg>");
  const body = source.slice(open, close).replace(background, "");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">` +
    `<rect width="1024" height="1024" fill="${ICON_BG}"/>` +
    `<g transform="translate(512 512) scale(0.85) translate(-512 -512)">${body}</g></svg>`
  );
}

function render(svg: string, size: number): Buffer {
  return execFileSync("rsvg-convert", ["-w", String(size), "-h", String(size), "-f", "png"], {
    input: svg,
    maxBuffer: 16 << 20,
  });
}

export function pwaPlugin(iconSource: string): Plugin {
  return {
    name: "llk-pwa",
    apply: "build",
    transformIndexHtml() {
      const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: "meta", attrs, injectTo: "head" });
      return [
        { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CSP }, injectTo: "head-prepend" },
        { tag: "link", attrs: { rel: "manifest", href: "manifest.webmanifest" }, injectTo: "head" },
        meta({ name: "theme-color", content: THEME.light, media: "(prefers-color-scheme: light)" }),
        meta({ name: "theme-color", content: THEME.dark, media: "(prefers-color-scheme: dark)" }),
        meta({ name: "description", content: MANIFEST.description }),
        meta({ name: "mobile-web-app-capable", content: "yes" }),
        meta({ name: "apple-mobile-web-app-title", content: MANIFEST.short_name }),
        { tag: "link", attrs: { rel: "icon", type: "image/png", href: "icons/icon-192.png" }, injectTo: "head" },
        { tag: "link", attrs: { rel: "apple-touch-icon", href: "icons/apple-touch-icon.png" }, injectTo: "head" },
      ];
    },
    generateBundle() {
      const source = readFileSync(iconSource, "utf8");
      const maskable = maskableSvg(source);
      const icons: [string, string, number][] = [
        ["icons/icon-192.png", source, 192],
        ["icons/icon-512.png", source, 512],
        ["icons/maskable-192.png", maskable, 192],
        ["icons/maskable-512.png", maskable, 512],
        // iOS rounds the corners itself: the full-bleed artwork
        ["icons/apple-touch-icon.png", maskable, 180],
      ];
      for (const [fileName, svg, size] of icons) {
        this.emitFile({ type: "asset", fileName, source: render(svg, size) });
      }
      this.emitFile({
        type: "asset",
        fileName: "manifest.webmanifest",
        source: JSON.stringify(MANIFEST, null, 2) + "\n",
      });
    },
  };
}
