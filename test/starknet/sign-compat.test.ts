/**
 * Deterministic Stark signatures are exactly @scure/starknet's (and so starknet.js's, whose `Signer.signRaw` is
 * `ec.starkCurve.sign`, i.e. @scure/starknet): on 10,000 seeded random (key, hash) pairs, with and without a
 * seed, and on pinned pairs that take the rare nonce branch.
 *
 * The rare branch: RFC 6979 turns a 32-byte HMAC-DRBG output T into k with bits2int. @scure/starknet's
 * `bits2int` (index.ts, handed to @noble/curves' `ecdsa()`, called by `k2sig`) strips T's leading zero bytes
 * first and so takes a T with a zero first byte whole; python-ecdsa's `bits2int` (cairo-lang's
 * `generate_k_rfc6979`) and starknet-crypto's `generate_k_shifted` always take T >> 4. When the accepted T starts
 * with a zero byte (≈ 1 in 128 signatures) the signatures differ; both are valid.
 */
import * as scure from '@scure/starknet';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ec as snEc } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type StarknetApi } from 'webcurves';
import type { StarkCore } from '../../dist/src/starknet/core.js';
import { messageOctets, minimalBytes } from '../../src/starknet/rfc6979.js';
import { invMod, mod } from '../../src/math/modular.js';
import { BOUND, N, rawStark, refMulG } from './helpers.js';

let wc: Engine;
let sn: StarknetApi;
let raw: StarkCore;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
  sn = wc.starknet;
  raw = await rawStark();
});
afterAll(async () => {
  await wc?.close();
});

const hex = (x: bigint): string => '0x' + x.toString(16);
const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');
const num = (b: Uint8Array): bigint => (b.length ? BigInt('0x' + Buffer.from(b).toString('hex')) : 0n);
const bytes32 = (x: bigint): Uint8Array => Uint8Array.from(Buffer.from(hex64(x), 'hex'));
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** scure's sign as starknet.js calls it (hex strings), optionally with the seed's bytes as extra entropy. */
function scureSign(m: bigint, d: bigint, seed?: bigint): { r: bigint; s: bigint } {
  const sig = scure.sign(hex(m), hex64(d), seed === undefined ? undefined : { extraEntropy: minimalBytes(seed) });
  return { r: sig.r, s: sig.s };
}

/**
 * Reference HMAC-DRBG (RFC 6979 §3.2, SHA-256, qlen 252) in plain JS: the candidate outputs T in order, with the
 * nonce each bits2int rule accepts and the index of the accepted T.
 */
function drbg(m: bigint, d: bigint, extra: Uint8Array = new Uint8Array(0)) {
  let K = new Uint8Array(32);
  let V = new Uint8Array(32).fill(1);
  const seed = concat(bytes32(d), messageOctets(m), extra);
  K = hmac(sha256, K, concat(V, Uint8Array.of(0), seed));
  V = hmac(sha256, K, V);
  K = hmac(sha256, K, concat(V, Uint8Array.of(1), seed));
  V = hmac(sha256, K, V);
  const outputs: Uint8Array[] = [];
  let noble: { k: bigint; at: number } | undefined;
  let python: { k: bigint; at: number } | undefined;
  for (let i = 0; !noble || !python; i++) {
    V = hmac(sha256, K, V);
    outputs.push(V.slice());
    let t = V.subarray(0);
    while (t[0] === 0) t = t.subarray(1); // noble/scure: strip leading zero bytes, then shift only if > 252 bits
    const kNoble = t.length * 8 > 252 ? num(t) >> BigInt(t.length * 8 - 252) : num(t);
    const kPython = num(V) >> 4n; // python-ecdsa, starknet-crypto
    if (!noble && kNoble >= 1n && kNoble < N) noble = { k: kNoble, at: i };
    if (!python && kPython >= 1n && kPython < N) python = { k: kPython, at: i };
    K = hmac(sha256, K, concat(V, Uint8Array.of(0)));
    V = hmac(sha256, K, V);
  }
  return { outputs, noble, python, rare: outputs[noble.at]![0] === 0 };
}

/** The wasm nonce with bits2int rule 0 (@scure/starknet, what sign uses) or 1 (python-ecdsa / starknet-crypto). */
function wasmNonce(m: bigint, d: bigint, rule: 0 | 1, seed?: bigint): bigint {
  const [pd, ph, pe, out] = [raw.slot(0), raw.slot(1), raw.slot(2), raw.slot(5)];
  const extra = seed === undefined ? new Uint8Array(0) : minimalBytes(seed);
  raw.write(pd, d);
  raw.putBytes(ph, messageOctets(m));
  raw.putBytes(pe, extra);
  raw.x.stark_generateK(out, pd, ph, pe, extra.length, rule);
  return raw.read(out);
}

/** The plain BigInt signature for a given nonce (cairo-lang's r = x(kG), s = k⁻¹(m + r·d)). */
function refSignWithK(m: bigint, d: bigint, k: bigint): { r: bigint; s: bigint } {
  const R = refMulG(k)!;
  return { r: R.x, s: mod(invMod(k, N) * (m + R.x * d), N) };
}

/** A seeded 64-bit LCG; values below 2^bits. */
function rng(seed: bigint): (bits: number) => bigint {
  let s = seed;
  const next = (): bigint => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return s >> 16n; // 48 good bits
  };
  return (bits) => {
    let x = 0n;
    for (let got = 0; got < bits; got += 48) x = (x << 48n) | next();
    return x & ((1n << BigInt(bits)) - 1n);
  };
}

/** (key, hash) pairs: keys uniform in [1, N) or of random bit length; hashes uniform, 248–251 bits, or short. */
function pairs(count: number, seed: bigint): [bigint, bigint][] {
  const r = rng(seed);
  const out: [bigint, bigint][] = [];
  for (let i = 0; i < count; i++) {
    const keyBits = i % 8 === 7 ? 1 + Number(r(8) % 252n) : 252;
    const d = (r(keyBits) % (N - 1n)) + 1n;
    const kind = i % 4;
    const m = kind < 2 ? r(251) : kind === 2 ? (1n << BigInt(247 + Number(r(2)))) | r(247) : r(Number(r(8) % 248n));
    out.push([d, m]);
  }
  return out;
}

describe('sign is @scure/starknet sign', () => {
  it('signs 10,000 seeded random (key, hash) pairs exactly as @scure/starknet (r and s), the rare branch included', () => {
    const cases = pairs(10_000, 0x5c0e5n);
    let rare = 0;
    for (const [d, m] of cases) {
      const ours = sn.sign(m, d);
      const theirs = scureSign(m, d);
      if (ours.r !== theirs.r || ours.s !== theirs.s) expect([ours.r, ours.s], `key ${hex(d)} hash ${hex(m)}`).toEqual([theirs.r, theirs.s]);
      if (drbg(m, d).rare) rare++;
    }
    // ≈ 10,000/128 of them take the rare branch (the accepted DRBG output starts with a zero byte)
    expect(rare).toBeGreaterThan(40);
  });

  it('signs 300 seeded random (key, hash, seed) triples as @scure/starknet with the seed as extraEntropy', () => {
    const r = rng(0x5eedn);
    for (const [d, m] of pairs(300, 0xe47n)) {
      const seed = r(Number(r(9) % 512n));
      const ours = sn.sign(m, d, seed);
      const theirs = scureSign(m, d, seed);
      expect([ours.r, ours.s], `key ${hex(d)} hash ${hex(m)} seed ${hex(seed)}`).toEqual([theirs.r, theirs.s]);
    }
  });

  it('signs 1,000 seeded random (key, hash) pairs as starknet.js 10.8 ec.starkCurve.sign (its own @scure/starknet 1.1.0)', () => {
    for (const [d, m] of pairs(1_000, 0x57a2n)) {
      const ours = sn.sign(m, d);
      const theirs = snEc.starkCurve.sign(hex(m), hex64(d));
      if (ours.r !== theirs.r || ours.s !== theirs.s) expect([ours.r, ours.s], `key ${hex(d)} hash ${hex(m)}`).toEqual([theirs.r, theirs.s]);
    }
  });
});

/**
 * Pinned pairs that take the rare branch (found by searching with the reference DRBG above), with
 * @scure/starknet 2.4.0's signature: `at` is the index of the accepted DRBG output, `zeros` its leading zero bytes.
 */
const RARE: { name: string; d: bigint; m: bigint; seed?: bigint; at: number; zeros: number; r: bigint; s: bigint }[] = [
  {
    name: 'when the first DRBG output has a leading zero byte',
    d: 0xd3b7371f7da7230babba0fa77ac03a09cb2785ae27500404cef7f8441167e4n,
    m: 0x57992d50d6e27e31de1c3321ae36362109c566fa470057646659888784a3f8en,
    at: 0,
    zeros: 1,
    r: 0x235657544db51f91971f15102ea25d7f26e397f5d887426c2fa9712fa83649dn,
    s: 0x5fca5b7250c977a3ab7342fb0937253c9e79f2d426b2986ec1d5138c77e8eedn,
  },
  {
    name: 'when the first DRBG output has a leading zero byte, 63-hex-digit hash (×16 rule)',
    d: 0x5dab0ff638fdf22989f3fd5f53625cc0e2ee17aa154f110adca161574375c47n,
    m: 0x63e67739cd271c672ed049cd8e4517751058a42e9877b2d39de848bf65fe08bn,
    at: 0,
    zeros: 1,
    r: 0x4504574f21b9b5a55d7c025e4a8ea8a3fa833f1ad2b5fb1f3ec4705b6dc7bd9n,
    s: 0x3f40088309785a2d2d0b8b6fc46b96cb6b106523fbac0847f2385f6481f94f1n,
  },
  {
    name: 'when the first DRBG output has a leading zero byte, hash 0',
    d: 0x1fan,
    m: 0n,
    at: 0,
    zeros: 1,
    r: 0x4c0928df03629e1f6a4a8009a60ea201f6ea5e1d7769ec96a6a7f54a3614103n,
    s: 0x7c6d7b761e70d6dc917ddf27888f787e3c1350df5dd6999356236ed4eb6c3dn,
  },
  {
    name: 'when the first DRBG output is rejected (k ≥ N) and the second has a leading zero byte',
    d: 0x168b4ba4a97159d4d9b6026200980e75460b6b6cdc17762695c55f3fb7c9c28n,
    m: 0x6e7b1b92811d720976e3c46cebb26862a1084d4f557667bb45c14218486eab1n,
    at: 1,
    zeros: 1,
    r: 0x60ff3e2a97354697579a8a6446dd058efd549a07645ce8986625b02eb354b13n,
    s: 0xda193ab3d1e2fa5841cd6bd63b965380254cf33d816c6faa06ce30fac2e581n,
  },
  {
    name: 'when the first DRBG output has two leading zero bytes',
    d: 0x41b1b4b2e6564f3789079397deea3b524bd4cdcded422324b40d09c145a2349n,
    m: 0x7ddabef357e09910ca6b1630f2e308412fdf17f08b7ed06050b9c07f5aa6267n,
    at: 0,
    zeros: 2,
    r: 0x6e6befee2d0fe0d0a35124ecb16f380c03966eecaa68777d6051c7e62e61d6en,
    s: 0x1e65a6d80f07d65352bd97206fc657f1e6d13fa864423b12cd854132188e6d7n,
  },
  {
    name: 'with a seed whose first DRBG output has a leading zero byte',
    d: 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn,
    m: 0x397e76d1667c4454bfb83514e120583af836f8e32a516765497823eabe16a3fn,
    seed: 0xen,
    at: 0,
    zeros: 1,
    r: 0x211ae760f9aad8499b5a2cac63fa5c9cf19139c7b30a04e01a45531060b1c3fn,
    s: 0x5533bff16a8e39aa60e0550e7455d9aa3db6418f8b0b9b78ecac2fcc714c417n,
  },
];

describe('the rare nonce branch (pinned pairs)', () => {
  for (const c of RARE) {
    it(`signs as @scure/starknet ${c.name}`, () => {
      const ref = drbg(c.m, c.d, c.seed === undefined ? undefined : minimalBytes(c.seed));
      // the pair really takes the branch
      expect(ref.noble.at).toBe(c.at);
      const t = ref.outputs[c.at]!;
      expect(t.findIndex((b) => b !== 0)).toBe(c.zeros);
      expect(ref.noble.k).toBe(num(t)); // scure takes the output whole
      expect(ref.python.k).toBe(num(t) >> 4n); // python-ecdsa / starknet-crypto shift it
      expect(ref.python.at).toBe(c.at);
      // the wasm nonce under each rule
      expect(wasmNonce(c.m, c.d, 0, c.seed)).toBe(ref.noble.k);
      expect(wasmNonce(c.m, c.d, 1, c.seed)).toBe(ref.python.k);
      // our signature is scure's (pinned, and live), and starknet.js's
      const ours = sn.sign(c.m, c.d, c.seed);
      expect([ours.r, ours.s]).toEqual([c.r, c.s]);
      expect(scureSign(c.m, c.d, c.seed)).toEqual({ r: c.r, s: c.s });
      if (c.seed === undefined) {
        const js = snEc.starkCurve.sign(hex(c.m), hex64(c.d));
        expect([js.r, js.s]).toEqual([c.r, c.s]);
      }
      expect(refSignWithK(c.m, c.d, ref.noble.k)).toEqual({ r: c.r, s: c.s });
      expect(sn.recover(c.m, ours.r, ours.s, ours.v)).toBe(sn.getPublicKey(c.d));
      // cairo-lang / starknet-crypto sign this pair with the shifted nonce: another valid signature
      const cairo = refSignWithK(c.m, c.d, ref.python.k);
      expect(cairo.r).not.toBe(c.r);
      expect(cairo.r < BOUND && invMod(cairo.s, N) < BOUND).toBe(true);
      expect(sn.verify(sn.getPublicKey(c.d), c.m, cairo.r, cairo.s)).toBe(true);
    });
  }

  it('the two bits2int rules give the same wasm nonce except in the rare branch (500 seeded pairs)', () => {
    let rare = 0;
    for (const [d, m] of pairs(500, 0xb175n)) {
      const ref = drbg(m, d);
      const k0 = wasmNonce(m, d, 0);
      const k1 = wasmNonce(m, d, 1);
      expect(k0).toBe(ref.noble.k);
      expect(k1).toBe(ref.python.k);
      expect(k0 === k1).toBe(!ref.rare);
      if (ref.rare) rare++;
    }
    expect(rare).toBeGreaterThan(0);
  });
});

describe('the message side is the same everywhere', () => {
  it('message octets are msg_hash as 32 bytes for hashes of every bit length 0..251 (cairo-lang ×16 rule = scure = starknet-crypto)', () => {
    const r = rng(0x0c7n);
    for (let bits = 0; bits <= 251; bits++) {
      const xs = bits === 0 ? [0n] : [1n << BigInt(bits - 1), (1n << BigInt(bits)) - 1n, (1n << BigInt(bits - 1)) | r(bits - 1)];
      for (const m of xs) expect(Buffer.from(messageOctets(m)).toString('hex'), hex(m)).toBe(hex64(m));
    }
  });
});
