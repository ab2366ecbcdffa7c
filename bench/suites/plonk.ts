/**
 * PLONK and FFLONK verification on real snarkjs 0.7.6 proofs (the fixtures of `test/fixtures/plonk/`, made by
 * `scripts/make-plonk-fixtures.ts`: a circom circuit with 4 public signals; PLONK on BN254 and BLS12-381,
 * FFLONK on BN254): `wc.plonk.verify` / `wc.fflonk.verify` on the engine under test (the CLI's has 2 workers
 * by default), the same on an engine without workers ("in-thread"), and snarkjs warm (its curve built and
 * cached by a first call); a batch of 16 proofs of one key (`verifyBatch`; snarkjs: 16 verifications — the
 * ratio of our batch to 16 of our single verifies is read off the `verify` row); and in Node the cold first
 * call, in fresh child processes from before the library's import to the verdict (webcurves: import,
 * `createEngine({ workers: 2, gpu: 'off' })`, one verify; snarkjs: import, one verify, which builds its curve).
 * Every case checks that the proof verifies and a tampered one does not before it is timed.
 * @module
 */
import type { Engine, EngineOptions } from 'webcurves';
import plonkBnVk from '../../test/fixtures/plonk/plonk/bn128/several/verification_key.json' with { type: 'json' };
import plonkBnProof from '../../test/fixtures/plonk/plonk/bn128/several/proof.json' with { type: 'json' };
import plonkBnPublic from '../../test/fixtures/plonk/plonk/bn128/several/public.json' with { type: 'json' };
import plonkBnProof1 from '../../test/fixtures/plonk/plonk/bn128/several/proof.1.json' with { type: 'json' };
import plonkBnPublic1 from '../../test/fixtures/plonk/plonk/bn128/several/public.1.json' with { type: 'json' };
import plonkBnProof2 from '../../test/fixtures/plonk/plonk/bn128/several/proof.2.json' with { type: 'json' };
import plonkBnPublic2 from '../../test/fixtures/plonk/plonk/bn128/several/public.2.json' with { type: 'json' };
import plonkBlsVk from '../../test/fixtures/plonk/plonk/bls12381/several/verification_key.json' with { type: 'json' };
import plonkBlsProof from '../../test/fixtures/plonk/plonk/bls12381/several/proof.json' with { type: 'json' };
import plonkBlsPublic from '../../test/fixtures/plonk/plonk/bls12381/several/public.json' with { type: 'json' };
import plonkBlsProof1 from '../../test/fixtures/plonk/plonk/bls12381/several/proof.1.json' with { type: 'json' };
import plonkBlsPublic1 from '../../test/fixtures/plonk/plonk/bls12381/several/public.1.json' with { type: 'json' };
import plonkBlsProof2 from '../../test/fixtures/plonk/plonk/bls12381/several/proof.2.json' with { type: 'json' };
import plonkBlsPublic2 from '../../test/fixtures/plonk/plonk/bls12381/several/public.2.json' with { type: 'json' };
import fflonkVk from '../../test/fixtures/plonk/fflonk/bn128/several/verification_key.json' with { type: 'json' };
import fflonkProof from '../../test/fixtures/plonk/fflonk/bn128/several/proof.json' with { type: 'json' };
import fflonkPublic from '../../test/fixtures/plonk/fflonk/bn128/several/public.json' with { type: 'json' };
import fflonkProof1 from '../../test/fixtures/plonk/fflonk/bn128/several/proof.1.json' with { type: 'json' };
import fflonkPublic1 from '../../test/fixtures/plonk/fflonk/bn128/several/public.1.json' with { type: 'json' };
import fflonkProof2 from '../../test/fixtures/plonk/fflonk/bn128/several/proof.2.json' with { type: 'json' };
import fflonkPublic2 from '../../test/fixtures/plonk/fflonk/bn128/several/public.2.json' with { type: 'json' };
import { paramValues } from '../params.js';
import { loadPeer, unavailableCase } from '../peers.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';
import { coldParam, coldRun, coldSource, isNode, terminateSnarkjs, type Snarkjs } from '../snarkjs-peer.js';

const BATCH = 16;
type System = 'plonk' | 'fflonk';
type Json = Record<string, unknown>;

/** One key, its proofs, and a tampered copy of the first proof's signals. */
export interface Fixture {
  readonly system: System;
  readonly vk: Json;
  readonly proof: Json;
  readonly publicSignals: string[];
  readonly badSignals: string[];
  readonly batch: { publicSignals: string[]; proof: Json }[];
}

export const CASES = {
  'plonk-bn254': { system: 'plonk', label: 'PLONK · BN254', vk: plonkBnVk, proofs: [[plonkBnProof, plonkBnPublic], [plonkBnProof1, plonkBnPublic1], [plonkBnProof2, plonkBnPublic2]] },
  'plonk-bls12_381': { system: 'plonk', label: 'PLONK · BLS12-381', vk: plonkBlsVk, proofs: [[plonkBlsProof, plonkBlsPublic], [plonkBlsProof1, plonkBlsPublic1], [plonkBlsProof2, plonkBlsPublic2]] },
  'fflonk-bn254': { system: 'fflonk', label: 'FFLONK · BN254', vk: fflonkVk, proofs: [[fflonkProof, fflonkPublic], [fflonkProof1, fflonkPublic1], [fflonkProof2, fflonkPublic2]] },
} as const satisfies Record<string, { system: System; label: string; vk: unknown; proofs: readonly (readonly [unknown, readonly string[]])[] }>;
export type CaseId = keyof typeof CASES;

/** A case's key, first proof, tampered signals and batch of 16. @throws nothing. */
export function fixture(id: CaseId): Fixture {
  const c = CASES[id];
  const proofs = c.proofs.map(([proof, publicSignals]) => ({ proof: proof as Json, publicSignals: [...publicSignals] }));
  const first = proofs[0]!;
  const badSignals = first.publicSignals.map((x, i) => (i === 0 ? String(BigInt(x) + 1n) : x));
  // 16 proofs of one key: the fixture's 3 distinct proofs, repeated (each is verified with its own random coefficient)
  const batch = Array.from({ length: BATCH }, (_, i) => proofs[i % proofs.length]!);
  return { system: c.system, vk: c.vk as Json, proof: first.proof, publicSignals: first.publicSignals, badSignals, batch };
}



/** The PLONK/FFLONK suite. */
export const plonkSuite: BenchSuite = {
  id: 'plonk',
  title: 'PLONK and FFLONK verification',
  description:
    'wc.plonk.verify and wc.fflonk.verify with the engine’s workers and in-thread, snarkjs 0.7.6 warm; a batch of 16 proofs (verifyBatch; snarkjs: 16 verifications); in Node, the cold first call in fresh processes.',
  params: [
    {
      id: 'system',
      label: 'System · curve',
      options: (Object.keys(CASES) as CaseId[]).map((id) => ({ value: id, label: CASES[id].label })),
      // quick: one case, so that the demo's quick run of every suite (and its browser test) stays short
      defaults: { quick: ['plonk-bn254'], full: ['plonk-bn254', 'plonk-bls12_381', 'fflonk-bn254'] },
    },
    coldParam,
  ],
  async cases(ctx: BenchContext) {
    const { engine } = ctx;
    const ids = paramValues(plonkSuite, ctx, 'system') as CaseId[];
    const cold = isNode && paramValues(plonkSuite, ctx, 'cold').includes('yes');
    const snarkPeer = (): Promise<Awaited<ReturnType<typeof loadPeer<Snarkjs>>>> => loadPeer('snarkjs', () => import('snarkjs'));
    const out: BenchCase[] = [];
    for (const id of ids) {
      const subject = `${CASES[id].label} · 4 signals`;
      const meta = (op: string, impl: string) => ({ suite: 'plonk', subject, op, impl });
      const ours = (impl: string, options: EngineOptions | undefined): BenchCase[] => {
        let wc: Engine = engine;
        let f!: Fixture;
        const api = () => wc[f.system] as Engine['plonk'];
        const setup = async (): Promise<void> => {
          f = fixture(id);
          if (options) {
            if (!ctx.createEngine) throw new Error('this runner cannot create engines');
            wc = await ctx.createEngine(options);
          }
          // Repeated verification of one key: prepared (with workers, that readies them for the curve too).
          await api().prepare(f.vk as never);
        };
        const teardown = async (): Promise<void> => {
          if (options) await wc.close();
        };
        return [
          {
            ...meta('verify', impl),
            setup,
            teardown,
            check: async () => (await api().verify(f.vk as never, f.publicSignals, f.proof as never)) && !(await api().verify(f.vk as never, f.badSignals, f.proof as never)),
            run: async (k: number) => {
              for (let i = 0; i < k; i++) await api().verify(f.vk as never, f.publicSignals, f.proof as never);
            },
          },
          {
            ...meta(`batch of ${BATCH}`, impl),
            setup,
            teardown,
            check: async () => {
              const all = await api().verifyBatch(f.vk as never, f.batch as never);
              const bad = await api().verifyBatch(f.vk as never, f.batch.map((it, i) => (i === 5 ? { ...it, publicSignals: f.badSignals } : it)) as never);
              return all.valid && all.results.every(Boolean) && !bad.valid && bad.results.filter((x) => !x).length === 1;
            },
            run: async (k: number) => {
              for (let i = 0; i < k; i++) await api().verifyBatch(f.vk as never, f.batch as never);
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
          f = fixture(id);
        };
        const teardown = async (): Promise<void> => {
          if (s) await terminateSnarkjs(s);
        };
        return [
          {
            ...meta('verify', 'snarkjs'),
            setup,
            teardown,
            check: async () => (await s[f.system].verify(f.vk, f.publicSignals, f.proof)) && !(await s[f.system].verify(f.vk, f.badSignals, f.proof)),
            run: async (k: number) => {
              for (let i = 0; i < k; i++) await s[f.system].verify(f.vk, f.publicSignals, f.proof);
            },
          },
          {
            ...meta(`batch of ${BATCH}`, 'snarkjs'),
            setup,
            teardown,
            check: async () => {
              for (const it of f.batch) if (!(await s[f.system].verify(f.vk, it.publicSignals, it.proof))) return false;
              return true;
            },
            run: async (k: number) => {
              for (let i = 0; i < k; i++) for (const it of f.batch) await s[f.system].verify(f.vk, it.publicSignals, it.proof);
            },
          },
        ];
      };
      out.push(...ours('webcurves', undefined), ...ours('webcurves in-thread', { workers: 0, gpu: 'off' }));
      const peer = await snarkPeer();
      if (peer.ok) out.push(...theirs());
      else out.push(unavailableCase(meta('verify', 'snarkjs'), peer.reason), unavailableCase(meta(`batch of ${BATCH}`, 'snarkjs'), peer.reason));
      if (cold) {
        for (const impl of ['webcurves', 'snarkjs'] as const) {
          let f!: Fixture;
          out.push({
            ...meta('cold first call', impl),
            setup: () => {
              f = fixture(id);
            },
            check: async () => (await coldRun(coldSource(impl, f.system, f))) > 0,
            run: () => {
              throw new Error('timed by measure()');
            },
            measure: async (k: number) => {
              let ms = 0;
              for (let i = 0; i < k; i++) ms += await coldRun(coldSource(impl, f.system, f));
              return ms;
            },
          });
        }
      }
    }
    return out;
  },
};
