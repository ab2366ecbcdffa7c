/**
 * Fixed-base MSM over G1 points that are multiplied again and again (KZG's 4096 setup points): Pippenger with
 * precomputed window tables and ONE set of shared buckets.
 *
 * Why: an ordinary Pippenger over N points (after the endomorphism's images) with W windows of c bits sorts
 * and accumulates N·W entries into W bucket sets and then pays W bucket reductions (2^(c−1) mixed and full
 * additions each) and c·W doublings. With the multiples 2^(c·w)·Pᵢ precomputed for every window w, digit w of
 * point i becomes a digit of the point 2^(c·w)·Pᵢ, so all N·W entries fall into one bucket set: the same
 * batch-affine accumulation, one reduction, no doublings — and the window may grow (c = 12 instead of 9 at 2048
 * points), which cuts the entries. The cost model of `cpu.ts` puts it at 0.69× the ordinary MSM for KZG's
 * slices; the price is memory: W·N affine points (11 · 2·n · 104 bytes for BLS12-381, ≈ 4.7 MB per 2048 points).
 *
 * Everything runs on the curve module's generated MSM exports (`as-msm.ts`): `images`, `decompose`, `digits`,
 * `sort`, `accumulate`, `reduce`, `combine` — the tables too: a batch doubling of n points is one `accumulate`
 * round over n buckets that each hold one point twice (one inversion for all of them).
 *
 * The tables live in the instance's memory for the life of the holder (a worker's memo, or the calling thread's
 * KZG object); every transient allocation is freed, most recent first, so the stub runtime reclaims them.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { MSM_LAYOUTS, type MsmLayout } from '../generated/msm.js';
import type { CoreInstance } from '../core/wasm.js';
import type { UnitExecutor } from '../core/units.js';

/** The curves whose G1 has fixed-base tables here (KZG's). */
export type FixedCurve = 'bls12_381';

/** Window bits of the tables: the cost model's minimum for 2048–4096 base points (see the module comment). */
export const FIXED_WINDOW = 12;

/** Precomputed window tables of n base points in one instance's memory. */
export interface FixedTables {
  readonly core: CoreInstance;
  /** Address of the W blocks; block w holds 2^(c·w)·Pᵢ (n points) then their endomorphism images. */
  readonly at: number;
  /** Base points. */
  readonly n: number;
  readonly c: number;
  readonly W: number;
  /** Bytes held. */
  readonly bytes: number;
}

function layoutOf(curve: FixedCurve): MsmLayout {
  const L = MSM_LAYOUTS[`${curve}_g1` as keyof typeof MSM_LAYOUTS] as MsmLayout | undefined;
  if (!L) throw new WebcurvesError('UNKNOWN_CURVE', `no G1 MSM for ${curve}`);
  return L;
}

function exportsOf(core: CoreInstance) {
  const abi = core.abi;
  if (!('msm_g1' in abi)) throw new WebcurvesError('WASM_UNAVAILABLE', `the ${core.curve} wasm module has no G1 MSM exports`);
  return abi.msm_g1;
}

/** LIFO allocation on an instance whose allocator is shared: everything taken is given back, newest first. */
function scratch(core: CoreInstance): { take(bytes: number): number; release(): void } {
  const taken: number[] = [];
  return {
    take(bytes) {
      const p = core.exports.alloc(Math.max(8, bytes));
      taken.push(p);
      return p;
    },
    release() {
      for (let i = taken.length - 1; i >= 0; i--) core.exports.free(taken[i]!);
      taken.length = 0;
    },
  };
}

/**
 * Builds the tables of n base points given as canonical words (affine x, y; `ioWords` each), valid G1 points
 * the caller vouches for (a checked setup: they are loaded without the curve check): c·(W − 1) batch doublings
 * of all n points, and the images of each block.
 * @param core - the instance to keep them in (its allocator is shared: tables are allocated first, then freed scratch)
 * @param curve - the curve (its G1)
 * @param words - the points; none may be the identity (checked)
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a size that is not whole points, no points, or an identity
 *   point; `NOT_IN_FIELD` for a coordinate not below p; `WASM_UNAVAILABLE`, `UNKNOWN_CURVE`.
 */
export function buildFixedTables(core: CoreInstance, curve: FixedCurve, words: Uint32Array, c = FIXED_WINDOW): FixedTables {
  const L = layoutOf(curve);
  const f = exportsOf(core);
  const A = L.affineBytes;
  const per = L.pointElems * L.ioWords;
  if (words.length === 0 || words.length % per !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `fixed-base points: ${words.length} words is not a positive number of ${per}-word points`);
  const n = words.length / per;
  // An identity point (all zero) would be a vanishing pair in the doubling round and shift every later slot.
  for (let i = 0; i < n; i++) {
    let zero = true;
    for (let j = i * per; j < (i + 1) * per && zero; j++) zero = words[j] === 0;
    if (zero) throw new WebcurvesError('INVALID_ARGUMENT', `fixed-base points[${i}] is the identity`);
  }
  const N = n * L.dim;
  const W = Math.ceil((L.pieceBits + 1) / c);
  const bytes = W * N * A;
  const at = core.exports.alloc(bytes);
  const s = scratch(core);
  try {
    const io = s.take(words.byteLength), err = s.take(16), sc = s.take(n * L.coordBytes);
    new Uint32Array(core.exports.memory.buffer, io, words.length).set(words);
    if (f.load(at, io, n, L.ioWords, 0, err, sc) !== 0) throw new WebcurvesError('NOT_IN_FIELD', 'a fixed-base coordinate is not below p');
    const ent = s.take(2 * n * 4), off = s.take((n + 1) * 4), cnt = s.take(n * 4);
    const pairs = s.take(n * 12), pp = s.take(n * L.coordBytes);
    const tmp = [s.take(n * A), s.take(n * A)];
    f.images(at, n);
    for (let w = 1; w < W; w++) {
      let src = at + (w - 1) * N * A;
      for (let k = 0; k < c; k++) {
        // bucket i holds entry i twice (point i, not negated): accumulate doubles each into slot i
        const e = new Int32Array(core.exports.memory.buffer, ent, 2 * n);
        const o = new Int32Array(core.exports.memory.buffer, off, n + 1);
        const ct = new Int32Array(core.exports.memory.buffer, cnt, n);
        for (let i = 0; i < n; i++) {
          e[2 * i] = e[2 * i + 1] = i << 1;
          o[i] = 2 * i;
          ct[i] = 2;
        }
        o[n] = 2 * n;
        const dst = k === c - 1 ? at + w * N * A : tmp[k & 1]!;
        f.accumulate(ent, off, cnt, n, src, n, dst, pairs, pp);
        src = dst;
      }
      f.images(at + w * N * A, n);
    }
  } catch (e) {
    s.release();
    core.exports.free(at);
    throw e;
  }
  s.release();
  return { core, at, n, c, W, bytes };
}

/**
 * Σ kᵢ·Pᵢ over the tables' points: n scalars of `scalarWords` little-endian words each (any value; reduced mod r
 * in wasm). Returns the sum's canonical words (affine x, y in the MSM's model; zeros for the identity).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a scalar count other than the tables'.
 */
export function fixedMsm(t: FixedTables, curve: FixedCurve, scalars: Uint32Array): Uint32Array {
  const L = layoutOf(curve);
  const core = t.core;
  const f = exportsOf(core);
  if (scalars.length !== t.n * L.scalarWords) throw new WebcurvesError('INVALID_ARGUMENT', `${t.n} fixed bases but ${scalars.length} scalar words`);
  const N = t.n * L.dim;
  const NW = N * t.W;
  const B = 2 ** (t.c - 1);
  const s = scratch(core);
  try {
    const pieces = s.take(N * 4 * L.pieceWords), signs = s.take(N), sc = s.take(scalars.byteLength);
    new Uint32Array(core.exports.memory.buffer, sc, scalars.length).set(scalars);
    f.decompose(pieces, signs, sc, t.n);
    const digits = s.take(NW * 4);
    f.digits(digits, pieces, signs, t.at, N, t.c, t.W);
    // digits are window-major (digits[w·N + i]) and block w holds 2^(c·w)·P: one window over the N·W table points
    const ent = s.take(NW * 4), off = s.take((B + 1) * 4), cnt = s.take(B * 4);
    f.sort(ent, off, cnt, digits, NW, 0, 1, B);
    const half = Math.floor(NW / 2) + 1;
    const slots = s.take(half * L.affineBytes), pairs = s.take(half * 12), pp = s.take(half * L.coordBytes);
    f.accumulate(ent, off, cnt, B, t.at, NW, slots, pairs, pp);
    const sum = s.take(4 * L.coordBytes);
    f.reduce(sum, ent, off, cnt, 0, B, t.at, NW, slots);
    const out = s.take(L.pointElems * L.ioWords * 4);
    f.combine(out, sum, 1, t.c, L.ioWords);
    return new Uint32Array(core.exports.memory.buffer, out, L.pointElems * L.ioWords).slice();
  } finally {
    s.release();
  }
}

/** Tables a worker keeps, by the caller's key (one per setup slice), oldest first. */
const KEPT = new WeakMap<UnitExecutor, Map<string, FixedTables>>();
/**
 * Tables one worker keeps at most (two setups' two slices): an engine has one KZG setup, usually mainnet's; the
 * oldest is dropped beyond this (its memory is reused only when it is the newest allocation: stub runtime).
 */
const KEEP = 4;

/**
 * Unit: Σ kᵢ·Pᵢ over fixed bases kept in this worker (built from `words` the first time `key` is seen; see
 * {@link buildFixedTables}): the sum's canonical words (MSM model).
 * @param key - names the bases: the same key must always come with the same points (callers use a digest)
 * @throws {WebcurvesError} as {@link buildFixedTables} and {@link fixedMsm}.
 */
export async function fixedMsmOn(executor: UnitExecutor, curve: FixedCurve, key: string, words: Uint32Array, scalars: Uint32Array): Promise<Uint32Array> {
  const core = await executor.core(curve);
  let kept = KEPT.get(executor);
  if (!kept) KEPT.set(executor, (kept = new Map()));
  let t = kept.get(key);
  if (!t) {
    t = buildFixedTables(core, curve, words);
    kept.set(key, t);
    if (kept.size > KEEP) {
      const [oldKey, old] = kept.entries().next().value!;
      kept.delete(oldKey);
      core.exports.free(old.at);
    }
  }
  return fixedMsm(t, curve, scalars);
}
