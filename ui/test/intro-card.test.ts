import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { introCardPlugin, staticCard, STATIC_CARD_ID } from "../../web/vite/intro-card-plugin";
import { DEMO_BOARD, STATIC_CARD_ID as VIEW_CARD_ID } from "../src/first-launch";
import { LANGS, TABLES } from "../src/i18n";

const css = readFileSync(new URL("../src/extras.css", import.meta.url), "utf8");

describe("the web build's copy of the rule card in the page (web/vite/intro-card-plugin.ts)", () => {
  it("holds the card's title, rule and button in every language, escaped, one block each", () => {
    const html = staticCard();
    expect(html.startsWith(`<dialog open class="intro-dialog intro-static" id="${STATIC_CARD_ID}" inert>`)).toBe(true);
    for (const lang of LANGS) {
      const t = TABLES[lang];
      expect(html).toContain(`<div lang="${lang}"><h2>${t["intro.title"]}</h2>`);
      expect(html).toContain(`<p class="intro-rule">${t["intro.rule"]}</p>`);
      expect(html).toContain(`<span class="btn primary">${t["intro.ok"]}</span>`);
    }
    expect(html.match(/<div lang="/g)?.length).toBe(LANGS.length);
    expect(html).not.toMatch(/<script|style=/);
  });

  it("is the view's card by its id, and writes it first in the body", () => {
    expect(STATIC_CARD_ID).toBe(VIEW_CARD_ID);
    const plugin = introCardPlugin();
    const hook = plugin.transformIndexHtml;
    const handler = typeof hook === "object" && hook !== null && "handler" in hook ? hook.handler : null;
    expect(handler).not.toBeNull();
    const out = (handler as (html: string) => string)("<html><body>\n<div id=app></div></body></html>");
    expect(out.indexOf(`id="${STATIC_CARD_ID}"`)).toBeGreaterThan(out.indexOf("<body>"));
    expect(out.indexOf(`id="${STATIC_CARD_ID}"`)).toBeLessThan(out.indexOf("<div id=app>"));
  });

  it("shows each language's block only for its mark, and the demo's felt at the demo's size", () => {
    for (const lang of LANGS) {
      expect(css).toContain(`html[data-intro="${lang}"] .intro-static > [lang="${lang}"]`);
    }
    const grid = /\.intro-static \.intro-grid \{\s*--rows: (\d+);\s*--cols: (\d+);/.exec(css);
    expect(grid?.slice(1).map(Number)).toEqual([DEMO_BOARD.length, DEMO_BOARD[0].length]);
  });
});
