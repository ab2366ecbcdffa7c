/**
 * The benchmark worker: a dedicated module worker that owns the page's one webcurves engine and runs the
 * shared benchmark suites (`bench/index.ts`, the same module `npm run bench` uses), the self-test and the
 * task panels' work. The page thread loads no wasm and never computes, so it never freezes; results go
 * back one by one as they complete (protocol: `bench-protocol.ts`).
 *
 * The engine starts its own pool of wasm workers from here (nested dedicated workers) and takes WebGPU
 * from `navigator.gpu`, which Chromium exposes in dedicated workers as well.
 * @module
 */
import { sign as scureSign } from '@scure/starknet';
import { createEngine, type Engine } from 'webcurves';
import { resolveParams, runCase, sideBySide, suites, unmetNeeds, type BenchCase, type BenchSuite } from '../../bench/index.js';
import {
  describeError,
  type CallMethod,
  type FromWorker,
  type Groth16Result,
  type InvokeV3Fields,
  type SuitePlan,
  type StarknetSignResult,
  type ToWorker,
  type WorkerCalls,
} from './bench-protocol.js';

/** The worker global, typed for what is used here (the project's DOM typings describe a window). */
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void;
};
const post = (m: FromWorker): void => scope.postMessage(m);

/** The Groth16 API of the worker issue (`wc.groth16.verify`, argument order as snarkjs). */
interface Groth16Api {
  verify(vk: unknown, publicSignals: unknown, proof: unknown): Promise<boolean>;
}
/** The part of the Starknet API (Starknet issue) the signing panel uses. */
interface StarknetApi {
  invokeTransactionHashV3(tx: InvokeV3Fields): bigint;
  sign(msgHash: bigint, privateKey: bigint): { r: bigint; s: bigint };
  getPublicKey(privateKey: bigint): bigint;
  verify(publicKey: bigint, msgHash: bigint, r: bigint, s: bigint): boolean;
}

function api<K extends 'groth16' | 'starknet'>(engine: Engine, key: K): K extends 'groth16' ? Groth16Api : StarknetApi {
  if (!(key in engine)) throw new Error(`this build of webcurves has no ${key} API yet`);
  return (engine as unknown as Record<string, unknown>)[key] as K extends 'groth16' ? Groth16Api : StarknetApi;
}

post({
  type: 'catalog',
  suites: suites.map((s) => ({ id: s.id, title: s.title, description: s.description, params: s.params ?? [], needs: s.needs ?? [] })),
});

const enginePromise: Promise<Engine> = createEngine({ curves: 'all', gpu: 'auto', workers: 'auto' });
enginePromise.then(
  (engine) => post({ type: 'ready', info: engine.info(), features: { groth16: 'groth16' in engine, starknet: 'starknet' in engine } }),
  (e: unknown) => post({ type: 'failed', message: describeError(e) }),
);

/** The run in progress (one at a time: the page disables Run while one is going). */
let current: { runId: number; controller: AbortController } | undefined;

async function run(msg: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { runId, mode } = msg;
  const controller = new AbortController();
  current = { runId, controller };
  const { signal } = controller;
  try {
    const engine = await enginePromise;
    const info = engine.info();
    const plans: SuitePlan[] = [];
    const work: { suite: BenchSuite; cases: BenchCase[] }[] = [];
    // Every suite's cases first (cheap by contract), so the page can reserve the whole table.
    for (const sel of msg.selection) {
      const suite = suites.find((s) => s.id === sel.suite);
      if (!suite) {
        plans.push({ suite: sel.suite, params: sel.params, unavailable: 'this build has no such suite' });
        continue;
      }
      const resolved = resolveParams(suite, mode, sel.params);
      if (!resolved.ok) {
        plans.push({ suite: suite.id, params: sel.params, unavailable: resolved.problems.join('; ') });
        continue;
      }
      const { params } = resolved;
      const unmet = unmetNeeds(suite.needs, info);
      if (unmet.length) {
        plans.push({ suite: suite.id, params, unavailable: unmet.join('; ') });
        continue;
      }
      try {
        const cases = sideBySide(await suite.cases({ engine, mode, params, signal, createEngine }));
        plans.push({ suite: suite.id, params, cases: cases.map(({ subject, op, impl, skip }) => ({ subject, op, impl, skip })) });
        work.push({ suite, cases });
      } catch (e) {
        signal.throwIfAborted();
        plans.push({ suite: suite.id, params, unavailable: `could not prepare its cases: ${describeError(e)}` });
      }
    }
    post({ type: 'plan', runId, plans });
    for (const { suite, cases } of work) {
      for (const [index, c] of cases.entries()) {
        post({ type: 'case', runId, suite: suite.id, index });
        const result = await runCase(c, mode, { signal });
        post({ type: 'result', runId, suite: suite.id, index, result });
      }
    }
    post({ type: 'end', runId, status: 'done' });
  } catch (e) {
    if (signal.aborted) post({ type: 'end', runId, status: 'cancelled' });
    else post({ type: 'end', runId, status: 'error', message: describeError(e) });
  } finally {
    if (current?.runId === runId) current = undefined;
  }
}

const calls: { [K in CallMethod]: (engine: Engine, ...args: WorkerCalls[K]['args']) => Promise<WorkerCalls[K]['result']> } = {
  selfTest: (engine) => engine.selfTest(),

  async groth16Verify(engine, vk, publicSignals, proof): Promise<Groth16Result> {
    // snarkjs keys name their protocol: PLONK and FFLONK keys go to their own verifiers.
    const protocol = (typeof vk === 'object' && vk !== null ? (vk as { protocol?: unknown }).protocol : undefined) as string | undefined;
    const system = protocol === 'plonk' || protocol === 'fflonk' ? protocol : undefined;
    if (system && !(system in engine)) throw new Error(`this build of webcurves has no ${system} API yet`);
    const g = system ? ((engine as unknown as Record<string, Groth16Api>)[system] as Groth16Api) : api(engine, 'groth16');
    const t0 = performance.now();
    const valid = await g.verify(vk, publicSignals, proof);
    return { valid, ms: performance.now() - t0 };
  },

  async starknetSign(engine, tx, privateKey): Promise<StarknetSignResult> {
    const sn = api(engine, 'starknet');
    const t0 = performance.now();
    const hash = sn.invokeTransactionHashV3(tx);
    const { r, s } = sn.sign(hash, privateKey);
    const ms = performance.now() - t0;
    const publicKey = sn.getPublicKey(privateKey);
    const verified = sn.verify(publicKey, hash, r, s);
    let scure: StarknetSignResult['scure'];
    try {
      // The wallets' library today (already in this worker's bundle: the starknet suite's peer).
      const hex = (x: bigint): string => `0x${x.toString(16)}`;
      const theirs = scureSign(hex(hash), hex(privateKey));
      scure = { same: theirs.r === r && theirs.s === s };
    } catch (e) {
      scure = { unavailable: describeError(e) };
    }
    return { hash, r, s, publicKey, verified, scure, ms };
  },
};

scope.addEventListener('message', (e) => {
  const msg = e.data;
  if (msg.type === 'run') void run(msg);
  else if (msg.type === 'cancel') {
    if (current?.runId === msg.runId) current.controller.abort(new DOMException('cancelled by the user', 'AbortError'));
  } else if (msg.type === 'call') {
    const fn = calls[msg.method] as (engine: Engine, ...args: readonly unknown[]) => Promise<unknown>;
    enginePromise
      .then((engine) => fn(engine, ...msg.args))
      .then(
        (value) => post({ type: 'reply', id: msg.id, ok: true, value }),
        (err: unknown) => post({ type: 'reply', id: msg.id, ok: false, message: describeError(err) }),
      );
  }
});
