/** Seeds (pure): u64 values travel as decimal strings; parse, validate and make random ones, and show a brought level's fingerprint. */
const U64_MAX = 18446744073709551615n;

/** The canonical decimal string for a typed seed, or null when it is not a u64. */
export function parseSeed(text: string): string | null {
  const s = text.trim();
  if (!/^\d{1,20}$/.test(s)) return null;
  const v = BigInt(s);
  return v <= U64_MAX ? v.toString() : null;
}

/**
 * Random seeds stay below 2^CODE_SEED_BITS so every random deal has a deal code (the
 * engine's `code::SEED_BITS`, docs/deal-codes.md; a shell test checks the two agree).
 */
export const CODE_SEED_BITS = 35;

/** A random seed below 2^CODE_SEED_BITS as a decimal string. */
export function randomSeed(random: () => [number, number] = cryptoPair): string {
  const b = random();
  const high = BigInt(b[0]!) & ((1n << BigInt(CODE_SEED_BITS - 32)) - 1n);
  return ((high << 32n) | BigInt(b[1]!)).toString();
}

function cryptoPair(): [number, number] {
  const b = crypto.getRandomValues(new Uint32Array(2));
  return [b[0]!, b[1]!];
}

/**
 * A brought level's mark: "#" and the first 6 of the 16 hex digits of its
 * fingerprint (the `seed` of its options), enough to tell one's levels apart at a glance.
 */
export function levelMark(fingerprint: string): string {
  try {
    return "#" + BigInt(fingerprint).toString(16).padStart(16, "0").slice(0, 6);
  } catch {
    return fingerprint;
  }
}

/** What a stack game's options say about its level, for the HUD's Level box. */
export interface StackLevelInfo {
  level: number | null;
  imported?: boolean;
  /** A level in the real game's shape: the daily stack challenge. */
  real_style?: boolean;
  seed: string;
}

/**
 * The HUD's Level box for a stack game: the level's number, a brought level's mark (it has
 * no number; the mark is what tells one's brought levels apart), `daily` (the translated
 * word) for the daily stack challenge, or "–" for a random fill. The Level box is on screen
 * at every size, where the seed's box is not on a phone.
 */
export function stackLevelText(o: StackLevelInfo, daily: string): string {
  if (o.imported === true) return levelMark(o.seed);
  if (o.real_style === true) return daily;
  return o.level === null ? "–" : String(o.level);
}
