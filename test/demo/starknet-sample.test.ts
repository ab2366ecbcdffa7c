/**
 * The Starknet panel's sample transaction and form parsing, checked against starknet.js: the hash the
 * panel quotes as starknet.js's must be what starknet.js computes from the fields as the panel reads them.
 * @module
 */
import { hash } from 'starknet';
import { describe, expect, it } from 'vitest';
import { parseInvokeV3, parsePrivateKey, STARK_N } from '../../demo/src/tasks/starknet-fields.js';
import { SAMPLE_HASH, SAMPLE_PRIVATE_KEY, SAMPLE_TX } from '../../demo/src/tasks/starknet-sample.js';

describe('Starknet panel sample', () => {
  it('hashes to SAMPLE_HASH with starknet.js', () => {
    const parsed = parseInvokeV3(SAMPLE_TX);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // starknet.js wants its own (mutable) types; the values are the same.
    const theirs = hash.calculateInvokeTransactionHash(parsed.tx as unknown as Parameters<typeof hash.calculateInvokeTransactionHash>[0]);
    expect(BigInt(theirs)).toBe(BigInt(SAMPLE_HASH));
    expect(parsed.tx.compiledCalldata).toHaveLength(7);
    expect(parsed.tx.accountDeploymentData).toEqual([]);
    expect(parsed.tx.chainId).toBe('0x534e5f5345504f4c4941');
    expect(parsePrivateKey(SAMPLE_PRIVATE_KEY)).toBeGreaterThan(0n);
  });

  it('names every bad field', () => {
    const parsed = parseInvokeV3({
      ...SAMPLE_TX,
      nonce: 'seven',
      compiledCalldata: '1\n0xzz',
      nonceDataAvailabilityMode: '2',
      resourceBounds: { ...SAMPLE_TX.resourceBounds, l2_gas: { max_amount: String(2n ** 64n), max_price_per_unit: '1' } },
    });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && Object.keys(parsed.errors).sort()).toEqual(['compiledCalldata', 'nonce', 'nonceDataAvailabilityMode', 'resourceBounds.l2_gas.max_amount']);
    expect(!parsed.ok && parsed.errors['compiledCalldata']).toMatch(/^item 2: not a number/);
    expect(() => parsePrivateKey('0')).toThrow(/cannot be 0/);
    expect(() => parsePrivateKey(`0x${STARK_N.toString(16)}`)).toThrow(/below the curve order/);
  });
});
