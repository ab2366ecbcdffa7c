/**
 * SNIP-12 typed data (Starknet's EIP-712): the message hash a wallet signs for "Sign in with Starknet", permits,
 * session keys and off-chain orders, for revision 0 (legacy `StarkNetDomain`, Pedersen) and revision 1
 * (`StarknetDomain`, Poseidon, typed basic types, presets, enums, ByteArray strings).
 *
 * The encoding follows starknet.js 10's `typedData` module, the de-facto standard, rule for rule (its names:
 * `getMessageHash`, `getStructHash`, `getTypeHash`, `encodeType`), and where starknet.js and the SNIP-12 text
 * disagree it follows starknet.js: an enum variant is encoded `"Variant":("u128")` with a colon, and a variant
 * with no data hashes as `[index, 0]` (starknet-rs keeps both on purpose, for the same reason). Our own code
 * (not starknet.js's) for three reasons: the hashes go to the wasm core instead of BigInt JavaScript (starknet.js
 * spends ≈ 5 ms of a rev-1 `signMessage` here), type hashes are cached by their encoded string (Keccak of the
 * same string is the same), and every input starknet.js rejects is rejected with a typed `INVALID_TYPED_DATA`
 * that names the path (`message.order.amount`) instead of a `TypeError` or a stack overflow.
 *
 * Where starknet.js would hash something surprising rather than fail, this module refuses it (documented in
 * docs/starknet.md): numbers that are not safe integers, objects or arrays where a felt goes, a selector that is
 * not a string, a value ≥ p in any revision (starknet.js's Poseidon reduces it silently), an enum value with more
 * than one key or with variant data that is not an array of exactly its types, and a recursive type (a stack
 * overflow in starknet.js).
 * @module
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { WebcurvesError } from '../errors.js';
import { STARK_P } from '../curves/stark-constants.js';
import { keccak250, parseBigNumberish, type BigNumberish } from './felt.js';

/** `'0'`: legacy (`StarkNetDomain`, Pedersen); `'1'`: active (`StarknetDomain`, Poseidon). */
export type TypedDataRevision = '0' | '1';

/** One member of a SNIP-12 type (starknet.js's `StarknetType`). */
export interface StarknetTypeMember {
  readonly name: string;
  readonly type: string;
  /** The struct of a `merkletree`'s leaves, or the enum type of an `enum` member (revision 1). */
  readonly contains?: string;
}

/** The `types` object of a typed-data document: type name → members. */
export type StarknetTypes = Readonly<Record<string, readonly StarknetTypeMember[]>>;

/** The domain (starknet.js's `StarknetDomain`); which members it has is set by the domain type in `types`. */
export interface StarknetTypedDataDomain {
  readonly name?: string;
  readonly version?: BigNumberish;
  readonly chainId?: BigNumberish;
  /** `'1'` (or `1`) for revision 1; absent or `'0'` for revision 0. */
  readonly revision?: BigNumberish;
  readonly [member: string]: unknown;
}

/** A SNIP-12 typed-data document (starknet.js's `TypedData`). */
export interface StarknetTypedData {
  readonly types: StarknetTypes;
  readonly primaryType: string;
  readonly domain: StarknetTypedDataDomain;
  readonly message: Readonly<Record<string, unknown>>;
}

/** The hash functions the encoding is built on (the wasm core's, in practice). */
export interface TypedDataHashers {
  /** Revision 0: compute_hash_on_elements (Pedersen); revision 1: poseidon_hash_many. Every value is < p. */
  hashMany(revision: TypedDataRevision, values: bigint[]): bigint;
  /** Revision 0: Pedersen; revision 1: poseidon_hash; of pairs (a0, b0, a1, b1, …) → one hash per pair. */
  hashPairs(revision: TypedDataRevision, flat: bigint[]): bigint[];
  /** The Hades permutation (Poseidon's) of a state of three values < p. */
  permute(state: [bigint, bigint, bigint]): bigint[];
}

const PRESET_TYPES: StarknetTypes = {
  u256: [
    { name: 'low', type: 'u128' },
    { name: 'high', type: 'u128' },
  ],
  TokenAmount: [
    { name: 'token_address', type: 'ContractAddress' },
    { name: 'amount', type: 'u256' },
  ],
  NftId: [
    { name: 'collection_address', type: 'ContractAddress' },
    { name: 'token_id', type: 'u256' },
  ],
};
const NO_PRESETS: StarknetTypes = {};

const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const HEX = /^0[xX][0-9a-fA-F]*$/;
const TUPLE = /^\(.*\)$/;
const STARKNET_MESSAGE = shortStringFelt('StarkNet Message', '');

function fail(path: string, message: string, cause?: unknown): never {
  throw new WebcurvesError('INVALID_TYPED_DATA', path ? `${path}: ${message}` : message, cause === undefined ? undefined : { cause });
}

function config(revision: TypedDataRevision): { readonly domain: string; readonly presets: StarknetTypes; readonly esc: (s: string) => string } {
  return revision === '1'
    ? { domain: 'StarknetDomain', presets: PRESET_TYPES, esc: (s) => `"${s}"` }
    : { domain: 'StarkNetDomain', presets: NO_PRESETS, esc: (s) => s };
}

/** A checked revision argument. */
function revisionOf(v: unknown): TypedDataRevision {
  if (v === '0' || v === '1') return v;
  throw new WebcurvesError('INVALID_ARGUMENT', "revision must be '0' or '1'");
}

function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The members of a type, when `name` is one in `types` (own properties only: `toString` is no type, where
 * starknet.js would crash on `Object.prototype`'s), each member checked to be `{ name: string, type: string }`.
 */
function membersOf(types: StarknetTypes, name: string): readonly StarknetTypeMember[] | undefined {
  if (!Object.prototype.hasOwnProperty.call(types, name)) {
    if (name in Object.prototype) fail(`types`, `${JSON.stringify(name)} is not a usable type name`);
    return undefined;
  }
  const members = types[name] as unknown;
  if (!Array.isArray(members)) fail(`types.${name}`, 'must be an array of { name, type } members');
  for (let i = 0; i < members.length; i++) {
    const m = members[i] as unknown;
    if (!isObject(m) || typeof m.name !== 'string' || typeof m.type !== 'string' || (m.contains !== undefined && typeof m.contains !== 'string'))
      fail(`types.${name}[${i}]`, 'must be { name: string, type: string, contains?: string }');
  }
  return members as readonly StarknetTypeMember[];
}

function checkTypes(types: unknown): StarknetTypes {
  if (!isObject(types)) fail('types', 'must be an object of type definitions');
  return types as StarknetTypes;
}

/** The types a member's type string pulls into an encoded type (starknet.js's getDependencies rules). */
function memberDependencies(type: string, contains: string | undefined, revision: TypedDataRevision): string[] {
  if (type.endsWith('*')) return [type.slice(0, -1)];
  if (revision === '1') {
    if (type === 'enum') return contains === undefined ? [] : [contains];
    if (TUPLE.test(type)) return type.slice(1, -1).split(',').map((t) => (t.endsWith('*') ? t.slice(0, -1) : t));
  }
  return [type];
}

/**
 * The struct types `type` depends on, itself first (empty when `type` is no struct). starknet.js finds the same
 * set by an unmemoised walk that is exponential on shared subtypes and overflows the stack on a cycle; this is a
 * depth-first search with a visited set, and a cycle is an error.
 */
function dependencies(lookup: (name: string) => readonly StarknetTypeMember[] | undefined, type: string, revision: TypedDataRevision): string[] {
  const order: string[] = [];
  const state = new Map<string, 1 | 2>(); // 1 on the stack, 2 done
  const visit = (name: string): void => {
    const s = state.get(name);
    if (s === 2) return;
    if (s === 1) fail(`types.${name}`, 'a type may not contain itself (directly or through other types)');
    const members = lookup(name);
    if (!members) return;
    state.set(name, 1);
    order.push(name);
    for (const m of members) for (const d of memberDependencies(m.type, m.contains, revision)) visit(d);
    state.set(name, 2);
  };
  visit(type);
  return order;
}

/** Type hashes by encoded type: starknet_keccak of the same string is the same (bounded, cleared when full). */
const TYPE_HASHES = new Map<string, bigint>();
const TYPE_HASH_CACHE_SIZE = 512;

function starknetKeccak(s: string): bigint {
  let h = TYPE_HASHES.get(s);
  if (h === undefined) {
    h = keccak250(utf8ToBytes(s));
    if (TYPE_HASHES.size >= TYPE_HASH_CACHE_SIZE) TYPE_HASHES.clear();
    TYPE_HASHES.set(s, h);
  }
  return h;
}

function encodeTypeOf(types: StarknetTypes, type: string, revision: TypedDataRevision): string {
  const { presets, esc } = config(revision);
  // starknet.js merges { ...types, ...presets }: a preset name means the preset here (getMessageHash refuses a
  // user type with a preset's name in revision 1 anyway).
  const lookup = (name: string): readonly StarknetTypeMember[] | undefined =>
    Object.prototype.hasOwnProperty.call(presets, name) ? presets[name] : membersOf(types, name);
  const [primary, ...rest] = dependencies(lookup, type, revision);
  if (primary === undefined) return '';
  rest.sort();
  let out = '';
  for (const name of [primary, ...rest]) {
    const parts: string[] = [];
    for (const m of lookup(name)!) {
      let target = m.type;
      if (revision === '1' && m.type === 'enum') {
        if (m.contains === undefined) fail(`types.${name}.${m.name}`, 'an enum member needs `contains` (its enum type)');
        target = m.contains;
      }
      const typeString = TUPLE.test(target)
        ? `(${target
            .slice(1, -1)
            .split(',')
            .map((e) => (e ? esc(e) : e))
            .join(',')})`
        : esc(target);
      parts.push(`${esc(m.name)}:${typeString}`);
    }
    out += `${esc(name)}(${parts.join(',')})`;
  }
  return out;
}

/** ASCII text of at most 31 characters as a felt (starknet.js's encodeShortString). */
function shortStringFelt(s: string, path: string): bigint {
  if (s.length > 31) fail(path, `the string is longer than 31 characters (a short string is one felt)`);
  let x = 0n;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) fail(path, 'a short string must be ASCII');
    x = (x << 8n) | BigInt(c);
  }
  return x;
}

/**
 * A value as starknet.js's `BigInt(value)` reads it: bigints, safe integers, booleans, and strings by
 * JavaScript's own BigInt grammar (so `''` is 0, `' 12 '` is 12, `'0b101'` is 5, as in starknet.js).
 * Undefined when a string is not a number (the caller may read it as a short string).
 */
function bigIntOf(v: unknown, path: string, type: string): bigint | undefined {
  switch (typeof v) {
    case 'bigint':
      return v;
    case 'number':
      if (!Number.isSafeInteger(v)) fail(path, `${type} must be an integer (a number that is a safe integer, or a bigint or a string)`);
      return BigInt(v);
    case 'boolean':
      return v ? 1n : 0n;
    case 'string':
      try {
        return BigInt(v);
      } catch {
        return undefined;
      }
    default:
      return fail(path, `a ${type} must be a number, a bigint, a boolean or a string, not ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`);
  }
}

function inField(x: bigint, path: string, type: string): bigint {
  if (x < 0n || x >= STARK_P) fail(path, `${x} (${type}) is out of bounds [0, p)`);
  return x;
}

/** starknet.js's getHex: a number, else (for a string) a short string; then a felt (< p, as its hashes demand). */
function feltOf(v: unknown, path: string, type: string): bigint {
  const x = bigIntOf(v, path, type);
  if (x !== undefined) return inField(x, path, type);
  return shortStringFelt(v as string, path);
}

/** A number only (starknet.js's assertRange reads `BigInt(value)`, with no short-string fallback). */
function numberOf(v: unknown, path: string, type: string, min: bigint, max: bigint): bigint {
  const x = bigIntOf(v, path, type);
  if (x === undefined) fail(path, `${type} must be a number, not text`);
  if (x < min || x > max) fail(path, `${x} (${type}) is out of bounds [${min}, ${max}]`);
  return x;
}

function selectorOf(v: unknown, path: string): bigint {
  if (typeof v !== 'string') fail(path, 'a selector must be a string (a function name or a 0x-hex selector)');
  if (HEX.test(v)) {
    if (v.length === 2) fail(path, 'a selector must have hex digits after 0x');
    return inField(BigInt(v), path, 'selector');
  }
  return starknetKeccak(v);
}

/** Revision 1's `string`: a ByteArray [words count, …31-byte words, pending word, pending length], hashed. */
function byteArrayElements(v: unknown, path: string): bigint[] {
  if (typeof v !== 'string') fail(path, 'a string must be a string');
  const out: bigint[] = [0n];
  let full = 0;
  let pending = 0n;
  let pendingLen = 0;
  for (let i = 0; i < v.length; i += 31) {
    const chunk = v.slice(i, i + 31);
    const w = shortStringFelt(chunk, path);
    if (chunk.length === 31) {
      out.push(w);
      full++;
    } else {
      pending = w;
      pendingLen = chunk.length;
    }
  }
  out[0] = BigInt(full);
  out.push(pending, BigInt(pendingLen));
  return out;
}

/** Where a value sits, for `enum` and `merkletree` (starknet.js's ctx: the parent type and the member name). */
interface Ctx {
  readonly parent: string;
  readonly key: string;
}

/** One encoding pass (type hashes memoised per struct type for the pass). */
class Encoder {
  private readonly typeHashes = new Map<string, bigint>();
  private readonly presetHashes = new Map<string, bigint>();

  constructor(
    private readonly types: StarknetTypes,
    private readonly revision: TypedDataRevision,
    private readonly H: TypedDataHashers,
  ) {}

  typeHash(types: StarknetTypes, type: string): bigint {
    const memo = types === this.types ? this.typeHashes : this.presetHashes;
    let h = memo.get(type);
    if (h === undefined) {
      h = starknetKeccak(encodeTypeOf(types, type, this.revision));
      memo.set(type, h);
    }
    return h;
  }

  structHash(types: StarknetTypes, type: string, data: unknown, path: string): bigint {
    return this.H.hashMany(this.revision, this.structValues(types, type, data, path));
  }

  /** What a struct hash hashes: the type hash, then each member encoded. */
  structValues(types: StarknetTypes, type: string, data: unknown, path: string): bigint[] {
    const presets = config(this.revision).presets;
    const members =
      (types === this.types ? membersOf(types, type) : undefined) ??
      (Object.prototype.hasOwnProperty.call(presets, type) ? presets[type] : undefined);
    if (!members) fail(path, `${type} is not a type of this document`);
    if (typeof data !== 'object' || data === null) fail(path, `a ${type} must be an object with its members`);
    const record = data as Readonly<Record<string, unknown>>;
    const values: bigint[] = [this.typeHash(types, type)];
    for (const m of members) {
      const v = record[m.name];
      const p = `${path}.${m.name}`;
      if (v === undefined || (v === null && m.type !== 'enum')) fail(p, `missing data for '${m.name}' (${m.type})`);
      values.push(this.value(types, m.type, v, p, { parent: type, key: m.name }));
    }
    return values;
  }

  value(types: StarknetTypes, type: string, data: unknown, path: string, ctx: Ctx | undefined): bigint {
    const rev1 = this.revision === '1';
    if (membersOf(types, type)) return this.structHash(types, type, data, path);
    if (Object.prototype.hasOwnProperty.call(config(this.revision).presets, type)) return this.structHash(config(this.revision).presets, type, data, path);
    if (type.endsWith('*')) {
      if (!Array.isArray(data)) fail(path, `a ${type} must be an array`);
      const element = type.slice(0, -1);
      const hashes = new Array<bigint>(data.length);
      for (let i = 0; i < data.length; i++) {
        if (!(i in data)) fail(`${path}[${i}]`, 'missing (a hole in the array)');
        hashes[i] = this.value(types, element, data[i], `${path}[${i}]`, undefined);
      }
      return this.H.hashMany(this.revision, hashes);
    }
    switch (type) {
      case 'enum':
        return rev1 ? this.enumValue(types, data, path, ctx) : feltOf(data, path, type);
      case 'merkletree':
        return this.merkleRoot(types, data, path, ctx);
      case 'selector':
        return selectorOf(data, path);
      case 'string':
        return rev1 ? this.H.hashMany('1', byteArrayElements(data, path)) : feltOf(data, path, type);
      case 'i128': {
        if (!rev1) return feltOf(data, path, type);
        const x = numberOf(data, path, type, I128_MIN, I128_MAX);
        return x < 0n ? STARK_P + x : x;
      }
      case 'timestamp':
      case 'u128':
        return rev1 ? numberOf(data, path, type, 0n, U128_MAX) : feltOf(data, path, type);
      case 'felt':
      case 'shortstring':
        return feltOf(data, path, type);
      case 'ClassHash':
      case 'ContractAddress':
        return rev1 ? numberOf(data, path, type, 0n, STARK_P - 1n) : feltOf(data, path, type);
      case 'bool':
        if (rev1 && typeof data !== 'boolean') fail(path, `Type mismatch for bool ${String(data)}`);
        return feltOf(data, path, type);
      default:
        // Revision 0 hashes any other type name as a felt (starknet.js does, and revision-0 dapps rely on it).
        if (rev1) fail(path, `Unsupported type: ${type}`);
        return feltOf(data, path, type);
    }
  }

  private enumValue(types: StarknetTypes, data: unknown, path: string, ctx: Ctx | undefined): bigint {
    if (!ctx) fail(path, 'an enum must be a member of a struct (not an array element or a merkle leaf)');
    const member = membersOf(types, ctx.parent)?.find((t) => t.name === ctx.key);
    const enumName = member?.contains;
    const variants = enumName === undefined ? undefined : membersOf(types, enumName);
    if (!variants) fail(path, `enum member '${ctx.key}' needs \`contains\` naming its enum type in types`);
    if (!isObject(data)) fail(path, 'an enum value must be an object { Variant: [data…] }');
    const keys = Object.keys(data);
    if (keys.length !== 1) fail(path, `an enum value must have exactly one variant, not ${keys.length}`);
    const key = keys[0]!;
    const index = variants.findIndex((t) => t.name === key);
    if (index < 0) fail(`${path}.${key}`, `${key} is not a variant of ${enumName}`);
    const subtypes = variants[index]!.type.slice(1, -1).split(',');
    const variantData = data[key];
    const p = `${path}.${key}`;
    if (!Array.isArray(variantData)) fail(p, `the data of variant ${key} must be an array`);
    // "()" splits to [""]: no data; otherwise one value per listed type.
    const wanted = subtypes.every((s) => !s) ? 0 : subtypes.length;
    if (variantData.length !== wanted) fail(p, `variant ${key} takes ${wanted} values, not ${variantData.length}`);
    const values: bigint[] = [BigInt(index)];
    for (let i = 0; i < subtypes.length; i++) {
      const sub = subtypes[i]!;
      // starknet.js keeps an empty subtype ("()" splits to [""]) as "", which its hash reads as 0.
      if (!sub) values.push(0n);
      else {
        if (!(i in variantData)) fail(`${p}[${i}]`, 'missing');
        values.push(this.value(types, sub, variantData[i], `${p}[${i}]`, undefined));
      }
    }
    return this.H.hashMany(this.revision, values);
  }

  private merkleRoot(types: StarknetTypes, data: unknown, path: string, ctx: Ctx | undefined): bigint {
    let leafType = 'raw'; // starknet.js's type for a tree outside a struct: revision 0 hashes raw felts
    if (ctx) {
      const member = membersOf(types, ctx.parent)?.find((t) => t.name === ctx.key);
      if (!member || member.type !== 'merkletree') fail(path, `${ctx.key} is not a merkle tree`);
      if (member.contains === undefined) fail(path, 'a merkletree member needs `contains` (the type of its leaves)');
      if (member.contains.endsWith('*')) fail(path, `Merkle tree contain property must not be an array but was given ${ctx.key}`);
      leafType = member.contains;
    }
    if (!Array.isArray(data) || data.length === 0) fail(path, 'a merkletree must be a non-empty array of leaves');
    let level = new Array<bigint>(data.length);
    for (let i = 0; i < data.length; i++) {
      if (!(i in data)) fail(`${path}[${i}]`, 'missing (a hole in the array)');
      level[i] = this.value(types, leafType, data[i], `${path}[${i}]`, undefined);
    }
    // Level by level; a pair is sorted (smaller first), an odd last leaf pairs with 0.
    while (level.length > 1) {
      const flat: bigint[] = [];
      for (let i = 0; i < level.length; i += 2) {
        const a = level[i]!;
        const b = i + 1 < level.length ? level[i + 1]! : 0n;
        if (a <= b) flat.push(a, b);
        else flat.push(b, a);
      }
      level = this.H.hashPairs(this.revision, flat);
    }
    return level[0]!;
  }
}

/** Which revision a document is (starknet.js's identifyRevision), or undefined. */
function identifyRevision(types: StarknetTypes, domain: unknown): TypedDataRevision | undefined {
  const revision = isObject(domain) ? domain.revision : undefined;
  const has = (n: string): boolean => Object.prototype.hasOwnProperty.call(types, n);
  if (has('StarknetDomain') && revision !== undefined && revision !== null && String(revision) === '1') return '1';
  if (has('StarkNetDomain') && (revision === undefined || revision === null || revision === '0')) return '0';
  return undefined;
}

/**
 * Whether `data` is a typed-data document starknet.js would hash (its validateTypedData): it has `message`,
 * `primaryType` and `types`, its domain type and revision agree, and (revision 1) no type takes a preset's name.
 * @param data - anything
 * @returns whether {@link getMessageHash} gets past its first check
 */
export function validateTypedData(data: unknown): boolean {
  if (!isObject(data) || !data.message || !data.primaryType || !isObject(data.types)) return false;
  const types = data.types as StarknetTypes;
  const revision = identifyRevision(types, data.domain);
  if (!revision) return false;
  return Object.keys(types).every((n) => !Object.prototype.hasOwnProperty.call(config(revision).presets, n));
}

/**
 * starknet.js's `typedData.encodeType`: the type and its dependencies (sorted), revision 1 with quoted names.
 * @param types - the document's types
 * @param type - the type to encode
 * @param revision - `'0'` (default) or `'1'`
 * @returns the encoded type string
 * @throws {WebcurvesError} `INVALID_TYPED_DATA` for malformed types or a recursive type; `INVALID_ARGUMENT` for
 *   a revision other than '0' / '1' or a type that is not a string.
 */
export function encodeType(types: StarknetTypes, type: string, revision: TypedDataRevision = '0'): string {
  if (typeof type !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'type must be a string');
  return encodeTypeOf(checkTypes(types), type, revisionOf(revision));
}

/**
 * starknet.js's `typedData.getTypeHash`: starknet_keccak of {@link encodeType}.
 * @param types - the document's types
 * @param type - the type
 * @param revision - `'0'` (default) or `'1'`
 * @returns the type hash
 * @throws {WebcurvesError} as {@link encodeType}.
 */
export function getTypeHash(types: StarknetTypes, type: string, revision: TypedDataRevision = '0'): bigint {
  return starknetKeccak(encodeType(types, type, revision));
}

/**
 * starknet.js's `typedData.getStructHash`: the hash of a struct value (its type hash, then its members encoded).
 * @param types - the document's types
 * @param type - the struct's type (a type of `types`, or a revision-1 preset)
 * @param data - the value
 * @param revision - `'0'` (default) or `'1'`
 * @param H - the hash functions
 * @returns the struct hash
 * @throws {WebcurvesError} `INVALID_TYPED_DATA` naming the path of a missing or malformed value; as
 *   {@link encodeType}.
 */
export function structHash(types: StarknetTypes, type: string, data: unknown, revision: TypedDataRevision, H: TypedDataHashers): bigint {
  if (typeof type !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'type must be a string');
  const rev = revisionOf(revision);
  return new Encoder(checkTypes(types), rev, H).structHash(checkTypes(types), type, data, type);
}

/**
 * starknet.js's `typedData.encodeValue`: one value encoded as its struct hashes it, with the type starknet.js
 * reports (`felt` for a merkletree root or a selector, else the type itself).
 * @param types - the document's types
 * @param type - the value's type
 * @param data - the value
 * @param ctx - for `enum` and `merkletree`: the struct (`parent`) and member (`key`) the value belongs to
 * @param revision - `'0'` or `'1'`
 * @param H - the hash functions
 * @returns `[type, encoded value]`
 * @throws {WebcurvesError} as {@link structHash}.
 */
export function encodeValue(
  types: StarknetTypes,
  type: string,
  data: unknown,
  ctx: { readonly parent?: string; readonly key?: string } | undefined,
  revision: TypedDataRevision,
  H: TypedDataHashers,
): [string, bigint] {
  if (typeof type !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'type must be a string');
  const t = checkTypes(types);
  const rev = revisionOf(revision);
  const c = ctx && typeof ctx.parent === 'string' && typeof ctx.key === 'string' ? { parent: ctx.parent, key: ctx.key } : undefined;
  const value = new Encoder(t, rev, H).value(t, type, data, c ? `${c.parent}.${c.key}` : type, c);
  const isStruct = membersOf(t, type) !== undefined || Object.prototype.hasOwnProperty.call(config(rev).presets, type);
  return [!isStruct && (type === 'merkletree' || type === 'selector') ? 'felt' : type, value];
}

/**
 * starknet.js's `typedData.getMessageHash`: H("StarkNet Message", H(domain), accountAddress, H(message)).
 * @param typedData - the document
 * @param accountAddress - the signer's account (a felt)
 * @param H - the hash functions
 * @returns the message hash (< p, and below 2^251 in practice: the ECDSA message bound)
 * @throws {WebcurvesError} `INVALID_TYPED_DATA` when the document is not typed data starknet.js would hash, or
 *   names the path (`message.order.amount`) of a missing or malformed value; `INVALID_ARGUMENT` /
 *   `NOT_IN_FIELD` for a malformed accountAddress.
 */
export function messageHash(typedData: StarknetTypedData, accountAddress: BigNumberish, H: TypedDataHashers): bigint {
  if (!validateTypedData(typedData))
    fail('', 'typed data does not match the SNIP-12 schema (message, primaryType, types, and a StarkNetDomain type with revision 0 or a StarknetDomain type with revision 1; no preset type names in revision 1)');
  const account = parseBigNumberish(accountAddress, 'accountAddress');
  if (account < 0n || account >= STARK_P) throw new WebcurvesError('NOT_IN_FIELD', 'accountAddress is not in [0, p)');
  const { types, domain, primaryType, message } = typedData;
  const revision = identifyRevision(types, domain)!;
  const e = new Encoder(types, revision, H);
  const prefix = domainPrefix(revision, e.structValues(types, config(revision).domain, domain, 'domain'), H);
  const messageStruct = e.structHash(types, primaryType, message, 'message');
  return finishMessageHash(revision, prefix, account, messageStruct, H);
}

/**
 * The part of a message hash that depends on the domain only, for a domain seen recently (a wallet signs for a
 * few dApps, an order book checks one): the domain's struct hash and the hash state after absorbing
 * ("StarkNet Message", domain hash) — Poseidon's first permutation, or Pedersen's first two hashes of the chain.
 * Keyed by the domain's encoded values (its type hash first), so a hit is the same computation's result.
 */
interface DomainPrefix {
  readonly domainHash: bigint;
  /** Revision 1: the sponge state after the first permutation; revision 0: pedersen(pedersen(0, prefix), domainHash). */
  readonly state: readonly bigint[];
}
const DOMAIN_PREFIXES = new Map<string, DomainPrefix>();
const DOMAIN_CACHE_SIZE = 16;

function domainPrefix(revision: TypedDataRevision, values: bigint[], H: TypedDataHashers): DomainPrefix {
  const key = revision + values.join(',');
  let hit = DOMAIN_PREFIXES.get(key);
  if (hit === undefined) {
    const domainHash = H.hashMany(revision, values);
    const state =
      revision === '1'
        ? H.permute([STARKNET_MESSAGE, domainHash, 0n])
        : H.hashPairs('0', [H.hashPairs('0', [0n, STARKNET_MESSAGE])[0]!, domainHash]);
    hit = { domainHash, state };
    if (DOMAIN_PREFIXES.size >= DOMAIN_CACHE_SIZE) DOMAIN_PREFIXES.clear();
    DOMAIN_PREFIXES.set(key, hit);
  }
  return hit;
}

/**
 * H([prefix, domainHash, account, message]) from the domain's cached state: poseidon_hash_many's sponge (absorb
 * (account, message), then the padding (1, 0)) or compute_hash_on_elements's chain (then the length 4).
 */
function finishMessageHash(revision: TypedDataRevision, d: DomainPrefix, account: bigint, message: bigint, H: TypedDataHashers): bigint {
  if (revision === '1') {
    const [s0, s1, s2] = d.state as [bigint, bigint, bigint];
    const t = H.permute([(s0 + account) % STARK_P, (s1 + message) % STARK_P, s2]);
    return H.permute([(t[0]! + 1n) % STARK_P, t[1]!, t[2]!])[0]!;
  }
  let h = H.hashPairs('0', [d.state[0]!, account])[0]!;
  h = H.hashPairs('0', [h, message])[0]!;
  return H.hashPairs('0', [h, 4n])[0]!;
}

/** The revision of a document starknet.js would hash (for callers that pick a hash by revision). */
export function revisionOfTypedData(typedData: StarknetTypedData): TypedDataRevision | undefined {
  return validateTypedData(typedData) ? identifyRevision(typedData.types, typedData.domain) : undefined;
}

/**
 * `wc.starknet.typedData`: SNIP-12 hashing with starknet.js's names, on the wasm core's Pedersen and Poseidon.
 * Results are bigints (starknet.js returns hex strings, and a decimal string for a revision-0 struct hash); pass
 * them to `toHex` for starknet.js's form.
 */
export class StarknetTypedDataApi {
  private readonly H: TypedDataHashers;
  private readonly live: () => void;

  /** See {@link createTypedDataApi}. */
  // Private, so that the published declarations name none of its internal parameter types.
  private constructor(H: TypedDataHashers, live: () => void) {
    this.H = H;
    this.live = live;
  }

  /**
   * The message hash a Starknet account signs: H("StarkNet Message", H(domain), accountAddress, H(message)),
   * H being Pedersen's compute_hash_on_elements (revision 0) or poseidon_hash_many (revision 1), as
   * starknet.js's `typedData.getMessageHash`.
   * @param typedData - the document
   * @param accountAddress - the signer's account address
   * @returns the message hash
   * @throws {WebcurvesError} `INVALID_TYPED_DATA` when starknet.js would refuse the document (or would hash
   *   something it should refuse; see docs/starknet.md), naming the path (`message.order.amount`);
   *   `INVALID_ARGUMENT` / `NOT_IN_FIELD` for a malformed accountAddress; `ENGINE_CLOSED`; `CURVE_NOT_LOADED`
   *   before the Stark module is loaded.
   */
  getMessageHash(typedData: StarknetTypedData, accountAddress: BigNumberish): bigint {
    this.live();
    return messageHash(typedData, accountAddress, this.H);
  }

  /**
   * The hash of one struct value (its type hash, then its members encoded), as starknet.js's
   * `typedData.getStructHash`.
   * @param types - the document's types
   * @param type - the struct's type
   * @param data - the value
   * @param revision - `'0'` (default, as starknet.js) or `'1'`
   * @returns the struct hash
   * @throws {WebcurvesError} as {@link getMessageHash}; `INVALID_ARGUMENT` for a revision other than '0' / '1'.
   */
  getStructHash(types: StarknetTypes, type: string, data: Readonly<Record<string, unknown>>, revision: TypedDataRevision = '0'): bigint {
    this.live();
    return structHash(types, type, data, revision, this.H);
  }

  /**
   * One value encoded as a struct member, as starknet.js's `typedData.encodeValue`: `[type, value]`, the type
   * `felt` for a merkletree root or a selector.
   * @param types - the document's types
   * @param type - the value's type
   * @param data - the value
   * @param ctx - for `enum` and `merkletree` members: the struct (`parent`) and the member's name (`key`)
   * @param revision - `'0'` (default) or `'1'`
   * @throws {WebcurvesError} as {@link getStructHash}.
   */
  encodeValue(
    types: StarknetTypes,
    type: string,
    data: unknown,
    ctx: { readonly parent?: string; readonly key?: string } = {},
    revision: TypedDataRevision = '0',
  ): [string, bigint] {
    this.live();
    return encodeValue(types, type, data, ctx, revision, this.H);
  }

  /**
   * starknet_keccak of the encoded type, as starknet.js's `typedData.getTypeHash` (no curve work).
   * @throws {WebcurvesError} as {@link encodeType}.
   */
  getTypeHash(types: StarknetTypes, type: string, revision: TypedDataRevision = '0'): bigint {
    this.live();
    return getTypeHash(types, type, revision);
  }

  /**
   * The encoded type, as starknet.js's `typedData.encodeType`: `Mail(from:Person,…)Person(…)` (revision 0),
   * `"Mail"("from":"Person",…)…` (revision 1), dependencies sorted.
   * @throws {WebcurvesError} `INVALID_TYPED_DATA` for malformed or recursive types; `INVALID_ARGUMENT` for a
   *   revision other than '0' / '1'.
   */
  encodeType(types: StarknetTypes, type: string, revision: TypedDataRevision = '0'): string {
    this.live();
    return encodeType(types, type, revision);
  }

  /**
   * Whether starknet.js's `typedData.validateTypedData` accepts the document (its shape and revision; the
   * values are checked by {@link getMessageHash}).
   */
  validateTypedData(data: unknown): boolean {
    this.live();
    return validateTypedData(data);
  }
}

/**
 * Makes `wc.starknet.typedData` on the engine's hash functions (`StarknetApi` calls this).
 * @param H - the hash functions (the engine's wasm core)
 * @param live - the engine's liveness check (throws `ENGINE_CLOSED`)
 * @returns the typed-data API
 * @internal
 */
export function createTypedDataApi(H: TypedDataHashers, live: () => void = () => {}): StarknetTypedDataApi {
  type Constructor = new (H: TypedDataHashers, live: () => void) => StarknetTypedDataApi;
  return new (StarknetTypedDataApi as unknown as Constructor)(H, live);
}
