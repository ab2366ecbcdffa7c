/**
 * Emits Keccak-256 for the wasm core (`src/wasm/keccak/index.ts`, exported as `kc_*` by the modules of
 * {@link KECCAK_CURVES}): the Fiat–Shamir hash of snarkjs's PLONK and FFLONK transcripts. One call hashes a
 * byte string already in linear memory, so a verification's six challenges cost six calls and no BigInt.
 *
 * Why not @noble/hashes' `keccak_256` (which the library uses elsewhere): measured on the development machine,
 * its permutation (32-bit lane halves in JS) takes ≈ 5–11 µs, so a PLONK verification's ≈ 14 permutations were
 * ≈ 3 % of the whole verification; this one keeps the 25 lanes in i64 locals. The tests compare it with
 * @noble/hashes on every length around the rate's multiples.
 *
 * The constants are derived here, not typed in: the round constants from the degree-8 LFSR of FIPS 202 §3.2.5,
 * the ρ offsets and the π permutation from their recurrences (§3.2.2, §3.2.3). Data-independent timing is
 * not a goal (public transcripts).
 * Build time only.
 * @module
 */

/** Curves whose wasm module carries `kc_keccak256` (the ones snarkjs's PLONK / FFLONK run on). */
export const KECCAK_CURVES: readonly string[] = ['bn254', 'bls12_381'];

/** Where the module goes (relative to `src/wasm/`, the same in the wide mirror). */
export const KECCAK_MODULE = 'keccak/index';

/** Rate of Keccak-256 in bytes (1600 − 2·256 bits). */
const RATE = 136;

/** The 24 round constants (FIPS 202 Algorithm 5 and 6). @throws nothing. */
export function keccakRoundConstants(): bigint[] {
  const rc = (t: number): number => {
    if (t % 255 === 0) return 1;
    let R = 1;
    for (let i = 1; i <= t % 255; i++) {
      R <<= 1;
      if (R & 0x100) R ^= 0x171;
    }
    return R & 1;
  };
  const out: bigint[] = [];
  for (let ir = 0; ir < 24; ir++) {
    let c = 0n;
    for (let j = 0; j <= 6; j++) if (rc(j + 7 * ir)) c |= 1n << BigInt(2 ** j - 1);
    out.push(c);
  }
  return out;
}

/** ρ offsets by lane index x + 5y (FIPS 202 Algorithm 2). @throws nothing. */
export function keccakRho(): number[] {
  const r = new Array<number>(25).fill(0);
  let x = 1, y = 0;
  for (let t = 0; t < 24; t++) {
    r[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return r;
}

/**
 * The AssemblyScript module.
 * @param banner - the DO NOT EDIT line
 * @throws nothing.
 */
export function emitAsKeccak(banner: string): string {
  const rho = keccakRho();
  const lane = (x: number, y: number): number => (x % 5) + 5 * (y % 5);
  const L: string[] = [];
  // θ
  for (let x = 0; x < 5; x++) L.push(`    const c${x} = a${x} ^ a${x + 5} ^ a${x + 10} ^ a${x + 15} ^ a${x + 20};`);
  for (let x = 0; x < 5; x++) L.push(`    const d${x} = c${(x + 4) % 5} ^ rotl<u64>(c${(x + 1) % 5}, 1);`);
  // ρ and π: B[y, 2x + 3y] = rot(A[x, y] ^ D[x], r[x, y])
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 5; x++) {
      const i = lane(x, y);
      const to = lane(y, 2 * x + 3 * y);
      L.push(rho[i] === 0 ? `    const b${to} = a${i} ^ d${x};` : `    const b${to} = rotl<u64>(a${i} ^ d${x}, ${rho[i]});`);
    }
  // χ and ι
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 5; x++) {
      const i = lane(x, y);
      L.push(`    a${i} = b${i} ^ (~b${lane(x + 1, y)} & b${lane(x + 2, y)});`);
    }
  L.push(`    a0 ^= load<u64>(KC_RC + (<usize>round << 3));`);
  const lanes = Array.from({ length: 25 }, (_, i) => i);
  return `${banner}
// Keccak-256 (the original Keccak padding, as Ethereum and snarkjs use it); see src/codegen/as-keccak.ts.

const KC_ST: usize = memory.data(200, 8);
const KC_BUF: usize = memory.data(${RATE}, 8);
const KC_RC: usize = memory.data<u64>([${keccakRoundConstants().map((c) => `0x${c.toString(16)}`).join(', ')}]);

/** Keccak-f[1600] on the state at KC_ST (lanes little-endian, lane x + 5y at byte 8(x + 5y)). */
function kc_permute(): void {
${lanes.map((i) => `  let a${i} = load<u64>(KC_ST, ${8 * i});`).join('\n')}
  for (let round = 0; round < 24; round++) {
${L.join('\n')}
  }
${lanes.map((i) => `  store<u64>(KC_ST, a${i}, ${8 * i});`).join('\n')}
}

/** XORs one ${RATE}-byte block at p into the state and permutes. */
function kc_block(p: usize): void {
  for (let i: usize = 0; i < ${RATE / 8}; i++) store<u64>(KC_ST + (i << 3), load<u64>(KC_ST + (i << 3)) ^ load<u64>(p + (i << 3)));
  kc_permute();
}

/** out (32 bytes) = Keccak-256 of the len bytes at data. out may overlap data. */
export function kc_keccak256(out: usize, data: usize, len: i32): void {
  memory.fill(KC_ST, 0, 200);
  let p = data;
  let n = <usize>len;
  while (n >= ${RATE}) {
    kc_block(p);
    p += ${RATE};
    n -= ${RATE};
  }
  memory.fill(KC_BUF, 0, ${RATE});
  memory.copy(KC_BUF, p, n);
  store<u8>(KC_BUF + n, load<u8>(KC_BUF + n) ^ 0x01);
  store<u8>(KC_BUF + ${RATE - 1}, load<u8>(KC_BUF + ${RATE - 1}) ^ 0x80);
  kc_block(KC_BUF);
  memory.copy(out, KC_ST, 32);
}
`;
}
