/** Seeds (pure): u64 values travel as decimal strings; parse, validate and make random ones. */
const U64_MAX = 18446744073709551615n;

/** The canonical decimal string for a typed seed, or null when it is not a u64. */
export function parseSeed(text: string): string | null {
  const s = text.trim();
  if (!/^\d{1,20}$/.test(s)) return null;
  const v = BigInt(s);
  return v <= U64_MAX ? v.toString() : null;
}

/** A random u64 as a decimal string. */
export function randomSeed(random: () => [number, number] = cryptoPair): string {
  const b = random();
  return ((BigInt(b[0]!) << 32n) | BigInt(b[1]!)).toString();
}

function cryptoPair(): [number, number] {
  const b = crypto.getRandomValues(new Uint32Array(2));
  return [b[0]!, b[1]!];
}
