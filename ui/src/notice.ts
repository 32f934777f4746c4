/**
 * The start-up notice in the player's language: `start` sends each notice as a code
 * (`file_set_aside`, `file_unusable`) with the file it concerns; an unknown code falls
 * back to the shell's English text.
 */
import type { StartInfo } from "./ipc";
import type { Key, Translate } from "./i18n";

const CODES: Record<string, Key> = {
  file_set_aside: "notice.fileSetAside",
  file_unusable: "notice.fileUnusable",
};

const FILES: Record<string, Key> = {
  game: "notice.file.game",
  settings: "notice.file.settings",
  scores: "notice.file.scores",
  daily: "notice.file.daily",
  journey: "notice.file.journey",
  stats: "notice.file.stats",
};

export function noticeText(start: StartInfo, t: Translate): string | null {
  if (start.notices.length === 0) return start.notice;
  const lines: string[] = [];
  for (const n of start.notices) {
    const key = CODES[n.code];
    const file = FILES[n.file];
    if (!key || !file) return start.notice;
    lines.push(t(key, { file: t(file), kept: n.kept_as ?? "" }));
  }
  return lines.join("\n");
}
