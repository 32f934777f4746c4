/**
 * A refused command in the player's language: every error `code` of the shell and the
 * engine (session/src/error.rs, engine/src/error.rs) has a key `error.<code>` in each
 * table (checked by test/errors.test.ts against the Rust sources). The English `message`
 * goes to the console log, never to the screen.
 */
import { TABLES, type Key, type Translate } from "./i18n";
import type { AppError } from "./ipc";

/** The translation key for an error code (`error.unknown` for a code this build lacks). */
export function errorKey(code: string): Key {
  const key = `error.${code}`;
  return key in TABLES.en ? (key as Key) : "error.unknown";
}

/** What the player reads for a refused command; logs the English message. */
export function errorText(e: AppError, t: Translate): string {
  console.warn(`command refused: ${e.code}: ${e.message}`);
  return t(errorKey(e.code));
}
