// Stark curve group arithmetic, y² = x³ + x + β over stark_fp, in Jacobian coordinates: (X, Y, Z) stands for
// (X/Z², Y/Z³); Z = 0 is the point at infinity. Field elements are stark_fp elements in Montgomery form, FE bytes
// each (the generated module's ELEM_BYTES: 36 for 9 limbs of 29 bits); an affine point is x then y (AFF = 2·FE
// bytes), a Jacobian point X, Y, Z (JAC = 3·FE bytes). Sizes and offsets here are derived from stark_fp's
// generated layout, so a re-tune of its limb shape carries over without edits.
//
// Constant-time: jDouble, jAddAffineCT (a fixed formula with no exceptional-case handling), toAffineCT.
// Variable-time (public data only): jAddAffine, jAdd, toAffine, batchToAffine (they branch on the inputs).

import * as fp from '../../fields/stark_fp';

/** Bytes per field element: stark_fp's generated ELEM_BYTES. */
export const FE: usize = <usize>fp.ELEM_BYTES;
/** Bytes per affine point: x, y. */
export const AFF: usize = 2 * FE;
/** Bytes per Jacobian point: X, Y, Z. */
export const JAC: usize = 3 * FE;

const XX = memory.data(<i32>FE, 8);
const YY = memory.data(<i32>FE, 8);
const YYYY = memory.data(<i32>FE, 8);
const ZZ = memory.data(<i32>FE, 8);
const SS = memory.data(<i32>FE, 8);
const MM = memory.data(<i32>FE, 8);
const TT = memory.data(<i32>FE, 8);
const T2 = memory.data(<i32>FE, 8);
const Z3 = memory.data(<i32>FE, 8);
const U1 = memory.data(<i32>FE, 8);
const U2 = memory.data(<i32>FE, 8);
const S1 = memory.data(<i32>FE, 8);
const S2 = memory.data(<i32>FE, 8);
const HH = memory.data(<i32>FE, 8);
const RR = memory.data(<i32>FE, 8);
const II = memory.data(<i32>FE, 8);
const JJ = memory.data(<i32>FE, 8);
const VV = memory.data(<i32>FE, 8);
const X3 = memory.data(<i32>FE, 8);
const INV = memory.data(<i32>FE, 8);
const INV2 = memory.data(<i32>FE, 8);

/** Sets p to the point at infinity. */
export function jSetInfinity(p: usize): void {
  memory.fill(p, 0, JAC);
}

/** Whether p is the point at infinity. */
export function jIsInfinity(p: usize): bool {
  return fp.isZero(p + 2 * FE);
}

/** out = the affine point a with Z = 1. */
export function jFromAffine(out: usize, a: usize): void {
  memory.copy(out, a, AFF);
  fp.one(out + 2 * FE);
}

/** out = 2p (dbl-2007-bl with a = 1: 1M + 8S). out may alias p. Doubling infinity gives infinity. */
export function jDouble(out: usize, p: usize): void {
  fp.sqr(XX, p);
  fp.sqr(YY, p + FE);
  fp.sqr(YYYY, YY);
  fp.sqr(ZZ, p + 2 * FE);
  // S = 2·((X + YY)² − XX − YYYY)
  fp.add(SS, p, YY);
  fp.sqr(SS, SS);
  fp.sub(SS, SS, XX);
  fp.sub(SS, SS, YYYY);
  fp.double(SS, SS);
  // M = 3·XX + a·ZZ², a = 1
  fp.sqr(MM, ZZ);
  fp.add(MM, MM, XX);
  fp.double(TT, XX);
  fp.add(MM, MM, TT);
  // Z3 = (Y + Z)² − YY − ZZ
  fp.add(Z3, p + FE, p + 2 * FE);
  fp.sqr(Z3, Z3);
  fp.sub(Z3, Z3, YY);
  fp.sub(Z3, Z3, ZZ);
  // X3 = M² − 2S
  fp.sqr(TT, MM);
  fp.double(T2, SS);
  fp.sub(out, TT, T2);
  // Y3 = M·(S − X3) − 8·YYYY
  fp.sub(TT, SS, out);
  fp.mul(TT, MM, TT);
  fp.double(YYYY, YYYY);
  fp.double(YYYY, YYYY);
  fp.double(YYYY, YYYY);
  fp.sub(out + FE, TT, YYYY);
  memory.copy(out + 2 * FE, Z3, FE);
}

/**
 * out = p + q for p Jacobian (not infinity) and q affine, by madd-2007-bl (7M + 4S), with no exceptional-case
 * handling: when p = ±q or p is infinity the result is meaningless. Fixed sequence of field operations
 * (constant-time). out may alias p.
 */
export function jAddAffineCT(out: usize, p: usize, q: usize): void {
  fp.sqr(ZZ, p + 2 * FE);             // Z1Z1
  fp.mul(U2, q, ZZ);                  // U2 = x2·Z1Z1
  fp.mul(S2, q + FE, p + 2 * FE);
  fp.mul(S2, S2, ZZ);                 // S2 = y2·Z1·Z1Z1
  fp.sub(HH, U2, p);                  // H = U2 − X1 (kept in HH for now)
  fp.sub(RR, S2, p + FE);
  fp.double(RR, RR);                  // r = 2(S2 − Y1)
  finishMadd(out, p);
}

/** The shared tail of madd-2007-bl; expects Z1Z1 in ZZ, H in HH, r in RR. */
function finishMadd(out: usize, p: usize): void {
  // Z3 = (Z1 + H)² − Z1Z1 − H²
  fp.add(Z3, p + 2 * FE, HH);
  fp.sqr(Z3, Z3);
  fp.sub(Z3, Z3, ZZ);
  fp.sqr(TT, HH);                     // HH2 = H²
  fp.sub(Z3, Z3, TT);
  fp.double(II, TT);
  fp.double(II, II);                  // I = 4H²
  fp.mul(JJ, HH, II);                 // J = H·I
  fp.mul(VV, p, II);                  // V = X1·I
  // X3 = r² − J − 2V
  fp.sqr(X3, RR);
  fp.sub(X3, X3, JJ);
  fp.double(TT, VV);
  fp.sub(X3, X3, TT);
  // Y3 = r·(V − X3) − 2·Y1·J
  fp.mul(JJ, JJ, p + FE);
  fp.double(JJ, JJ);
  fp.sub(TT, VV, X3);
  fp.mul(TT, RR, TT);
  fp.sub(out + FE, TT, JJ);
  memory.copy(out, X3, FE);
  memory.copy(out + 2 * FE, Z3, FE);
}

/** out = p + q for p Jacobian and q affine, handling p = ∞, p = q and p = −q. Variable-time. out may alias p. */
export function jAddAffine(out: usize, p: usize, q: usize): void {
  if (jIsInfinity(p)) {
    jFromAffine(out, q);
    return;
  }
  fp.sqr(ZZ, p + 2 * FE);
  fp.mul(U2, q, ZZ);
  fp.mul(S2, q + FE, p + 2 * FE);
  fp.mul(S2, S2, ZZ);
  fp.sub(HH, U2, p);
  fp.sub(RR, S2, p + FE);
  fp.double(RR, RR);
  if (fp.isZero(HH)) {
    if (fp.isZero(RR)) jDouble(out, p);
    else jSetInfinity(out);
    return;
  }
  finishMadd(out, p);
}

/**
 * out = p + q for Jacobian p and q (add-2007-bl, 11M + 5S), handling infinity, p = q and p = −q.
 * Variable-time. out may alias p or q.
 */
export function jAdd(out: usize, p: usize, q: usize): void {
  if (jIsInfinity(p)) {
    memory.copy(out, q, JAC);
    return;
  }
  if (jIsInfinity(q)) {
    memory.copy(out, p, JAC);
    return;
  }
  fp.sqr(ZZ, p + 2 * FE);        // Z1Z1
  fp.sqr(YY, q + 2 * FE);        // Z2Z2
  fp.mul(U1, p, YY);             // U1 = X1·Z2Z2
  fp.mul(U2, q, ZZ);             // U2 = X2·Z1Z1
  fp.mul(S1, p + FE, q + 2 * FE);
  fp.mul(S1, S1, YY);            // S1 = Y1·Z2·Z2Z2
  fp.mul(S2, q + FE, p + 2 * FE);
  fp.mul(S2, S2, ZZ);            // S2 = Y2·Z1·Z1Z1
  fp.sub(HH, U2, U1);            // H
  fp.sub(RR, S2, S1);
  fp.double(RR, RR);             // r = 2(S2 − S1)
  if (fp.isZero(HH)) {
    if (fp.isZero(RR)) jDouble(out, p);
    else jSetInfinity(out);
    return;
  }
  // Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H
  fp.add(Z3, p + 2 * FE, q + 2 * FE);
  fp.sqr(Z3, Z3);
  fp.sub(Z3, Z3, ZZ);
  fp.sub(Z3, Z3, YY);
  fp.mul(Z3, Z3, HH);
  fp.double(II, HH);
  fp.sqr(II, II);                // I = (2H)²
  fp.mul(JJ, HH, II);            // J = H·I
  fp.mul(VV, U1, II);            // V = U1·I
  fp.sqr(X3, RR);
  fp.sub(X3, X3, JJ);
  fp.double(TT, VV);
  fp.sub(X3, X3, TT);            // X3 = r² − J − 2V
  fp.mul(JJ, JJ, S1);
  fp.double(JJ, JJ);
  fp.sub(TT, VV, X3);
  fp.mul(TT, RR, TT);
  fp.sub(out + FE, TT, JJ);      // Y3 = r(V − X3) − 2·S1·J
  memory.copy(out, X3, FE);
  memory.copy(out + 2 * FE, Z3, FE);
}

/** out = −p (Jacobian or affine: negates the second coordinate). out may alias p. */
export function negY(out: usize, p: usize, bytes: usize): void {
  if (out != p) memory.copy(out, p, bytes);
  fp.neg(out + FE, p + FE);
}

/** Affine form of p (variable-time inversion); false, out untouched, for infinity. */
export function toAffine(out: usize, p: usize): bool {
  if (jIsInfinity(p)) return false;
  fp.invUnsafe(INV, p + 2 * FE);
  fp.sqr(INV2, INV);
  fp.mul(out, p, INV2);
  fp.mul(INV2, INV2, INV);
  fp.mul(out + FE, p + FE, INV2);
  return true;
}

const C1 = memory.data(<i32>FE, 8);
const C2 = memory.data(<i32>FE, 8);

@inline function sqrN(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) fp.sqr(x, x);
}

/**
 * out = a^(p − 2) = a⁻¹ (0 ↦ 0) by a fixed addition chain for the Stark prime: p − 2 = 2^251 + 2^196 +
 * 2^192 − 1, so a^(2^192 − 1) by the doubling chain (191 squarings, 8 multiplications), then a^(2^196) and
 * a^(2^251) from it: 250 squarings and 11 multiplications in all (the generic 4-bit-window pow needs 252 and
 * 77). Constant-time. out may alias a.
 */
export function fpInvCT(out: usize, a: usize): void {
  memory.copy(C1, a, FE);                      // 2^1 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 1); fp.mul(C1, C2, C1);     // 2^2 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 2); fp.mul(C1, C2, C1);     // 2^4 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 4); fp.mul(C1, C2, C1);     // 2^8 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 8); fp.mul(C1, C2, C1);     // 2^16 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 16); fp.mul(C1, C2, C1);    // 2^32 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 32); fp.mul(C1, C2, C1);    // 2^64 − 1
  memory.copy(C2, C1, FE); sqrN(C2, 64); fp.mul(C2, C2, C1);    // C2 = 2^128 − 1
  sqrN(C2, 64); fp.mul(C1, C2, C1);                             // C1 = 2^192 − 1
  fp.mul(C2, C1, a);                                            // 2^192
  sqrN(C2, 4);                                                  // 2^196
  fp.mul(C1, C1, C2);                                           // 2^196 + 2^192 − 1
  sqrN(C2, 55);                                                 // 2^251
  fp.mul(out, C1, C2);
}

/** Affine form of p, p not infinity, with the constant-time inversion: for points derived from secrets. */
export function toAffineCT(out: usize, p: usize): void {
  fpInvCT(INV, p + 2 * FE);
  fp.sqr(INV2, INV);
  fp.mul(out, p, INV2);
  fp.mul(INV2, INV2, INV);
  fp.mul(out + FE, p + FE, INV2);
}

/**
 * Converts `count` Jacobian points (none at infinity) to affine with one inversion (Montgomery's trick).
 * `prefix` must hold count field elements. Variable-time. aff and jac must not overlap.
 */
export function batchToAffine(aff: usize, jac: usize, count: i32, prefix: usize): void {
  if (count <= 0) return;
  fp.one(INV);
  for (let i: i32 = 0; i < count; i++) {
    memory.copy(prefix + <usize>i * FE, INV, FE);
    fp.mul(INV, INV, jac + <usize>i * JAC + 2 * FE);
  }
  fp.invUnsafe(INV, INV);
  for (let i: i32 = count - 1; i >= 0; i--) {
    const j = jac + <usize>i * JAC;
    const a = aff + <usize>i * AFF;
    fp.mul(INV2, INV, prefix + <usize>i * FE);   // Z_i⁻¹
    fp.mul(INV, INV, j + 2 * FE);
    fp.sqr(TT, INV2);
    fp.mul(a, j, TT);
    fp.mul(TT, TT, INV2);
    fp.mul(a + FE, j + FE, TT);
  }
}

/** Zeroes the temporaries (they may hold values derived from a secret scalar). */
export function ecWipe(): void {
  memory.fill(XX, 0, FE);
  memory.fill(YY, 0, FE);
  memory.fill(YYYY, 0, FE);
  memory.fill(ZZ, 0, FE);
  memory.fill(SS, 0, FE);
  memory.fill(MM, 0, FE);
  memory.fill(TT, 0, FE);
  memory.fill(T2, 0, FE);
  memory.fill(Z3, 0, FE);
  memory.fill(U2, 0, FE);
  memory.fill(S2, 0, FE);
  memory.fill(HH, 0, FE);
  memory.fill(RR, 0, FE);
  memory.fill(II, 0, FE);
  memory.fill(JJ, 0, FE);
  memory.fill(VV, 0, FE);
  memory.fill(X3, 0, FE);
  memory.fill(INV, 0, FE);
  memory.fill(INV2, 0, FE);
  memory.fill(C1, 0, FE);
  memory.fill(C2, 0, FE);
}
