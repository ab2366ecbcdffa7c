/**
 * Groth16 verification (BN254 and BLS12-381, 1 and 10 public inputs): `wc.groth16.verify` on the engine under
 * test (the CLI's has 2 workers by default), the same on an engine without workers ("in-thread"), and
 * snarkjs 0.7.6 (`snarkjs.groth16.verify`, curve built and cached by a first call: warm); a batch of 16
 * proofs of one key (`verifyBatch`; snarkjs: 16 verifications); and in Node the cold first call, measured
 * inside fresh child processes from before the library's import to the verdict (webcurves: import,
 * `createEngine({ workers: 2, gpu: 'off' })`, one verify; snarkjs: import, one verify, which builds its curve).
 *
 * The proofs are synthesised from known discrete logs (α, β, γ, δ, ICᵢ, a, b chosen, c solved from the
 * verification equation) on the engine's own curves, in the first case's `setup`; every case checks that a
 * valid proof verifies and a tampered one does not before it is timed.
 * @module
 */
import type { Engine, EngineOptions, G1Point, G2Point, SnarkjsProof, SnarkjsVerificationKey } from 'webcurves';
import { paramValues } from '../params.js';
import { loadPeer, unavailableCase } from '../peers.js';
import { seededScalars } from '../seeded.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';
import { coldParam, coldRun, coldSource, isNode, terminateSnarkjs, type Snarkjs } from '../snarkjs-peer.js';

export type Curve = 'bn254' | 'bls12_381';
const SNARK_NAME: Record<Curve, string> = { bn254: 'bn128', bls12_381: 'bls12381' };
const BATCH = 16;


/** One key, one proof, a batch of distinct proofs, and a tampered copy of the signals. */
export interface Fixture {
  readonly vk: SnarkjsVerificationKey;
  readonly proof: SnarkjsProof;
  readonly publicSignals: string[];
  readonly badSignals: string[];
  readonly batch: { publicSignals: string[]; proof: SnarkjsProof }[];
}


function invMod(x: bigint, m: bigint): bigint {
  let [t, nt, r, nr] = [0n, 1n, m, ((x % m) + m) % m];
  while (nr !== 0n) {
    const q = r / nr;
    [t, nt] = [nt, t - q * nt];
    [r, nr] = [nr, r - q * nr];
  }
  return ((t % m) + m) % m;
}

const g1Json = (P: G1Point): string[] => [P.x.toString(), P.y.toString(), '1'];
const g2Json = (Q: G2Point): string[][] => [[Q.x[0].toString(), Q.x[1].toString()], [Q.y[0].toString(), Q.y[1].toString()], ['1', '0']];

/**
 * A key and BATCH + 1 proofs in snarkjs JSON: e(a·G1, b·G2) = e(α·G1, β·G2)·e(L·G1, γ·G2)·e(c·G1, δ·G2), with
 * L = ic₀ + Σ sᵢ·icᵢ, i.e. c = (ab − αβ − Lγ)/δ mod r.
 */
export function synthesise(engine: Engine, curve: Curve, nPublic: number): Fixture {
  const c = engine[curve];
  const r = c.r;
  const [alpha, beta, gamma, delta, ...ic] = seededScalars(5 + nPublic, r, BigInt(nPublic) * 1000n + (curve === 'bn254' ? 1n : 2n), { nonZero: true }) as [bigint, bigint, bigint, bigint, ...bigint[]];
  const g1 = (k: bigint): string[] => g1Json(c.G1.mul(c.G1.generator, k));
  const g2 = (k: bigint): string[][] => g2Json(c.G2.mul(c.G2.generator, k));
  const vk = {
    protocol: 'groth16',
    curve: SNARK_NAME[curve],
    nPublic,
    vk_alpha_1: g1(alpha),
    vk_beta_2: g2(beta),
    vk_gamma_2: g2(gamma),
    vk_delta_2: g2(delta),
    IC: ic.map(g1),
  };
  const proofs = Array.from({ length: BATCH + 1 }, (_, j) => {
    const [a, b, ...s] = seededScalars(2 + nPublic, r, BigInt(j + 1) * 7919n + BigInt(nPublic), { nonZero: true }) as [bigint, bigint, ...bigint[]];
    const L = s.reduce((acc, x, i) => (acc + x * ic[i + 1]!) % r, ic[0]!);
    const cc = ((((a * b - alpha * beta - L * gamma) % r) + r) % r) * invMod(delta, r) % r;
    return {
      publicSignals: s.map(String),
      proof: { pi_a: g1(a), pi_b: g2(b), pi_c: g1(cc), protocol: 'groth16', curve: SNARK_NAME[curve] },
    };
  });
  const [first, ...batch] = proofs as [(typeof proofs)[0], ...typeof proofs];
  const badSignals = nPublic === 0 ? [] : first.publicSignals.map((x, i) => (i === 0 ? String((BigInt(x) + 1n) % r) : x));
  return { vk, proof: first.proof, publicSignals: first.publicSignals, badSignals, batch };
}




/** The Groth16 suite. */
export const groth16Suite: BenchSuite = {
  id: 'groth16',
  title: 'Groth16 verification',
  description:
    'wc.groth16.verify with the engine’s workers and in-thread, snarkjs 0.7.6 warm; a batch of 16 proofs (verifyBatch; snarkjs: 16 verifications); in Node, the cold first call in fresh processes.',
  params: [
    {
      id: 'curve',
      label: 'Curve',
      options: [
        { value: 'bn254', label: 'BN254' },
        { value: 'bls12_381', label: 'BLS12-381' },
      ],
      defaults: { quick: ['bn254'], full: ['bn254', 'bls12_381'] },
    },
    {
      id: 'inputs',
      label: 'Public inputs',
      options: ['1', '10'].map((v) => ({ value: v, label: v })),
      defaults: { quick: ['1'], full: ['1', '10'] },
    },
    coldParam,
  ],
  async cases(ctx: BenchContext) {
    const { engine } = ctx;
    const curves = paramValues(groth16Suite, ctx, 'curve') as Curve[];
    const inputs = paramValues(groth16Suite, ctx, 'inputs').map(Number);
    const cold = isNode && paramValues(groth16Suite, ctx, 'cold').includes('yes');
    const fixtures = new Map<string, Fixture>();
    const fixture = (curve: Curve, n: number): Fixture => {
      const key = `${curve}/${n}`;
      let f = fixtures.get(key);
      if (!f) fixtures.set(key, (f = synthesise(engine, curve, n)));
      return f;
    };
    const snarkPeer = (): Promise<Awaited<ReturnType<typeof loadPeer<Snarkjs>>>> => loadPeer('snarkjs', () => import('snarkjs'));
    const out: BenchCase[] = [];
    for (const curve of curves) {
      for (const n of inputs) {
        const subject = `${curve} · ${n} input${n === 1 ? '' : 's'}`;
        const meta = (op: string, impl: string) => ({ suite: 'groth16', subject, op, impl });
        // webcurves, on a given engine (the context's, or one without workers made in setup)
        const ours = (impl: string, options: EngineOptions | undefined): BenchCase[] => {
          let wc: Engine = engine;
          let f!: Fixture;
          const setup = async (): Promise<void> => {
            f = fixture(curve, n);
            if (options) {
              if (!ctx.createEngine) throw new Error('this runner cannot create engines');
              wc = await ctx.createEngine(options);
            }
          };
          const teardown = async (): Promise<void> => {
            if (options) await wc.close();
          };
          return [
            {
              ...meta('verify', impl),
              setup,
              teardown,
              check: async () =>
                (await wc.groth16.verify(f.vk, f.publicSignals, f.proof)) &&
                (n === 0 || !(await wc.groth16.verify(f.vk, f.badSignals, f.proof))),
              run: async (k: number) => {
                for (let i = 0; i < k; i++) await wc.groth16.verify(f.vk, f.publicSignals, f.proof);
              },
            },
            {
              ...meta(`batch of ${BATCH}`, impl),
              setup,
              teardown,
              check: async () => {
                const all = await wc.groth16.verifyBatch(f.vk, f.batch);
                const bad = await wc.groth16.verifyBatch(f.vk, f.batch.map((it, i) => (i === 5 ? { ...it, publicSignals: f.badSignals } : it)));
                return all.valid && all.results.every(Boolean) && !bad.valid && bad.results.filter((x) => !x).length === 1;
              },
              run: async (k: number) => {
                for (let i = 0; i < k; i++) await wc.groth16.verifyBatch(f.vk, f.batch);
              },
            },
          ];
        };
        const theirs = (): BenchCase[] => {
          let s!: Snarkjs;
          let f!: Fixture;
          const setup = async (): Promise<void> => {
            const p = await snarkPeer();
            if (!p.ok) throw new Error(p.reason);
            s = p.peer;
            f = fixture(curve, n);
          };
          const teardown = async (): Promise<void> => {
            if (s) await terminateSnarkjs(s);
          };
          return [
            {
              ...meta('verify', 'snarkjs'),
              setup,
              teardown,
              check: async () => (await s.groth16.verify(f.vk, f.publicSignals, f.proof)) && !(await s.groth16.verify(f.vk, f.badSignals, f.proof)),
              run: async (k: number) => {
                for (let i = 0; i < k; i++) await s.groth16.verify(f.vk, f.publicSignals, f.proof);
              },
            },
            {
              ...meta(`batch of ${BATCH}`, 'snarkjs'),
              setup,
              teardown,
              // One after the other: concurrent first calls would each build (and leak) a curve with its threads.
              check: async () => {
                for (const it of f.batch) if (!(await s.groth16.verify(f.vk, it.publicSignals, it.proof))) return false;
                return true;
              },
              run: async (k: number) => {
                for (let i = 0; i < k; i++) for (const it of f.batch) await s.groth16.verify(f.vk, it.publicSignals, it.proof);
              },
            },
          ];
        };
        out.push(...ours('webcurves', undefined), ...ours('webcurves in-thread', { workers: 0, gpu: 'off' }));
        const peer = await snarkPeer();
        if (peer.ok) out.push(...theirs());
        else out.push(unavailableCase(meta('verify', 'snarkjs'), peer.reason), unavailableCase(meta(`batch of ${BATCH}`, 'snarkjs'), peer.reason));
        if (cold && n === inputs[0]) {
          for (const impl of ['webcurves', 'snarkjs'] as const) {
            let f!: Fixture;
            out.push({
              ...meta('cold first call', impl),
              setup: () => {
                f = fixture(curve, n);
              },
              check: async () => (await coldRun(coldSource(impl, 'groth16', f))) > 0,
              run: () => {
                throw new Error('timed by measure()');
              },
              measure: async (k: number) => {
                let ms = 0;
                for (let i = 0; i < k; i++) ms += await coldRun(coldSource(impl, 'groth16', f));
                return ms;
              },
            });
          }
        }
      }
    }
    return out;
  },
};
