/**
 * The engine of `webcurves/groth16`: Groth16 verification and the three pairing curves it runs on (BN254,
 * BLS12-381, BLS12-377, with their groups, encodings, pairings and MSM), without Starknet, BW6-761 or the
 * embedded curves — so that a bundle of an app that verifies proofs holds only this. The GPU MSM code is loaded
 * on demand (a dynamic import) when an MSM goes to the GPU.
 * @module
 */
import { createPairingCurve, type Bls12381Curve, type Bls12381Impl, type PairingCurve } from '../pairing/curve.js';
import type { PairingParallel } from '../pairing/dispatch.js';
import { MsmService } from '../msm/service.js';
import { createGroth16Api, type Groth16Api } from './api.js';
import { ENGINE_INTERNALS, openEngine, type EngineBase, type EngineHost, type EngineOptions, type EngineParts } from '../engine/base.js';

/** An engine with Groth16 and the pairing curves it verifies on. */
export interface Groth16Engine extends EngineBase {
  /**
   * Groth16 verification (snarkjs and gnark JSON; BN254, BLS12-381, BLS12-377): `verify`, `prepare`,
   * `verifyBatch`. Methods throw `ENGINE_CLOSED` after `close()`.
   */
  readonly groth16: Groth16Api;
  /** BN254 (alt_bn128): groups, encodings (EIP-196/197), pairings. Methods throw `ENGINE_CLOSED` after `close()`. */
  readonly bn254: PairingCurve;
  /** BLS12-381: groups, encodings (zcash/IETF, EIP-2537), pairings, hash-to-curve (RFC 9380). */
  readonly bls12_381: Bls12381Curve;
  /** BLS12-377: groups, encodings (EIP-2539, arkworks), pairings. */
  readonly bls12_377: PairingCurve;
}

/**
 * The three 12-coefficient pairing curves over an engine's parts (shared by this engine and the full one).
 * @throws nothing.
 */
export function pairingCurvesOf(parts: EngineParts, msm: MsmService) {
  const { loader, pool, live } = parts;
  const pairingPool: PairingParallel | undefined = pool
    ? { get size() { return pool.size; }, get idle() { return pool.idleWorkers; }, run: (task, opts) => pool.run(task, opts) }
    : undefined;
  return {
    bn254: createPairingCurve(loader.access('bn254', 'wc.bn254'), live, pairingPool, msm),
    bls12_381: createPairingCurve(loader.access('bls12_381', 'wc.bls12_381'), live, pairingPool, msm) as Bls12381Impl,
    bls12_377: createPairingCurve(loader.access('bls12_377', 'wc.bls12_377'), live, pairingPool, msm),
  };
}

/**
 * Creates a Groth16 engine on a host (the `webcurves/groth16` entry points call this with theirs).
 * @param host - how this platform runs the engine (its wasm source serves BN254, BLS12-381 and BLS12-377)
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option (a curve it does not serve included); `WASM_UNAVAILABLE` when a module
 *   of `curves` cannot be loaded.
 */
export async function createGroth16EngineOn(host: EngineHost, options: EngineOptions = {}): Promise<Groth16Engine> {
  const parts = await openEngine(host, options, { entry: 'webcurves/groth16', selfTestField: 'bn254_fr' });
  const msm = new MsmService({ local: parts.local, pool: parts.pool, gpu: parts.gpu, live: parts.live, gpuLost: parts.gpuLost, thresholds: parts.thresholds });
  const curves = pairingCurvesOf(parts, msm);
  const engine: Groth16Engine = { ...parts.base(msm), ...curves, groth16: createGroth16Api(curves, parts.live) };
  Object.defineProperty(engine, ENGINE_INTERNALS, { value: { gpuDevice: () => parts.gpu?.device, msm }, enumerable: false });
  return engine;
}
