/**
 * The built site's files, as the web build's plugins walk them: every file under a folder, and
 * which of them are precompressed twins (`name.br`, `name.gz`, compress-plugin.ts), which are
 * the same file to a browser.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Every file under `dir`, its subfolders' included. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Whether `name` is a precompressed twin. */
export function isTwin(name: string): boolean {
  return /\.(br|gz)$/.test(name);
}
