/**
 * PLONK's verifier algebra (snarkjs 0.7.6 `plonk_verify.js`, after Gabizon–Williamson–Ciobotaru, eprint
 * 2019/953, §8.3): the transcript's challenges, the Lagrange evaluations with one batch inversion, PI(ξ), r₀,
 * and the scalars of the two G1 combinations of the final check, all in the wasm core's Fr. snarkjs checks
 *
 *     e(−A₁, [τ]₂) · e(B₁, [1]₂) = 1,   A₁ = W_ξ + u·W_ξω,   B₁ = ξ·W_ξ + u·ξ·ω·W_ξω + F − E,
 *
 * with F = D + v·A + v²·B + v³·C + v⁴·S₁ + v⁵·S₂ and D the linearisation commitment; expanding F, D and
 * E = e·[1]₁ gives B₁ as ONE combination of the key's 8 points, [1]₁ and the proof's 9 points — which the
 * pairing unit computes as one MSM, and which a batch folds across proofs (see `api.ts`).
 * @module
 */
import { Transcript } from './transcript.js';
import type { SystemAlgebra } from './system.js';

// Key points Qm Ql Qr Qo Qc S1 S2 S3, then [1]₁, then the proof's A B C Z T1 T2 T3 Wxi Wxiw.
const QM = 0, QL = 1, QR = 2, QO = 3, QC = 4, S1 = 5, S2 = 6, S3 = 7, G = 8;
const A = 9, B = 10, C = 11, Z = 12, T1 = 13, T2 = 14, T3 = 15, WXI = 16, WXIW = 17;
const TERMS = 18;

// Fixed slots.
let n = 0;
const BETA = n++, GAMMA = n++, ALPHA = n++, XI = n++, V1 = n++, U = n++;
const EA = n++, EB = n++, EC = n++, ES1 = n++, ES2 = n++, EZW = n++;
const K1 = n++, K2 = n++, OMEGA = n++;
const V2 = n++, V3 = n++, V4 = n++, V5 = n++, XIN = n++, ZH = n++, ONE = n++, N = n++, W = n++;
const PI = n++, ALPHA2 = n++, E3A = n++, E3B = n++, E3C = n++, R0 = n++, T = n++, T2S = n++, BXI = n++, ACC = n++, EV = n++;
const FIXED = n;

/** PLONK: the key's and proof's layout and the scalars of its check (see {@link SystemAlgebra}; nothing throws). */
export const plonkAlgebra: SystemAlgebra = {
  terms: TERMS,
  keyTerm: (j) => j,
  generatorTerm: G,
  proofTerm: (k) => A + k,
  slots: (nPublic) => FIXED + 4 * Math.max(1, nPublic),

  scalars(F, key, omega, proof, bytes, signals, out): void {
    const m = Math.max(1, key.nPublic);
    const NUM = FIXED, DEN = NUM + m, PRE = DEN + m, SIG = PRE + m;
    const X2 = out, G2 = out + TERMS; // the two combinations' scalar slots
    const r = F.layout.modulus;
    const tr = new Transcript(r, bytes.key, bytes.hash);
    const pt = (t: number): Uint8Array => bytes.proof[t - A]!;

    // Challenges (snarkjs `calculatechallenges`).
    for (const s of signals) tr.addScalar(s);
    tr.add(pt(A)); tr.add(pt(B)); tr.add(pt(C));
    const beta = tr.challenge();
    tr.addScalar(beta);
    const gamma = tr.challenge();
    tr.addScalar(beta); tr.addScalar(gamma); tr.add(pt(Z));
    const alpha = tr.challenge();
    tr.addScalar(alpha); tr.add(pt(T1)); tr.add(pt(T2)); tr.add(pt(T3));
    const xi = tr.challenge();
    tr.addScalar(xi);
    for (const e of proof.evals) tr.addScalar(e);
    const v1 = tr.challenge();
    tr.add(pt(WXI)); tr.add(pt(WXIW));
    const u = tr.challenge();

    F.set(BETA, beta); F.set(GAMMA, gamma); F.set(ALPHA, alpha); F.set(XI, xi); F.set(V1, v1); F.set(U, u);
    [EA, EB, EC, ES1, ES2, EZW].forEach((s, i) => F.set(s, proof.evals[i]!));
    F.set(K1, key.scalars[0]!); F.set(K2, key.scalars[1]!); F.set(OMEGA, omega);
    F.sqr(V2, V1); F.mul(V3, V2, V1); F.mul(V4, V3, V1); F.mul(V5, V4, V1);

    // ξⁿ, Z_H(ξ) = ξⁿ − 1, n = 2^power, and Lᵢ(ξ) = ωⁱ⁻¹·Z_H(ξ) / (n·(ξ − ωⁱ⁻¹)) for i = 1..max(1, nPublic).
    F.one(ONE);
    F.copy(XIN, XI);
    F.copy(N, ONE);
    for (let i = 0; i < key.power; i++) {
      F.sqr(XIN, XIN);
      F.add(N, N, N);
    }
    F.sub(ZH, XIN, ONE);
    F.copy(W, ONE);
    const dens: number[] = [];
    for (let i = 0; i < m; i++) {
      F.mul(NUM + i, W, ZH);
      F.sub(T, XI, W);
      F.mul(DEN + i, N, T);
      dens.push(DEN + i);
      F.mul(W, W, OMEGA);
    }
    F.batchInv(dens, dens, PRE, T);
    for (let i = 0; i < m; i++) F.mul(NUM + i, NUM + i, DEN + i); // NUM + i = L_{i+1}(ξ)
    const L1 = NUM;

    // PI(ξ) = −Σ sᵢ·Lᵢ(ξ)
    F.zero(PI);
    signals.forEach((s, i) => {
      F.set(SIG + i, s);
      F.mul(T, SIG + i, NUM + i);
      F.sub(PI, PI, T);
    });

    // r₀ = PI − L₁·α² − (a + β·s₁ + γ)(b + β·s₂ + γ)(c + γ)·z_ω·α
    F.sqr(ALPHA2, ALPHA);
    F.mulAdd(E3A, BETA, ES1, EA, T); F.add(E3A, E3A, GAMMA);
    F.mulAdd(E3B, BETA, ES2, EB, T); F.add(E3B, E3B, GAMMA);
    F.add(E3C, EC, GAMMA);
    F.mul(R0, L1, ALPHA2);
    F.sub(R0, PI, R0);
    F.mul(T, E3A, E3B); F.mul(T, T, E3C); F.mul(T, T, EZW); F.mul(T, T, ALPHA);
    F.sub(R0, R0, T);

    for (let t = 0; t < TERMS; t++) {
      F.zero(X2 + t);
      F.zero(G2 + t);
    }
    // −A₁ = −W_ξ − u·W_ξω
    F.neg(X2 + WXI, ONE);
    F.neg(X2 + WXIW, U);

    // B₁'s scalars. D's gate part: a·b·Qm + a·Ql + b·Qr + c·Qo + Qc.
    F.mul(G2 + QM, EA, EB);
    F.copy(G2 + QL, EA); F.copy(G2 + QR, EB); F.copy(G2 + QO, EC); F.copy(G2 + QC, ONE);
    // D's permutation part on Z: (a + βξ + γ)(b + βξ·k₁ + γ)(c + βξ·k₂ + γ)·α + L₁·α² + u
    F.mul(BXI, BETA, XI);
    F.add(ACC, EA, BXI); F.add(ACC, ACC, GAMMA);
    F.mulAdd(T2S, BXI, K1, EB, T); F.add(T2S, T2S, GAMMA); F.mul(ACC, ACC, T2S);
    F.mulAdd(T2S, BXI, K2, EC, T); F.add(T2S, T2S, GAMMA); F.mul(ACC, ACC, T2S);
    F.mul(ACC, ACC, ALPHA);
    F.mul(T, L1, ALPHA2); F.add(ACC, ACC, T);
    F.add(G2 + Z, ACC, U);
    // … and on S₃: −(a + β·s₁ + γ)(b + β·s₂ + γ)·α·β·z_ω
    F.mul(T, E3A, E3B); F.mul(T, T, ALPHA); F.mul(T, T, BETA); F.mul(T, T, EZW);
    F.neg(G2 + S3, T);
    // D's quotient part: −Z_H(ξ)·(T₁ + ξⁿ·T₂ + ξ²ⁿ·T₃)
    F.neg(G2 + T1, ZH);
    F.mul(G2 + T2, G2 + T1, XIN);
    F.mul(G2 + T3, G2 + T2, XIN);
    // F's openings: v·A + v²·B + v³·C + v⁴·S₁ + v⁵·S₂
    F.copy(G2 + A, V1); F.copy(G2 + B, V2); F.copy(G2 + C, V3); F.copy(G2 + S1, V4); F.copy(G2 + S2, V5);
    // −E = −e·[1]₁, e = −r₀ + v·a + v²·b + v³·c + v⁴·s₁ + v⁵·s₂ + u·z_ω
    F.neg(EV, R0);
    F.mulAdd(EV, V1, EA, EV, T); F.mulAdd(EV, V2, EB, EV, T); F.mulAdd(EV, V3, EC, EV, T);
    F.mulAdd(EV, V4, ES1, EV, T); F.mulAdd(EV, V5, ES2, EV, T); F.mulAdd(EV, U, EZW, EV, T);
    F.neg(G2 + G, EV);
    // ξ·W_ξ + u·ξ·ω·W_ξω
    F.copy(G2 + WXI, XI);
    F.mul(T, U, XI); F.mul(G2 + WXIW, T, OMEGA);
  },
};
