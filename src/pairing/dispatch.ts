/**
 * Where a pairing check runs. One check becomes either one job in the calling thread (Miller loop and final
 * exponentiation together), or k ≥ 2 jobs on the worker pool (their pairs and subgroup checks balanced by
 * estimated cost, longest first onto the least loaded job, each job paying its own squaring chain) followed by
 * one finish unit (product of the partial Miller products, one final exponentiation, comparison) on a worker.
 *
 * The choice compares estimates built from measured per-curve costs ({@link PAIRING_COSTS}): in-thread
 * `chain + Σ items + finalExp` against `max job + finalExp + 2 transfers` for the best k. Those are costs on an
 * idle machine whose cores run wasm in parallel at full speed; real machines differ (cores shared with other
 * programs, SMT siblings that share one multiplier, a pool busy with other tasks), so each estimate is
 * multiplied by a correction learnt from this dispatcher's own runs (observed / estimated, moving average),
 * and every {@link EXPLORE_EVERY}th eligible check takes the other path to keep the losing side's correction
 * current. Workers start cold (no curve module, wasm not yet optimised): the first check of a curve that
 * would split runs in-thread and warms every worker for that curve in the background; later checks may split.
 * @module
 */
import * as Comlink from 'comlink';
import type { SideInput } from '../plonk/units.js';
import { WebcurvesError } from '../errors.js';
import { abortError } from '../core/abort.js';
import type { Pairing12Name, PairingKernel } from './kernel.js';
import type { G1Point, G2Point } from './encoding.js';
import {
  encodeFinish,
  encodeJob,
  g1Cost,
  isG1,
  millerChecked,
  planGroups,
  TRANSFER_US,
  type JobSpec,
  type PairInput,
  type PairingCosts,
  type PlanItem,
} from './jobs.js';

/** The pairing units a worker offers (a subset of the core worker's API). */
export interface PairingUnits {
  pairingJob(curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array>;
  pairingFinish(curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array>;
  pairingWarm(curve: Pairing12Name): Promise<void>;
  /** The per-item half of BLS12-381 verifications (see `blsMillerOn` in `units.ts`). */
  blsMiller(job: Uint8Array): Promise<Uint8Array>;
  /** The signature's half of a BLS12-381 min-pk verification (see `blsSignatureMillerOn` in `units.ts`). */
  blsSignatureMiller(signature: Uint8Array): Promise<Uint8Array>;
  /** A fixed-base MSM over G1 points this worker keeps tables of (see `fixedMsmOn` in `src/msm/fixed.ts`). */
  kzgFixedMsm(key: string, words: Uint32Array, scalars: Uint32Array): Promise<Uint32Array>;
  /** X's side of a PLONK/FFLONK verification (see `plonkSideOn` in `src/plonk/units.ts`). */
  plonkSide(side: SideInput): Promise<Uint32Array>;
}

/** How the pairing code reaches the worker pool. */
export interface PairingParallel {
  /** Live workers. */
  readonly size: number;
  /** Workers idle now: a task run now starts at once (PLONK hands a part of one verification over only then). */
  readonly idle: number;
  /** Runs a task on the next free worker. */
  run<T>(task: (api: PairingUnits) => Promise<T>, options?: { readonly signal?: AbortSignal }): Promise<T>;
}

/**
 * What a check found: the verdict, or the index (in `checks`) of a point that is not in its subgroup, or the
 * index (in `pairs`) of a pair flagged `checkG2` whose G2 point the Miller loop found outside G2. When several
 * fail, one is named: a failed point check first.
 */
export interface CheckOutcome {
  readonly ok: boolean;
  readonly failedCheck?: number;
  readonly failedPair?: number;
}

/** A check to run (see `jobs.ts`). */
export interface CheckSpec {
  readonly pairs: readonly PairInput[];
  readonly checks: readonly (G1Point | G2Point)[];
  /** The expected GT value as 12·io canonical words; absent: 1. */
  readonly target?: Uint32Array;
}

/**
 * Measured costs (µs, this 2-core reference machine, warm; rounded means of two runs of
 * `scripts/measure-pairing-costs.ts`, which vary by ±30 % on this shared machine). They only steer the choice
 * between in-thread and split, together with the learnt corrections; a wrong estimate costs speed, never
 * correctness.
 */
export const PAIRING_COSTS: Readonly<Record<Pairing12Name, PairingCosts>> = {
  bn254: { chain: 260, unprepared: 590, prepared: 385, g1Check: 0, g2Check: 240, g1Mul: 150, msmBase: 30, msmPerPoint: 45, finalExp: 840 },
  bls12_381: { chain: 350, unprepared: 980, prepared: 570, g1Check: 190, g2Check: 250, g1Mul: 190, msmBase: 110, msmPerPoint: 60, finalExp: 1440 },
  bls12_377: { chain: 600, unprepared: 1100, prepared: 700, g1Check: 130, g2Check: 250, g1Mul: 150, msmBase: 100, msmPerPoint: 80, finalExp: 2000 },
};

/** Every this many checks that could go either way, the path the estimates reject is taken anyway. */
export const EXPLORE_EVERY = 16;
/** Weight of the newest observation in a correction's moving average. */
const LEARN = 0.25;

type Item = { readonly kind: 'pair'; readonly index: number; readonly pair: PairInput } | { readonly kind: 'check'; readonly index: number; readonly point: G1Point | G2Point };

/** The plan for one check. */
export interface CheckPlan {
  /** Jobs for the pool; empty: run in the calling thread. */
  readonly groups: readonly (readonly Item[])[];
  /** Estimated latency in the calling thread and split (µs; split is Infinity when there is no pool). */
  readonly localUs: number;
  readonly splitUs: number;
}

/** Decides and runs pairing checks for one curve. */
export class PairingDispatcher {
  private warm: 'cold' | 'warming' | 'warm' = 'cold';
  /**
   * `auto`: as the estimates say; `local` / `split`: always in this thread / always split over the pool (at
   * least two jobs when there are two items, once warm). For tests and benchmarks.
   */
  mode: 'auto' | 'local' | 'split' = 'auto';
  private readonly costs: PairingCosts;
  private readonly scalarBits: number;

  /**
   * @param impl - the curve's kernel on the calling thread's wasm instance
   * @param pool - the worker pool, if any
   */
  constructor(
    private readonly impl: PairingKernel & { readonly name: Pairing12Name },
    private readonly pool?: PairingParallel,
  ) {
    this.costs = PAIRING_COSTS[impl.name];
    this.scalarBits = impl.r.toString(2).length;
  }

  /** Estimates and splits a check (exposed for tests and benchmarks). */
  plan(spec: CheckSpec, workers = this.pool?.size ?? 0): CheckPlan {
    const c = this.costs;
    const items: PlanItem<Item>[] = [];
    // A pair flagged checkG2 costs no more: its G2 check is a few products after its Miller loop.
    spec.pairs.forEach((pair, index) =>
      items.push({ item: { kind: 'pair', index, pair }, cost: (pair.lines !== undefined ? c.prepared : c.unprepared) + g1Cost(pair.g1, c, this.scalarBits) }),
    );
    spec.checks.forEach((point, index) => items.push({ item: { kind: 'check', index, point }, cost: isG1(point) ? c.g1Check : c.g2Check }));
    const localUs = c.chain + items.reduce((s, it) => s + it.cost, 0) + c.finalExp;
    let best: CheckPlan = { groups: [], localUs, splitUs: Infinity };
    for (let k = 2; k <= Math.min(workers, items.length); k++) {
      const { groups, makespan } = planGroups(items, k, (it) => (it.kind === 'pair' ? c.chain : 0));
      const splitUs = makespan + c.finalExp + 2 * TRANSFER_US;
      if (splitUs < best.splitUs && groups.length >= 2) best = { groups, localUs, splitUs };
    }
    return best;
  }

  /** Observed / estimated time of in-thread and split checks (moving averages; see the module comment). */
  private readonly correction = { local: 1, split: 1 };
  private eligible = 0;

  /** The learnt corrections (tests, benchmarks, the README's threshold). */
  get corrections(): { readonly local: number; readonly split: number } {
    return { ...this.correction };
  }

  /** Runs a check where the plan and the learnt corrections say. */
  async check(spec: CheckSpec, signal?: AbortSignal): Promise<CheckOutcome> {
    if (signal?.aborted) throw abortError(signal, 'the pairing check');
    const pool = this.pool;
    const plan = this.plan(spec);
    const canSplit = pool !== undefined && plan.groups.length > 0;
    let split = false;
    if (this.mode !== 'auto') {
      split = canSplit && this.mode === 'split';
    } else if (canSplit) {
      const ratio = (plan.splitUs * this.correction.split) / (plan.localUs * this.correction.local);
      split = ratio < 1;
      // Now and then try the other path, unless the estimates say it is hopeless.
      if (++this.eligible % EXPLORE_EVERY === 0 && ratio > 0.5 && ratio < 2) split = !split;
    }
    if (split && this.warm !== 'warm') {
      // In-thread now; then (not before: the threads would compete with this call) warm the workers.
      const out = this.local(spec);
      this.warmUp();
      return out;
    }
    const t0 = performance.now();
    const out = split ? await this.parallel(spec, plan.groups, pool!, signal) : this.local(spec);
    if (this.mode === 'auto' && (split || canSplit)) {
      const observed = ((performance.now() - t0) * 1000) / (split ? plan.splitUs : plan.localUs);
      const key = split ? 'split' : 'local';
      this.correction[key] = Math.min(16, Math.max(0.25, (1 - LEARN) * this.correction[key] + LEARN * observed));
    }
    return out;
  }

  /**
   * Runs a check in the calling thread whatever the plan (callers that know the split cannot pay: a 2-pair
   * check of prepared pairs). Learns nothing.
   * @throws {WebcurvesError} `ABORTED` when the signal fired before the check.
   */
  checkInThread(spec: CheckSpec, signal?: AbortSignal): CheckOutcome {
    if (signal?.aborted) throw abortError(signal, 'the pairing check');
    return this.local(spec);
  }

  private local(spec: CheckSpec): CheckOutcome {
    const out = this.impl.runJob(encodeJob({ pairs: spec.pairs, checks: spec.checks, finish: true, target: spec.target }, this.impl.io));
    if (out[0] !== 0) return failure(out[0]! - 1, spec.checks.length, (k) => k, millerChecked(spec.pairs));
    return { ok: out[1] === 1 };
  }

  private async parallel(spec: CheckSpec, groups: readonly (readonly Item[])[], pool: PairingParallel, signal?: AbortSignal): Promise<CheckOutcome> {
    const io = this.impl.io;
    const curve = this.impl.name;
    const jobs = groups.map((g) => {
      const checkIndex: number[] = [];
      const pairIndex: number[] = [];
      const job: JobSpec = {
        pairs: g.flatMap((it) => (it.kind === 'pair' ? (pairIndex.push(it.index), [it.pair]) : [])),
        checks: g.flatMap((it) => (it.kind === 'check' ? (checkIndex.push(it.index), [it.point]) : [])),
        finish: false,
      };
      // The job's Miller-loop checks, as indices into spec.pairs (its pairs keep their order in the job).
      const byMiller = millerChecked(job.pairs).map((k) => pairIndex[k]!);
      return { words: encodeJob(job, io), checkIndex, byMiller, hasPairs: job.pairs.length > 0 };
    });
    const results = await Promise.all(
      jobs.map(({ words }) => pool.run((api) => api.pairingJob(curve, Comlink.transfer(words, [words.buffer])), { signal })),
    );
    let failed: number | undefined;
    let failedPair: number | undefined;
    results.forEach((r, i) => {
      if (r[0] === 0) return;
      const j = jobs[i]!;
      const f = failure(r[0]! - 1, j.checkIndex.length, (k) => j.checkIndex[k]!, j.byMiller);
      if (f.failedCheck !== undefined && (failed === undefined || f.failedCheck < failed)) failed = f.failedCheck;
      if (f.failedPair !== undefined && (failedPair === undefined || f.failedPair < failedPair)) failedPair = f.failedPair;
    });
    if (failed !== undefined) return { ok: false, failedCheck: failed };
    if (failedPair !== undefined) return { ok: false, failedPair };
    const parts = results.filter((_, i) => jobs[i]!.hasPairs).map((r) => r.subarray(1));
    if (parts.length === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'a check without pairs');
    const input = encodeFinish(parts, spec.target, io);
    const verdict = await pool.run((api) => api.pairingFinish(curve, Comlink.transfer(input, [input.buffer])), { signal });
    return { ok: verdict[0] === 1 };
  }

  /** Has every worker instantiate this curve's module and run a small job, once; later checks may split. */
  private warmUp(): void {
    const pool = this.pool;
    if (!pool || this.warm !== 'cold') return;
    this.warm = 'warming';
    const curve = this.impl.name;
    Promise.all(Array.from({ length: pool.size }, () => pool.run((api) => api.pairingWarm(curve)))).then(
      () => (this.warm = 'warm'),
      () => (this.warm = 'cold'),
    );
  }

  /**
   * Whether a part of a check may go to a worker now without waiting for one: the workers are warm for this
   * curve (when cold, warming starts now, after the caller's in-thread work of this call) and one is idle.
   * @throws nothing.
   */
  canHandOver(): boolean {
    if (!this.pool || this.mode === 'local') return false;
    if (this.warm !== 'warm') {
      queueMicrotask(() => this.warmUp());
      return false;
    }
    return this.pool.idle > 0;
  }

  /** Whether the workers have been warmed for this curve (tests and benchmarks wait on it). */
  get isWarm(): boolean {
    return this.warm === 'warm';
  }

  /**
   * Warms the workers now and waits (benchmarks and tests that measure the split path; the library itself
   * warms lazily).
   */
  async warmNow(): Promise<void> {
    const pool = this.pool;
    if (!pool || this.warm === 'warm') return;
    const curve = this.impl.name;
    await Promise.all(Array.from({ length: pool.size }, () => pool.run((api) => api.pairingWarm(curve))));
    this.warm = 'warm';
  }
}

/**
 * The outcome of a job's failed status: check `k` of the job (its point checks first, `points` of them, mapped
 * to the caller's indices by `check`; then its Miller-loop checks, in the order of `byMiller`, spec pair indices).
 */
function failure(k: number, points: number, check: (k: number) => number, byMiller: readonly number[]): CheckOutcome {
  if (k < points) return { ok: false, failedCheck: check(k) };
  const pair = byMiller[k - points];
  if (pair === undefined) throw new WebcurvesError('INVALID_ARGUMENT', 'a pairing job reported a check it was not given');
  return { ok: false, failedPair: pair };
}
