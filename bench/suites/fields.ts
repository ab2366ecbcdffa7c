/**
 * Field arithmetic: ns per multiplication, squaring, addition and inversion for every field of the wasm
 * core, measured as chains of dependent operations inside wasm (no JS↔wasm call per operation); for
 * BLS12-381's base field also @noble/curves and a plain BigInt baseline, in the same run.
 * @module
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { FIELD_LAYOUTS, type FieldId } from 'webcurves';
import { paramValues } from '../params.js';
import type { BenchCase, BenchSuite } from '../types.js';

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** The fields suite. */
export const fieldsSuite: BenchSuite = {
  id: 'fields',
  title: 'Field arithmetic',
  description:
    'Multiplication, squaring, addition and inversion in each prime field, as chains of dependent operations ' +
    'inside the wasm core; on BLS12-381\'s base field also @noble/curves and plain BigInt.',
  params: [
    {
      id: 'field',
      label: 'Fields',
      options: (Object.keys(FIELD_LAYOUTS) as FieldId[]).map((id) => ({ value: id, label: id })),
      defaults: { quick: ['bn254_fp', 'bls12_381_fp', 'bw6_761_fp', 'stark_fp'], full: Object.keys(FIELD_LAYOUTS) },
    },
  ],
  async cases(ctx) {
    const { engine } = ctx;
    const out: BenchCase[] = [];
    const fields = paramValues(fieldsSuite, ctx, 'field') as FieldId[];
    for (const id of fields) {
      const f = engine.field(id);
      const p = FIELD_LAYOUTS[id].modulus;
      const a = (p * 2n) / 3n + 12345n;
      const b = p / 5n + 777n;
      const wasm = (op: 'mul' | 'sqr' | 'add' | 'inv' | 'invUnsafe', expect: (n: bigint) => bigint): BenchCase => ({
        suite: 'fields',
        subject: id,
        op,
        impl: 'webcurves',
        check: () => f.loop(op, a, b, 7) === expect(7n),
        run: (n) => f.loop(op, a, b, n),
      });
      out.push(wasm('mul', (n) => (a * modPow(b, n, p)) % p));
      out.push(wasm('sqr', (n) => modPow(a, 1n << n, p)));
      out.push(wasm('add', (n) => (a + n * b) % p));
      out.push(wasm('inv', (n) => (n % 2n ? modPow(a, p - 2n, p) : a)));
      out.push(wasm('invUnsafe', (n) => (n % 2n ? modPow(a, p - 2n, p) : a)));
    }
    // Peers on BLS12-381 Fp: the same dependent chains in JavaScript.
    if (!fields.includes('bls12_381_fp')) return out;
    const p = FIELD_LAYOUTS.bls12_381_fp.modulus;
    const a = (p * 2n) / 3n + 12345n;
    const b = p / 5n + 777n;
    const Fp = bls12_381.fields.Fp;
    const chain = (impl: string, op: string, step: (x: bigint) => bigint, expect: bigint): BenchCase => ({
      suite: 'fields',
      subject: 'bls12_381_fp',
      op,
      impl,
      check: () => {
        let x = a;
        for (let i = 0; i < 7; i++) x = step(x);
        return x === expect;
      },
      run: (n) => {
        let x = a;
        for (let i = 0; i < n; i++) x = step(x);
        return x;
      },
    });
    const mul7 = (a * modPow(b, 7n, p)) % p;
    const sqr7 = modPow(a, 1n << 7n, p);
    const inv7 = modPow(a, p - 2n, p);
    out.push(chain('@noble/curves', 'mul', (x) => Fp.mul(x, b), mul7));
    out.push(chain('@noble/curves', 'sqr', (x) => Fp.sqr(x), sqr7));
    out.push(chain('@noble/curves', 'inv', (x) => Fp.inv(x), inv7));
    out.push(chain('BigInt', 'mul', (x) => (x * b) % p, mul7));
    out.push(chain('BigInt', 'sqr', (x) => (x * x) % p, sqr7));
    return out;
  },
};
