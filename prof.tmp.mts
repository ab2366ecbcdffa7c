import { createEngine } from '/work/wt-bls/dist/src/index.node.js';
import h0 from 'bls-eth-wasm';
const h: any = (h0 as any).default ?? h0; await h.init(h.BLS12_381); h.verifySignatureOrder(true); h.verifyPublicKeyOrder(true);
const wc = await createEngine({ curves: ['bls12_381'], gpu: 'off', workers: 2 });
const c: any = wc.bls12_381; const K = c.bls;
const sk = wc.bls.keyGen(new Uint8Array(32).fill(1)); const msg = new Uint8Array(32).fill(0x56);
const pk = wc.bls.getPublicKey(sk); const sig = wc.bls.sign(msg, sk);
const dst = new TextEncoder().encode('BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_');
const min = async (f: () => unknown, n: number) => { let best = 1e9; for (let r = 0; r < 12; r++) { const t = performance.now(); for (let i=0;i<n;i++) await f(); best = Math.min(best, (performance.now()-t)/n); } return best.toFixed(3); };
const hpk = h.deserializeHexStrToPublicKey(Buffer.from(pk).toString('hex')); const sigHex = Buffer.from(sig).toString('hex');
const H = K.hash(2, msg, dst, true); const sm = K.fromCoords(2, (() => { const P = c.G2.fromBytes(sig); return [...P.x, ...P.y]; })());
const pkm = K.fromCoords(1, (() => { const P = c.G1.fromBytes(pk); return [P.x, P.y]; })());
const sigs = Array.from({length: 50}, (_, i) => wc.bls.sign(msg, wc.bls.keyGen(new Uint8Array(32).fill(i+2))));
let j = 0;
console.log({
  herumiVerify: await min(() => hpk.verify(h.deserializeHexStrToSignature(sigHex), msg), 10),
  herumiDeserSig: await min(() => h.deserializeHexStrToSignature(sigHex), 10),
  oursVerify: await min(() => wc.bls.verify(pk, msg, sig), 10),
  hash: await min(() => K.hash(2, msg, dst, true), 10),
  decodeCached: await min(() => c.G2.fromBytes(sig), 10),
  decodeFresh: await min(() => c.G2.fromBytes(sigs[(j++) % 50], { subgroupCheck: false }), 10),
  decodeFreshSub: await min(() => c.G2.fromBytes(sigs[(j++) % 50]), 10),
  check2: await min(() => K.check([[pkm, H], [pkm, sm]]), 10),
});
await wc.close();
