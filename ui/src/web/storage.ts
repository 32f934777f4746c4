/**
 * The session's files in `localStorage`, one key `llk/<name>` per file. Why localStorage: the
 * saves are tens of KB, its writes are synchronous (a move is stored within a frame of the
 * engine's answer, and whatever waits is stored on the spot when the page is hidden or closed:
 * see save-queue.ts), and a full quota is a synchronous `QuotaExceededError` that can be
 * reported at once. Every failure is a `StorageProblem`, never
 * an exception: the game goes on unsaved and the page says why.
 */

export const PREFIX = "llk/";

/** Why the game is not being saved: no storage at all, a full quota, or another refusal. */
export type StorageProblem = "missing" | "full" | "refused";

/** One storage op from the engine: store a file, or move one aside. */
export type Write = { put: string; contents: string } | { rename: string; to: string };

/** The place the files are kept; `localStorage` in the page, a Map in unit tests. */
export interface KeyValue {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's localStorage, or "missing" when the browser will not hand it out. */
export function openStorage(): KeyValue | "missing" {
  try {
    const ls = globalThis.localStorage;
    if (!ls) return "missing";
    // some private modes hand out a storage that refuses every write
    const probe = `${PREFIX}.probe`;
    ls.setItem(probe, "1");
    ls.removeItem(probe);
    return ls;
  } catch (e) {
    return isQuota(e) ? storageEvenIfFull() : "missing";
  }
}

/** A storage that exists but is already full still reads: hand it out (writes report "full"). */
function storageEvenIfFull(): KeyValue | "missing" {
  try {
    return globalThis.localStorage ?? "missing";
  } catch {
    return "missing";
  }
}

function isQuota(e: unknown): boolean {
  return (
    e instanceof DOMException &&
    (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22)
  );
}

function problemOf(e: unknown): StorageProblem {
  if (isQuota(e)) return "full";
  if (e instanceof DOMException && e.name === "SecurityError") return "missing";
  return "refused";
}

/** Every `llk/` file (name without the prefix → text). */
export function readAll(store: KeyValue): { files: Record<string, string>; problem: StorageProblem | null } {
  const files: Record<string, string> = {};
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key === null || !key.startsWith(PREFIX) || key === `${PREFIX}.probe`) continue;
      const value = store.getItem(key);
      if (value !== null) files[key.slice(PREFIX.length)] = value;
    }
    return { files, problem: null };
  } catch (e) {
    return { files, problem: problemOf(e) };
  }
}

/**
 * Whether `store` holds no `llk/` file at all: a first visit (or storage that keeps nothing),
 * where every setting is its default; told before the engine has started.
 */
export function holdsNoFiles(store: KeyValue | "missing"): boolean {
  if (store === "missing") return true;
  const { files, problem } = readAll(store);
  return problem === null && Object.keys(files).length === 0;
}

/** Applies the engine's ops in order to `files`: the page's copy, which is what a restarted engine starts from. */
export function copyWrites(writes: readonly Write[], files: Record<string, string>): void {
  for (const w of writes) {
    if ("put" in w) files[w.put] = w.contents;
    else {
      const contents = files[w.rename];
      delete files[w.rename];
      if (contents !== undefined) files[w.to] = contents;
    }
  }
}

/**
 * Applies the engine's ops in order to `store`. Returns the first problem, or null. A failed op
 * leaves the stored file as it was; the later ops are still tried (a smaller file may fit).
 */
export function storeWrites(writes: readonly Write[], store: KeyValue): StorageProblem | null {
  let problem: StorageProblem | null = null;
  const attempt = (op: () => void): void => {
    try {
      op();
    } catch (e) {
      problem ??= problemOf(e);
    }
  };
  for (const w of writes) {
    if ("put" in w) attempt(() => store.setItem(PREFIX + w.put, w.contents));
    else
      attempt(() => {
        const stored = store.getItem(PREFIX + w.rename);
        if (stored !== null) store.setItem(PREFIX + w.to, stored);
        store.removeItem(PREFIX + w.rename);
      });
  }
  return problem;
}
