/**
 * Reading the Starknet panel's text fields into an invoke v3 transaction (starknet.js's
 * `CalcV3InvokeTxHashArgs` shape, felts as bigints). Pure functions, no DOM: the panel and a Node test
 * share them.
 * @module
 */
import type { InvokeV3Fields } from '../bench-protocol.js';

/** The Stark field's prime, 2^251 + 17·2^192 + 1: every felt is below it. */
export const STARK_P = 2n ** 251n + 17n * 2n ** 192n + 1n;
/** The Stark curve's order: a private key is in [1, n). */
export const STARK_N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;

type Bounds = InvokeV3Fields['resourceBounds'];
type ResourceName = keyof Bounds;
export const RESOURCES: readonly ResourceName[] = ['l1_gas', 'l2_gas', 'l1_data_gas'];

/** The form's values as text (see `SAMPLE_TX`). */
export interface InvokeV3Text {
  readonly senderAddress: string;
  readonly compiledCalldata: string;
  readonly chainId: string;
  readonly nonce: string;
  readonly accountDeploymentData: string;
  readonly nonceDataAvailabilityMode: string;
  readonly feeDataAvailabilityMode: string;
  readonly resourceBounds: Readonly<Record<ResourceName, { readonly max_amount: string; readonly max_price_per_unit: string }>>;
  readonly tip: string;
  readonly paymasterData: string;
}

/**
 * One number written in decimal or `0x` hex.
 * @throws {Error} with a message fit for the form
 */
export function parseNumber(text: string, below: bigint, what = 'a field element'): bigint {
  const t = text.trim();
  if (!/^(0x[0-9a-f]+|[0-9]+)$/i.test(t)) throw new Error(`not a number: write decimal digits or 0x and hex digits`);
  const v = BigInt(t);
  if (v >= below) throw new Error(`too large for ${what}`);
  return v;
}

/** A list of felts, one per line or separated by commas or spaces (empty text: an empty list). */
export function parseList(text: string): bigint[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t, i) => {
      try {
        return parseNumber(t, STARK_P);
      } catch (e) {
        throw new Error(`item ${i + 1}: ${(e as Error).message}`);
      }
    });
}

/**
 * Reads every field; problems are reported by field path (`nonce`, `resourceBounds.l2_gas.max_amount`).
 */
export function parseInvokeV3(v: InvokeV3Text): { ok: true; tx: InvokeV3Fields } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const field = <T>(path: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      errors[path] = (e as Error).message;
      return undefined;
    }
  };
  const felt = (path: string, text: string): bigint | undefined => field(path, () => parseNumber(text, STARK_P));
  const mode = (path: string, text: string): 0 | 1 | undefined =>
    field(path, () => {
      if (text !== '0' && text !== '1') throw new Error('0 (L1) or 1 (L2)');
      return Number(text) as 0 | 1;
    });
  const bounds = {} as Record<ResourceName, { max_amount: bigint; max_price_per_unit: bigint }>;
  for (const r of RESOURCES) {
    // max_amount is a u64 and max_price_per_unit a u128 in the v3 transaction format.
    const amount = field(`resourceBounds.${r}.max_amount`, () => parseNumber(v.resourceBounds[r].max_amount, 2n ** 64n, 'a u64'));
    const price = field(`resourceBounds.${r}.max_price_per_unit`, () => parseNumber(v.resourceBounds[r].max_price_per_unit, 2n ** 128n, 'a u128'));
    if (amount !== undefined && price !== undefined) bounds[r] = { max_amount: amount, max_price_per_unit: price };
  }
  const tx = {
    senderAddress: felt('senderAddress', v.senderAddress),
    version: '0x3' as const,
    compiledCalldata: field('compiledCalldata', () => parseList(v.compiledCalldata)),
    chainId: field('chainId', () => `0x${parseNumber(v.chainId, STARK_P).toString(16)}`),
    nonce: felt('nonce', v.nonce),
    accountDeploymentData: field('accountDeploymentData', () => parseList(v.accountDeploymentData)),
    nonceDataAvailabilityMode: mode('nonceDataAvailabilityMode', v.nonceDataAvailabilityMode),
    feeDataAvailabilityMode: mode('feeDataAvailabilityMode', v.feeDataAvailabilityMode),
    resourceBounds: bounds,
    tip: field('tip', () => parseNumber(v.tip, 2n ** 64n, 'a u64')),
    paymasterData: field('paymasterData', () => parseList(v.paymasterData)),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, tx: tx as InvokeV3Fields };
}

/** A private key for the Stark curve: in [1, n). @throws {Error} with a message fit for the form */
export function parsePrivateKey(text: string): bigint {
  const k = parseNumber(text, STARK_N, 'a private key (it must be below the curve order)');
  if (k === 0n) throw new Error('the private key cannot be 0');
  return k;
}
