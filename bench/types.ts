/**
 * The benchmark model shared by `npm run bench` (Node) and the demo site (browser): suites produce cases;
 * every case proves its result correct before it is timed; results are compared as ratios against the
 * webcurves case of the same subject and operation, measured in the same run.
 *
 * A suite describes itself (title, description, the parameters a user may choose, what it needs from the
 * machine) so that the CLI and the demo page can offer it without code of their own for each suite:
 *
 *     export const msmSuite: BenchSuite = {
 *       id: 'msm',
 *       title: 'Multi-scalar multiplication',
 *       params: [{
 *         id: 'size', label: 'Points',
 *         options: [10, 12, 14, 16, 18, 20].map((k) => ({ value: String(2 ** k), label: `2^${k}` })),
 *         defaults: { quick: ['1024'], full: ['1024', '4096', '65536'] },
 *       }],
 *       async cases(ctx) {
 *         for (const n of paramValues(msmSuite, ctx, 'size').map(Number)) { ... }
 *       },
 *     };
 *
 * Everything added here after the first version is optional, so suites and callers written against that
 * version keep compiling.
 * @module
 */
import type { Engine, EngineOptions } from 'webcurves';

/** One operation by one implementation. */
export interface BenchCase {
  /** Suite id, e.g. `fields`. */
  readonly suite: string;
  /** What is operated on, e.g. `bls12_381_fp`. */
  readonly subject: string;
  /** The operation, e.g. `mul`. */
  readonly op: string;
  /** Who implements it: `webcurves` or a peer's package name, or `BigInt` for the plain-JS baseline. */
  readonly impl: string;
  /**
   * Set when this case cannot run on this machine, with the reason (e.g. a peer that does not load in a
   * browser: see `unavailableCase` in `bench/peers.ts`). The runner reports it as skipped, without calling
   * `setup`, `check` or `run`; it is never counted as a failure and never given a time.
   */
  readonly skip?: string;
  /**
   * Expensive preparation (generating 2^20 points, initialising a peer's wasm), run once just before
   * `check`. Keep {@link BenchSuite.cases} cheap and put such work here: the demo page asks every chosen
   * suite for its cases first, to lay out the whole results table before anything is timed.
   */
  setup?(): void | Promise<void>;
  /** Verifies the implementation's result against an independent reference before timing. */
  check(): boolean | Promise<boolean>;
  /** Performs `n` operations. */
  run(n: number): unknown;
  /**
   * Performs `n` operations and returns how many milliseconds they took by the case's own clock; when present,
   * the runner uses it instead of timing {@link run} (which is then not called). For operations timed
   * elsewhere, e.g. a cold start measured inside a child process, without that process's own start-up.
   */
  measure?(n: number): Promise<number>;
  /** Releases what `setup` acquired (engines with threads, a peer's workers); run once after the last sample. */
  teardown?(): void | Promise<void>;
}

/** Size of a run: `quick` for tests and smoke checks, `full` for figures worth reporting. */
export type BenchMode = 'quick' | 'full';

/**
 * Something a suite needs from the machine; a suite whose needs are not met is shown, with the reason,
 * but not run. `gpu`: a WebGPU adapter in use by the engine; `workers`: at least one wasm worker;
 * `crossOriginIsolated`: a cross-origin isolated page (SharedArrayBuffer).
 */
export type BenchNeed = 'gpu' | 'workers' | 'crossOriginIsolated';

/** One value a {@link BenchParam} can take. Values are strings so they survive URLs and command lines. */
export interface BenchParamOption {
  readonly value: string;
  /** Shown to people, e.g. `2^16`. */
  readonly label: string;
  /** This value can only run when these needs are met (e.g. the `webgpu` backend of an MSM suite). */
  readonly needs?: readonly BenchNeed[];
}

/** A parameter a user may choose for a suite (sizes, backends…): several values may be chosen at once. */
export interface BenchParam {
  /** Stable id, used in URLs (`msm.size=1024,4096`) and on the CLI (`--param size=1024,4096`). */
  readonly id: string;
  /** Label of the control, e.g. `Points`. */
  readonly label: string;
  readonly options: readonly BenchParamOption[];
  /** What runs when the user chose nothing, by mode. Every value must be one of {@link options}. */
  readonly defaults: Readonly<Record<BenchMode, readonly string[]>>;
}

/** Everything a suite may use to build its cases. */
export interface BenchContext {
  readonly engine: Engine;
  readonly mode: BenchMode;
  /**
   * The values chosen for each of the suite's {@link BenchSuite.params}, by parameter id. Absent (or a
   * parameter missing) means the defaults for {@link mode}; read it through `paramValues()`
   * (`bench/params.ts`), which applies them.
   */
  readonly params?: Readonly<Record<string, readonly string[]>>;
  /** Aborted when the user cancels; long `setup` work should check it (the runner checks between samples). */
  readonly signal?: AbortSignal;
  /**
   * The `createEngine` of the library under test, for suites that compare engine configurations (e.g. with and
   * without workers) or measure a cold start. Suites must close the engines they create.
   */
  readonly createEngine?: (options?: EngineOptions) => Promise<Engine>;
}

/** A named group of cases. */
export interface BenchSuite {
  readonly id: string;
  readonly title: string;
  /** One or two sentences: what is measured and against whom. */
  readonly description?: string;
  /** Parameters the user may choose (sizes, backends); read them with `paramValues()`. */
  readonly params?: readonly BenchParam[];
  /** What the machine must offer for the suite to run at all (see {@link BenchNeed}). */
  readonly needs?: readonly BenchNeed[];
  /**
   * The cases to run, in display order. Should be cheap (see {@link BenchCase.setup}): it builds
   * descriptions and closures; a peer that cannot load becomes an `unavailableCase`, not an exception.
   */
  cases(ctx: BenchContext): Promise<BenchCase[]>;
}

/** The outcome of one case. */
export interface BenchResult {
  readonly suite: string;
  readonly subject: string;
  readonly op: string;
  readonly impl: string;
  /** The correctness check passed (a failed or skipped case is not timed). */
  readonly ok: boolean;
  /** Median time per operation over the samples, in nanoseconds (NaN when not timed). */
  readonly nsPerOp: number;
  /** Operations per second from the median. */
  readonly opsPerSec: number;
  /** Time per operation relative to webcurves' for the same subject and operation (1 for webcurves). */
  ratio?: number;
  /** Why the case failed. */
  readonly error?: string;
  /** Why the case could not run here (see {@link BenchCase.skip}); `ok` is false and nothing was timed. */
  readonly skipped?: string;
}
