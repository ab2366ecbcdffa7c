/**
 * FFLONK's verifier algebra (snarkjs 0.7.6 `fflonk_verify.js`, after Gabizon–Khovratovich, eprint 2021/1167):
 * the transcript's challenges, the opening points (h₀ = ξ_seed³ times the 8th roots of unity, h₁ = ξ_seed⁶
 * times the 4th roots, h₂ = ξ_seed⁸ and h₃ = h₂·ω^{1/3} times the cube roots; ξ = h₂³), the Lagrange
 * evaluations, r₀(y), r₁(y), r₂(y) and the quotients, in the wasm core's Fr with ONE batch inversion for
 * every denominator (snarkjs inverts ~20 times). snarkjs checks
 *
 *     e(−A₁, [1]₂) · e(W₂, [τ]₂) = 1,   A₁ = C₀ + q₁·C₁ + q₂·C₂ − (r₀ + q₁·r₁ + q₂·r₂)·[1]₁ − Z_T(y)·W₁ + y·W₂,
 *
 * with Z_T(y) = ∏ (y − h₀ω₈ⁱ), q₁ = α·Z_T(y)/∏(y − h₁ω₄ⁱ), q₂ = α²·Z_T(y)/∏(y − h₂ω₃ⁱ)(y − h₃ω₃ⁱ).
 * @module
 */
import type { SystemAlgebra } from './system.js';
import { Transcript } from './transcript.js';

// Terms: C0, [1]₁, then the proof's C1 C2 W1 W2.
const C0 = 0, G = 1, C1 = 2, C2 = 3, W1 = 4, W2 = 5;
const TERMS = 6;

let n = 0;
const take = (k: number): number => {
  const s = n;
  n += k;
  return s;
};
// Challenges and inputs.
const BETA = take(1), GAMMA = take(1), SEED = take(1), ALPHA = take(1), Y = take(1);
const EV = take(15); // ql qr qm qo qc s1 s2 s3 a b c z zw t1w t2w
const [QL, QR, QM, QO, QC, ES1, ES2, ES3, EA, EB, EC, EZ, EZW, ET1W, ET2W] = Array.from({ length: 15 }, (_, i) => EV + i) as [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];
const K1 = take(1), K2 = take(1), WK = take(1), W3 = take(1), W4 = take(1), W8 = take(1), WR = take(1), OMEGA = take(1);
// Roots.
const W8P = take(8), W4P = take(4), W3P = take(3); // powers 0..k−1 of the roots of unity
const H0 = take(8), H1 = take(4), H2 = take(3), H3 = take(3);
const SEED2 = take(1), XI = take(1), XIW = take(1), XIN = take(1), ZH = take(1), ONE = take(1), N = take(1), W = take(1);
// Denominators, inverted together: Z_H(ξ), 8 + 4 + 6 Lagrange-basis denominators, the two vanishing products.
const INV_ZH = take(1), D0 = take(8), D1 = take(4), D2 = take(6), MULH1 = take(1), MULH2 = take(1);
const NUM0 = take(1), NUM1 = take(1), NUM2 = take(1), MULH0 = take(1);
const PI = take(1), T0 = take(1), TT1 = take(1), TT2 = take(1), BXI = take(1), R0 = take(1), R1 = take(1), R2 = take(1);
const Q1 = take(1), Q2 = take(1), T = take(1), U = take(1), H = take(1), ACC = take(1), EE = take(1);
const FIXED = n;

/** FFLONK: the key's and proof's layout and the scalars of its check (see {@link SystemAlgebra}; nothing throws). */
export const fflonkAlgebra: SystemAlgebra = {
  terms: TERMS,
  keyTerm: (j) => j,
  generatorTerm: G,
  proofTerm: (k) => C1 + k,
  slots: (nPublic) => FIXED + 4 * Math.max(1, nPublic) + 21,

  scalars(F, key, omega, proof, bytes, signals, out): void {
    const m = Math.max(1, key.nPublic);
    // Lagrange numerators and denominators, the batch inversion's prefixes (21 fixed denominators + m), signals.
    const LNUM = FIXED, LDEN = LNUM + m, PRE = LDEN + m, SIG = PRE + m + 21;
    const X2 = out, G2 = out + TERMS;
    const tr = new Transcript(F.layout.modulus, bytes.key, bytes.hash);

    // Challenges (snarkjs `computeChallenges`).
    for (const s of signals) tr.addScalar(s);
    tr.add(bytes.proof[C1 - C1]!);
    const beta = tr.challenge();
    tr.addScalar(beta);
    const gamma = tr.challenge();
    tr.addScalar(gamma); tr.add(bytes.proof[C2 - C1]!);
    const seed = tr.challenge();
    tr.addScalar(seed);
    for (const e of proof.evals) tr.addScalar(e);
    const alpha = tr.challenge();
    tr.addScalar(alpha); tr.add(bytes.proof[W1 - C1]!);
    const y = tr.challenge();

    F.set(BETA, beta); F.set(GAMMA, gamma); F.set(SEED, seed); F.set(ALPHA, alpha); F.set(Y, y);
    proof.evals.forEach((e, i) => F.set(EV + i, e));
    [K1, K2, WK, W3, W4, W8, WR].forEach((s, i) => F.set(s, key.scalars[i]!));
    F.set(OMEGA, omega);
    F.one(ONE);

    // Opening points: h₀ω₈ⁱ, h₁ω₄ⁱ, h₂ω₃ⁱ, h₃ω₃ⁱ, and ξ, ξω, ξⁿ, Z_H(ξ).
    const powers = (base: number, root: number, k: number): void => {
      F.copy(base, ONE);
      for (let i = 1; i < k; i++) F.mul(base + i, base + i - 1, root);
    };
    powers(W8P, W8, 8); powers(W4P, W4, 4); powers(W3P, W3, 3);
    F.sqr(SEED2, SEED);
    F.mul(H0, SEED2, SEED);
    for (let i = 1; i < 8; i++) F.mul(H0 + i, H0, W8P + i);
    F.sqr(H1, H0);
    for (let i = 1; i < 4; i++) F.mul(H1 + i, H1, W4P + i);
    F.mul(H2, H1, SEED2);
    for (let i = 1; i < 3; i++) F.mul(H2 + i, H2, W3P + i);
    F.mul(H3, H2, WR);
    for (let i = 1; i < 3; i++) F.mul(H3 + i, H3, W3P + i);
    F.sqr(XI, H2); F.mul(XI, XI, H2);
    F.mul(XIW, XI, OMEGA);
    F.copy(XIN, XI);
    F.copy(N, ONE);
    for (let i = 0; i < key.power; i++) {
      F.sqr(XIN, XIN);
      F.add(N, N, N);
    }
    F.sub(ZH, XIN, ONE);

    // Denominators. Lagrange on the domain: n·(ξ − wⁱ), w the key's root (as snarkjs).
    F.copy(W, ONE);
    for (let i = 0; i < m; i++) {
      F.mul(LNUM + i, W, ZH);
      F.sub(T, XI, W);
      F.mul(LDEN + i, N, T);
      F.mul(W, W, WK);
    }
    // The Lagrange basis of a coset {h·ωᵏ} of size k at y: Lᵢ(y) = (yᵏ − hᵏ) / (k·h^{k−2}·h_{(k−1)i mod k}·(y − hᵢ)),
    // snarkjs `computeLagrangeLiSi`, with hᵏ replaced by ξ as there.
    const liSiDen = (roots: number, k: number, den: number): void => {
      F.powSmall(U, roots, k - 2, T); // h^{k−2}
      F.setSmall(H, k);
      F.mul(U, U, H);
      for (let i = 0; i < k; i++) {
        F.mul(den + i, U, roots + (((k - 1) * i) % k));
        F.sub(T, Y, roots + i);
        F.mul(den + i, den + i, T);
      }
    };
    liSiDen(H0, 8, D0);
    liSiDen(H1, 4, D1);
    // snarkjs `computeLagrangeLiS2`: two cosets of size 3 around ξ and ξω.
    F.setSmall(H, 3);
    const liS2Den = (roots: number, den: number, a: number, b: number): void => {
      F.mul(U, H, roots);
      F.sub(T, a, b);
      F.mul(U, U, T);
      for (let i = 0; i < 3; i++) {
        F.mul(den + i, U, roots + ((2 * i) % 3));
        F.sub(T, Y, roots + i);
        F.mul(den + i, den + i, T);
      }
    };
    liS2Den(H2, D2, XI, XIW);
    liS2Den(H3, D2 + 3, XIW, XI);
    // The vanishing products at y.
    const prodAt = (o: number, roots: number, k: number): void => {
      F.sub(o, Y, roots);
      for (let i = 1; i < k; i++) {
        F.sub(T, Y, roots + i);
        F.mul(o, o, T);
      }
    };
    prodAt(MULH0, H0, 8);
    prodAt(MULH1, H1, 4);
    prodAt(MULH2, H2, 3);
    prodAt(ACC, H3, 3);
    F.mul(MULH2, MULH2, ACC);

    F.copy(INV_ZH, ZH);
    const dens: number[] = [INV_ZH];
    for (let i = 0; i < 8; i++) dens.push(D0 + i);
    for (let i = 0; i < 4; i++) dens.push(D1 + i);
    for (let i = 0; i < 6; i++) dens.push(D2 + i);
    dens.push(MULH1, MULH2);
    for (let i = 0; i < m; i++) dens.push(LDEN + i);
    F.batchInv(dens, dens, PRE, T);

    // Lagrange evaluations and PI(ξ) = −Σ sᵢ·Lᵢ(ξ).
    for (let i = 0; i < m; i++) F.mul(LNUM + i, LNUM + i, LDEN + i);
    F.zero(PI);
    signals.forEach((s, i) => {
      F.set(SIG + i, s);
      F.mul(T, SIG + i, LNUM + i);
      F.sub(PI, PI, T);
    });
    const L1 = LNUM;

    // Numerators: y⁸ − ξ, y⁴ − ξ, y⁶ − (ξ + ξω)·y³ + ξ·ξω.
    F.powSmall(NUM0, Y, 8, T); F.sub(NUM0, NUM0, XI);
    F.powSmall(NUM1, Y, 4, T); F.sub(NUM1, NUM1, XI);
    F.powSmall(U, Y, 3, T);
    F.sqr(NUM2, U);
    F.add(T, XI, XIW); F.mul(T, T, U); F.sub(NUM2, NUM2, T);
    F.mul(T, XI, XIW); F.add(NUM2, NUM2, T);

    // r₀(y) = Σᵢ C₀(h₀ω₈ⁱ)·Lᵢ(y), C₀(h) = ql + qr·h + qo·h² + qm·h³ + qc·h⁴ + s₁·h⁵ + s₂·h⁶ + s₃·h⁷ (Horner).
    const c0 = [QL, QR, QO, QM, QC, ES1, ES2, ES3];
    F.zero(R0);
    for (let i = 0; i < 8; i++) {
      F.copy(ACC, c0[7]!);
      for (let j = 6; j >= 0; j--) F.mulAdd(ACC, ACC, H0 + i, c0[j]!, T);
      F.mul(ACC, ACC, D0 + i);
      F.add(R0, R0, ACC);
    }
    F.mul(R0, R0, NUM0);

    // r₁(y): C₁(h) = a + h·b + h²·c + h³·T₀(ξ), T₀(ξ) = (ql·a + qr·b + qm·a·b + qo·c + qc + PI(ξ)) / Z_H(ξ).
    F.mul(T0, QL, EA);
    F.mulAdd(T0, QR, EB, T0, T);
    F.mul(U, EA, EB); F.mulAdd(T0, QM, U, T0, T);
    F.mulAdd(T0, QO, EC, T0, T);
    F.add(T0, T0, QC); F.add(T0, T0, PI);
    F.mul(T0, T0, INV_ZH);
    F.zero(R1);
    for (let i = 0; i < 4; i++) {
      F.copy(ACC, T0);
      F.mulAdd(ACC, ACC, H1 + i, EC, T);
      F.mulAdd(ACC, ACC, H1 + i, EB, T);
      F.mulAdd(ACC, ACC, H1 + i, EA, T);
      F.mul(ACC, ACC, D1 + i);
      F.add(R1, R1, ACC);
    }
    F.mul(R1, R1, NUM1);

    // r₂(y): C₂(h) = z + h·T₁(ξ) + h²·T₂(ξ) on h₂'s coset and z_ω + h·t₁ω + h²·t₂ω on h₃'s, with
    // T₁ = L₁(ξ)(z − 1)/Z_H(ξ) and T₂ = [(a + βξ + γ)(b + βξk₁ + γ)(c + βξk₂ + γ)z
    //                                  − (a + βs₁ + γ)(b + βs₂ + γ)(c + βs₃ + γ)z_ω] / Z_H(ξ).
    F.sub(TT1, EZ, ONE); F.mul(TT1, TT1, L1); F.mul(TT1, TT1, INV_ZH);
    F.mul(BXI, BETA, XI);
    F.add(U, EA, BXI); F.add(U, U, GAMMA);
    F.mulAdd(T, BXI, K1, EB, H); F.add(T, T, GAMMA); F.mul(U, U, T);
    F.mulAdd(T, BXI, K2, EC, H); F.add(T, T, GAMMA); F.mul(U, U, T);
    F.mul(TT2, U, EZ);
    F.mulAdd(U, BETA, ES1, EA, H); F.add(U, U, GAMMA);
    F.mulAdd(T, BETA, ES2, EB, H); F.add(T, T, GAMMA); F.mul(U, U, T);
    F.mulAdd(T, BETA, ES3, EC, H); F.add(T, T, GAMMA); F.mul(U, U, T);
    F.mul(U, U, EZW);
    F.sub(TT2, TT2, U); F.mul(TT2, TT2, INV_ZH);
    F.zero(R2);
    const c2 = (roots: number, dens: number, c: number, t1: number, t2: number): void => {
      for (let i = 0; i < 3; i++) {
        F.copy(ACC, t2);
        F.mulAdd(ACC, ACC, roots + i, t1, T);
        F.mulAdd(ACC, ACC, roots + i, c, T);
        F.mul(ACC, ACC, dens + i);
        F.add(R2, R2, ACC);
      }
    };
    c2(H2, D2, EZ, TT1, TT2);
    c2(H3, D2 + 3, EZW, ET1W, ET2W);
    F.mul(R2, R2, NUM2);

    // q₁ = α·Z_T/∏(y − h₁ω₄ⁱ), q₂ = α²·Z_T/∏(y − h₂ω₃ⁱ)(y − h₃ω₃ⁱ).
    F.mul(Q1, MULH0, MULH1); F.mul(Q1, Q1, ALPHA);
    F.mul(Q2, MULH0, MULH2); F.mul(Q2, Q2, ALPHA); F.mul(Q2, Q2, ALPHA);

    for (let t = 0; t < TERMS; t++) {
      F.zero(X2 + t);
      F.zero(G2 + t);
    }
    F.copy(X2 + W2, ONE);
    // −A₁ = −C₀ − q₁·C₁ − q₂·C₂ + (r₀ + q₁·r₁ + q₂·r₂)·[1]₁ + Z_T(y)·W₁ − y·W₂
    F.neg(G2 + C0, ONE);
    F.neg(G2 + C1, Q1);
    F.neg(G2 + C2, Q2);
    F.mulAdd(EE, Q1, R1, R0, T);
    F.mulAdd(G2 + G, Q2, R2, EE, T);
    F.copy(G2 + W1, MULH0);
    F.neg(G2 + W2, Y);
  },
};
