/**
 * Edge values for a prime field: the values where limb-level code goes wrong (0, 1, p − 1, limb boundaries,
 * Montgomery-related constants), computed from the modulus and the limb layout.
 */
import { invMod, mod } from '../../src/math/modular.js';

/** Interesting elements of [0, p) for a field with `limbs` limbs of `limbBits` bits. */
export function edgeValues(p: bigint, limbBits: number, limbs: number): bigint[] {
  const R = 1n << BigInt(limbBits * limbs);
  const out = new Set<bigint>([0n, 1n, 2n, 3n, p - 1n, p - 2n, (p - 1n) / 2n, (p + 1n) / 2n, mod(R, p), mod(R * R, p), invMod(R, p), mod(-R, p)]);
  for (let k = 1; k < limbs * limbBits && 1n << BigInt(k) < p; k += limbBits) {
    const b = 1n << BigInt(k);
    out.add(b);
    out.add(b - 1n);
  }
  for (let k = 32; 1n << BigInt(k) < p; k += 32) {
    out.add((1n << BigInt(k)) - 1n);
    out.add(1n << BigInt(k));
  }
  // every limb at its maximum, as far as p allows
  let allOnes = 0n;
  for (let i = 0; i < limbs; i++) {
    const next = (allOnes << BigInt(limbBits)) | ((1n << BigInt(limbBits)) - 1n);
    if (next >= p) break;
    allOnes = next;
  }
  out.add(allOnes);
  out.add(p - allOnes);
  return [...out].filter((x) => x >= 0n && x < p);
}
