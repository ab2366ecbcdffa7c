/**
 * BLS signatures on BLS12-381 (Ethereum's min-pk scheme, POP DST): verify, fastAggregateVerify of a
 * 512-key sync committee, verifyBatch of 64 (distinct messages, and 64 keys over 16 messages, whose items the
 * batch merges per message) against 64 single verifies of ours, hash-to-curve into G2, and
 * sign — with @noble/curves 2.4 and herumi's bls-eth-wasm 1.7 (the backend of @chainsafe/bls, initialised as it
 * does: `init(BLS12_381)`, which selects ETH_MODE_DRAFT_07, with the signature and public-key order checks on,
 * as ours are) measured in the same run. Every case checks its verdict (and a tampered input's) or its bytes
 * against the peer before it is timed.
 *
 * Public keys are "cached" on every side: ours through the engine's key cache (the bytes are passed each call),
 * herumi's and noble's as their deserialised objects made once in setup; signatures are decoded inside each
 * timed call, everywhere.
 * @module
 */
import { bls12_381 as noble } from '@noble/curves/bls12-381.js';
import type { BlsBatchItem } from 'webcurves';
import { loadPeer, unavailableCase } from '../peers.js';
import type { BenchCase, BenchSuite } from '../types.js';

const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const L = noble.longSignatures;
// No Buffer: the demo page runs this suite in a browser worker.
const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** herumi's API as far as these cases use it. */
interface Herumi {
  init(curve: number): Promise<void>;
  readonly BLS12_381: number;
  verifySignatureOrder(on: boolean): void;
  verifyPublicKeyOrder(on: boolean): void;
  deserializeHexStrToPublicKey(s: string): HerumiPk;
  deserializeHexStrToSignature(s: string): HerumiSig;
  deserializeHexStrToSecretKey(s: string): { sign(m: Uint8Array): HerumiSig };
  multiVerify(pubs: HerumiPk[], sigs: HerumiSig[], msgs: Uint8Array[]): boolean;
}
interface HerumiPk {
  verify(sig: HerumiSig, msg: Uint8Array): boolean;
}
interface HerumiSig {
  fastAggregateVerify(pks: HerumiPk[], msg: Uint8Array): boolean;
  serializeToHexStr(): string;
}

/** The BLS suite. */
export const blsSuite: BenchSuite = {
  id: 'bls',
  title: 'BLS signatures (BLS12-381, Ethereum min-pk): verify, fastAggregateVerify(512), verifyBatch(64), hash to G2, sign',
  description: 'wc.bls against @noble/curves and herumi\'s bls-eth-wasm (the @chainsafe/bls backend); verifyBatch(64) also against 64 single verifies of ours.',
  async cases({ engine }) {
    const bls = engine.bls;
    const committee = 512;
    const batch = 64;
    const sk = (i: number): Uint8Array => bls.keyGen(new Uint8Array(32).fill(i + 1));
    const msg = new Uint8Array(32).fill(0x56);
    let fx: Promise<Fixture> | undefined;
    interface Fixture {
      readonly sk0: Uint8Array;
      readonly pk0: Uint8Array;
      readonly sig0: Uint8Array;
      readonly pks: Uint8Array[];
      readonly aggSig: Uint8Array;
      readonly items: BlsBatchItem[];
      /** The same keys over 16 messages (4 signers each, as attestations of one committee share a message). */
      readonly shared: BlsBatchItem[];
      readonly noblePk0: ReturnType<typeof L.getPublicKey>;
      readonly noblePks: ReturnType<typeof L.getPublicKey>[];
    }
    const fixture = (): Promise<Fixture> =>
      (fx ??= (async (): Promise<Fixture> => {
        await engine.bls12_381.G1.msm([engine.bls12_381.G1.generator], [1n]); // loads the module
        const keys = Array.from({ length: committee }, (_, i) => sk(i));
        const pks = keys.map((k) => bls.getPublicKey(k));
        const aggSig = bls.aggregateSignatures(keys.map((k) => bls.sign(msg, k)));
        const items = keys.slice(0, batch).map((k, i) => {
          const message = new Uint8Array(32).fill(i);
          return { publicKey: pks[i]!, message, signature: bls.sign(message, k) };
        });
        const shared = keys.slice(0, batch).map((k, i) => {
          const message = new Uint8Array(32).fill(0x80 + (i % 16));
          return { publicKey: pks[i]!, message, signature: bls.sign(message, k) };
        });
        return {
          shared,
          sk0: keys[0]!,
          pk0: pks[0]!,
          sig0: bls.sign(msg, keys[0]!),
          pks,
          aggSig,
          items,
          noblePk0: L.getPublicKey(keys[0]!),
          noblePks: pks.map((p) => noble.G1.Point.fromBytes(p)),
        };
      })());
    let f!: Fixture;
    const setup = async (): Promise<void> => {
      f = await fixture();
    };
    const out: BenchCase[] = [];
    const subject = 'bls12_381 min-pk';
    const ours = (op: string, run: () => unknown, check: () => Promise<boolean> | boolean, impl = 'webcurves'): void => {
      out.push({
        suite: 'bls', subject, op, impl, setup, check,
        run: async (n) => {
          for (let i = 0; i < n; i++) await run();
        },
      });
    };
    const peer = (op: string, impl: string, run: () => unknown, check: () => Promise<boolean> | boolean, extraSetup?: () => Promise<void>): void => {
      out.push({
        suite: 'bls', subject, op, impl,
        setup: async () => {
          await setup();
          await extraSetup?.();
        },
        check,
        run: (n) => {
          for (let i = 0; i < n; i++) run();
        },
      });
    };
    const tampered = (b: Uint8Array): Uint8Array => Uint8Array.from(b, (x, i) => (i === 31 ? x ^ 1 : x));

    // ---------------------------------------------------------------- webcurves
    ours('verify', () => bls.verify(f.pk0, msg, f.sig0), async () => (await bls.verify(f.pk0, msg, f.sig0)) && !(await bls.verify(f.pk0, tampered(msg), f.sig0)));
    ours(`fastAggregateVerify(${committee})`, () => bls.fastAggregateVerify(f.pks, msg, f.aggSig), async () =>
      (await bls.fastAggregateVerify(f.pks, msg, f.aggSig)) && !(await bls.fastAggregateVerify(f.pks, tampered(msg), f.aggSig)));
    ours(`verifyBatch(${batch})`, () => bls.verifyBatch(f.items), async () => {
      const ok = await bls.verifyBatch(f.items);
      const bad = [...f.items];
      bad[5] = { ...bad[5]!, message: tampered(bad[5]!.message as Uint8Array) };
      const r = await bls.verifyBatch(bad);
      return ok.valid && !r.valid && r.results.filter((x) => !x).length === 1 && r.results[5] === false;
    });
    ours(
      `verifyBatch(${batch})`,
      async () => {
        for (const it of f.items) await bls.verify(it.publicKey, it.message, it.signature);
      },
      async () => {
        for (const it of f.items) if (!(await bls.verify(it.publicKey, it.message, it.signature))) return false;
        return true;
      },
      `webcurves ${batch}× verify`,
    );
    ours(`verifyBatch(${batch}, 16 messages)`, () => bls.verifyBatch(f.shared), async () => {
      const ok = await bls.verifyBatch(f.shared);
      const bad = [...f.shared];
      bad[5] = { ...bad[5]!, signature: f.shared[21]!.signature }; // item 21 signs the same message: wrong signer
      const r = await bls.verifyBatch(bad);
      return ok.valid && !r.valid && r.results.filter((x) => !x).length === 1 && r.results[5] === false;
    });
    ours(
      `verifyBatch(${batch}, 16 messages)`,
      async () => {
        for (const it of f.shared) await bls.verify(it.publicKey, it.message, it.signature);
      },
      async () => {
        for (const it of f.shared) if (!(await bls.verify(it.publicKey, it.message, it.signature))) return false;
        return true;
      },
      `webcurves ${batch}× verify`,
    );
    ours('hashToCurve G2', () => engine.bls12_381.G2.hashToCurve(msg, { dst: DST }), () => {
      const P = engine.bls12_381.G2.hashToCurve(msg, { dst: DST });
      const Q = L.hash(msg, DST).toAffine();
      return P.x[0] === Q.x.c0 && P.x[1] === Q.x.c1 && P.y[0] === Q.y.c0 && P.y[1] === Q.y.c1;
    });
    ours('sign', () => bls.sign(msg, f.sk0), () => toHex(bls.sign(msg, f.sk0)) === L.sign(L.hash(msg, DST), f.sk0).toHex());

    // ---------------------------------------------------------------- @noble/curves
    peer('verify', '@noble/curves', () => L.verify(f.sig0, L.hash(msg, DST), f.noblePk0), () => L.verify(f.sig0, L.hash(msg, DST), f.noblePk0) && !L.verify(f.sig0, L.hash(tampered(msg), DST), f.noblePk0));
    peer(`fastAggregateVerify(${committee})`, '@noble/curves', () => L.verify(f.aggSig, L.hash(msg, DST), L.aggregatePublicKeys(f.noblePks)), () => L.verify(f.aggSig, L.hash(msg, DST), L.aggregatePublicKeys(f.noblePks)));
    peer('hashToCurve G2', '@noble/curves', () => L.hash(msg, DST), () => true);
    peer('sign', '@noble/curves', () => L.sign(L.hash(msg, DST), f.sk0).toBytes(), () => L.sign(L.hash(msg, DST), f.sk0).toHex() === toHex(bls.sign(msg, f.sk0)));

    // ---------------------------------------------------------------- herumi (bls-eth-wasm)
    const herumi = await loadPeer('bls-eth-wasm', async () => {
      const m = (await import('bls-eth-wasm')) as unknown as { default?: Herumi } & Herumi;
      const h = (m.default ?? m) as Herumi;
      await h.init(h.BLS12_381);
      h.verifySignatureOrder(true);
      h.verifyPublicKeyOrder(true);
      return h;
    });
    const ops = ['verify', `fastAggregateVerify(${committee})`, `verifyBatch(${batch})`, 'sign'];
    if (!herumi.ok) {
      for (const op of ops) out.push(unavailableCase({ suite: 'bls', subject, op, impl: 'bls-eth-wasm' }, herumi.reason));
    } else {
      const h = herumi.peer;
      let hpk0!: HerumiPk, hpks!: HerumiPk[], hsk!: { sign(m: Uint8Array): HerumiSig }, sig0Hex!: string, aggHex!: string;
      const hs = async (): Promise<void> => {
        hpk0 ??= h.deserializeHexStrToPublicKey(toHex(f.pk0));
        hpks ??= f.pks.map((p) => h.deserializeHexStrToPublicKey(toHex(p)));
        hsk ??= h.deserializeHexStrToSecretKey(toHex(f.sk0));
        sig0Hex = toHex(f.sig0);
        aggHex = toHex(f.aggSig);
      };
      const hpksBatch = (): HerumiPk[] => hpks.slice(0, batch);
      peer('verify', 'bls-eth-wasm', () => hpk0.verify(h.deserializeHexStrToSignature(sig0Hex), msg), () => hpk0.verify(h.deserializeHexStrToSignature(sig0Hex), msg) && !hpk0.verify(h.deserializeHexStrToSignature(sig0Hex), tampered(msg)), hs);
      peer(`fastAggregateVerify(${committee})`, 'bls-eth-wasm', () => h.deserializeHexStrToSignature(aggHex).fastAggregateVerify(hpks, msg), () => h.deserializeHexStrToSignature(aggHex).fastAggregateVerify(hpks, msg) && !h.deserializeHexStrToSignature(aggHex).fastAggregateVerify(hpks, tampered(msg)), hs);
      peer(
        `verifyBatch(${batch})`,
        'bls-eth-wasm',
        () => h.multiVerify(hpksBatch(), f.items.map((it) => h.deserializeHexStrToSignature(toHex(it.signature as Uint8Array))), f.items.map((it) => it.message as Uint8Array)),
        () => h.multiVerify(hpksBatch(), f.items.map((it) => h.deserializeHexStrToSignature(toHex(it.signature as Uint8Array))), f.items.map((it) => it.message as Uint8Array)),
        hs,
      );
      peer('sign', 'bls-eth-wasm', () => hsk.sign(msg), () => hsk.sign(msg).serializeToHexStr() === toHex(bls.sign(msg, f.sk0)), hs);
    }
    return out;
  },
};
