/**
 * Messages between the page and the benchmark worker (`bench.worker.ts`). Plain `postMessage` with
 * structured clone (which carries bigints, NaN and nested objects as they are), not comlink: results
 * stream one by one, in order, and a run is cancelled by a message the runner checks between samples.
 *
 * Page → worker: `run`, `cancel`, `call` (self-test and the two task panels).
 * Worker → page: `catalog` (the suites, as soon as the worker's code has loaded), `ready` or `failed`
 * (the engine), then for each run `plan` (every case of every chosen suite, before anything is timed, so
 * the page lays out the whole table at once), `case` (one starts), `result` (one finished), `end`; and
 * `reply` to each `call`.
 * @module
 */
import type { EngineInfo, SelfTestReport } from 'webcurves';
import type { BenchMode, BenchNeed, BenchParam, BenchResult, BenchSelection } from '../../bench/index.js';

/** What the page knows about a suite: everything but its code. */
export interface SuiteMeta {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly params: readonly BenchParam[];
  readonly needs: readonly BenchNeed[];
}

/** One planned case: enough to draw its row before it runs. */
export interface CaseMeta {
  readonly subject: string;
  readonly op: string;
  readonly impl: string;
  /** Set when the case cannot run here (a peer that does not load), with the reason. */
  readonly skip?: string;
}

/** One chosen suite, as the worker will run it. */
export interface SuitePlan {
  readonly suite: string;
  /** The parameters it runs with, defaults filled in. */
  readonly params: Readonly<Record<string, readonly string[]>>;
  /** Its cases, peers side by side; absent when the suite cannot run (see `unavailable`). */
  readonly cases?: readonly CaseMeta[];
  /** Why the suite does not run at all: needs not met, bad parameters, or `cases()` threw. */
  readonly unavailable?: string;
}

/** Which task APIs the worker's engine has (feature detection: `'groth16' in wc`, `'starknet' in wc`). */
export interface EngineFeatures {
  readonly groth16: boolean;
  readonly starknet: boolean;
}

/** The fields of a Starknet invoke v3 transaction, named as starknet.js's `CalcV3InvokeTxHashArgs`. */
export interface InvokeV3Fields {
  readonly senderAddress: bigint;
  readonly version: '0x3';
  readonly compiledCalldata: readonly bigint[];
  /** A hex felt, as starknet.js's `constants.StarknetChainId` values. */
  readonly chainId: string;
  readonly nonce: bigint;
  readonly accountDeploymentData: readonly bigint[];
  /** 0: L1, 1: L2 (starknet.js `EDAMode`). */
  readonly nonceDataAvailabilityMode: 0 | 1;
  readonly feeDataAvailabilityMode: 0 | 1;
  readonly resourceBounds: Readonly<
    Record<'l1_gas' | 'l2_gas' | 'l1_data_gas', { readonly max_amount: bigint; readonly max_price_per_unit: bigint }>
  >;
  readonly tip: bigint;
  readonly paymasterData: readonly bigint[];
}

/** Result of the Starknet task. */
export interface StarknetSignResult {
  readonly hash: bigint;
  readonly r: bigint;
  readonly s: bigint;
  readonly publicKey: bigint;
  /** webcurves' own `verify` of the signature it made. */
  readonly verified: boolean;
  /** @scure/starknet's signature of the same hash with the same key: equal (RFC 6979), or why not compared. */
  readonly scure: { readonly same: boolean } | { readonly unavailable: string };
  readonly ms: number;
}

/** Result of the Groth16 task. */
export interface Groth16Result {
  readonly valid: boolean;
  readonly ms: number;
}

/** Calls the page can make, with their arguments and results. */
export interface WorkerCalls {
  selfTest: { args: []; result: SelfTestReport };
  groth16Verify: { args: [vk: unknown, publicSignals: unknown, proof: unknown]; result: Groth16Result };
  starknetSign: { args: [tx: InvokeV3Fields, privateKey: bigint]; result: StarknetSignResult };
}

export type CallMethod = keyof WorkerCalls;

export type ToWorker =
  | { readonly type: 'run'; readonly runId: number; readonly mode: BenchMode; readonly selection: readonly BenchSelection[] }
  | { readonly type: 'cancel'; readonly runId: number }
  | { readonly type: 'call'; readonly id: number; readonly method: CallMethod; readonly args: readonly unknown[] };

export type FromWorker =
  | { readonly type: 'catalog'; readonly suites: readonly SuiteMeta[] }
  | { readonly type: 'ready'; readonly info: EngineInfo; readonly features: EngineFeatures }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'plan'; readonly runId: number; readonly plans: readonly SuitePlan[] }
  | { readonly type: 'case'; readonly runId: number; readonly suite: string; readonly index: number }
  | { readonly type: 'result'; readonly runId: number; readonly suite: string; readonly index: number; readonly result: BenchResult }
  | { readonly type: 'end'; readonly runId: number; readonly status: 'done' | 'cancelled' | 'error'; readonly message?: string }
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly message: string };

/** A readable message from anything thrown (a WebcurvesError's code is worth showing). */
export function describeError(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    const cause = e.cause instanceof Error ? ` (${e.cause.message})` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${e.message}${cause}`;
  }
  return String(e);
}
