/**
 * Task panel "verify a proof": the dapp front end's story. Paste snarkjs JSON (verification key, proof, public
 * signals) or load a sample; webcurves verifies it in the benchmark worker with
 * `wc.groth16.verify(vk, publicSignals, proof)` — the same arguments as `snarkjs.groth16.verify` — or, for a key
 * whose `protocol` is `plonk` / `fflonk`, with `wc.plonk.verify` / `wc.fflonk.verify` (the worker picks).
 *
 * `wc.groth16.verify` also reads gnark's JSON export (the three fields take it as well). The panel is gated on
 * `'groth16' in wc`: a build without the API says so and keeps its inputs usable.
 * @module
 */
import { describeError, type Groth16Result } from '../bench-protocol.js';
import type { BenchClient } from '../bench-client.js';
import { h } from '../dom.js';
import { formatMs } from '../format.js';
import { apiGate, field, outputArea, type TaskView } from './task.js';

/** The samples in `demo/public/samples/` (see the README there for their origin). */
const SAMPLES = [
  ['bn254', 'BN254 sample', "from Garaga's examples, MIT"],
  ['bls12381', 'BLS12-381 sample', "from Garaga's examples, MIT"],
  ['plonk_bn254', 'PLONK sample', 'made with circom2 and snarkjs 0.7.6'],
  ['fflonk_bn254', 'FFLONK sample', 'made with circom2 and snarkjs 0.7.6'],
] as const;

const PARTS = [
  ['vk', 'Verification key', 'verification_key.json', 'snarkjs_vk'],
  ['proof', 'Proof', 'proof.json', 'snarkjs_proof'],
  ['public', 'Public signals', 'public.json', 'snarkjs_public'],
] as const;

type Part = (typeof PARTS)[number][0];

/** Renders the panel into `section` (which holds its heading). */
export function mountGroth16(section: HTMLElement, client: BenchClient): TaskView {
  const fields = new Map(
    PARTS.map(([part, label, file]) => {
      const control = h('textarea', { id: `groth16-${part}`, rows: part === 'public' ? 2 : 5, spellcheck: 'false', autocomplete: 'off', class: 'code-input' });
      return [part, field(control, [label, ' ', h('span', { class: 'sub-inline' }, `(snarkjs ${file})`)])] as const;
    }),
  );
  const verify = h('button', { type: 'submit', class: 'button button--primary', id: 'groth16-verify' }, 'Verify');
  const gate = apiGate('groth16', 'Groth16', 'You can load and edit the samples meanwhile.', verify);
  const output = outputArea('groth16-result');

  const sampleButtons = SAMPLES.map(([curve, label, origin]) => {
    const b = h('button', { type: 'button', class: 'button', 'data-sample': curve }, `Load ${label}`);
    b.addEventListener('click', () => void loadSample(curve, label, origin));
    return b;
  });

  async function loadSample(curve: string, label: string, origin: string): Promise<void> {
    try {
      const texts = await Promise.all(
        PARTS.map(async ([, , , prefix]) => {
          const res = await fetch(new URL(`samples/${prefix}_${curve}.json`, document.baseURI));
          if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
          return res.text();
        }),
      );
      PARTS.forEach(([part], i) => {
        const f = fields.get(part)!;
        f.control.value = texts[i]!.trim();
        f.setError(undefined);
      });
      output.set('info', `${label} loaded (${origin}).`, gate.available ? ' Press Verify.' : '');
    } catch (e) {
      output.set('error', `Could not load the ${label}: ${describeError(e)}`);
    }
  }

  const form = h(
    'form',
    { class: 'task', 'aria-labelledby': section.querySelector('h2')?.id },
    gate.el,
    h('div', { class: 'actions' }, ...sampleButtons),
    ...[...fields.values()].map((f) => f.el),
    h('div', { class: 'actions' }, verify),
    output.el,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run();
  });
  section.append(form);

  async function run(): Promise<void> {
    const parsed = {} as Record<Part, unknown>;
    let firstBad: HTMLTextAreaElement | undefined;
    for (const [part, label] of PARTS) {
      const f = fields.get(part)!;
      try {
        if (!f.control.value.trim()) throw new Error('empty');
        parsed[part] = JSON.parse(f.control.value);
        f.setError(undefined);
      } catch (e) {
        f.setError(`${label}: not valid JSON (${(e as Error).message}).`);
        firstBad ??= f.control;
      }
    }
    if (firstBad) {
      firstBad.focus();
      output.set('error', 'Fix the fields marked above.');
      return;
    }
    if (!gate.available) return;
    gate.busy(true);
    output.set('info', 'Verifying in the worker…');
    try {
      const r: Groth16Result = await client.call('groth16Verify', parsed.vk, parsed.public, parsed.proof);
      output.set(
        r.valid ? 'ok' : 'error',
        h('strong', {}, r.valid ? '✓ Valid proof' : '✗ Not valid'),
        r.valid ? ` — verified in ${formatMs(r.ms)} in the worker.` : ` — the proof does not verify for these public signals (${formatMs(r.ms)}).`,
      );
    } catch (e) {
      output.set('error', h('strong', {}, 'Refused: '), describeError(e));
    } finally {
      gate.busy(false);
    }
  }

  return gate.view;
}
