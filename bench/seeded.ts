/**
 * Seeded pseudo-random scalars for benchmark fixtures: the same inputs in Node and in the browser, run after
 * run, so that every implementation of a case times the same work.
 * @module
 */

/**
 * `count` scalars from SplitMix64 (four 64-bit words per 256-bit value), reduced into [0, r) — or into
 * [1, r) with `nonZero` (for keys and discrete logs, where 0 would be degenerate).
 */
export function seededScalars(count: number, r: bigint, seed: bigint, { nonZero = false } = {}): bigint[] {
  let s = seed;
  const word = (): bigint => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  const wide = (): bigint => (word() << 192n) | (word() << 128n) | (word() << 64n) | word();
  return Array.from({ length: count }, () => (nonZero ? (wide() % (r - 1n)) + 1n : wide() % r));
}
