/**
 * Starknet class hashes, as cairo-lang defines them (and starknet.js's `hash.computeLegacyContractClassHash`,
 * `computeSierraContractClassHash` and `computeCompiledClassHash` compute them):
 *
 *   legacy (Cairo 0)  H([0, H(external), H(l1_handler), H(constructor), H(builtins), hinted, H(program.data)])
 *                     with H = compute_hash_on_elements (Pedersen), entry points flattened as (selector, offset),
 *                     hinted = starknet_keccak(json.dumps({abi, program without debug_info}, sort_keys=True))
 *   Sierra            P([short("CONTRACT_CLASS_V0.1.0"), P(external), P(l1_handler), P(constructor),
 *                        starknet_keccak(abi JSON), P(sierra_program)])   with entry points (selector, function_idx)
 *   compiled (CASM)   C([short("COMPILED_CLASS_V1"), C(external), C(l1_handler), C(constructor), bytecode hash])
 *                     with entry points (selector, offset, C(builtins)), the bytecode hashed whole or, with
 *                     `bytecode_segment_lengths`, as a tree: a leaf of n felts is (n, C(felts)), a node is
 *                     (total length, 1 + C(children's pairs)); C is poseidon_hash_many before Starknet 0.14.1 and
 *                     the BLAKE2s felt hash (SNIP-34) from 0.14.1 on.
 *
 * Where the time goes: the chains are long (a CASM bytecode has thousands of felts) and run in the wasm core over
 * words packed straight from the JSON's hex strings; the legacy class's JSON (hundreds of kilobytes) is parsed and
 * re-serialized once, in `class-json.ts`.
 * @module
 */
import { blake2s } from '@noble/hashes/blake2.js';
import { WebcurvesError } from '../errors.js';
import { describe } from '../core/args.js';
import { asciiBytes, fromParsed, JsonInteger, JsonObject, parseJson, pythonDumps, type JsonNode } from './class-json.js';
import { shortString } from './tx-hash.js';
import { keccak250 } from './felt.js';
import { readLE } from '../core/bytes.js';

// ---- Input shapes ----

/** A felt as contract JSON writes it: a 0x-hex string (or decimal string, number, bigint). */
export type FeltJson = string | number | bigint;

/** A Cairo 0 entry point. `offset` is a number since Cairo 0.11, a hex string before. */
export interface LegacyEntryPoint {
  readonly selector: FeltJson;
  readonly offset: FeltJson;
}

/** The three kinds of entry points of every class kind. */
export interface EntryPointsByType<E> {
  readonly EXTERNAL: readonly E[];
  readonly L1_HANDLER: readonly E[];
  readonly CONSTRUCTOR: readonly E[];
}

/** A Cairo 0 program as the compiler writes it (the fields the hash reads are typed; the rest are hashed as JSON). */
export interface LegacyProgram {
  readonly builtins: readonly string[];
  readonly data: readonly FeltJson[];
  readonly hints?: Readonly<Record<string, readonly unknown[]>>;
  readonly identifiers?: Readonly<Record<string, unknown>>;
  readonly attributes?: readonly unknown[];
  readonly compiler_version?: string;
  readonly main_scope?: string;
  readonly prime?: string;
  readonly reference_manager?: unknown;
  readonly debug_info?: unknown;
}

/** A compiled Cairo 0 contract (`starknet-compile-deprecated` output; starknet.js's `LegacyCompiledContract`). */
export interface LegacyCompiledContract {
  readonly abi?: readonly unknown[];
  readonly entry_points_by_type: EntryPointsByType<LegacyEntryPoint>;
  readonly program: LegacyProgram;
}

/** A Sierra entry point. */
export interface SierraEntryPoint {
  readonly selector: FeltJson;
  readonly function_idx: number;
}

/** A Sierra contract class (`*.contract_class.json`, or an RPC `getClass` answer whose `abi` is a string). */
export interface SierraContractClass {
  readonly sierra_program: readonly FeltJson[];
  /** `0.1.0` (the default when absent). */
  readonly contract_class_version?: string;
  readonly entry_points_by_type: EntryPointsByType<SierraEntryPoint>;
  /** The ABI: as the compiler writes it (an array), or already serialized (a string, as RPC returns it). */
  readonly abi: readonly unknown[] | string;
  readonly sierra_program_debug_info?: unknown;
}

/** A compiled class entry point. */
export interface CasmEntryPoint {
  readonly selector: FeltJson;
  /** A number (a decimal or hex string is read too). */
  readonly offset: number | string;
  /** Required in a compiled class (optional here only so that starknet.js's `ContractEntryPointFields` fits). */
  readonly builtins?: readonly string[];
}

/** Nested bytecode segment lengths (a number is a leaf of that many felts). */
export type BytecodeSegmentLengths = number | readonly BytecodeSegmentLengths[];

/** A compiled (CASM) class (`*.compiled_contract_class.json`; starknet.js's `CairoAssembly`). */
export interface CompiledClass {
  readonly bytecode: readonly FeltJson[];
  readonly bytecode_segment_lengths?: BytecodeSegmentLengths;
  readonly entry_points_by_type: EntryPointsByType<CasmEntryPoint>;
  readonly prime?: string;
  readonly compiler_version?: string;
  readonly hints?: readonly unknown[];
}

// ---- Felts packed as canonical words ----

/** The hash chains a class hash needs, over felts packed as 8 little-endian u32 words each (each < p). */
export interface PackedHashes {
  /** compute_hash_on_elements (Pedersen). */
  readonly pedersenChain: (packed: Uint32Array) => bigint;
  /** poseidon_hash_many. */
  readonly poseidonMany: (packed: Uint32Array) => bigint;
}

/** A many-felts hash over packed words. */
type ManyHash = (packed: Uint32Array) => bigint;

/** Which chain a plan's long lists are hashed with. */
export type ChainKind = 'pedersen' | 'poseidon' | 'blake2s';

/**
 * A class hash split in two: its long chains (the program, the bytecode segments: thousands of felts each,
 * packed and checked, ready to hash in this thread or in workers) and the rest, which `finish` computes from
 * their hashes. Everything is parsed and validated when the plan is made, before any chain is hashed.
 */
export interface ClassHashPlan {
  readonly kind: ChainKind;
  readonly chains: readonly Uint32Array[];
  readonly finish: (chainHashes: readonly bigint[]) => bigint;
}

/**
 * Runs a plan in the calling thread.
 * @param plan - the plan
 * @param h - the wasm chains
 * @returns the class hash
 */
export function runPlan(plan: ClassHashPlan, h: PackedHashes): bigint {
  const many = chainOf(plan.kind, h);
  return plan.finish(plan.chains.map((c) => many(c)));
}

function chainOf(kind: ChainKind, h: PackedHashes): ManyHash {
  return kind === 'pedersen' ? h.pedersenChain : kind === 'poseidon' ? h.poseidonMany : blake2sMany;
}

const WORDS = 8;
const P_TOP = 0x08000000;
const P_W6 = 17;
const HEX_FELT = /^0x[0-9a-fA-F]+$/;
const DEC_FELT = /^[0-9]{1,78}$/;

function notInField(path: string): never {
  throw new WebcurvesError('NOT_IN_FIELD', `${path} is not in [0, p)`);
}

/** Writes a felt's words at out[8·at…]; checks it is below p = 2^251 + 17·2^192 + 1. */
function putFelt(out: Uint32Array, at: number, v: unknown, path: string): void {
  const o = at * WORDS;
  if (typeof v === 'string' && v.length > 2 && v.charCodeAt(1) === 120 /* x */ && HEX_FELT.test(v)) {
    // 8 hex digits per word, from the right: no BigInt for the common case
    let end = v.length;
    for (let w = 0; w < WORDS; w++) {
      const start = Math.max(2, end - 8);
      out[o + w] = start < end ? parseInt(v.slice(start, end), 16) >>> 0 : 0;
      end = start;
    }
    if (end > 2 && /[^0]/.test(v.slice(2, end))) notInField(path); // over 256 bits (leading zeros are fine)
  } else {
    let x: bigint;
    if (typeof v === 'bigint') x = v;
    else if (typeof v === 'number' && Number.isSafeInteger(v)) x = BigInt(v);
    else if (v instanceof JsonInteger) x = BigInt(v.raw);
    else if (typeof v === 'string' && DEC_FELT.test(v)) x = BigInt(v);
    else throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be a felt (0x-hex or decimal string, safe integer or bigint), not ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : describe(v)}`);
    if (x < 0n || x >= 1n << 256n) notInField(path);
    for (let w = 0; w < WORDS; w++) out[o + w] = Number(BigInt.asUintN(32, x >> BigInt(32 * w)));
  }
  const top = out[o + 7]!;
  if (top >= P_TOP) {
    if (top > P_TOP) notInField(path);
    const w6 = out[o + 6]!;
    if (w6 > P_W6) notInField(path);
    if (w6 === P_W6 && out[o + 5] === 0 && out[o + 4] === 0 && out[o + 3] === 0 && out[o + 2] === 0 && out[o + 1] === 0 && out[o]! >= 1) notInField(path);
  }
}

function putBig(out: Uint32Array, at: number, x: bigint): void {
  for (let w = 0; w < WORDS; w++) out[at * WORDS + w] = Number(BigInt.asUintN(32, x >> BigInt(32 * w)));
}

/** Packs felts given as values (checked, named by path). */
function packValues(values: readonly unknown[], path: string): Uint32Array {
  const out = new Uint32Array(values.length * WORDS);
  for (let i = 0; i < values.length; i++) putFelt(out, i, values[i], `${path}[${i}]`);
  return out;
}

/** Packs bigints already known to be felts. */
function packBig(values: readonly bigint[]): Uint32Array {
  const out = new Uint32Array(values.length * WORDS);
  for (let i = 0; i < values.length; i++) putBig(out, i, values[i]!);
  return out;
}

// ---- Shape checks (plain parsed JSON) ----

function obj(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be an object, not ${describe(v)}`);
  return v as Record<string, unknown>;
}

function arr(v: unknown, path: string): readonly unknown[] {
  if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${path} is missing`);
  if (!Array.isArray(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be an array, not ${describe(v)}`);
  for (let i = 0; i < v.length; i++) if (!(i in v) || v[i] === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${path}[${i}] is missing`);
  return v;
}

function smallInt(v: unknown, path: string): number {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'bigint') n = Number(v);
  else if (v instanceof JsonInteger) n = Number(v.raw);
  else if (typeof v === 'string' && /^(0x[0-9a-fA-F]{1,13}|[0-9]{1,15})$/.test(v)) n = Number(v);
  else throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be a non-negative integer, not ${describe(v)}`);
  if (!Number.isSafeInteger(n) || n < 0) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be a non-negative integer`);
  return n;
}

/** A Cairo short string (≤ 31 ASCII characters) as a felt. */
function shortStringOf(v: unknown, path: string): bigint {
  if (typeof v !== 'string' || v.length > 31 || !/^[\x00-\x7f]*$/.test(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be a short string (at most 31 ASCII characters)`);
  return shortString(v);
}

function entryPoints(v: unknown, path: string): Record<'EXTERNAL' | 'L1_HANDLER' | 'CONSTRUCTOR', readonly unknown[]> {
  const o = obj(v, path);
  return { EXTERNAL: arr(o.EXTERNAL, `${path}.EXTERNAL`), L1_HANDLER: arr(o.L1_HANDLER, `${path}.L1_HANDLER`), CONSTRUCTOR: arr(o.CONSTRUCTOR, `${path}.CONSTRUCTOR`) };
}

const KINDS = ['EXTERNAL', 'L1_HANDLER', 'CONSTRUCTOR'] as const;

/** A contract argument: an object, or its JSON text parsed with `JSON.parse` (no big numbers are read from it). */
function contractObject(v: unknown, what: string): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch (e) {
      throw new WebcurvesError('INVALID_ENCODING', `${what} is not valid JSON`, { cause: e });
    }
  }
  return obj(v, what);
}

// ---- Keccak ----



// ---- Sierra ----

/**
 * The Sierra contract class hash.
 * @param contract - the class, or its JSON text
 * @param h - the hash chains
 * @returns the class hash
 * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON; `INVALID_ARGUMENT` for a missing or
 *   malformed field (naming it: `sierra_program[12]`, `entry_points_by_type.EXTERNAL[0].function_idx`, `abi`), or
 *   an ABI number that is not a safe integer; `NOT_IN_FIELD` for a felt ≥ p.
 */
export function sierraClassHash(contract: SierraContractClass | string, h: PackedHashes): bigint {
  return runPlan(sierraPlan(contract, h), h);
}

/**
 * The Sierra class hash as a plan (the program is its one long chain).
 * @throws {WebcurvesError} as {@link sierraClassHash}.
 */
export function sierraPlan(contract: SierraContractClass | string, h: PackedHashes): ClassHashPlan {
  const c = contractObject(contract, 'contract');
  const version = c.contract_class_version === undefined ? '0.1.0' : c.contract_class_version;
  if (typeof version !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'contract_class_version must be a string');
  const prefix = shortStringOf(`CONTRACT_CLASS_V${version}`, 'contract_class_version');
  const eps = entryPoints(c.entry_points_by_type, 'entry_points_by_type');
  const epLists = KINDS.map((k) => {
    const list = eps[k];
    const out = new Uint32Array(list.length * 2 * WORDS);
    for (let i = 0; i < list.length; i++) {
      const path = `entry_points_by_type.${k}[${i}]`;
      const e = obj(list[i], path);
      putFelt(out, 2 * i, e.selector, `${path}.selector`);
      putBig(out, 2 * i + 1, BigInt(smallInt(e.function_idx, `${path}.function_idx`)));
    }
    return out;
  });
  const abiHash = sierraAbiHash(c.abi);
  const program = packValues(arr(c.sierra_program, 'sierra_program'), 'sierra_program');
  return {
    kind: 'poseidon',
    chains: [program],
    finish: ([programHash]) => h.poseidonMany(packBig([prefix, ...epLists.map((l) => h.poseidonMany(l)), abiHash, programHash!])),
  };
}

/**
 * starknet_keccak of the ABI: a string (as RPC returns it) is hashed as it is; an array is serialized as Python's
 * `json.dumps` writes it (keys in source order), as cairo-lang and starknet.js do for compiler output.
 */
function sierraAbiHash(abi: unknown): bigint {
  if (abi === undefined) throw new WebcurvesError('INVALID_ARGUMENT', 'abi is missing');
  if (typeof abi === 'string') return keccak250(new TextEncoder().encode(abi));
  if (!Array.isArray(abi)) throw new WebcurvesError('INVALID_ARGUMENT', `abi must be an array or a string, not ${describe(abi)}`);
  return keccak250(asciiBytes(pythonDumps(fromParsed(abi, 'abi'), 'source')));
}

// ---- Compiled (CASM) ----

/** The compiled class hash function: Poseidon (Starknet < 0.14.1) or BLAKE2s (SNIP-34, 0.14.1 on). */
export type CompiledClassHashFunction = 'poseidon' | 'blake2s';

/** The first Starknet version whose compiled class hashes use BLAKE2s (starknet.js's default version). */
export const BLAKE_COMPILED_CLASS_VERSION = '0.14.1';

/**
 * Which hash a Starknet version's compiled class hashes use (starknet.js's `computeCompiledClassHash(casm,
 * starknetVersion)` rule: numeric comparison of dotted versions with 0.14.1).
 * @param starknetVersion - e.g. `0.13.4`, `0.14.1`
 * @returns the hash function
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a string that is not a dotted version.
 */
export function compiledClassHashFunction(starknetVersion: string): CompiledClassHashFunction {
  if (typeof starknetVersion !== 'string' || !/^v?[0-9]+(\.[0-9]+)*([-+].*)?$/.test(starknetVersion))
    throw new WebcurvesError('INVALID_ARGUMENT', 'starknetVersion must be a dotted version such as "0.13.4"');
  const a = starknetVersion.replace(/^v/, '').split(/[-+]/)[0]!.split('.').map(Number);
  const b = BLAKE_COMPILED_CLASS_VERSION.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0, y = b[i] ?? 0;
    if (x !== y) return x > y ? 'blake2s' : 'poseidon';
  }
  return 'blake2s';
}

/**
 * The compiled (CASM) class hash.
 * @param casm - the compiled class, or its JSON text
 * @param fn - the hash function
 * @param h - the hash chains (Poseidon in wasm)
 * @returns the compiled class hash
 * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON; `INVALID_ARGUMENT` for a missing or
 *   malformed field (naming it), or segment lengths that do not add up to the bytecode's length; `NOT_IN_FIELD`
 *   for a felt ≥ p.
 */
export function compiledClassHash(casm: CompiledClass | string, fn: CompiledClassHashFunction, h: PackedHashes): bigint {
  return runPlan(compiledPlan(casm, fn, h), h);
}

/** A bytecode segment tree: a leaf is the index of its chain. */
type SegmentNode = { readonly leaf: number; readonly n: number } | { readonly kids: readonly SegmentNode[]; readonly n: number };

/**
 * The compiled class hash as a plan: the bytecode segments (or the whole bytecode) are its chains.
 * @throws {WebcurvesError} as {@link compiledClassHash}.
 */
export function compiledPlan(casm: CompiledClass | string, fn: CompiledClassHashFunction, h: PackedHashes): ClassHashPlan {
  const c = contractObject(casm, 'casm');
  const many = chainOf(fn, h);
  const eps = entryPoints(c.entry_points_by_type, 'entry_points_by_type');
  const epLists = KINDS.map((k) => {
    const list = eps[k];
    const out = new Uint32Array(list.length * 3 * WORDS);
    const builtinLists: Uint32Array[] = [];
    for (let i = 0; i < list.length; i++) {
      const path = `entry_points_by_type.${k}[${i}]`;
      const e = obj(list[i], path);
      putFelt(out, 3 * i, e.selector, `${path}.selector`);
      putBig(out, 3 * i + 1, BigInt(smallInt(e.offset, `${path}.offset`)));
      const builtins = arr(e.builtins, `${path}.builtins`);
      builtinLists.push(packBig(builtins.map((b, j) => shortStringOf(b, `${path}.builtins[${j}]`))));
    }
    return { out, builtinLists };
  });
  const bytecode = packValues(arr(c.bytecode, 'bytecode'), 'bytecode');
  const chains: Uint32Array[] = [];
  let tree: SegmentNode | undefined;
  if (c.bytecode_segment_lengths === undefined) chains.push(bytecode);
  else {
    const total = bytecode.length / WORDS;
    let at = 0;
    const node = (v: unknown, path: string, depth: number): SegmentNode => {
      if (Array.isArray(v)) {
        if (depth > 64) throw new WebcurvesError('INVALID_ARGUMENT', `${path} is nested more than 64 deep (or holds a cycle)`);
        const kids = arr(v, path).map((x, i) => node(x, `${path}[${i}]`, depth + 1));
        return { kids, n: kids.reduce((t, k) => t + k.n, 0) };
      }
      const n = smallInt(v, path);
      if (at + n > total) throw new WebcurvesError('INVALID_ARGUMENT', `bytecode_segment_lengths add up to more than the bytecode's ${total} felts`);
      chains.push(bytecode.subarray(at * WORDS, (at + n) * WORDS));
      at += n;
      return { leaf: chains.length - 1, n };
    };
    // a list, or one number (a single leaf: an empty program's 0)
    tree = node(c.bytecode_segment_lengths, 'bytecode_segment_lengths', 0);
    if (at !== total) throw new WebcurvesError('INVALID_ARGUMENT', `bytecode_segment_lengths add up to ${at}, not the bytecode's ${total} felts`);
  }
  return {
    kind: fn,
    chains,
    finish: (hashes) => {
      const epHashes = epLists.map(({ out, builtinLists }) => {
        builtinLists.forEach((b, i) => putBig(out, 3 * i + 2, many(b)));
        return many(out);
      });
      // a leaf is (n, C(felts)), a node (total length, 1 + C(its children's pairs))
      const hashOf = (t: SegmentNode): bigint => {
        if ('leaf' in t) return hashes[t.leaf]!;
        return 1n + many(packBig(t.kids.flatMap((k) => [BigInt(k.n), hashOf(k)])));
      };
      const codeHash = tree === undefined ? hashes[0]! : hashOf(tree);
      return many(packBig([shortString('COMPILED_CLASS_V1'), ...epHashes, codeHash]));
    },
  };
}

const P = (1n << 251n) + 17n * (1n << 192n) + 1n;

/**
 * The BLAKE2s hash of felts (SNIP-34, `encode_felt252_data_and_calc_blake_hash`): a felt below 2^63 is written
 * as two u32 words (high, low), a larger one as eight with the top bit of the first set; the words are
 * little-endian bytes, and the digest, read little-endian, is reduced mod p. BLAKE2s itself is @noble/hashes'.
 */
export function blake2sMany(packed: Uint32Array): bigint {
  const count = packed.length / WORDS;
  const words = new Uint32Array(count * WORDS);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const o = i * WORDS;
    let small = packed[o + 1]! < 0x80000000;
    for (let w = 2; small && w < WORDS; w++) if (packed[o + w] !== 0) small = false;
    if (small) {
      words[n++] = packed[o + 1]!;
      words[n++] = packed[o]!;
    } else {
      words[n++] = (packed[o + 7]! | 0x80000000) >>> 0;
      for (let w = 6; w >= 0; w--) words[n++] = packed[o + w]!;
    }
  }
  const bytes = new Uint8Array(n * 4);
  const dv = new DataView(bytes.buffer);
  for (let k = 0; k < n; k++) dv.setUint32(4 * k, words[k]!, true);
  const d = blake2s(bytes, { dkLen: 32 });
  return readLE(d) % P;
}

// ---- Legacy (Cairo 0) ----

/**
 * A legacy contract as a lossless tree: text is parsed losslessly (Cairo 0 programs hold integers above 2^53);
 * an object is converted, refusing numbers that JSON.parse has already rounded.
 */
function legacyTree(contract: unknown): JsonObject {
  const t = typeof contract === 'string' ? parseJson(contract, 'contract') : fromParsed(contract, 'contract');
  if (!(t instanceof JsonObject)) throw new WebcurvesError('INVALID_ARGUMENT', 'contract must be an object (a compiled Cairo 0 contract)');
  return t;
}

function tObj(v: JsonNode | undefined, path: string): JsonObject {
  if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${path} is missing`);
  if (!(v instanceof JsonObject)) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be an object`);
  return v;
}

function tArr(v: JsonNode | undefined, path: string): JsonNode[] {
  if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${path} is missing`);
  if (!Array.isArray(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${path} must be an array`);
  return v;
}

/** What the hinted class hash serializes, and the parts the class hash reads. */
interface LegacyParts {
  readonly tree: JsonObject;
  readonly program: JsonObject;
  readonly hints: JsonObject | undefined;
}

function legacyParts(contract: unknown): LegacyParts {
  const tree = legacyTree(contract);
  const programNode = tree.get('program');
  if (typeof programNode === 'string')
    throw new WebcurvesError('INVALID_ARGUMENT', 'program is compressed (a base64 string, as RPC returns it): pass the compiled contract with its program as JSON');
  const program = tObj(programNode, 'program');
  const hints = program.get('hints');
  if (hints !== undefined) {
    const h = tObj(hints, 'program.hints');
    for (const [k] of h.entries) if (!/^(0|[1-9][0-9]*)$/.test(k)) throw new WebcurvesError('INVALID_ARGUMENT', `program.hints has the key ${JSON.stringify(k.slice(0, 40))}, not a pc`);
  }
  return { tree, program, hints: hints as JsonObject | undefined };
}

/** `(?<! ):` → ` :` in every `cairo_type` under identifiers (pre-0.10 compilers wrote `(a : felt)`). */
function spacedCairoTypes(node: JsonNode): JsonNode {
  if (!(node instanceof JsonObject)) return node;
  return new JsonObject(
    node.entries.map(([k, v]): [string, JsonNode] => [k, k === 'cairo_type' && typeof v === 'string' ? v.replace(/(?<! ):/g, ' :') : spacedCairoTypes(v)]),
  );
}

/** The object cairo-lang's `compute_deprecated_hinted_class_hash` serializes: {abi, program'} (see the module doc). */
function hintedInput(p: LegacyParts): { node: JsonObject; numeric: Set<JsonObject> } {
  const version = p.program.get('compiler_version');
  const pre010 = version === undefined || version === null;
  const entries: [string, JsonNode][] = [];
  let sawDebug = false;
  for (const [k, v] of p.program.entries) {
    if (k === 'debug_info') {
      entries.push([k, null]);
      sawDebug = true;
    } else if (k === 'attributes') {
      const attrs = tArr(v, 'program.attributes');
      if (attrs.length === 0) continue; // dropped when empty, for hashes of classes older than attributes
      entries.push([
        k,
        attrs.map((a, i) => {
          const o = tObj(a, `program.attributes[${i}]`);
          return new JsonObject(
            o.entries.filter(([ak, av]) => !(ak === 'accessible_scopes' && Array.isArray(av) && av.length === 0) && !(ak === 'flow_tracking_data' && av === null)),
          );
        }),
      ]);
    } else if (k === 'identifiers' && pre010) entries.push([k, spacedCairoTypes(v)]);
    else if (k === 'compiler_version' && v === null) continue;
    else entries.push([k, v]);
  }
  if (!sawDebug) entries.push(['debug_info', null]);
  const program = new JsonObject(entries);
  const abi = p.tree.get('abi');
  const numeric = new Set<JsonObject>();
  const hintsOut = program.get('hints');
  if (hintsOut instanceof JsonObject) numeric.add(hintsOut);
  return { node: new JsonObject([['abi', abi === undefined ? null : abi], ['program', program]]), numeric };
}

/**
 * The hinted class hash of a Cairo 0 contract (starknet.js `computeHintedClassHash`).
 * @throws {WebcurvesError} as {@link legacyClassHash}.
 */
export function hintedClassHash(contract: LegacyCompiledContract | string): bigint {
  return hintedOf(legacyParts(contract));
}

function hintedOf(parts: LegacyParts): bigint {
  const { node, numeric } = hintedInput(parts);
  return keccak250(asciiBytes(pythonDumps(node, 'sorted', numeric)));
}

/**
 * The Cairo 0 (legacy) contract class hash.
 * @param contract - the compiled contract, or its JSON text (preferred: exact for every integer)
 * @param h - the hash chains
 * @returns the class hash
 * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON (or holds a non-integer number);
 *   `INVALID_ARGUMENT` for a missing or malformed field (naming it), an entry point offset outside the program,
 *   a compressed program, or a number that JSON.parse has rounded; `NOT_IN_FIELD` for a felt ≥ p.
 */
export function legacyClassHash(contract: LegacyCompiledContract | string, h: PackedHashes): bigint {
  return runPlan(legacyPlan(contract, h), h);
}

/**
 * The Cairo 0 class hash as a plan (program.data is its one long chain; the JSON work is done making it).
 * @throws {WebcurvesError} as {@link legacyClassHash}.
 */
export function legacyPlan(contract: LegacyCompiledContract | string, h: PackedHashes): ClassHashPlan {
  const parts = legacyParts(contract);
  const data = tArr(parts.program.get('data'), 'program.data');
  const packedData = new Uint32Array(data.length * WORDS);
  for (let i = 0; i < data.length; i++) putFelt(packedData, i, data[i], `program.data[${i}]`);
  const eps = tObj(parts.tree.get('entry_points_by_type'), 'entry_points_by_type');
  const epLists = KINDS.map((k) => {
    const list = tArr(eps.get(k), `entry_points_by_type.${k}`);
    const out = new Uint32Array(list.length * 2 * WORDS);
    for (let i = 0; i < list.length; i++) {
      const path = `entry_points_by_type.${k}[${i}]`;
      const e = tObj(list[i], path);
      putFelt(out, 2 * i, e.get('selector'), `${path}.selector`);
      const offset = smallInt(e.get('offset'), `${path}.offset`);
      if (offset >= data.length) throw new WebcurvesError('INVALID_ARGUMENT', `${path}.offset ${offset} is outside the program (${data.length} felts)`);
      putBig(out, 2 * i + 1, BigInt(offset));
    }
    return out;
  });
  const builtins = packBig(tArr(parts.program.get('builtins'), 'program.builtins').map((b, i) => shortStringOf(b, `program.builtins[${i}]`)));
  const hinted = hintedOf(parts);
  return {
    kind: 'pedersen',
    chains: [packedData],
    finish: ([dataHash]) =>
      h.pedersenChain(packBig([0n, ...epLists.map((l) => h.pedersenChain(l)), h.pedersenChain(builtins), hinted, dataHash!])),
  };
}
