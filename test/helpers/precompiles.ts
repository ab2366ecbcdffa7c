/**
 * Ethereum-precompile semantics (EIP-196/197, EIP-2537, EIP-2539, EIP-3026) on top of the public curve API, so
 * the go-ethereum, frontier and celo vector files can run against webcurves: inputs are split and decoded with
 * `fromBytes`, outputs encoded with `toBytes`. Length errors are the harness's own (`INVALID_ENCODING`).
 */
import { WebcurvesError, type BW6Curve, type G1Point, type G2Point, type PairingCurve, type PointFormat } from 'webcurves';

export type Op = 'add' | 'mul' | 'msm' | 'pairing';

/** A case of a vector file that must succeed (go-ethereum's format, also used by frontier and celo). */
export interface ValidCase {
  Input: string;
  Expected: string;
  Name: string;
}

/** A case of a `fail-*` vector file. */
export interface FailCase {
  Input: string;
  ExpectedError: string;
  Name: string;
}

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const beInt = (b: Uint8Array): bigint => (b.length ? BigInt('0x' + toHex(b)) : 0n);
const lengthError = (): never => {
  throw new WebcurvesError('INVALID_ENCODING', 'invalid input length');
};

/** Runs one precompile call; returns the output as hex. */
export async function runPrecompile(c: PairingCurve, group: 1 | 2, op: Op, inputHex: string): Promise<string> {
  const input = hex(inputHex);
  if (c.name === 'bn254') return bn(c, op, input);
  const format: PointFormat = c.name === 'bls12_381' ? 'eip2537' : 'eip2539';
  const pt = group === 1 ? 128 : 256;
  const G = group === 1 ? c.G1 : c.G2;
  const dec = (b: Uint8Array, subgroupCheck: boolean): G1Point | G2Point =>
    (G as PairingCurve['G1']).fromBytes(b, { format, subgroupCheck }) as G1Point | G2Point;
  const enc = (P: G1Point | G2Point): string => toHex((G as PairingCurve['G1']).toBytes(P as G1Point, { format }));
  if (op === 'add') {
    if (input.length !== 2 * pt) lengthError();
    const a = dec(input.subarray(0, pt), false);
    const b = dec(input.subarray(pt), false);
    return enc((G as PairingCurve['G1']).add(a as G1Point, b as G1Point));
  }
  if (op === 'mul' || op === 'msm') {
    const each = pt + 32;
    if (input.length === 0 || input.length % each !== 0) lengthError();
    const points: (G1Point | G2Point)[] = [];
    const scalars: bigint[] = [];
    for (let i = 0; i < input.length; i += each) {
      points.push(dec(input.subarray(i, i + pt), true));
      scalars.push(beInt(input.subarray(i + pt, i + each)));
    }
    if (points.length === 1 && op === 'mul') return enc((G as PairingCurve['G1']).mul(points[0] as G1Point, scalars[0]!));
    return enc(await (G as PairingCurve['G1']).msm(points as G1Point[], scalars));
  }
  const each = 128 + 256;
  if (input.length === 0 || input.length % each !== 0) lengthError();
  const pairs: [G1Point, G2Point][] = [];
  for (let i = 0; i < input.length; i += each) {
    pairs.push([c.G1.fromBytes(input.subarray(i, i + 128), { format }), c.G2.fromBytes(input.subarray(i + 128, i + each), { format })]);
  }
  return (await c.pairingCheck(pairs)) ? '0'.repeat(63) + '1' : '0'.repeat(64);
}

/**
 * EIP-3026 (BW6-761): G1 and G2 points are both 192 bytes (two unpadded 96-byte coordinates), scalars 64 bytes,
 * pairing pairs 384 bytes. ADD accepts points outside the subgroup (as EIP-2537's); MUL, MULTIEXP and PAIRING
 * check it.
 */
export async function runPrecompile6(c: BW6Curve, group: 1 | 2, op: Op, inputHex: string): Promise<string> {
  const input = hex(inputHex);
  const format: PointFormat = 'eip3026';
  const pt = 192;
  const G = group === 1 ? c.G1 : c.G2;
  const dec = (b: Uint8Array, subgroupCheck: boolean): G1Point => G.fromBytes(b, { format, subgroupCheck });
  const enc = (P: G1Point): string => toHex(G.toBytes(P, { format }));
  if (op === 'add') {
    if (input.length !== 2 * pt) lengthError();
    return enc(G.add(dec(input.subarray(0, pt), false), dec(input.subarray(pt), false)));
  }
  if (op === 'mul' || op === 'msm') {
    const each = pt + 64;
    if (input.length === 0 || input.length % each !== 0) lengthError();
    const points: G1Point[] = [];
    const scalars: bigint[] = [];
    for (let i = 0; i < input.length; i += each) {
      points.push(dec(input.subarray(i, i + pt), true));
      scalars.push(beInt(input.subarray(i + pt, i + each)));
    }
    if (points.length === 1 && op === 'mul') return enc(G.mul(points[0]!, scalars[0]!));
    return enc(await G.msm(points, scalars));
  }
  const each = 2 * pt;
  if (input.length === 0 || input.length % each !== 0) lengthError();
  const pairs: [G1Point, G1Point][] = [];
  for (let i = 0; i < input.length; i += each) {
    pairs.push([c.G1.fromBytes(input.subarray(i, i + pt), { format }), c.G2.fromBytes(input.subarray(i + pt, i + each), { format })]);
  }
  return (await c.pairingCheck(pairs)) ? '0'.repeat(63) + '1' : '0'.repeat(64);
}

async function bn(c: PairingCurve, op: Op, input: Uint8Array): Promise<string> {
  const pad = (b: Uint8Array, n: number): Uint8Array => {
    const out = new Uint8Array(n);
    out.set(b.subarray(0, n));
    return out;
  };
  if (op === 'add') {
    const b = pad(input, 128);
    const p = c.G1.add(c.G1.fromBytes(b.subarray(0, 64)), c.G1.fromBytes(b.subarray(64, 128)));
    return toHex(c.G1.toBytes(p));
  }
  if (op === 'mul') {
    const b = pad(input, 96);
    return toHex(c.G1.toBytes(c.G1.mul(c.G1.fromBytes(b.subarray(0, 64)), beInt(b.subarray(64, 96)))));
  }
  if (input.length % 192 !== 0) lengthError();
  const pairs: [G1Point, G2Point][] = [];
  for (let i = 0; i < input.length; i += 192) pairs.push([c.G1.fromBytes(input.subarray(i, i + 64)), c.G2.fromBytes(input.subarray(i + 64, i + 192))]);
  return (await c.pairingCheck(pairs)) ? '0'.repeat(63) + '1' : '0'.repeat(64);
}

/** Error codes acceptable for each upstream error message of the fail-* files. */
export function codesFor(message: string): string[] {
  if (/length/i.test(message)) return ['INVALID_ENCODING'];
  if (/top bytes|top_zero/i.test(message)) return ['INVALID_ENCODING'];
  if (/fp\.Element|invalid Fq/i.test(message)) return ['NOT_IN_FIELD', 'INVALID_ENCODING'];
  if (/not on curve/i.test(message)) return ['NOT_ON_CURVE'];
  if (/subgroup/i.test(message)) return ['NOT_IN_SUBGROUP'];
  return ['INVALID_ENCODING', 'NOT_IN_FIELD', 'NOT_ON_CURVE', 'NOT_IN_SUBGROUP'];
}
