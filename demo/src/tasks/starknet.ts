/**
 * Task panel "sign a Starknet invoke v3 transaction": the in-browser wallet's story. The fields are those
 * of starknet.js's `CalcV3InvokeTxHashArgs`, prefilled with a sample transfer; webcurves computes the
 * transaction hash (`wc.starknet.invokeTransactionHashV3`) and signs it (`wc.starknet.sign`, RFC 6979) in
 * the benchmark worker, then checks the signature with its own `verify` and against @scure/starknet's.
 *
 * Until the Starknet API is merged the engine has no `starknet` property: the panel says so and lights up
 * by itself once `'starknet' in wc`.
 * @module
 */
import { describeError, type StarknetSignResult } from '../bench-protocol.js';
import type { BenchClient } from '../bench-client.js';
import { h, type Child } from '../dom.js';
import { formatMs } from '../format.js';
import { parseInvokeV3, parsePrivateKey, RESOURCES, type InvokeV3Text } from './starknet-fields.js';
import { CHAINS, SAMPLE_HASH, SAMPLE_PRIVATE_KEY, SAMPLE_TX } from './starknet-sample.js';
import { apiGate, field, outputArea, type TaskView } from './task.js';

const hex = (x: bigint): string => `0x${x.toString(16)}`;
/** A transaction as text, to compare two by value. */
const canonical = (tx: unknown): string => JSON.stringify(tx, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
const sample = parseInvokeV3(SAMPLE_TX);
if (!sample.ok) throw new Error(`the sample transaction does not parse: ${JSON.stringify(sample.errors)}`);
const sampleTx = sample.tx;

/** Renders the panel into `section` (which holds its heading). */
export function mountStarknet(section: HTMLElement, client: BenchClient): TaskView {
  const id = (name: string): string => `sn-${name.replace(/\./g, '-')}`;
  const input = (name: string): HTMLInputElement => h('input', { id: id(name), type: 'text', spellcheck: 'false', autocomplete: 'off', class: 'code-input' });
  const list = (name: string, rows: number): HTMLTextAreaElement => h('textarea', { id: id(name), rows, spellcheck: 'false', autocomplete: 'off', class: 'code-input' });
  const select = (name: string, options: readonly (readonly [string, string])[]): HTMLSelectElement =>
    h('select', { id: id(name) }, ...options.map(([label, value]) => h('option', { value }, label)));
  const daModes = [
    ['0 — L1', '0'],
    ['1 — L2', '1'],
  ] as const;

  const f = {
    senderAddress: field(input('senderAddress'), h('code', {}, 'senderAddress')),
    version: field(h('input', { id: id('version'), type: 'text', value: '0x3', readonly: true, class: 'code-input' }), h('code', {}, 'version'), 'Invoke v3 only.'),
    compiledCalldata: field(list('compiledCalldata', 7), h('code', {}, 'compiledCalldata'), 'One felt per line (decimal or 0x hex).'),
    chainId: field(select('chainId', CHAINS.map(([name, v]) => [`${name} (${v})`, v] as const)), h('code', {}, 'chainId')),
    nonce: field(input('nonce'), h('code', {}, 'nonce')),
    accountDeploymentData: field(list('accountDeploymentData', 1), h('code', {}, 'accountDeploymentData'), 'Felts; usually empty.'),
    nonceDataAvailabilityMode: field(select('nonceDataAvailabilityMode', daModes), h('code', {}, 'nonceDataAvailabilityMode')),
    feeDataAvailabilityMode: field(select('feeDataAvailabilityMode', daModes), h('code', {}, 'feeDataAvailabilityMode')),
    tip: field(input('tip'), h('code', {}, 'tip')),
    paymasterData: field(list('paymasterData', 1), h('code', {}, 'paymasterData'), 'Felts; usually empty.'),
  };
  const bounds = RESOURCES.flatMap((r) =>
    (['max_amount', 'max_price_per_unit'] as const).map((k) => [`resourceBounds.${r}.${k}`, field(input(`resourceBounds.${r}.${k}`), h('code', {}, `${r}.${k}`))] as const),
  );
  const key = field(
    h('input', { id: id('privateKey'), type: 'text', spellcheck: 'false', autocomplete: 'off', class: 'code-input' }),
    'Private key',
    'A made-up demo key. The key stays in this tab (it goes to the benchmark worker only), but never paste a key that holds funds into a demo page.',
  );
  const all = new Map<string, { control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; setError(m: string | undefined): void }>([
    ...Object.entries(f),
    ...bounds,
    ['privateKey', key],
  ]);

  const fillSample = (): void => {
    for (const [name, v] of Object.entries(SAMPLE_TX)) if (typeof v === 'string') f[name as keyof typeof f].control.value = v;
    for (const r of RESOURCES) {
      for (const k of ['max_amount', 'max_price_per_unit'] as const) all.get(`resourceBounds.${r}.${k}`)!.control.value = SAMPLE_TX.resourceBounds[r][k];
    }
    key.control.value = SAMPLE_PRIVATE_KEY;
    for (const x of all.values()) x.setError(undefined);
  };

  const read = (): InvokeV3Text => {
    const v = (name: string): string => all.get(name)!.control.value;
    return {
      senderAddress: v('senderAddress'),
      compiledCalldata: v('compiledCalldata'),
      chainId: v('chainId'),
      nonce: v('nonce'),
      accountDeploymentData: v('accountDeploymentData'),
      nonceDataAvailabilityMode: v('nonceDataAvailabilityMode'),
      feeDataAvailabilityMode: v('feeDataAvailabilityMode'),
      resourceBounds: Object.fromEntries(
        RESOURCES.map((r) => [r, { max_amount: v(`resourceBounds.${r}.max_amount`), max_price_per_unit: v(`resourceBounds.${r}.max_price_per_unit`) }]),
      ) as InvokeV3Text['resourceBounds'],
      tip: v('tip'),
      paymasterData: v('paymasterData'),
    };
  };

  const sign = h('button', { type: 'submit', class: 'button button--primary', id: 'starknet-sign' }, 'Hash and sign');
  const gate = apiGate('starknet', 'Starknet', 'The fields can be edited meanwhile.', sign);
  const reset = h('button', { type: 'button', class: 'button' }, 'Reset to the sample');
  reset.addEventListener('click', fillSample);
  const output = outputArea('starknet-result');

  const form = h(
    'form',
    { class: 'task' },
    gate.el,
    h(
      'fieldset',
      { class: 'tx' },
      h('legend', {}, 'Transaction (starknet.js CalcV3InvokeTxHashArgs)'),
      h('div', { class: 'field-grid' }, ...Object.values(f).map((x) => x.el)),
      h('fieldset', { class: 'bounds' }, h('legend', {}, h('code', {}, 'resourceBounds')), h('div', { class: 'field-grid' }, ...bounds.map(([, x]) => x.el))),
    ),
    key.el,
    h('div', { class: 'actions' }, sign, ' ', reset),
    output.el,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run();
  });
  section.append(form);
  fillSample();

  async function run(): Promise<void> {
    for (const x of all.values()) x.setError(undefined);
    const parsed = parseInvokeV3(read());
    const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
    let privateKey: bigint | undefined;
    try {
      privateKey = parsePrivateKey(key.control.value);
    } catch (e) {
      errors['privateKey'] = (e as Error).message;
    }
    const bad = Object.keys(errors);
    if (!parsed.ok || privateKey === undefined || bad.length) {
      for (const name of bad) all.get(name)?.setError(errors[name]);
      all.get(bad[0]!)?.control.focus();
      output.set('error', `Fix the ${bad.length === 1 ? 'field' : `${bad.length} fields`} marked above.`);
      return;
    }
    if (!gate.available) return;
    gate.busy(true);
    output.set('info', 'Hashing and signing in the worker…');
    try {
      const r: StarknetSignResult = await client.call('starknetSign', parsed.tx, privateKey);
      const unchanged = canonical(parsed.tx) === canonical(sampleTx);
      const rows: [string, Child][] = [
        ['Transaction hash', h('code', {}, hex(r.hash))],
        [
          'starknet.js',
          unchanged
            ? r.hash === BigInt(SAMPLE_HASH)
              ? h('span', { class: 'yes' }, '✓ same hash as starknet.js computes for the sample')
              : h('span', { class: 'no' }, `✗ starknet.js computes ${SAMPLE_HASH} for the sample`)
            : 'not compared (the fields differ from the sample)',
        ],
        ['Signature r', h('code', {}, hex(r.r))],
        ['Signature s', h('code', {}, hex(r.s))],
        ['Public key', h('code', {}, hex(r.publicKey))],
        ['Checks', [r.verified ? '✓ verifies' : '✗ does not verify', '; ', 'same' in r.scure ? (r.scure.same ? '✓ same signature as @scure/starknet' : '✗ differs from @scure/starknet') : `@scure/starknet not compared: ${r.scure.unavailable}`].join('')],
        ['Time', `${formatMs(r.ms)} (hash and sign, in the worker)`],
      ];
      output.set(r.verified ? 'ok' : 'error', h('dl', { class: 'facts facts--tight' }, ...rows.map(([k, v]) => h('div', { class: 'facts__row' }, h('dt', {}, k), h('dd', {}, v)))));
    } catch (e) {
      output.set('error', h('strong', {}, 'Refused: '), describeError(e));
    } finally {
      gate.busy(false);
    }
  }

  return gate.view;
}
