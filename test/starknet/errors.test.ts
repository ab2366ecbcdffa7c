/**
 * Bad input is refused with a WebcurvesError and a stable code, never a wrong answer: every rule of the
 * Starknet issue (private key 0 or ≥ N, message hash ≥ 2^251, field elements ≥ p, r/s/w outside
 * starknet-crypto's ranges, public keys that are not on the curve), plus type errors and a closed engine.
 * verify returns false only for well-formed signatures that do not verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type StarknetApi } from 'webcurves';
import { invMod } from '../../src/math/modular.js';
import { BOUND, N, P } from './helpers.js';

let wc: Engine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof WebcurvesError) return e.code;
    return `not a WebcurvesError: ${String(e)}`;
  }
  return undefined;
}

async function asyncCodeOf(f: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await f();
  } catch (e) {
    if (e instanceof WebcurvesError) return e.code;
    return `not a WebcurvesError: ${String(e)}`;
  }
  return undefined;
}

const d = 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn;
const m = 0x397e76d1667c4454bfb83514e120583af836f8e32a516765497823eabe16a3fn;
let pub: bigint;
let sig: { r: bigint; s: bigint; v: bigint };
beforeAll(() => {
  pub = sn.getPublicKey(d);
  sig = sn.sign(m, d);
});
const NOT_ON_CURVE = 0x03ee9bffffffffff26ffffffff60ffffffffffffffffffffffffffff004accffn;

describe('private keys', () => {
  it('0, negative and ≥ N are INVALID_PRIVATE_KEY for getPublicKey and sign', () => {
    for (const k of [0n, -1n, N, N + 1n, P, 1n << 256n]) {
      expect(codeOf(() => sn.getPublicKey(k)), String(k)).toBe('INVALID_PRIVATE_KEY');
      expect(codeOf(() => sn.sign(1n, k)), String(k)).toBe('INVALID_PRIVATE_KEY');
    }
    expect(codeOf(() => sn.getPublicKey(N - 1n))).toBeUndefined();
  });
});

describe('message hashes', () => {
  it('≥ 2^251 or negative are INVALID_MESSAGE_HASH for sign, verify and recover', () => {
    for (const h of [BOUND, BOUND + 1n, P - 1n, -1n]) {
      expect(codeOf(() => sn.sign(h, d))).toBe('INVALID_MESSAGE_HASH');
      expect(codeOf(() => sn.verify(pub, h, sig.r, sig.s))).toBe('INVALID_MESSAGE_HASH');
      expect(codeOf(() => sn.recover(h, sig.r, sig.s, sig.v))).toBe('INVALID_MESSAGE_HASH');
    }
    expect(codeOf(() => sn.sign(BOUND - 1n, d))).toBeUndefined();
  });
});

describe('signatures', () => {
  it('r ∉ [1, 2^251), s ∉ [1, N), v ∉ {0, 1} are INVALID_SIGNATURE', () => {
    for (const r of [0n, -1n, BOUND, P]) {
      expect(codeOf(() => sn.verify(pub, m, r, sig.s))).toBe('INVALID_SIGNATURE');
      expect(codeOf(() => sn.recover(m, r, sig.s, 0n))).toBe('INVALID_SIGNATURE');
    }
    for (const s of [0n, -1n, N, N + 1n]) {
      expect(codeOf(() => sn.verify(pub, m, sig.r, s))).toBe('INVALID_SIGNATURE');
      expect(codeOf(() => sn.recover(m, sig.r, s, 0n))).toBe('INVALID_SIGNATURE');
    }
    for (const v of [2n, -1n]) expect(codeOf(() => sn.recover(m, sig.r, sig.s, v))).toBe('INVALID_SIGNATURE');
  });

  it('an s whose inverse w is ≥ 2^251 is INVALID_SIGNATURE (starknet-crypto: InvalidS)', () => {
    const s = invMod(BOUND + 5n, N);
    expect(codeOf(() => sn.verify(pub, m, sig.r, s))).toBe('INVALID_SIGNATURE');
    const s2 = invMod(BOUND - 5n, N); // w just below the bound: well-formed, just wrong
    expect(sn.verify(pub, m, sig.r, s2)).toBe(false);
  });

  it('recover with an r that is not the x of a curve point is INVALID_SIGNATURE', () => {
    expect(codeOf(() => sn.recover(2n, NOT_ON_CURVE, sig.s, 0n))).toBe('INVALID_SIGNATURE');
  });

  it('verify is false (not an error) for well-formed signatures that do not verify', () => {
    expect(sn.verify(pub, m, sig.r, sig.s)).toBe(true);
    expect(sn.verify(pub, m + 1n, sig.r, sig.s)).toBe(false);
    expect(sn.verify(pub, m, sig.r ^ 2n, sig.s)).toBe(false);
    expect(sn.verify(sn.getPublicKey(2n), m, sig.r, sig.s)).toBe(false);
    expect(sn.verify(pub, 0n, 1n, 1n)).toBe(false);
    expect(sn.verify(pub, BOUND - 1n, BOUND - 1n, 2n)).toBe(false);
  });
});

describe('public keys', () => {
  it('an x with no point on the curve is INVALID_PUBLIC_KEY; x ≥ p is NOT_IN_FIELD', () => {
    expect(codeOf(() => sn.verify(NOT_ON_CURVE, m, sig.r, sig.s))).toBe('INVALID_PUBLIC_KEY');
    expect(codeOf(() => sn.verify(P, m, sig.r, sig.s))).toBe('NOT_IN_FIELD');
    expect(codeOf(() => sn.verify(-1n, m, sig.r, sig.s))).toBe('NOT_IN_FIELD');
  });
});

describe('field elements', () => {
  it('≥ p or negative are NOT_IN_FIELD for every hash', () => {
    for (const bad of [P, P + 1n, 1n << 256n, -1n]) {
      expect(codeOf(() => sn.pedersen(bad, 1n))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.pedersen(1n, bad))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.poseidonHash(bad, 1n))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.poseidonHash(1n, bad))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.poseidonHashSingle(bad))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.poseidonHashMany([1n, 2n, bad]))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.computeHashOnElements([bad]))).toBe('NOT_IN_FIELD');
      expect(codeOf(() => sn.poseidonPermutation([0n, bad, 0n]))).toBe('NOT_IN_FIELD');
    }
    expect(sn.pedersen(P - 1n, P - 1n)).toBe(0x7258fccaf3371fad51b117471d9d888a1786c5694c3e6099160477b593a576en);
  });

  it('batches are refused before any work starts', async () => {
    expect(await asyncCodeOf(() => sn.pedersenBatch([[1n, 2n], [P, 0n]]))).toBe('NOT_IN_FIELD');
    expect(await asyncCodeOf(() => sn.poseidonHashBatch([[1n, -2n]]))).toBe('NOT_IN_FIELD');
    expect(await asyncCodeOf(() => sn.verifyBatch([{ publicKey: pub, msgHash: BOUND, r: sig.r, s: sig.s }]))).toBe('INVALID_MESSAGE_HASH');
    expect(await asyncCodeOf(() => sn.verifyBatch([{ publicKey: pub, msgHash: m, r: sig.r, s: sig.s }, { publicKey: NOT_ON_CURVE, msgHash: m, r: sig.r, s: sig.s }]))).toBe(
      'INVALID_PUBLIC_KEY',
    );
  });
});

describe('types', () => {
  it('malformed BigNumberish inputs are INVALID_ARGUMENT naming the parameter', async () => {
    const cases: [() => unknown, string][] = [
      [() => sn.getPublicKey(5.5), 'privateKey'],
      [() => sn.getPublicKey(''), 'privateKey'],
      [() => sn.sign('0xZZ', d), 'msgHash'],
      [() => sn.sign(' 12', d), 'msgHash'],
      [() => sn.sign(m, '-5'), 'privateKey'],
      [() => sn.sign(m, d, -1n), 'seed'],
      [() => sn.sign(m, d, 1.5), 'seed'],
      [() => sn.verify(pub, m, '0b101', sig.s), 'r'],
      [() => sn.verify(pub, m, sig.r, {} as unknown as bigint), 's'],
      [() => sn.verify(null as unknown as bigint, m, sig.r, sig.s), 'publicKey'],
      [() => sn.recover(m, sig.r, sig.s, 'x'), 'v'],
      [() => sn.pedersen('0x', 1n), 'a'],
      [() => sn.pedersen(1n, Number.MAX_SAFE_INTEGER + 2), 'b'],
      [() => sn.poseidonHash(1n, true as unknown as bigint), 'b'],
      [() => sn.poseidonHashSingle('1e3'), 'a'],
      [() => sn.poseidonHashMany('12' as unknown as bigint[]), 'xs'],
      [() => sn.poseidonHashMany([1n, '0x1g']), 'xs[1]'],
      [() => sn.poseidonPermutation([1n, 2n] as unknown as [bigint, bigint, bigint]), 'state'],
    ];
    for (const [f, name] of cases) await expectInvalid(f, name);
  });
});

/** The error f throws (sync or async), or undefined. */
async function errorOf(f: () => unknown): Promise<unknown> {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** Expects INVALID_ARGUMENT with a message that names the parameter and index (e.g. `xs[1]`). */
async function expectInvalid(f: () => unknown, names: string): Promise<void> {
  const e = await errorOf(f);
  expect(e, names).toBeInstanceOf(WebcurvesError);
  expect((e as WebcurvesError).code, names).toBe('INVALID_ARGUMENT');
  expect((e as WebcurvesError).message, names).toContain(names);
}

describe('holes, undefined and wrong types in array inputs', () => {
  // `[1n, , 2n]` has a hole at index 1; map/forEach skip holes, so a careless packer would leave the previous
  // call's words in wasm memory there and answer with a hash of stale input.
  const hole3 = (): bigint[] => {
    const a = [1n, 2n, 2n];
    delete a[1];
    return a;
  };

  it('rejects a hole in poseidonHashMany input', async () => {
    sn.poseidonHashMany([5n, 6n, 7n, 8n]); // leaves 6n where the hole would be read
    await expectInvalid(() => sn.poseidonHashMany(hole3()), 'xs[1] is missing');
    await expectInvalid(() => sn.poseidonHashMany([1n, , 2n] as bigint[]), 'xs[1] is missing');
    await expectInvalid(() => sn.poseidonHashMany(new Array<bigint>(3)), 'xs[0] is missing');
    await expectInvalid(() => sn.poseidonHashMany([1n, undefined, 2n] as unknown as bigint[]), 'xs[1]');
    await expectInvalid(() => sn.poseidonHashMany([1n, 2.5, 2n] as unknown as bigint[]), 'xs[1]');
    const trailing = [1n, 2n];
    trailing.length = 3; // a hole at the end
    await expectInvalid(() => sn.poseidonHashMany(trailing), 'xs[2] is missing');
    expect(sn.poseidonHashMany([1n, 6n, 2n])).not.toBe(undefined);
  });

  it('rejects a hole in computeHashOnElements input', async () => {
    sn.computeHashOnElements([5n, 6n, 7n, 8n]);
    await expectInvalid(() => sn.computeHashOnElements(hole3()), 'xs[1] is missing');
    await expectInvalid(() => sn.computeHashOnElements([undefined] as unknown as bigint[]), 'xs[0]');
    await expectInvalid(() => sn.computeHashOnElements(null as unknown as bigint[]), 'xs');
  });

  it('rejects a hole or undefined in poseidonPermutation state', async () => {
    sn.poseidonPermutation([5n, 6n, 7n]);
    await expectInvalid(() => sn.poseidonPermutation(hole3() as [bigint, bigint, bigint]), 'state[1] is missing');
    await expectInvalid(() => sn.poseidonPermutation(new Array(3) as [bigint, bigint, bigint]), 'state[0] is missing');
    await expectInvalid(() => sn.poseidonPermutation([1n, 2n, undefined] as unknown as [bigint, bigint, bigint]), 'state[2]');
    await expectInvalid(() => sn.poseidonPermutation([1n, 2n, 3n, 4n] as unknown as [bigint, bigint, bigint]), 'state');
  });

  it('rejects a hole in pedersenBatch pairs and in a pair', async () => {
    await expectInvalid(() => sn.pedersenBatch([[1n, 2n], , [3n, 4n]] as [bigint, bigint][]), 'pairs[1] is missing');
    const many = Array.from({ length: 70 }, (_, i) => [BigInt(i), BigInt(i + 1)] as [bigint, bigint]);
    delete many[33];
    await expectInvalid(() => sn.pedersenBatch(many), 'pairs[33] is missing');
    const gapInPair = [1n, 2n] as unknown as [bigint, bigint];
    delete (gapInPair as bigint[])[0];
    await expectInvalid(() => sn.pedersenBatch([[1n, 2n], gapInPair]), 'pairs[1][0] is missing');
    await expectInvalid(() => sn.pedersenBatch([[1n, 2n], [3n, undefined]] as unknown as [bigint, bigint][]), 'pairs[1][1]');
    await expectInvalid(() => sn.pedersenBatch([[1n, 2n], [3n]] as unknown as [bigint, bigint][]), 'pairs[1]');
    await expectInvalid(() => sn.pedersenBatch([[1n, 2n], 5n] as unknown as [bigint, bigint][]), 'pairs[1]');
  });

  it('rejects a hole in poseidonHashBatch pairs', async () => {
    await expectInvalid(() => sn.poseidonHashBatch([[1n, 2n], , [3n, 4n]] as [bigint, bigint][]), 'pairs[1] is missing');
    await expectInvalid(() => sn.poseidonHashBatch([[1n, 2n], undefined] as unknown as [bigint, bigint][]), 'pairs[1]');
    await expectInvalid(() => sn.poseidonHashBatch([[1n, 2n], [3n, 4n, 5n]] as unknown as [bigint, bigint][]), 'pairs[1]');
  });

  it('rejects a hole in verifyBatch items', async () => {
    const valid = { publicKey: pub, msgHash: m, r: sig.r, s: sig.s };
    const invalid = { publicKey: pub, msgHash: m + 1n, r: sig.r, s: sig.s };
    await expectInvalid(() => sn.verifyBatch([valid, , invalid] as (typeof valid)[]), 'items[1] is missing');
    await expectInvalid(() => sn.verifyBatch([valid, undefined, invalid] as unknown as (typeof valid)[]), 'items[1]');
    await expectInvalid(() => sn.verifyBatch([valid, null, invalid] as unknown as (typeof valid)[]), 'items[1]');
    await expectInvalid(() => sn.verifyBatch([valid, { ...invalid, r: undefined }] as unknown as (typeof valid)[]), 'items[1].r');
    await expectInvalid(() => sn.verifyBatch('x' as unknown as (typeof valid)[]), 'items');
    expect(await sn.verifyBatch([valid, invalid])).toEqual([true, false]);
  });
});

it('a closed engine refuses every call with ENGINE_CLOSED', async () => {
  const e = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
  const s = e.starknet;
  await e.close();
  expect(codeOf(() => s.pedersen(1n, 2n))).toBe('ENGINE_CLOSED');
  expect(codeOf(() => s.getPublicKey(1n))).toBe('ENGINE_CLOSED');
  expect(await asyncCodeOf(() => s.pedersenBatch([[1n, 2n]]))).toBe('ENGINE_CLOSED');
});
