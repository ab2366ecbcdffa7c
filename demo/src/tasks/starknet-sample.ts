/**
 * The sample transaction prefilled in the "sign a Starknet invoke v3 transaction" panel: a transfer of
 * 1 STRK on Sepolia, written as the panel's text fields (hex or decimal felts; lists one value per line).
 * The addresses other than the STRK token's, the key and the amounts are made up for the demo.
 *
 * {@link SAMPLE_HASH} is what starknet.js 10.8.0 (`hash.calculateInvokeTransactionHash`) computes for it;
 * `test/demo/starknet-sample.test.ts` recomputes it, so the panel can honestly say whether webcurves
 * agrees with the library wallets use today without shipping starknet.js in the page.
 * @module
 */

/** Field values as shown in the form, keyed by starknet.js's `CalcV3InvokeTxHashArgs` names. */
export const SAMPLE_TX = {
  senderAddress: '0x05a1f27c0e6b3d8e9a4c7b21d0f3e56a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e',
  version: '0x3',
  // __execute__ calldata of a one-call multicall: [call count, to, selector, calldata length, ...calldata].
  compiledCalldata: [
    '1',
    // STRK token contract (the same address on mainnet and Sepolia).
    '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
    // selector of `transfer` (starknet_keccak of the name).
    '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
    '3',
    '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde',
    '1000000000000000000',
    '0',
  ].join('\n'),
  chainId: '0x534e5f5345504f4c4941',
  nonce: '7',
  accountDeploymentData: '',
  nonceDataAvailabilityMode: '0',
  feeDataAvailabilityMode: '0',
  resourceBounds: {
    l1_gas: { max_amount: '0', max_price_per_unit: '50000000000000' },
    l2_gas: { max_amount: '16777216', max_price_per_unit: '10000000000' },
    l1_data_gas: { max_amount: '1024', max_price_per_unit: '100000000000' },
  },
  tip: '0',
  paymasterData: '',
} as const;

/** A made-up private key for the demo (never use it for anything real). */
export const SAMPLE_PRIVATE_KEY = '0x3c1e9a7b5d2f4e6a8c0b1d3f5e7a9c2b4d6f8e0a1c3e5b7d9f2a4c6e8b0d1f3';

/** The chains the form offers: starknet.js `constants.StarknetChainId`. */
export const CHAINS: readonly (readonly [name: string, id: string])[] = [
  ['SN_SEPOLIA', '0x534e5f5345504f4c4941'],
  ['SN_MAIN', '0x534e5f4d41494e'],
];

/** starknet.js 10.8.0's hash of {@link SAMPLE_TX} (checked by a test). */
export const SAMPLE_HASH = '0x5689f51cbb1d2d0878092656c4733425e2cd680723d9b02c6182a1751a3e94d';
