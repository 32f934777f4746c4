/**
 * Vite plugin of the web build: the first visit's rule card in the page itself, so that a new
 * player reads the rule in the first paint instead of after the view's script has loaded and
 * run (docs/WEB.md, "First load"). It writes, first in `<body>`, a copy of the card's markup
 * (ui/src/first-launch.ts: the title, room for the demo, the rule, the button) in each language,
 * shown by the style sheet only when the boot script (ui/src/web/boot.ts) has marked a first
 * visit with its language (`<html data-intro="…">`); the view takes the card over as it starts
 * (`takeStaticCard`). `inert`: neither focusable nor in the accessibility tree, as the view's
 * card is the one a player can use (not `aria-hidden`, which Chromium's largest-contentful-paint
 * skips: the view's card would then be the page's largest paint, ~0.1-0.2 s later unthrottled).
 * The desktop build has none.
 */
import type { Plugin } from "vite";
import { TABLES } from "../../ui/src/i18n.ts";
import { LANGS } from "../../ui/src/lang-choice.ts";

/** The id of the static card: first-launch.ts's `STATIC_CARD_ID` (that module, with its style
 *  sheet and faces, is not for the build's own bundler to load). */
export const STATIC_CARD_ID = "intro-static";

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The card's markup: one `lang` block per language. */
export function staticCard(): string {
  const blocks = LANGS.map((lang) => {
    const t = TABLES[lang];
    return (
      `<div lang="${lang}"><h2>${escapeHtml(t["intro.title"])}</h2><div class="intro-demo"><div class="intro-grid"></div></div>` +
      `<p class="intro-rule">${escapeHtml(t["intro.rule"])}</p>` +
      `<div class="dialog-actions"><span class="btn primary">${escapeHtml(t["intro.ok"])}</span></div></div>`
    );
  });
  return `<dialog open class="intro-dialog intro-static" id="${STATIC_CARD_ID}" inert>${blocks.join("")}</dialog>`;
}

export function introCardPlugin(): Plugin {
  return {
    name: "llk-intro-card",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const at = html.indexOf("<body>");
        if (at < 0) throw new Error("intro card: index.html has no <body>");
        const end = at + "<body>".length;
        return `${html.slice(0, end)}\n    ${staticCard()}${html.slice(end)}`;
      },
    },
  };
}
