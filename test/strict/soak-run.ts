/**
 * The soak run behind `test/strict/soak.test.ts`: one engine (`workers: 2, gpu: 'off'`) under a seeded random
 * mix of operations for a given time, every result checked against an independent oracle, with memory sampled
 * every few seconds after a full GC.
 *
 * Run by the test in a child process, `node --expose-gc --import tsx test/strict/soak-run.ts`, so that
 * `global.gc` exists and the numbers are those of a plain Node program (no test runner in the heap); the
 * child writes its samples and counts as JSON to `SOAK_OUT` and prints one summary line. Environment:
 * `SOAK_SECONDS` (default 3), `SOAK_SEED`, `SOAK_SAMPLE_MS` (default 5000), `SOAK_MAX_IN_FLIGHT` (default 8),
 * `SOAK_MAX_MSM` (default 3000), `SOAK_ABORTS` (0: no aborted operations, so no worker is replaced),
 * `SOAK_OUT` (default `test-results/soak.json`; a text table goes next to it, `….txt`, and the samples so far
 * to `….partial` every 30 s), `SOAK_HEAP_SNAPSHOTS` (a folder: heap snapshots at the 25 % mark and at the end;
 * diagnostics only — writing one leaves RSS some 80 MB higher). tsx must resolve `webcurves` to the built
 * package: `TSX_TSCONFIG_PATH=bench/tsconfig.json` (the test sets it).
 *
 * Oracles: @noble/curves for BN254/BLS12-381 points and GT values (MSMs as closed forms Σ kᵢ·(i·G) =
 * (Σ kᵢ·i)·G over tables of i·G built with noble's additions); the pairing checks' truth from their
 * construction (e(i·G1, j·G2)·e(−k·G1, G2) = 1 iff k ≡ i·j); @scure/starknet for Starknet; the BigInt Edwards
 * formulas of `src/math/edwards.ts` for the embedded curves; snarkjs' verdicts on the garaga proofs and their
 * tamperings, computed once (and cached in `test-results/`). Bad inputs must throw a `WebcurvesError` with the expected code.
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import * as scure from '@scure/starknet';
import { createEngine, curves, isWebcurvesError, type CurvePoint, type Engine, type G1Point, type G2Point, type PreparedBases, type PreparedG2 } from 'webcurves';
// The engine's internals are not exported by the package: the run reaches them in the build ('webcurves' is the
// build here too, see soak.test.ts), so that one copy of the library is loaded.
import { ENGINE_INTERNALS, type EngineInternals } from '../../dist/src/engine.js';
import { edwardsRef } from '../../src/math/edwards.js';
import { g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import type { Json } from '../groth16/helpers.js';

// ------------------------------------------------------------------ options

export interface SoakOptions {
  readonly seconds: number;
  readonly seed: number;
  readonly sampleEveryMs: number;
  readonly maxInFlight: number;
  /** Aborted operations (MSMs, pairing checks, Groth16: running ones terminate and replace their worker) in the mix. */
  readonly aborts: boolean;
  /** Largest MSM. */
  readonly maxMsm: number;
  /** An operation that takes longer than this is a hang. */
  readonly opTimeoutMs: number;
  /** Diagnostics: a folder where heap snapshots are written at the 25 % mark and at the end. */
  readonly heapSnapshots?: string;
  /** Called after each sample (the child writes its samples so far, so a long run can be watched). */
  readonly onSample?: (samples: readonly SoakSample[]) => void;
}

/** One memory sample (bytes), taken with nothing in flight, after `gc()` where available. */
export interface SoakSample {
  /** Seconds since the mix started. */
  readonly t: number;
  readonly ops: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** The calling thread's V8 heap spaces in use (old_space, code_space, …). */
  readonly heapSpaces: Record<string, number>;
  /** The calling thread's wasm memories, per module. */
  readonly threadWasm: Record<string, number>;
  /** Each worker's id, wasm memories per module and JavaScript heap in use. */
  readonly workers: readonly { readonly id: string; readonly wasm: Record<string, number>; readonly heapUsed?: number }[];
}

export interface SoakReport {
  readonly options: SoakOptions;
  readonly gc: boolean;
  readonly node: string;
  /** Seconds spent before the mix started (snarkjs verdicts, oracle tables, engine). */
  readonly setupS: number;
  /** Milliseconds per setup step. */
  readonly setupParts: Record<string, number>;
  readonly elapsedS: number;
  readonly ops: number;
  readonly counts: Record<string, number>;
  /** Aborted operations that rejected with ABORTED (the others finished first and were checked). */
  readonly abortedOps: number;
  /** Distinct worker ids seen in samples (2 + replacements seen). */
  readonly workerIds: number;
  readonly maxInFlightSeen: number;
  /**
   * Per MSM instance (`bn254:msm`, …), the wasm memory of a fresh instance after the soak's largest job on it
   * (`maxMsm` points of its largest group, in one slice): the high-water reference for the bound.
   */
  readonly msmReference: Record<string, number>;
  readonly failures: readonly { readonly op: string; readonly message: string }[];
  readonly samples: readonly SoakSample[];
}

// ------------------------------------------------------------------ randomness

/** SplitMix64 over BigInt: deterministic for a seed. */
class Rng {
  private s: bigint;
  constructor(seed: number) {
    this.s = BigInt(seed) & 0xffffffffffffffffn;
  }
  next64(): bigint {
    this.s = (this.s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = this.s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  }
  /** Uniform in [0, 1). */
  float(): number {
    return Number(this.next64() >> 11n) / 2 ** 53;
  }
  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)]!;
  }
  /** A uniform value of `bits` bits. */
  bits(bits: number): bigint {
    let v = 0n;
    for (let k = 0; k < bits; k += 64) v = (v << 64n) | this.next64();
    return v & ((1n << BigInt(bits)) - 1n);
  }
  /** Log-uniform integer in [1, max]: small sizes often, the largest now and then. */
  size(max: number): number {
    return Math.min(max, Math.max(1, Math.floor(Math.exp(this.float() * Math.log(max + 1)))));
  }
}

// ------------------------------------------------------------------ helpers

class SoakFailure extends Error {}

function check(ok: boolean, what: string): void {
  if (!ok) throw new SoakFailure(what);
}

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

/** Resolves to the promise's outcome; rejects with a hang once `ms` pass. */
function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SoakFailure(`hang: ${what} did not settle in ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** `f` must throw (or reject with) a WebcurvesError of this code. */
async function expectCode(f: () => unknown, code: string, what: string): Promise<void> {
  try {
    await f();
  } catch (e) {
    check(isWebcurvesError(e), `${what}: threw a non-WebcurvesError ${String(e)}`);
    check((e as { code: string }).code === code, `${what}: code ${(e as { code: string }).code}, expected ${code} (${(e as Error).message})`);
    return;
  }
  throw new SoakFailure(`${what}: did not throw (expected ${code})`);
}

/** Little-endian words of v into out at word `at`. */
function put(out: Uint32Array, at: number, v: bigint, words: number): void {
  for (let j = 0; j < words; j++, v >>= 32n) out[at + j] = Number(v & 0xffffffffn);
}

/** A packed input as Uint32Array or as the same bytes in a Uint8Array (both are accepted). */
function packed(words: Uint32Array, asBytes: boolean): Uint32Array | Uint8Array {
  return asBytes ? new Uint8Array(words.buffer, words.byteOffset, words.byteLength) : words;
}

// ------------------------------------------------------------------ oracles: pairing curves

type Noble = typeof nobleBn | typeof nobleBls;
type NobleG1 = ReturnType<Noble['G1']['Point']['BASE']['add']>;
type NobleG2 = ReturnType<Noble['G2']['Point']['BASE']['add']>;
type CurveName = 'bn254' | 'bls12_381';
type GroupName = 'G1' | 'G2';

const IO_WORDS: Record<CurveName, number> = { bn254: 8, bls12_381: 12 };

const g1Of = (P: NobleG1): G1Point => {
  if (P.is0()) return { x: 0n, y: 0n };
  const a = P.toAffine();
  return { x: a.x as bigint, y: a.y as bigint };
};
const g2Of = (P: NobleG2): G2Point => {
  if (P.is0()) return { x: [0n, 0n], y: [0n, 0n] };
  const a = P.toAffine() as { x: { c0: bigint; c1: bigint }; y: { c0: bigint; c1: bigint } };
  return { x: [a.x.c0, a.x.c1], y: [a.y.c0, a.y.c1] };
};
const coordsOf = (P: G1Point | G2Point): bigint[] => (typeof P.x === 'bigint' ? [P.x, P.y as bigint] : [...P.x, ...(P.y as readonly bigint[])]);

/** Tables i·G (i = 1..n, index i − 1) of one group, grown by noble additions as needed. */
class Table {
  readonly points: (G1Point | G2Point)[] = [];
  private acc: NobleG1 | NobleG2 | undefined;
  private packedWords: Uint32Array = new Uint32Array(0);
  constructor(
    private readonly noble: Noble,
    readonly curve: CurveName,
    readonly group: GroupName,
  ) {}
  private get base(): NobleG1 | NobleG2 {
    return this.group === 'G1' ? this.noble.G1.Point.BASE : (this.noble.G2.Point.BASE as never);
  }
  get perPoint(): number {
    return (this.group === 'G1' ? 2 : 4) * IO_WORDS[this.curve];
  }
  ensure(n: number): void {
    while (this.points.length < n) {
      this.acc = this.acc ? (this.acc.add(this.base as never) as NobleG1 | NobleG2) : this.base;
      this.points.push(this.group === 'G1' ? g1Of(this.acc as NobleG1) : g2Of(this.acc as NobleG2));
    }
    if (this.packedWords.length < n * this.perPoint) {
      const w = new Uint32Array(this.points.length * this.perPoint);
      const io = IO_WORDS[this.curve];
      this.points.forEach((P, i) => coordsOf(P).forEach((c, k) => put(w, i * this.perPoint + k * io, c, io)));
      this.packedWords = w;
    }
  }
  /** Points start+1 .. start+n (as i·G), packed. */
  packed(start: number, n: number): Uint32Array {
    this.ensure(start + n);
    return this.packedWords.slice(start * this.perPoint, (start + n) * this.perPoint);
  }
  /** s·G in our format (noble's multiplication). */
  mulG(s: bigint): G1Point | G2Point {
    const r = this.noble.fields.Fr.ORDER;
    const k = mod(s, r);
    if (k === 0n) return this.group === 'G1' ? { x: 0n, y: 0n } : { x: [0n, 0n], y: [0n, 0n] };
    const P = this.base.multiply(k);
    return this.group === 'G1' ? g1Of(P as NobleG1) : g2Of(P as NobleG2);
  }
}

// ------------------------------------------------------------------ Groth16 material

interface SnarkTriple {
  vk: Json;
  proof: Json;
  publicSignals: string[];
}

const VECTORS = ((): string => {
  const root = join(import.meta.dirname, '..', '..');
  for (const p of [join(root, '..', 'shared', 'vectors'), join(root, 'shared', 'vectors')]) {
    try {
      readFileSync(join(p, 'SOURCES.md'));
      return p;
    } catch {
      /* next */
    }
  }
  throw new Error('test vectors not found (../shared/vectors)');
})();

function garaga(curve: CurveName): SnarkTriple {
  const f = curve === 'bn254' ? 'bn254' : 'bls12381';
  const read = (name: string): never => JSON.parse(readFileSync(join(VECTORS, 'keep-starknet-strange_garaga', `snarkjs_${name}_${f}.json`), 'utf8')) as never;
  return { vk: read('vk'), proof: read('proof'), publicSignals: read('public') };
}

const TAMPERS = ['valid', 'signal+1', 'A+G', 'C=A', 'B+G'] as const;
type Tamper = (typeof TAMPERS)[number];

/** The garaga proof with one tampering applied (every result still well-formed: points on their curves). */
function tampered(t: SnarkTriple, curve: CurveName, how: Tamper): SnarkTriple {
  const noble = curve === 'bn254' ? nobleBn : nobleBls;
  const c: SnarkTriple = JSON.parse(JSON.stringify(t)) as SnarkTriple;
  const pa = c.proof.pi_a as string[];
  const pb = c.proof.pi_b as string[][];
  if (how === 'signal+1') c.publicSignals[0] = (BigInt(c.publicSignals[0]!) + 1n).toString();
  if (how === 'A+G') {
    const A = noble.G1.Point.fromAffine({ x: BigInt(pa[0]!), y: BigInt(pa[1]!) } as never).add(noble.G1.Point.BASE as never).toAffine();
    c.proof.pi_a = [String(A.x), String(A.y), '1'];
  }
  if (how === 'C=A') c.proof.pi_c = [...pa];
  if (how === 'B+G') {
    const F2 = noble.fields.Fp2;
    const B = noble.G2.Point.fromAffine({ x: F2.fromBigTuple([BigInt(pb[0]![0]!), BigInt(pb[0]![1]!)]), y: F2.fromBigTuple([BigInt(pb[1]![0]!), BigInt(pb[1]![1]!)]) } as never)
      .add(noble.G2.Point.BASE as never)
      .toAffine() as { x: { c0: bigint; c1: bigint }; y: { c0: bigint; c1: bigint } };
    c.proof.pi_b = [
      [String(B.x.c0), String(B.x.c1)],
      [String(B.y.c0), String(B.y.c1)],
      ['1', '0'],
    ];
  }
  return c;
}

/**
 * snarkjs' verdicts on every tampering: computed once and kept in `test-results/soak-snarkjs-verdicts.json`,
 * keyed by a hash of the inputs and snarkjs' version (building snarkjs' curves takes seconds). Its curves'
 * threads are terminated afterwards, so they are not part of what the soak measures.
 */
async function snarkjsVerdicts(): Promise<Record<CurveName, Record<Tamper, boolean>>> {
  const inputs = Object.fromEntries((['bn254', 'bls12_381'] as const).map((c) => [c, Object.fromEntries(TAMPERS.map((h) => [h, tampered(garaga(c), c, h)]))])) as Record<CurveName, Record<Tamper, SnarkTriple>>;
  const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'snarkjs', 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(version).update(JSON.stringify(inputs)).digest('hex');
  const cache = join(import.meta.dirname, '..', '..', 'test-results', 'soak-snarkjs-verdicts.json');
  try {
    const c = JSON.parse(readFileSync(cache, 'utf8')) as { key: string; verdicts: Record<CurveName, Record<Tamper, boolean>> };
    if (c.key === key) return c.verdicts;
  } catch {
    /* computed below */
  }
  const snarkjs = await import('snarkjs');
  const out = {} as Record<CurveName, Record<Tamper, boolean>>;
  for (const curve of ['bn254', 'bls12_381'] as const) {
    out[curve] = {} as Record<Tamper, boolean>;
    for (const how of TAMPERS) {
      const t = inputs[curve][how];
      out[curve][how] = await snarkjs.groth16.verify(t.vk, t.publicSignals, t.proof);
    }
  }
  const g = globalThis as { curve_bn128?: unknown; curve_bls12381?: unknown };
  if (g.curve_bn128) await (await snarkjs.curves.getCurveFromName('bn128')).terminate();
  if (g.curve_bls12381) await (await snarkjs.curves.getCurveFromName('bls12381')).terminate();
  delete g.curve_bn128;
  delete g.curve_bls12381;
  mkdirSync(dirname(cache), { recursive: true });
  writeFileSync(cache, JSON.stringify({ key, snarkjs: version, verdicts: out }, null, 1));
  return out;
}

// ------------------------------------------------------------------ wasm high-water reference

/**
 * The memory of each curve's MSM instance after its largest job alone, on a fresh engine: `maxMsm` points of
 * G2 (pairing curves; G2 needs about twice G1's scratch) or of the Edwards group, in the calling thread (one
 * slice: the most a single instance is ever given).
 */
async function referenceMemory(g2: Record<CurveName, Uint32Array>, edwards: Record<'ed_on_bls12_377' | 'bandersnatch', CurvePoint[]>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const jobs: [string, (wc: Engine) => Promise<unknown>][] = [];
  for (const c of ['bn254', 'bls12_381'] as const) jobs.push([c, (wc) => wc[c].G2.msm(g2[c], new Uint8Array((32 * g2[c].length) / (4 * IO_WORDS[c])).fill(0xa5), { unchecked: true })]);
  for (const name of ['ed_on_bls12_377', 'bandersnatch'] as const) {
    const pts = edwards[name];
    jobs.push([name, (wc) => wc[name].te.msm(pts, pts.map((_, i) => BigInt(i) * 0x9e3779b97f4a7c15n), { unchecked: true })]);
  }
  // One engine: each job runs on its own curve's instance.
  const wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
  try {
    for (const [curve, job] of jobs) {
      await job(wc);
      const m = await (wc as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS]!.memory();
      out[`${curve}:msm`] = m.thread[`${curve}:msm`]!;
    }
  } finally {
    await wc.close();
  }
  return out;
}

// ------------------------------------------------------------------ the run

const hex = (x: bigint): string => '0x' + x.toString(16);
const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');
const STARK_N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;
const STARK_P = 2n ** 251n + 17n * 2n ** 192n + 1n;
const MSG_BOUND = 1n << 251n;

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const setupStart = performance.now();
  const rng = new Rng(o.seed);
  const gc = (globalThis as { gc?: () => void }).gc;
  const setupParts: Record<string, number> = {};
  let mark = performance.now();
  const part = (name: string): void => {
    const now = performance.now();
    setupParts[name] = Math.round(now - mark);
    mark = now;
  };
  const verdicts = await snarkjsVerdicts();
  part('snarkjs');

  const wc: Engine = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
  const internals = (wc as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS]!;

  const nobles: Record<CurveName, Noble> = { bn254: nobleBn, bls12_381: nobleBls };
  const tables = new Map<string, Table>();
  const table = (c: CurveName, g: GroupName): Table => {
    let t = tables.get(c + g);
    if (!t) tables.set(c + g, (t = new Table(nobles[c], c, g)));
    return t;
  };
  // Built up front so that the oracle's own allocations are not mistaken for growth later.
  for (const c of ['bn254', 'bls12_381'] as const) for (const g of ['G1', 'G2'] as const) table(c, g).ensure(o.maxMsm);
  part('tables');

  // Embedded curves: i·G tables with the BigInt Edwards formulas.
  const emb = (['ed_on_bls12_377', 'bandersnatch'] as const).map((name) => {
    const d = curves[name];
    const ref = edwardsRef(d.fp.modulus, d.te.a, d.te.d);
    const G = wc[name].te.generator;
    const pts: CurvePoint[] = [];
    for (let i = 0, acc = ref.identity; i < o.maxMsm; i++) {
      acc = ref.add(acc, G);
      pts.push(acc);
    }
    return { name, ref, G, pts, r: d.fr.modulus };
  });

  part('embedded');
  const msmReference = await referenceMemory(
    { bn254: table('bn254', 'G2').packed(0, o.maxMsm), bls12_381: table('bls12_381', 'G2').packed(0, o.maxMsm) },
    { ed_on_bls12_377: emb[0]!.pts, bandersnatch: emb[1]!.pts },
  );
  part('reference');
  const garagaT = { bn254: garaga('bn254'), bls12_381: garaga('bls12_381') };
  const tamperedT = Object.fromEntries((['bn254', 'bls12_381'] as const).map((c) => [c, Object.fromEntries(TAMPERS.map((h) => [h, tampered(garagaT[c], c, h)]))])) as Record<CurveName, Record<Tamper, SnarkTriple>>;
  const keys = { bn254: await wc.groth16.prepare(garagaT.bn254.vk), bls12_381: await wc.groth16.prepare(garagaT.bls12_381.vk) };
  const offG1 = g1OutsideSubgroup('bls12_381');
  const offG2 = { bn254: g2OutsideSubgroup('bn254'), bls12_381: g2OutsideSubgroup('bls12_381') };

  // Prepared bases (a few live handles, replaced now and then) and prepared G2 points.
  interface Handle {
    readonly curve: CurveName;
    readonly group: GroupName;
    readonly start: number;
    readonly n: number;
    readonly bases: PreparedBases<G1Point | G2Point>;
    busy: number;
  }
  const handles: Handle[] = [];
  const preparedG2 = new Map<string, PreparedG2>();

  const counts: Record<string, number> = {};
  const failures: { op: string; message: string }[] = [];
  let abortedOps = 0;
  let ops = 0;

  // ---------------------------------------------------------------- operations

  const groupOf = (c: CurveName, g: GroupName) => wc[c][g] as unknown as {
    msm(p: unknown, s: unknown, o?: unknown): Promise<G1Point | G2Point>;
    prepareBases(p: unknown, o?: unknown): Promise<PreparedBases<G1Point | G2Point>>;
    mul(P: unknown, k: bigint): G1Point | G2Point;
  };

  /** Scalars for an MSM: random 256-bit values, with zeros, r − 1 and values ≥ r mixed in. */
  const scalarsFor = (n: number, r: bigint): bigint[] =>
    Array.from({ length: n }, () => {
      const u = rng.float();
      if (u < 0.03) return 0n;
      if (u < 0.06) return r - 1n;
      if (u < 0.5) return rng.bits(256);
      return mod(rng.bits(256), r);
    });
  const packScalars = (ks: readonly bigint[]): Uint32Array => {
    const w = new Uint32Array(ks.length * 8);
    ks.forEach((k, i) => put(w, i * 8, k, 8));
    return w;
  };
  /** Σ kᵢ·(start + i + 1)·G by noble. */
  const closedForm = (t: Table, start: number, ks: readonly bigint[]): G1Point | G2Point => {
    const r = t.curve === 'bn254' ? nobleBn.fields.Fr.ORDER : nobleBls.fields.Fr.ORDER;
    let s = 0n;
    ks.forEach((k, i) => (s += k * BigInt(start + i + 1)));
    return t.mulG(mod(s, r));
  };
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) === JSON.stringify(b, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

  /** Runs `f` with a signal that fires after a random delay; ABORTED (with the reason as cause) or the right answer. */
  async function maybeAborted<T>(name: string, f: (signal?: AbortSignal) => Promise<T>, verify: (v: T) => void, abortable: boolean): Promise<void> {
    if (!(abortable && o.aborts && rng.chance(0.15))) {
      verify(await f());
      return;
    }
    const ac = new AbortController();
    const reason = new Error(`soak abort ${ops}`);
    const timer = setTimeout(() => ac.abort(reason), rng.int(0, 40));
    try {
      verify(await f(ac.signal));
    } catch (e) {
      if (!(isWebcurvesError(e) && e.code === 'ABORTED')) throw e;
      check(ac.signal.aborted, `${name}: ABORTED without the signal firing`);
      check((e as Error).cause === reason, `${name}: ABORTED whose cause is not the signal's reason`);
      abortedOps++;
      counts[`${name}:aborted`] = (counts[`${name}:aborted`] ?? 0) + 1;
    } finally {
      clearTimeout(timer);
    }
  }

  async function opMsm(): Promise<string> {
    const curve = rng.pick(['bn254', 'bls12_381'] as const);
    const group = rng.pick(['G1', 'G2'] as const);
    const t = table(curve, group);
    const n = rng.size(o.maxMsm);
    const start = rng.int(0, o.maxMsm - n);
    const r = wc[curve].r;
    const ks = scalarsFor(n, r);
    const usePacked = rng.chance(0.5);
    const opts: Record<string, unknown> = {};
    if (rng.chance(0.25)) opts.unchecked = true;
    if (rng.chance(0.2)) opts.workers = rng.int(0, 2);
    const points = usePacked ? packed(t.packed(start, n), rng.chance(0.5)) : t.points.slice(start, start + n);
    const scalars = usePacked ? packed(packScalars(ks), rng.chance(0.5)) : ks;
    const expected = closedForm(t, start, ks);
    const name = `msm:${curve}.${group}`;
    await maybeAborted(
      name,
      (signal) => groupOf(curve, group).msm(points, scalars, { ...opts, signal }),
      (R) => check(same(R, expected), `${name} n=${n} start=${start} ${usePacked ? 'packed' : 'array'} ${JSON.stringify(opts)}: wrong sum`),
      true,
    );
    return name;
  }

  async function opPreparedMsm(): Promise<string> {
    // Keep up to 4 handles; replace one now and then (prepareBases, destroy).
    if (handles.length < 4 || rng.chance(0.1)) {
      const idle = handles.findIndex((h) => h.busy === 0);
      if (handles.length >= 4 && idle >= 0) handles.splice(idle, 1)[0]!.bases.destroy();
      if (handles.length < 4) {
        const curve = rng.pick(['bn254', 'bls12_381'] as const);
        const group = rng.pick(['G1', 'G2'] as const);
        const n = rng.size(o.maxMsm);
        const start = rng.int(0, o.maxMsm - n);
        const t = table(curve, group);
        const pts = rng.chance(0.5) ? t.packed(start, n) : t.points.slice(start, start + n);
        const bases = await groupOf(curve, group).prepareBases(pts, rng.chance(0.3) ? { unchecked: true } : {});
        check(bases.length === n, `prepareBases: length ${bases.length}, expected ${n}`);
        handles.push({ curve, group, start, n, bases, busy: 0 });
        return `prepareBases:${curve}.${group}`;
      }
    }
    const h = rng.pick(handles);
    h.busy++;
    try {
      const ks = scalarsFor(h.n, wc[h.curve].r);
      const expected = closedForm(table(h.curve, h.group), h.start, ks);
      const name = `preparedMsm:${h.curve}.${h.group}`;
      const scalars = rng.chance(0.5) ? packScalars(ks) : ks;
      await maybeAborted(
        name,
        (signal) => h.bases.msm(scalars, { signal }),
        (R) => check(same(R, expected), `${name} n=${h.n}: wrong sum`),
        true,
      );
      return name;
    } finally {
      h.busy--;
    }
  }

  async function opPairingCheck(): Promise<string> {
    const curve = rng.pick(['bn254', 'bls12_381'] as const);
    const c = wc[curve];
    const t1 = table(curve, 'G1');
    const t2 = table(curve, 'G2');
    const i = rng.int(1, o.maxMsm);
    const j = rng.int(1, o.maxMsm);
    const truth = rng.chance(0.5);
    const k = BigInt(i * j) + (truth ? 0n : BigInt(rng.int(1, 1000)));
    const P = t1.points[i - 1] as G1Point;
    let Q: G2Point | PreparedG2 = t2.points[j - 1] as G2Point;
    if (rng.chance(0.3)) {
      const key = `${curve}:${j}`;
      let prep = preparedG2.get(key);
      if (!prep) {
        if (preparedG2.size >= 32) preparedG2.delete(preparedG2.keys().next().value!);
        prep = c.prepareG2(Q);
        preparedG2.set(key, prep);
      }
      Q = prep;
    }
    const negK = t1.mulG(-k) as G1Point;
    const pairs: [G1Point, G2Point | PreparedG2][] = [
      [P, Q],
      [negK, c.G2.generator],
    ];
    // Extra pairs that cancel: e(a·G1, G2)·e(−a·G1, G2).
    for (let e = rng.int(0, 2); e > 0; e--) {
      const a = rng.int(1, o.maxMsm);
      pairs.push([t1.points[a - 1] as G1Point, c.G2.generator], [t1.mulG(BigInt(-a)) as G1Point, c.G2.generator]);
    }
    const name = `pairingCheck:${curve}`;
    await maybeAborted(
      name,
      (signal) => c.pairingCheck(pairs, { signal }),
      (ok) => check(ok === truth, `${name} i=${i} j=${j} k=${k}: ${ok}, expected ${truth}`),
      true,
    );
    if (rng.chance(0.05)) {
      const noble = nobles[curve];
      const a = BigInt(rng.int(1, o.maxMsm));
      const b = BigInt(rng.int(1, o.maxMsm));
      const ours = await c.pairing(t1.points[Number(a) - 1] as G1Point, t2.points[Number(b) - 1] as G2Point);
      const e = noble.pairing(noble.G1.Point.BASE.multiply(a) as never, noble.G2.Point.BASE.multiply(b) as never) as unknown as {
        c0: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } };
        c1: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } };
      };
      const theirs = [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));
      check(same(ours, theirs), `pairing:${curve} (${a}, ${b}): GT differs from noble`);
      return `pairing:${curve}`;
    }
    return name;
  }

  async function opGroth16(): Promise<string> {
    const curve = rng.pick(['bn254', 'bls12_381'] as const);
    if (rng.chance(0.25)) {
      const picks = Array.from({ length: rng.int(1, 4) }, () => rng.pick(TAMPERS));
      const items = picks.map((h) => ({ publicSignals: tamperedT[curve][h].publicSignals, proof: tamperedT[curve][h].proof }));
      const vk = rng.chance(0.5) ? keys[curve] : garagaT[curve].vk;
      const out = await wc.groth16.verifyBatch(vk, items);
      const expected = picks.map((h) => verdicts[curve][h]);
      check(same(out.results, expected) && out.valid === expected.every(Boolean), `groth16.verifyBatch:${curve} [${picks.join(', ')}]: ${JSON.stringify(out)}`);
      return `groth16.verifyBatch:${curve}`;
    }
    const how = rng.pick(TAMPERS);
    const t = tamperedT[curve][how];
    const vk = rng.chance(0.5) ? keys[curve] : t.vk;
    const name = `groth16.verify:${curve}`;
    await maybeAborted(
      name,
      (signal) => wc.groth16.verify(vk, t.publicSignals, t.proof, { signal }),
      (ok) => check(ok === verdicts[curve][how], `${name} ${how}: ${ok}, snarkjs says ${verdicts[curve][how]}`),
      true,
    );
    return name;
  }

  async function opStarknet(): Promise<string> {
    const sn = wc.starknet;
    const u = rng.float();
    if (u < 0.3) {
      const d = 1n + mod(rng.bits(252), STARK_N - 1n);
      const m = rng.bits(251);
      const ours = sn.sign(m, d);
      const theirs = scure.sign(hex(m), hex64(d));
      check(ours.r === theirs.r && ours.s === theirs.s, `starknet.sign: differs from scure for d=${hex(d)} m=${hex(m)}`);
      const pub = sn.getPublicKey(d);
      check(pub === BigInt(scure.getStarkKey(hex64(d))), 'starknet.getPublicKey differs from scure');
      check(sn.verify(pub, m, ours.r, ours.s), 'starknet.verify: a fresh signature does not verify');
      check(!sn.verify(pub, m ^ 1n, ours.r, ours.s), 'starknet.verify: a signature verifies for another message');
      return 'starknet.sign+verify';
    }
    if (u < 0.5) {
      const a = mod(rng.bits(252), STARK_P);
      const b = mod(rng.bits(252), STARK_P);
      check(sn.pedersen(a, b) === BigInt(scure.pedersen(a, b)), 'starknet.pedersen differs from scure');
      check(sn.poseidonHash(a, b) === scure.poseidonHash(a, b), 'starknet.poseidonHash differs from scure');
      return 'starknet.hash';
    }
    const n = rng.int(1, 48);
    const pairs = Array.from({ length: n }, () => [mod(rng.bits(252), STARK_P), mod(rng.bits(252), STARK_P)] as const);
    if (u < 0.65) {
      const out = await sn.pedersenBatch(pairs);
      check(out.length === n && out.every((h, i) => h === BigInt(scure.pedersen(pairs[i]![0], pairs[i]![1]))), 'starknet.pedersenBatch differs from scure');
      return 'starknet.pedersenBatch';
    }
    if (u < 0.8) {
      const out = await sn.poseidonHashBatch(pairs);
      check(out.length === n && out.every((h, i) => h === scure.poseidonHash(pairs[i]![0], pairs[i]![1])), 'starknet.poseidonHashBatch differs from scure');
      return 'starknet.poseidonHashBatch';
    }
    const m = Math.min(n, 12);
    const items = Array.from({ length: m }, () => {
      const d = 1n + mod(rng.bits(252), STARK_N - 1n);
      const msgHash = rng.bits(251);
      const sig = scure.sign(hex(msgHash), hex64(d));
      const publicKey = BigInt(scure.getStarkKey(hex64(d)));
      const bad = rng.chance(0.3);
      return { publicKey, msgHash: bad ? msgHash ^ 2n : msgHash, r: sig.r, s: sig.s, valid: !bad };
    });
    const out = await sn.verifyBatch(items);
    check(same(out, items.map((it) => it.valid)), `starknet.verifyBatch: ${JSON.stringify(out)}`);
    return 'starknet.verifyBatch';
  }

  async function opEmbedded(): Promise<string> {
    const e = rng.pick(emb);
    const te = wc[e.name].te;
    if (rng.chance(0.4)) {
      const k = rng.bits(256);
      check(same(te.mul(e.G, k), e.ref.mul(e.G, mod(k, e.r))), `${e.name}.te.mul: differs from the BigInt reference`);
      return `embedded.mul:${e.name}`;
    }
    const n = rng.size(o.maxMsm);
    const start = rng.int(0, o.maxMsm - n);
    const ks = scalarsFor(n, e.r);
    let s = 0n;
    ks.forEach((k, i) => (s += k * BigInt(start + i + 1)));
    const expected = e.ref.mul(e.G, mod(s, e.r));
    const name = `embedded.msm:${e.name}`;
    await maybeAborted(
      name,
      (signal) => te.msm(e.pts.slice(start, start + n), ks, { signal }),
      (R) => check(same(R, expected), `${name} n=${n}: wrong sum`),
      true,
    );
    return name;
  }

  const badInputs: readonly [string, string, () => unknown][] = [
    ['msm: a hole in the scalars', 'INVALID_ARGUMENT', () => { const s = [1n, 2n, 3n]; delete s[1]; return wc.bn254.G1.msm(table('bn254', 'G1').points.slice(0, 3) as G1Point[], s); }],
    ['msm: a negative scalar', 'NEGATIVE_SCALAR', () => wc.bls12_381.G1.msm(table('bls12_381', 'G1').points.slice(0, 100) as G1Point[], [...Array(99).fill(1n), -1n])],
    ['msm: a point off the curve', 'NOT_ON_CURVE', () => wc.bn254.G1.msm([...(table('bn254', 'G1').points.slice(0, 80) as G1Point[]), { x: 1n, y: 1n }], Array(81).fill(5n))],
    ['msm: a coordinate ≥ p', 'NOT_IN_FIELD', () => wc.bn254.G1.msm([{ x: wc.bn254.p, y: 2n }], [1n])],
    ['msm: a G1 point outside the subgroup', 'NOT_IN_SUBGROUP', () => wc.bls12_381.G1.msm([...(table('bls12_381', 'G1').points.slice(0, 70) as G1Point[]), offG1], Array(71).fill(3n))],
    ['msm: packed points of a ragged length', 'INVALID_ARGUMENT', () => wc.bn254.G1.msm(new Uint8Array(65), new Uint8Array(32))],
    ['msm: a signal that already fired', 'ABORTED', () => wc.bn254.G2.msm(table('bn254', 'G2').points.slice(0, 200) as G2Point[], Array(200).fill(7n), { signal: AbortSignal.abort(new Error('early')) })],
    ['pairingCheck: G2 off the twist', 'NOT_ON_CURVE', () => wc.bn254.pairingCheck([[wc.bn254.G1.generator, { x: [1n, 2n], y: [3n, 4n] }]])],
    ['pairingCheck: G2 outside the subgroup', 'NOT_IN_SUBGROUP', () => wc.bls12_381.pairingCheck([[wc.bls12_381.G1.generator, offG2.bls12_381], [wc.bls12_381.G1.generator, wc.bls12_381.G2.generator]])],
    ['pairingCheck: BN254 G2 outside the subgroup', 'NOT_IN_SUBGROUP', () => wc.bn254.pairingCheck([[wc.bn254.G1.generator, offG2.bn254]])],
    ['groth16: pi_a off the curve', 'INVALID_PROOF_FORMAT', () => { const t = garagaT.bn254; const pa = t.proof.pi_a as string[]; return wc.groth16.verify(keys.bn254, t.publicSignals, { ...t.proof, pi_a: [pa[0], String(BigInt(pa[1]!) + 1n), '1'] }); }],
    ['groth16: one signal too many', 'INVALID_PUBLIC_SIGNALS', () => wc.groth16.verify(keys.bls12_381, [...garagaT.bls12_381.publicSignals, '1'], garagaT.bls12_381.proof)],
    ['groth16.verifyBatch: a malformed item', 'INVALID_PROOF_FORMAT', () => wc.groth16.verifyBatch(keys.bn254, [{ publicSignals: garagaT.bn254.publicSignals, proof: garagaT.bn254.proof }, { publicSignals: garagaT.bn254.publicSignals, proof: { pi_a: 'nope' } }])],
    ['starknet.sign: private key 0', 'INVALID_PRIVATE_KEY', () => wc.starknet.sign(1n, 0n)],
    ['starknet.pedersen: an element ≥ p', 'NOT_IN_FIELD', () => wc.starknet.pedersen(STARK_P, 1n)],
    ['starknet.pedersenBatch: a hole', 'INVALID_ARGUMENT', () => { const a: [bigint, bigint][] = [[1n, 2n], [3n, 4n]]; delete a[0]; return wc.starknet.pedersenBatch(a); }],
    ['starknet.verify: a message hash ≥ 2^251', 'INVALID_MESSAGE_HASH', () => wc.starknet.verify(1n, MSG_BOUND, 1n, 1n)],
    ['embedded: a point off the curve', 'NOT_ON_CURVE', () => wc.bandersnatch.te.mul({ x: 1n, y: 2n }, 3n)],
  ];

  async function opBadInput(): Promise<string> {
    const [what, code, f] = rng.pick(badInputs);
    await expectCode(f, code, what);
    return 'badInput';
  }

  const mix: readonly [number, () => Promise<string>][] = [
    [30, opMsm],
    [12, opPreparedMsm],
    [16, opPairingCheck],
    [12, opGroth16],
    [14, opStarknet],
    [8, opEmbedded],
    [8, opBadInput],
  ];
  const totalWeight = mix.reduce((s, [w]) => s + w, 0);
  const nextOp = (): (() => Promise<string>) => {
    let u = rng.float() * totalWeight;
    for (const [w, f] of mix) if ((u -= w) < 0) return f;
    return mix[0]![1];
  };

  // ---------------------------------------------------------------- scheduling and sampling

  part('rest');
  const setupS = Math.round((performance.now() - setupStart) / 100) / 10;
  const samples: SoakSample[] = [];
  const inFlight = new Set<Promise<void>>();
  let maxInFlightSeen = 0;
  const t0 = performance.now();
  const elapsed = (): number => (performance.now() - t0) / 1000;

  const launch = (): void => {
    const f = nextOp();
    const id = ops++;
    const p = withTimeout(
      f().then((name) => {
        counts[name] = (counts[name] ?? 0) + 1;
      }),
      o.opTimeoutMs,
      `operation #${id} (${f.name})`,
    )
      .catch((e: unknown) => {
        if (failures.length < 50) failures.push({ op: `#${id} ${f.name}`, message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
        else failures.length++;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    maxInFlightSeen = Math.max(maxInFlightSeen, inFlight.size);
  };

  const sample = async (): Promise<void> => {
    await Promise.all(inFlight);
    // Let replaced workers come back before probing them (a replacement starts in the background).
    let mem = await internals.memory();
    for (let k = 0; k < 100 && mem.busyWorkers > 0; k++) {
      await new Promise((ok) => setTimeout(ok, 50));
      mem = await internals.memory();
    }
    if (gc) {
      gc();
      await new Promise((ok) => setImmediate(ok));
      gc();
    }
    const m = process.memoryUsage();
    const heapSpaces: Record<string, number> = {};
    for (const sp of getHeapSpaceStatistics()) heapSpaces[sp.space_name] = sp.space_used_size;
    samples.push({
      t: Math.round(elapsed() * 10) / 10,
      ops,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      heapSpaces,
      threadWasm: mem.thread,
      workers: mem.workers.map((w) => ({ ...w, wasm: { ...w.wasm } })),
    });
    o.onSample?.(samples);
  };

  await sample();
  let limit = rng.int(1, o.maxInFlight);
  let nextSample = o.sampleEveryMs / 1000;
  let snapshotAt = o.heapSnapshots ? o.seconds / 4 : Number.POSITIVE_INFINITY;
  while (elapsed() < o.seconds) {
    if (elapsed() >= nextSample) {
      await sample();
      nextSample = elapsed() + o.sampleEveryMs / 1000;
      if (elapsed() >= snapshotAt) {
        writeHeapSnapshot(join(o.heapSnapshots!, 'quarter.heapsnapshot'));
        snapshotAt = Number.POSITIVE_INFINITY;
      }
    }
    if (rng.chance(0.02)) limit = rng.int(1, o.maxInFlight);
    while (inFlight.size < limit) launch();
    await Promise.race(inFlight);
  }
  await sample();
  if (o.heapSnapshots) writeHeapSnapshot(join(o.heapSnapshots, 'end.heapsnapshot'));
  for (const h of handles) h.bases.destroy();
  await wc.close();

  const ids = new Set<string>();
  for (const s of samples) for (const w of s.workers) ids.add(w.id);
  return {
    options: o,
    gc: gc !== undefined,
    node: process.version,
    setupS,
    setupParts,
    elapsedS: Math.round(elapsed() * 10) / 10,
    ops,
    counts,
    abortedOps,
    workerIds: ids.size,
    maxInFlightSeen,
    msmReference,
    failures,
    samples,
  };
}

/** The samples as a compact text table (MB): one line per sample, each worker's wasm total at the end. */
export function sampleTable(report: SoakReport): string {
  const mb = (b: number): string => (b / 2 ** 20).toFixed(1).padStart(6);
  const sum = (r: Record<string, number>): number => Object.values(r).reduce((a, b) => a + b, 0);
  const lines = [`# soak ${report.elapsedS} s, ${report.ops} ops, ${report.failures.length} failures, ${report.abortedOps} aborted, ${report.workerIds} worker ids; MB after gc()`];
  lines.push('#     t    ops    rss   heap   code    ext  arrbuf thread-wasm  worker-wasm (id: total)');
  for (const s of report.samples) {
    const workers = s.workers.map((w) => `${w.id.slice(-4)}:${mb(sum(w.wasm)).trim()}`).join(' ');
    lines.push(`${s.t.toFixed(1).padStart(7)} ${String(s.ops).padStart(6)} ${mb(s.rss)} ${mb(s.heapUsed)} ${mb(s.heapSpaces.code_space ?? 0)} ${mb(s.external)} ${mb(s.arrayBuffers)} ${mb(sum(s.threadWasm)).padStart(11)}  ${workers}`);
  }
  return lines.join('\n') + '\n';
}

// ------------------------------------------------------------------ entry point (child process)

const isMain = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (isMain) {
  // The workers must start as in a user's program: without the tsx loader this script needs (the worker is
  // built JavaScript), and the pool leaves out --expose-gc anyway.
  process.execArgv.splice(0, process.execArgv.length);
  const env = process.env;
  const recorded: SoakOptions = {
    seconds: Number(env.SOAK_SECONDS ?? 3),
    seed: Number(env.SOAK_SEED ?? 0x50a6),
    sampleEveryMs: Number(env.SOAK_SAMPLE_MS ?? 5000),
    maxInFlight: Number(env.SOAK_MAX_IN_FLIGHT ?? 8),
    aborts: env.SOAK_ABORTS !== '0',
    maxMsm: Number(env.SOAK_MAX_MSM ?? 3000),
    opTimeoutMs: Number(env.SOAK_OP_TIMEOUT_MS ?? 180_000),
    ...(env.SOAK_HEAP_SNAPSHOTS ? { heapSnapshots: env.SOAK_HEAP_SNAPSHOTS } : {}),
  };
  const out = env.SOAK_OUT ?? join(import.meta.dirname, '..', '..', 'test-results', 'soak.json');
  mkdirSync(dirname(out), { recursive: true });
  let lastWrite = 0;
  const onSample = (samples: readonly SoakSample[]): void => {
    if (performance.now() - lastWrite < 30_000) return;
    lastWrite = performance.now();
    writeFileSync(`${out}.partial`, JSON.stringify(samples));
  };
  const report = { ...(await runSoak({ ...recorded, onSample })), options: recorded };
  writeFileSync(out, JSON.stringify(report, null, 1));
  writeFileSync(out.replace(/\.json$/, '') + '.txt', sampleTable(report));
  const last = report.samples.at(-1)!;
  console.log(`soak: ${report.ops} ops in ${report.elapsedS} s, ${report.failures.length} failures, ${report.samples.length} samples, rss ${(last.rss / 2 ** 20).toFixed(1)} MB → ${out}`);
}
