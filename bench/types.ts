/**
 * The benchmark model shared by `npm run bench` (Node) and the demo site (browser): suites produce cases;
 * every case proves its result correct before it is timed; results are compared as ratios against the
 * webcurves case of the same subject and operation, measured in the same run.
 * @module
 */
import type { Engine } from 'webcurves';

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
  /** Verifies the implementation's result against an independent reference before timing. */
  check(): boolean | Promise<boolean>;
  /** Performs `n` operations. */
  run(n: number): unknown;
}

/** Size of a run: `quick` for tests and smoke checks, `full` for figures worth reporting. */
export type BenchMode = 'quick' | 'full';

/** Everything a suite may use to build its cases. */
export interface BenchContext {
  readonly engine: Engine;
  readonly mode: BenchMode;
}

/** A named group of cases. */
export interface BenchSuite {
  readonly id: string;
  readonly title: string;
  cases(ctx: BenchContext): Promise<BenchCase[]>;
}

/** The outcome of one case. */
export interface BenchResult {
  readonly suite: string;
  readonly subject: string;
  readonly op: string;
  readonly impl: string;
  /** The correctness check passed (a failed case is not timed). */
  readonly ok: boolean;
  /** Median time per operation over the samples, in nanoseconds (NaN when not timed). */
  readonly nsPerOp: number;
  /** Operations per second from the median. */
  readonly opsPerSec: number;
  /** Time per operation relative to webcurves' for the same subject and operation (1 for webcurves). */
  ratio?: number;
  /** Why the case failed or was not run. */
  readonly error?: string;
}
