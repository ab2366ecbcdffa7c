/**
 * `webcurves/starknet-signer`: {@link WebcurvesSigner}, starknet.js 10's `SignerInterface` on a webcurves engine,
 * in an entry point of its own so that no other entry point's types or bundle mention starknet.js (an optional
 * peer dependency, used here for types only).
 *
 *     import { Account } from 'starknet';
 *     import { createEngine } from 'webcurves/starknet';
 *     import { WebcurvesSigner } from 'webcurves/starknet-signer';
 *     const wc = await createEngine();
 *     const account = new Account({ provider, address, signer: new WebcurvesSigner(wc, privateKey) });
 *
 * @module
 */
export { WebcurvesSigner, compileCalldata, executeCalldata } from './signer.js';
export type { StarknetEngineLike, StarknetSignerBackend } from './signer.js';
