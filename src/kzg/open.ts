/**
 * `wc.kzg(options?)` for an engine: loads BLS12-381 and the trusted setup (the mainnet asset, fetched once per
 * engine and shared by every call without a `setup`; or the caller's setup in c-kzg's JSON form), and builds
 * the {@link KzgApi} on them.
 * @module
 */
import { optionsBag } from '../core/args.js';
import { WebcurvesError } from '../errors.js';
import type { CurveAccess } from '../core/curve-loader.js';
import type { PairingCurve } from '../pairing/curve.js';
import { createKzgApi, type KzgApi } from './api.js';
import { KzgKernel } from './kernel.js';
import { customSetup, mainnetSetup, sha256Hex, type KzgSetupJson } from './setup.js';
import { MAINNET_FK20 } from './mainnet-fk20.js';

/** Options of `wc.kzg()`. */
export interface KzgOptions {
  /** A trusted setup in c-kzg's JSON form (default: Ethereum's mainnet setup, from the package asset). */
  readonly setup?: KzgSetupJson;
}

/** What opening KZG needs from the engine. */
export interface KzgContext {
  readonly curve: PairingCurve;
  readonly access: CurveAccess<'bls12_381'>;
  live(): void;
  /** Reads the mainnet setup asset (the host's asset reader on its URL); absent when the host has none. */
  readonly readMainnet?: () => Promise<Uint8Array>;
  /** Reads the mainnet FK20 table asset. */
  readonly readMainnetFk20?: () => Promise<Uint8Array>;
}

/**
 * The engine's `kzg` method.
 * @throws nothing itself; the method it returns rejects as {@link KzgApi}'s constructor and the setup readers
 *   do, with `INVALID_ARGUMENT` for bad options and `ASSET_UNAVAILABLE` when the mainnet asset cannot be read.
 */
export function kzgOpener(ctx: KzgContext): (options?: KzgOptions) => Promise<KzgApi> {
  let kernel: Promise<KzgKernel> | undefined;
  let mainnet: Promise<KzgApi> | undefined;
  const kernelOnce = (): Promise<KzgKernel> => {
    if (!kernel) {
      const k = ctx.access.load().then((core) => new KzgKernel(core));
      k.catch(() => {
        if (kernel === k) kernel = undefined;
      });
      kernel = k;
    }
    return kernel;
  };
  const openMainnet = async (): Promise<KzgApi> => {
    if (!ctx.readMainnet) throw new WebcurvesError('ASSET_UNAVAILABLE', 'this entry point does not ship the KZG setup asset; pass { setup }');
    const [k, bytes] = await Promise.all([
      kernelOnce(),
      ctx.readMainnet().catch((cause: unknown) => {
        throw new WebcurvesError('ASSET_UNAVAILABLE', 'cannot read the KZG mainnet setup asset (assets/kzg-mainnet.bin)', { cause });
      }),
    ]);
    ctx.live();
    return createKzgApi(ctx.curve, k, await mainnetSetup(bytes), ctx.live, ctx.readMainnetFk20 ? () => fk20Table(ctx.readMainnetFk20!) : undefined);
  };
  return async (options?: KzgOptions): Promise<KzgApi> => {
    ctx.live();
    optionsBag(options, 'kzg options');
    const setup = options?.setup;
    if (setup === undefined) {
      if (!mainnet) {
        const m = openMainnet();
        m.catch(() => {
          if (mainnet === m) mainnet = undefined;
        });
        mainnet = m;
      }
      return mainnet;
    }
    const k = await kernelOnce();
    ctx.live();
    return createKzgApi(ctx.curve, k, customSetup(setup, ctx.curve), ctx.live);
  };
}

/**
 * The mainnet FK20 table from its asset, checked against its digest, as 128 columns of packed words.
 * @throws {WebcurvesError} `ASSET_UNAVAILABLE` (unreadable), `INVALID_ARGUMENT` (size or digest).
 */
async function fk20Table(read: () => Promise<Uint8Array>): Promise<Uint32Array[]> {
  const bytes = await read().catch((cause: unknown) => {
    throw new WebcurvesError('ASSET_UNAVAILABLE', 'cannot read the KZG FK20 table asset (assets/kzg-mainnet-fk20.bin)', { cause });
  });
  if (bytes.length !== MAINNET_FK20.bytes) throw new WebcurvesError('INVALID_ARGUMENT', `the KZG FK20 asset has ${bytes.length} bytes, expected ${MAINNET_FK20.bytes}`);
  if ((await sha256Hex(bytes)) !== MAINNET_FK20.sha256) throw new WebcurvesError('INVALID_ARGUMENT', 'the KZG FK20 asset is corrupt: it does not have the expected SHA-256');
  const all = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const per = bytes.length / MAINNET_FK20.columns;
  return Array.from({ length: MAINNET_FK20.columns }, (_, c) => new Uint32Array(all.buffer, all.byteOffset + c * per, per / 4));
}
