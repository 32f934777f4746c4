/**
 * The start-up notice in the player's language: `start` sends each notice as a code
 * (`NoticeCode`) with the file it concerns (`SavedFile`), both generated from the shell's
 * types, so a new code or file without a translation fails the typecheck. The shell's
 * English `notice` (with the parser's reason and the file's path) is for the log only;
 * a code this build does not know reads as a generic sentence.
 */
import type { NoticeCode, SavedFile, StartInfo } from "./ipc";
import type { Key, Translate } from "./i18n";

export const NOTICE_KEYS: Record<NoticeCode, Key> = {
  file_set_aside: "notice.fileSetAside",
  file_unusable: "notice.fileUnusable",
};

export const FILE_KEYS: Record<SavedFile, Key> = {
  game: "notice.file.game",
  settings: "notice.file.settings",
  scores: "notice.file.scores",
  daily: "notice.file.daily",
  journey: "notice.file.journey",
  stats: "notice.file.stats",
  identity: "notice.file.identity",
  outbox: "notice.file.outbox",
};

export function noticeText(start: StartInfo, t: Translate): string | null {
  if (start.notices.length === 0) return null;
  const lines: string[] = [];
  for (const n of start.notices) {
    const key = NOTICE_KEYS[n.code] as Key | undefined;
    const file = FILE_KEYS[n.file] as Key | undefined;
    const line = key && file ? t(key, { file: t(file), kept: n.kept_as ?? "" }) : t("notice.unknown");
    if (!lines.includes(line)) lines.push(line);
  }
  return lines.join("\n");
}
