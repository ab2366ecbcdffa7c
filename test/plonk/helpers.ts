/**
 * PLONK/FFLONK test material: the fixtures of `test/fixtures/plonk/` (made by `scripts/make-plonk-fixtures.ts`
 * with circom2 and snarkjs 0.7.6), tamperings of their proofs built with @noble/curves' G1 arithmetic, and
 * snarkjs as the reference verifier (its cached curves terminated afterwards, so the process exits).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import * as snarkjs from 'snarkjs';
import type { Json } from '../groth16/helpers.js';

export type { Json } from '../groth16/helpers.js';
export { groth16Engines as plonkEngines, terminateSnarkjs } from '../groth16/helpers.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'plonk');

export type System = 'plonk' | 'fflonk';
export type SnarkCurveName = 'bn128' | 'bls12381';

/** One proof of a fixture key. */
export interface Triple {
  vk: Json;
  proof: Json;
  publicSignals: string[];
}

/** A fixture: a key and every proof made for it. */
export interface Fixture {
  readonly system: System;
  readonly curve: SnarkCurveName;
  readonly circuit: string;
  readonly label: string;
  readonly vk: Json;
  readonly proofs: readonly { proof: Json; publicSignals: string[] }[];
}

const read = (p: string): Json => JSON.parse(readFileSync(p, 'utf8'));

/** Every fixture (fails loudly when one is missing: a test over no fixtures would assert nothing). */
export const FIXTURES: readonly Fixture[] = (
  [
    ['plonk', 'bn128', 'one'],
    ['plonk', 'bn128', 'several'],
    ['plonk', 'bls12381', 'one'],
    ['plonk', 'bls12381', 'several'],
    ['fflonk', 'bn128', 'none'],
    ['fflonk', 'bn128', 'one'],
    ['fflonk', 'bn128', 'several'],
  ] as const
).map(([system, curve, circuit]) => {
  const d = join(DIR, system, curve, circuit);
  const proofs: { proof: Json; publicSignals: string[] }[] = [];
  for (let i = 0; existsSync(join(d, i === 0 ? 'proof.json' : `proof.${i}.json`)); i++) {
    const s = i === 0 ? '' : `.${i}`;
    proofs.push({ proof: read(join(d, `proof${s}.json`)), publicSignals: read(join(d, `public${s}.json`)) });
  }
  if (proofs.length === 0) throw new Error(`no proofs in ${d}: run scripts/make-plonk-fixtures.ts`);
  return { system, curve, circuit, label: `${system} ${curve} ${circuit}`, vk: read(join(d, 'verification_key.json')), proofs };
});

/** The first proof of a fixture as a triple (deep copies, free to tamper with). */
export function triple(f: Fixture, i = 0): Triple {
  return structuredClone({ vk: f.vk, proof: f.proofs[i]!.proof, publicSignals: f.proofs[i]!.publicSignals });
}

/** Scalar field order of a snarkjs curve name. */
export function order(curve: SnarkCurveName): bigint {
  return curve === 'bn128' ? nobleBn.fields.Fr.ORDER : nobleBls.fields.Fr.ORDER;
}

/** Paths (in the proof JSON) of a system's commitments and evaluations. */
export function proofPaths(system: System): { points: string[][]; evals: string[][] } {
  if (system === 'plonk')
    return {
      points: ['A', 'B', 'C', 'Z', 'T1', 'T2', 'T3', 'Wxi', 'Wxiw'].map((k) => [k]),
      evals: ['eval_a', 'eval_b', 'eval_c', 'eval_s1', 'eval_s2', 'eval_zw'].map((k) => [k]),
    };
  return {
    points: ['C1', 'C2', 'W1', 'W2'].map((k) => ['polynomials', k]),
    evals: ['ql', 'qr', 'qm', 'qo', 'qc', 's1', 's2', 's3', 'a', 'b', 'c', 'z', 'zw', 't1w', 't2w'].map((k) => ['evaluations', k]),
  };
}

export function getPath(o: Json, path: readonly string[]): Json {
  return path.reduce((v, k) => v[k], o);
}

export function setPath(o: Json, path: readonly string[], value: Json): void {
  const last = path[path.length - 1]!;
  getPath(o, path.slice(0, -1))[last] = value;
}

/** P + k·G in G1 (noble), as snarkjs JSON (identity as [0, 1, 0]). */
export function shiftG1(curve: SnarkCurveName, P: Json, k: bigint): string[] {
  const Point = (curve === 'bn128' ? nobleBn.G1.Point : nobleBls.G1.Point) as unknown as {
    BASE: { multiply(k: bigint): NoblePoint };
    ZERO: NoblePoint;
    fromAffine(a: { x: bigint; y: bigint }): NoblePoint;
  };
  const base = P[2] === '0' ? Point.ZERO : Point.fromAffine({ x: BigInt(P[0]), y: BigInt(P[1]) });
  const Q = k === 0n ? base : base.add(Point.BASE.multiply(k));
  if (Q.is0()) return ['0', '1', '0'];
  const a = Q.toAffine();
  return [a.x.toString(), a.y.toString(), '1'];
}
interface NoblePoint {
  add(o: NoblePoint): NoblePoint;
  is0(): boolean;
  toAffine(): { x: bigint; y: bigint };
}

const quiet = { info() {}, debug() {}, warn() {}, error() {} };

/** snarkjs's verdict ('threw' when it throws, as a caller would see an exception). */
export async function snarkjsVerify(system: System, t: Triple): Promise<boolean | 'threw'> {
  try {
    return await snarkjs[system].verify(t.vk, t.publicSignals, t.proof, quiet);
  } catch {
    return 'threw';
  }
}
