/**
 * Seeded random cross-checks against @scure/starknet 2.4.0 (pure BigInt, used by starknet.js): public keys,
 * deterministic signatures (identical r and s), verification, recovery, Pedersen, compute_hash_on_elements and
 * Poseidon; plus the wasm group arithmetic and square root against the BigInt reference.
 */
import fc from 'fast-check';
import * as scure from '@scure/starknet';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type StarknetApi } from 'webcurves';
import type { StarkCore } from '../../dist/src/starknet/core.js';
import { invMod, mod, sqrtMod } from '../../src/math/modular.js';
import { BETA, BOUND, G, N, P, rawStark, refCurve, refMulG, refVerify } from './helpers.js';

const SEED = 0x57a2c;
const RUNS = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 40);
const opts = (numRuns = RUNS) => ({ seed: SEED, numRuns });

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
/** A message hash as the bytes scure takes (it applies the 63-hex-digit ×16 rule itself). */
const scureMsgBytes = (m: bigint): Uint8Array => {
  const h = m.toString(16);
  return Uint8Array.from(Buffer.from(h.length % 2 ? '0' + h : h, 'hex'));
};

const felt = fc.oneof(
  fc.bigInt({ min: 0n, max: P - 1n }),
  fc.constantFrom(0n, 1n, 2n, P - 1n, P - 2n, (1n << 248n) - 1n, 1n << 248n, (1n << 251n) - 1n, 1n << 251n, 15n << 248n >> 1n),
);
const privKey = fc.oneof(fc.bigInt({ min: 1n, max: N - 1n }), fc.constantFrom(1n, 2n, 15n, 16n, 17n, 1n << 248n, N - 1n, N - 2n, (1n << 251n) + 1n));
const msgHash = fc.oneof(
  fc.bigInt({ min: 0n, max: BOUND - 1n }),
  fc.bigInt({ min: 1n << 247n, max: BOUND - 1n }),
  fc.constantFrom(0n, 1n, BOUND - 1n, 1n << 248n, (1n << 248n) - 1n, 1n << 249n, 1n << 250n),
);

describe('ECDSA against @scure/starknet', () => {
  it('getPublicKey = getStarkKey, and equals the BigInt reference', () => {
    fc.assert(
      fc.property(privKey, (d) => {
        const x = sn.getPublicKey(d);
        expect(x).toBe(BigInt(scure.getStarkKey(hex64(d))));
        expect(x).toBe(refMulG(d)!.x);
      }),
      opts(),
    );
  });

  it('sign without seed gives identical r and s; the signature verifies (here and in scure); v recovers the key', () => {
    fc.assert(
      fc.property(msgHash, privKey, (m, d) => {
        const ours = sn.sign(m, d);
        const theirs = scure.sign(hex(m), hex64(d));
        expect([ours.r, ours.s]).toEqual([theirs.r, theirs.s]);
        expect(sn.verify(sn.getPublicKey(d), m, ours.r, ours.s)).toBe(true);
        expect(scure.verify(theirs, scureMsgBytes(m), scure.getPublicKey(hex64(d), false))).toBe(true);
        expect(sn.recover(m, ours.r, ours.s, ours.v)).toBe(sn.getPublicKey(d));
      }),
      opts(),
    );
  });

  it('verify agrees with scure (either y of the x-only key) on valid and tampered signatures', () => {
    fc.assert(
      fc.property(msgHash, privKey, fc.integer({ min: 0, max: 3 }), (m, d, tamper) => {
        const sig = sn.sign(m, d);
        let [mm, r, s] = [m, sig.r, sig.s];
        if (tamper === 1) mm = m ^ 1n;
        if (tamper === 2) r = r === BOUND - 1n ? r - 1n : r + 1n;
        if (tamper === 3) s = s === N - 1n ? 1n : s + 1n;
        if (mod(invMod(s, N), N) >= BOUND) return; // not a well-formed signature (w ≥ 2^251)
        const Q = refMulG(d)!;
        const full = (y: bigint) => Uint8Array.from(Buffer.from('04' + hex64(Q.x) + hex64(y), 'hex'));
        const theirs = scure.verify(new scure.Signature(r, s), scureMsgBytes(mm), full(Q.y)) || scure.verify(new scure.Signature(r, s), scureMsgBytes(mm), full(P - Q.y));
        expect(sn.verify(Q.x, mm, r, s)).toBe(theirs);
        expect(refVerify(Q, mm, r, s)).toBe(theirs);
        if (tamper === 0) expect(theirs).toBe(true);
      }),
      opts(),
    );
  });

  it('recover agrees with scure and with the BigInt reference', () => {
    fc.assert(
      fc.property(msgHash, privKey, (m, d) => {
        const sig = sn.sign(m, d);
        for (const v of [0n, 1n]) {
          const ours = sn.recover(m, sig.r, sig.s, v);
          const theirs = new scure.Signature(sig.r, sig.s).addRecoveryBit(Number(v)).recoverPublicKey(scureMsgBytes(m)).toAffine().x;
          expect(ours).toBe(theirs);
          // Q = r⁻¹(sR − mG) with R = (r, y), y of parity v
          const y0 = sqrtMod(mod(sig.r ** 3n + sig.r + BETA, P), P)!;
          const R = { x: sig.r, y: (y0 & 1n) === v ? y0 : P - y0 };
          const rinv = invMod(sig.r, N);
          const Q = refCurve.add(refCurve.mul(mod(sig.s * rinv, N), R), refMulG(mod(-m * rinv, N)));
          expect(ours).toBe(Q!.x);
        }
      }),
      opts(Math.ceil(RUNS / 2)),
    );
  });

  it('sign with a seed: the nonce derivation takes it as extra entropy (valid, differs from unseeded)', () => {
    fc.assert(
      fc.property(msgHash, privKey, fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), (m, d, seed) => {
        const a = sn.sign(m, d, seed);
        expect(sn.verify(sn.getPublicKey(d), m, a.r, a.s)).toBe(true);
        expect(a.r).not.toBe(sn.sign(m, d).r);
        expect(sn.sign(m, d, seed)).toEqual(a);
      }),
      opts(Math.ceil(RUNS / 4)),
    );
  });

  it('verify handles the degenerate cases: u1 = 0 (msg 0) and A = ±B (msg = ±r·d)', () => {
    for (const d of [1n, 7n, 0x1234567890abcdefn, N - 5n]) {
      const Q = sn.getPublicKey(d);
      const z = sn.sign(0n, d);
      expect(sn.verify(Q, 0n, z.r, z.s)).toBe(true);
      expect(sn.verify(Q, 1n, z.r, z.s)).toBe(false);
      // m = r·d mod N makes u1·G = u2·Q (s = 2m/k); build such a signature by hand.
      for (let k = 2n; k < 200n; k++) {
        const R = refMulG(k)!;
        const r = R.x;
        const m = mod(r * d, N);
        if (r >= BOUND || m >= BOUND) continue;
        const s = mod(invMod(k, N) * 2n * m, N);
        if (invMod(s, N) >= BOUND) continue;
        expect(sn.verify(Q, m, r, s)).toBe(true);
        expect(refVerify(refMulG(d), m, r, s)).toBe(true);
        expect(sn.verify(Q, m, r, mod(s + 1n, N) || 1n)).toBe(false);
        break;
      }
    }
  });
});

describe('hashes against @scure/starknet', () => {
  it('pedersen', () => {
    fc.assert(
      fc.property(felt, felt, (a, b) => {
        expect(sn.pedersen(a, b)).toBe(BigInt(scure.pedersen(a, b)));
      }),
      opts(),
    );
  });

  it('computeHashOnElements', () => {
    fc.assert(
      fc.property(fc.array(felt, { maxLength: 6 }), (xs) => {
        expect(sn.computeHashOnElements(xs)).toBe(BigInt(scure.computeHashOnElements(xs) as string));
      }),
      opts(Math.ceil(RUNS / 2)),
    );
  });

  it('poseidonHash, poseidonHashSingle, poseidonHashMany', () => {
    fc.assert(
      fc.property(felt, felt, fc.array(felt, { maxLength: 12 }), (a, b, xs) => {
        expect(sn.poseidonHash(a, b)).toBe(scure.poseidonHash(a, b));
        expect(sn.poseidonHashSingle(a)).toBe(scure.poseidonHashSingle(a));
        expect(sn.poseidonHashMany(xs)).toBe(scure.poseidonHashMany(xs));
      }),
      opts(4 * RUNS),
    );
  });
});

describe('RFC 6979 building blocks in wasm against @noble/hashes', () => {
  it('SHA-256 and HMAC-SHA256 for every length across the block boundaries', () => {
    const [out, key, msg] = [raw.slot(0), raw.slot(2), raw.slot(4)]; // msg spans slots 4.. (≤ 256 bytes)
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), fc.uint8Array({ minLength: 0, maxLength: 256 }), (k, m) => {
        raw.putBytes(msg, m);
        raw.x.stark_sha256(out, msg, m.length);
        expect(raw.getBytes(out, 32)).toEqual(sha256(m));
        raw.putBytes(key, k);
        raw.x.stark_hmacSha256(out, key, k.length, msg, m.length);
        expect(raw.getBytes(out, 32)).toEqual(hmac(sha256, k, m));
      }),
      opts(8 * RUNS),
    );
    for (const len of [0, 55, 56, 63, 64, 65, 119, 120, 128, 256]) {
      const m = Uint8Array.from({ length: len }, (_, i) => (i * 7 + 3) & 255);
      raw.putBytes(msg, m);
      raw.x.stark_sha256(out, msg, len);
      expect(raw.getBytes(out, 32), String(len)).toEqual(sha256(m));
    }
  });
});

describe('wasm core against the BigInt reference', () => {
  it('k·P by wNAF and k·G by the comb (variable-time and constant-time) for edge and random scalars', () => {
    const [pin, pk, out] = [raw.slot(0), raw.slot(2), raw.slot(4)];
    const base = refMulG(0xdeadbeefn)!;
    raw.write(pin, base.x);
    raw.write(pin + 32, base.y);
    const scalars = fc.oneof(
      fc.bigInt({ min: 1n, max: N - 1n }),
      fc.constantFrom(1n, 2n, 3n, 15n, 16n, 17n, 255n, 256n, 1n << 64n, (1n << 252n) - 1n - ((1n << 252n) - N), N - 1n, N - 16n, 0x8000000000000000000000000000000000000000000000000000000000000n),
    );
    fc.assert(
      fc.property(scalars, (k) => {
        raw.write(pk, k);
        expect(raw.x.stark_mulPoint(out, pin, pk)).toBe(1);
        const want = refCurve.mul(k, base)!;
        expect([raw.read(out), raw.read(out + 32)]).toEqual([want.x, want.y]);
        const g = refMulG(k)!;
        expect(raw.x.stark_mulG(out, pk)).toBe(1);
        expect([raw.read(out), raw.read(out + 32)]).toEqual([g.x, g.y]);
        expect(raw.x.stark_getPublicKey(out, pk)).toBe(0);
        expect([raw.read(out), raw.read(out + 32)]).toEqual([g.x, g.y]);
      }),
      opts(),
    );
    raw.write(pk, N);
    expect(raw.x.stark_getPublicKey(out, pk)).toBe(1);
    raw.write(pk, 0n);
    expect(raw.x.stark_getPublicKey(out, pk)).toBe(1);
    expect(raw.x.stark_mulG(out, pk)).toBe(0); // 0·G is infinity
  });

  it('the fast square root: a root of every square, "no root" for every non-square', () => {
    const [pa, out] = [raw.slot(0), raw.slot(1)];
    const check = (a: bigint) => {
      raw.write(pa, a);
      const status = raw.x.stark_sqrt(out, pa);
      const want = sqrtMod(a, P);
      if (want === undefined) expect(status).toBe(2);
      else {
        expect(status).toBe(0);
        expect(mod(raw.read(out) ** 2n, P)).toBe(a);
      }
    };
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: P - 1n }), (x) => { check(x); check(mod(x * x, P)); }), opts(4 * RUNS));
    // elements of small 2-power order (roots of unity) exercise every digit position
    for (const a of [0n, 1n, P - 1n, 3n, mod(-3n, P), G.x, BETA]) check(a);
    raw.write(pa, P);
    expect(raw.x.stark_sqrt(out, pa)).toBe(1);
  });
});
