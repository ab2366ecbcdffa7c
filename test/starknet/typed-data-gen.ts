/**
 * Seeded random SNIP-12 documents for the cross-checks: random struct graphs (acyclic, with spaces and quotes-free
 * odd names), arrays, nested structs, enums with tuple variants (revision 1), merkle trees of felts or structs,
 * presets (u256, TokenAmount, NftId), every basic type, and values written every way starknet.js accepts them
 * (bigint, number, decimal, hex, short text). A small xorshift generator: a failure names its seed and index.
 */
import type { StarknetTypeMember, StarknetTypedData, TypedDataRevision } from 'webcurves/starknet';

const P = 0x800000000000011000000000000000000000000000000000000000000000001n;

/** A seeded generator of 32-bit values. */
export interface Rng {
  (): number;
}

/** xorshift32 from a seed. */
export function rng(seed: number): Rng {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

const int = (r: Rng, n: number): number => r() % n;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[int(r, xs.length)]!;
function big(r: Rng, bits: number): bigint {
  let x = 0n;
  for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(r());
  x &= (1n << BigInt(bits)) - 1n;
  // bias towards small and edge values now and then
  switch (int(r, 8)) {
    case 0:
      return BigInt(int(r, 1000));
    case 1:
      return (1n << BigInt(bits)) - 1n - BigInt(int(r, 3));
    default:
      return x >> BigInt(int(r, bits));
  }
}
const below = (r: Rng, bound: bigint): bigint => {
  const x = big(r, bound.toString(2).length);
  return x < bound ? x : x % bound;
};
const ascii = (r: Rng, n: number): string => Array.from({ length: n }, () => String.fromCharCode(32 + int(r, 95))).join('');
/** Text that starknet.js does not read as a number (BigInt(text) throws): a letter first. */
const text = (r: Rng, n: number): string => (n === 0 ? 'x' : pick(r, ['a', 'Q', 'z', '_']) + ascii(r, n - 1).replace(/^\s+/, ''));

/** A number written one of the ways starknet.js reads it. */
function numberish(r: Rng, x: bigint): unknown {
  switch (int(r, 4)) {
    case 0:
      return x;
    case 1:
      return '0x' + x.toString(16);
    case 2:
      return x.toString();
    default:
      return x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : '0x' + x.toString(16);
  }
}

const FN_NAMES = ['transfer', 'approve', 'balance_of', '__execute__', 'mint', 'swap exact in'];

interface Gen {
  readonly r: Rng;
  readonly rev: TypedDataRevision;
  readonly types: Record<string, StarknetTypeMember[]>;
}

const BASIC_1 = ['felt', 'bool', 'string', 'selector', 'u128', 'i128', 'ContractAddress', 'ClassHash', 'timestamp', 'shortstring'];
const PRESETS = ['u256', 'TokenAmount', 'NftId'];
// Revision 0 hashes any type name it does not know as a felt, as starknet.js does.
const BASIC_0 = ['felt', 'bool', 'string', 'selector', 'shortstring', 'u128', 'ContractAddress'];

function value(g: Gen, type: string, contains: string | undefined, depth: number): unknown {
  const { r, rev } = g;
  if (g.types[type]) return structValue(g, type, depth + 1);
  if (rev === '1' && PRESETS.includes(type)) {
    const u256 = () => ({ low: numberish(r, big(r, 128)), high: numberish(r, big(r, 128)) });
    if (type === 'u256') return u256();
    if (type === 'TokenAmount') return { token_address: numberish(r, below(r, P)), amount: u256() };
    return { collection_address: numberish(r, below(r, P)), token_id: u256() };
  }
  if (type.endsWith('*')) return Array.from({ length: int(r, 4) }, () => value(g, type.slice(0, -1), undefined, depth + 1));
  switch (type) {
    case 'enum': {
      const variants = g.types[contains!]!;
      const v = pick(r, variants);
      const subs = v.type.slice(1, -1).split(',').filter((s) => s);
      return { [v.name]: subs.map((s) => value(g, s, undefined, depth + 1)) };
    }
    case 'merkletree':
      return Array.from({ length: 1 + int(r, 9) }, () => value(g, contains!, undefined, depth + 1));
    case 'selector':
      return int(r, 3) === 0 ? '0x' + below(r, P).toString(16) : pick(r, FN_NAMES);
    case 'string':
      return rev === '1' ? ascii(r, pick(r, [0, 1, 30, 31, 32, 61, 62, 63, 64, int(r, 140)])) : text(r, 1 + int(r, 31));
    case 'shortstring':
      return int(r, 2) ? text(r, 1 + int(r, 31)) : numberish(r, below(r, P));
    case 'bool':
      return rev === '1' || int(r, 2) ? int(r, 2) === 1 : int(r, 2);
    case 'u128':
    case 'timestamp':
      return numberish(r, big(r, 128));
    case 'i128': {
      if (rev === '0') return numberish(r, big(r, 120));
      const x = big(r, 127);
      const neg = int(r, 2) === 1;
      return neg ? pick(r, [-x - 1n, `-${x + 1n}`, ...(x < 1n << 50n ? [-Number(x) - 1] : [])]) : numberish(r, x);
    }
    case 'ContractAddress':
    case 'ClassHash':
      return numberish(r, below(r, P));
    default: // felt, and revision 0's felts of any name
      return int(r, 4) === 0 ? text(r, 1 + int(r, 31)) : numberish(r, below(r, P));
  }
}

function structValue(g: Gen, type: string, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of g.types[type]!) out[m.name] = value(g, m.type, m.contains, depth);
  return out;
}

/**
 * A random document of a revision: `structs` user structs (struct i only refers to structs j > i, so the graph
 * has no cycle), the revision's domain, a random account.
 */
export function randomTypedData(r: Rng, rev: TypedDataRevision, structs: number): { typedData: StarknetTypedData; account: string } {
  const types: Record<string, StarknetTypeMember[]> = {};
  const names = Array.from({ length: 1 + int(r, structs) }, (_, i) => pick(r, ['S', 'My Struct ', 'Order_', 'Leg']) + i);
  const enums: string[] = [];
  if (rev === '1') {
    for (let e = 0; e < 1 + int(r, 2); e++) {
      const name = `Enum ${e}`;
      enums.push(name);
      types[name] = Array.from({ length: 1 + int(r, 4) }, (_, k) => {
        const n = int(r, 4);
        const subs = Array.from({ length: n }, () => pick(r, [...BASIC_1.filter((b) => b !== 'bool'), 'u128*', 'felt*', 'u256', 'bool']));
        return { name: `Variant ${k}`, type: `(${subs.join(',')})` };
      });
    }
  }
  const basics = rev === '1' ? BASIC_1 : BASIC_0;
  names.forEach((name, i) => {
    const later = names.slice(i + 1);
    types[name] = Array.from({ length: 1 + int(r, 5) }, (_, k) => {
      const roll = int(r, 12);
      const field = `${pick(r, ['f', 'amount', 'to ', 'x_'])}${k}`;
      if (roll < 5) return { name: field, type: pick(r, basics) };
      if (roll === 5) return { name: field, type: pick(r, basics.filter((b) => b !== 'bool')) + '*' };
      if (roll === 6 && later.length) return { name: field, type: pick(r, later) };
      if (roll === 7 && later.length) return { name: field, type: pick(r, later) + '*' };
      if (roll === 8) return { name: field, type: 'merkletree', contains: later.length && int(r, 2) ? pick(r, later) : 'felt' };
      if (roll === 9 && rev === '1') return { name: field, type: pick(r, PRESETS) };
      if (roll === 10 && rev === '1') return { name: field, type: 'enum', contains: pick(r, enums) };
      return { name: field, type: 'felt' };
    });
  });
  const domainType = rev === '1' ? 'StarknetDomain' : 'StarkNetDomain';
  types[domainType] =
    rev === '1'
      ? ['name', 'version', 'chainId', 'revision'].map((name) => ({ name, type: 'shortstring' }))
      : ['name', 'version', 'chainId'].map((name) => ({ name, type: 'felt' }));
  const g: Gen = { r, rev, types };
  const domain: Record<string, unknown> = { name: text(r, 1 + int(r, 20)), version: pick(r, ['1', '2', 1]), chainId: pick(r, ['SN_MAIN', 'SN_SEPOLIA', '0x534e5f4d41494e']) };
  if (rev === '1') domain.revision = '1';
  return {
    typedData: { types, primaryType: names[0]!, domain, message: structValue(g, names[0]!, 0) } as StarknetTypedData,
    account: '0x' + below(r, P).toString(16),
  };
}
