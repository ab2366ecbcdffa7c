/**
 * The full engine of the `webcurves` entry point: every curve, Groth16, PLONK, FFLONK, Starknet, the embedded curves and the
 * MSM service, on the parts of `src/engine/base.ts`. The entry points (`src/index.ts` for browsers,
 * `src/index.node.ts` for Node) give it their host. For smaller bundles, `webcurves/starknet` and
 * `webcurves/groth16` offer engines with one feature each (`src/starknet/engine.ts`, `src/groth16/engine.ts`).
 * @module
 */
import type { WasmMemoryStats } from './core/units.js';
import { createStarknetApi, type StarknetApi } from './starknet/api.js';
import { createBW6Curve, type Bls12381Curve, type BW6Curve, type PairingCurve } from './pairing/curve.js';
import { createGroth16Api, type Groth16Api } from './groth16/api.js';
import { createFflonkApi, createPlonkApi, type FflonkApi, type PlonkApi } from './plonk/api.js';
import { createBlsApi, type BlsApi } from './bls/api.js';
import { pairingCurvesOf } from './groth16/engine.js';
import { MsmService } from './msm/service.js';
import { EmbeddedCurveImpl, type EmbeddedCurve, type EmbeddedGroup } from './embedded/curve.js';
import { bandersnatch as bandersnatchDesc, ed_on_bls12_377 as edDesc } from './curves/index.js';
import { kzgOpener, type KzgOptions } from './kzg/open.js';
import type { KzgApi } from './kzg/api.js';
import { kzgMainnetFk20Url, kzgMainnetSetupUrl } from './kzg/setup-url.js';
import { ENGINE_INTERNALS, openEngine, type EngineBase, type EngineHost, type EngineOptions } from './engine/base.js';
import type { GpuDevice } from './gpu/webgpu-types.js';

export { ENGINE_INTERNALS, VERSION } from './engine/base.js';
export type { EngineBase, EngineHost, EngineInfo, EngineOptions, GpuMode, SelfTestReport, SelfTestResult } from './engine/base.js';

/** The engine: backends plus the APIs built on them. */
export interface Engine extends EngineBase {
  /**
   * Starknet cryptography: Stark ECDSA, Pedersen, Poseidon, transaction hashes (synchronous, in the calling
   * thread), and batches over the worker pool. Its methods throw `ENGINE_CLOSED` after `close()`.
   */
  readonly starknet: StarknetApi;
  /** BN254 (alt_bn128): groups, encodings (EIP-196/197), pairings. Methods throw `ENGINE_CLOSED` after `close()`. */
  readonly bn254: PairingCurve;
  /** BLS12-381: groups, encodings (zcash/IETF, EIP-2537), pairings, hash-to-curve (RFC 9380). */
  readonly bls12_381: Bls12381Curve;
  /** BLS12-377: groups, encodings (EIP-2539, arkworks), pairings. */
  readonly bls12_377: PairingCurve;
  /** BW6-761: groups (G2 over Fp), encodings (EIP-3026, arkworks), pairings with 6-coefficient GT values. */
  readonly bw6_761: BW6Curve;
  /**
   * Groth16 verification (snarkjs and gnark JSON; BN254, BLS12-381, BLS12-377): `verify`, `prepare`,
   * `verifyBatch`. Methods throw `ENGINE_CLOSED` after `close()`.
   */
  readonly groth16: Groth16Api;
  /**
   * PLONK verification (snarkjs 0.7.6 JSON; BN254, BLS12-381): `verify`, `prepare`, `verifyBatch`. Methods
   * throw `ENGINE_CLOSED` after `close()`.
   */
  readonly plonk: PlonkApi;
  /** FFLONK verification (snarkjs 0.7.6 JSON; BN254): `verify`, `prepare`, `verifyBatch`. */
  readonly fflonk: FflonkApi;
  /**
   * BLS signatures on BLS12-381 (Ethereum's min-pk scheme by default; `wc.bls.scheme({ signaturesIn, dst })`
   * for others): keys, signing (constant-time), aggregation, verification, batches. See `docs/bls.md`.
   */
  readonly bls: BlsApi;
  /** Ed-on-BLS12-377 (twisted Edwards over BLS12-377's scalar field): `.te` group, arkworks encodings, MSM. */
  readonly ed_on_bls12_377: EmbeddedCurve;
  /** Bandersnatch (over BLS12-381's scalar field): twisted Edwards `.te` and short Weierstrass `.sw` groups. */
  readonly bandersnatch: EmbeddedCurve & { readonly sw: EmbeddedGroup };
  /**
   * KZG commitments for Ethereum blobs (EIP-4844) and cells (EIP-7594) with c-kzg-4844's operations: loads
   * BLS12-381 and the trusted setup — Ethereum's mainnet setup (a package asset, fetched on the first call and
   * shared by later ones) or `options.setup` in c-kzg's JSON form. See `docs/kzg.md`.
   * @throws {WebcurvesError} (as a rejection) `INVALID_ARGUMENT` for bad options or a malformed setup, a point
   *   error for an invalid custom setup point, `ASSET_UNAVAILABLE` when the asset cannot be read,
   *   `WASM_UNAVAILABLE`, `ENGINE_CLOSED`.
   */
  kzg(options?: KzgOptions): Promise<KzgApi>;
}

/**
 * Creates the full engine on a host (the entry points call this with theirs).
 * @param host - how this platform runs the engine
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when a module of `curves` cannot be loaded.
 */
export async function createEngineOn(host: EngineHost, options: EngineOptions = {}): Promise<Engine> {
  const parts = await openEngine(host, options, { entry: 'webcurves', selfTestField: 'bls12_381_fp' });
  const { loader, pool, live } = parts;
  const starknet = createStarknetApi(loader.access('stark', 'wc.starknet'), {
    live,
    parallel: pool ? { get size() { return pool.size; }, run: (task) => pool.run(task) } : undefined,
  });
  const msm = new MsmService({ local: parts.local, pool, gpu: parts.gpu, live, gpuLost: parts.gpuLost, thresholds: parts.thresholds });
  const pairingCurves = pairingCurvesOf(parts, msm);
  const engine: Engine = {
    ...parts.base(msm),
    starknet,
    ...pairingCurves,
    bw6_761: createBW6Curve(loader.access('bw6_761', 'wc.bw6_761'), live, msm),
    groth16: createGroth16Api(pairingCurves, live),
    plonk: createPlonkApi(pairingCurves, live),
    fflonk: createFflonkApi(pairingCurves, live),
    bls: createBlsApi(pairingCurves.bls12_381, live),
    ed_on_bls12_377: new EmbeddedCurveImpl(loader.access('ed_on_bls12_377', 'wc.ed_on_bls12_377'), edDesc, live, msm),
    bandersnatch: new EmbeddedCurveImpl(loader.access('bandersnatch', 'wc.bandersnatch'), bandersnatchDesc, live, msm) as EmbeddedCurve & { readonly sw: EmbeddedGroup },
    kzg: kzgOpener({
      curve: pairingCurves.bls12_381,
      access: loader.access('bls12_381', 'wc.kzg'),
      live,
      readMainnet: host.asset ? () => host.asset!(kzgMainnetSetupUrl()) : undefined,
      readMainnetFk20: host.asset ? () => host.asset!(kzgMainnetFk20Url()) : undefined,
    }),
  };
  Object.defineProperty(engine, ENGINE_INTERNALS, {
    value: {
      gpuDevice: () => parts.gpu?.device,
      msm,
      memory: async () => {
        const thread = await parts.local.memoryStats();
        if (!pool || !isOpen(live)) return { thread, workers: [], busyWorkers: 0 };
        const { results, busy } = await pool.probeIdle((api) => api.memoryStats());
        return { thread, workers: results, busyWorkers: busy };
      },
    } satisfies EngineInternals,
    enumerable: false,
  });
  return engine;
}

/** Whether the engine is still open (its liveness check passes). */
function isOpen(live: () => void): boolean {
  try {
    live();
    return true;
  } catch {
    return false;
  }
}

/** What {@link ENGINE_INTERNALS} holds. @internal */
export interface EngineInternals {
  /** The engine's GPU device (the one every GPU MSM runs on), when it has one. */
  gpuDevice(): GpuDevice | undefined;
  /** The MSM service (routing, calibration). */
  readonly msm: MsmService;
  /**
   * Wasm memory sizes (bytes, per instantiated module: see `WasmMemoryStats` in `core/units.ts`) of the calling
   * thread and of every idle worker (with its id and, in Node, its JavaScript heap in use); busy or starting
   * workers are counted in `busyWorkers`, not probed. For soak tests.
   */
  memory(): Promise<EngineMemory>;
}

/** What {@link EngineInternals.memory} reports. @internal */
export interface EngineMemory {
  readonly thread: WasmMemoryStats;
  readonly workers: readonly { readonly id: string; readonly wasm: WasmMemoryStats; readonly heapUsed?: number }[];
  readonly busyWorkers: number;
}
