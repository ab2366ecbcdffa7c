/**
 * The engine of `webcurves/plonk`: PLONK and FFLONK verification and the pairing curves they run on (BN254,
 * BLS12-381, and BLS12-377 which the shared pairing module also serves), without Groth16, Starknet, BW6-761 or
 * the embedded curves. The GPU MSM code is a dynamic import, as in `webcurves/groth16`.
 * @module
 */
import { MsmService } from '../msm/service.js';
import { pairingCurvesOf } from '../groth16/engine.js';
import type { PairingCurve } from '../pairing/curve.js';
import { ENGINE_INTERNALS, openEngine, type EngineBase, type EngineHost, type EngineOptions } from '../engine/base.js';
import { createFflonkApi, createPlonkApi, type FflonkApi, type PlonkApi } from './api.js';

/** An engine with PLONK, FFLONK and the pairing curves they verify on. */
export interface PlonkEngine extends EngineBase {
  /** PLONK verification (snarkjs 0.7.6 JSON; BN254, BLS12-381). Methods throw `ENGINE_CLOSED` after `close()`. */
  readonly plonk: PlonkApi;
  /** FFLONK verification (snarkjs 0.7.6 JSON; BN254). Methods throw `ENGINE_CLOSED` after `close()`. */
  readonly fflonk: FflonkApi;
  /** BN254 (alt_bn128): groups, encodings, pairings. */
  readonly bn254: PairingCurve;
  /** BLS12-381: groups, encodings, pairings. */
  readonly bls12_381: PairingCurve;
  /** BLS12-377: groups, encodings, pairings. */
  readonly bls12_377: PairingCurve;
}

/**
 * Creates a PLONK/FFLONK engine on a host (the `webcurves/plonk` entry points call this with theirs).
 * @param host - how this platform runs the engine (its wasm source serves BN254, BLS12-381 and BLS12-377)
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option (a curve it does not serve included); `WASM_UNAVAILABLE` when a module
 *   of `curves` cannot be loaded.
 */
export async function createPlonkEngineOn(host: EngineHost, options: EngineOptions = {}): Promise<PlonkEngine> {
  const parts = await openEngine(host, options, { entry: 'webcurves/plonk', selfTestField: 'bn254_fr' });
  const msm = new MsmService({ local: parts.local, pool: parts.pool, gpu: parts.gpu, live: parts.live, gpuLost: parts.gpuLost, thresholds: parts.thresholds });
  const curves = pairingCurvesOf(parts, msm);
  const engine: PlonkEngine = { ...parts.base(msm), ...curves, plonk: createPlonkApi(curves, parts.live), fflonk: createFflonkApi(curves, parts.live) };
  Object.defineProperty(engine, ENGINE_INTERNALS, { value: { gpuDevice: () => parts.gpu?.device, msm }, enumerable: false });
  return engine;
}
