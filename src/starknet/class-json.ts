/**
 * The JSON that Starknet class hashes are taken over: a lossless parser for contract files and a serializer that
 * writes what Python's `json.dumps` writes, since cairo-lang defines the hashes as keccak of its output.
 *
 * Why our own: `JSON.parse` rounds integers above 2^53 (Cairo 0 programs hold constants such as
 * -106710729501573572985208420194530329073740042555888586719489 in `identifiers`), reorders integer-like keys,
 * and `JSON.stringify` writes compact separators and raw non-ASCII; cairo-lang hashes `json.dumps(...)` with
 * `", "` / `": "` separators, every character outside space..`~` escaped as `\uXXXX` (`ensure_ascii`), and,
 * for the legacy class hash, keys sorted. starknet.js's `formatSpaces` fixes the separators only (its legacy
 * hash of a contract with non-ASCII text differs from the network's).
 * @module
 */
import { WebcurvesError } from '../errors.js';

/** An integer as it was written in the source text (kept as text: it may exceed 2^53). */
export class JsonInteger {
  /** @param raw - the number's source text, an optionally negative decimal integer */
  constructor(readonly raw: string) {}
}

/** An object with its keys in source order (integer-like keys included, which plain objects would reorder). */
export class JsonObject {
  /** @param entries - key/value pairs in source order (a repeated key keeps its last value, in its first place) */
  constructor(readonly entries: [string, JsonNode][]) {}

  /** The value under `key`, or undefined. */
  get(key: string): JsonNode | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]![0] === key) return this.entries[i]![1];
    return undefined;
  }
}

/** A parsed JSON value. */
export type JsonNode = null | boolean | string | JsonInteger | JsonNode[] | JsonObject;

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
/** Nesting limit of parsed text and of objects passed in (a cycle reaches it too): no stack overflow. */
const MAX_DEPTH = 512;

/**
 * Parses JSON text losslessly: integers stay as their text, objects keep their key order. Only integers are
 * accepted as numbers (contract classes hold no fractions; a fraction would be hashed as Python reformats it).
 * @param text - the JSON text
 * @param what - the parameter's name, for messages
 * @returns the parsed tree
 * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON, or a number that is not an integer.
 */
export function parseJson(text: string, what: string): JsonNode {
  let i = 0;
  const n = text.length;
  const fail = (msg: string): never => {
    throw new WebcurvesError('INVALID_ENCODING', `${what} is not valid JSON: ${msg} at offset ${i}`);
  };
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const str = (): string => {
    i++; // opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 32) fail('control character in a string');
      if (c === 92) {
        out += text.slice(start, i);
        const e = text[i + 1];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            const hex = text.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape');
            out += String.fromCharCode(parseInt(hex, 16));
            i += 4;
            break;
          }
          default:
            fail('bad escape');
        }
        i += 2;
        start = i;
      } else i++;
    }
  };
  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, JsonNode][] = [];
      const seen = new Map<string, number>();
      ws();
      if (text[i] === '}') {
        i++;
        return new JsonObject(entries);
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const k = str();
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        const v = value(depth + 1);
        const at = seen.get(k);
        if (at === undefined) {
          seen.set(k, entries.length);
          entries.push([k, v]);
        } else entries[at] = [k, v]; // as Python's json.loads: the last value wins
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return new JsonObject(entries);
        } else fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(depth + 1));
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return arr;
        } else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    if (text.startsWith('true', i)) return (i += 4), true;
    if (text.startsWith('false', i)) return (i += 5), false;
    if (text.startsWith('null', i)) return (i += 4), null;
    // a number: scanned by hand (a regex over a slice per number dominated the parse of a large program)
    const start = i;
    if (text.charCodeAt(i) === 45 /* - */) i++;
    const digits = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d >= 48 && d <= 57) i++;
      else break;
    }
    if (i === digits) return fail('unexpected character');
    const next = text.charCodeAt(i);
    if (next === 46 || next === 101 || next === 69) fail(`number ${text.slice(start, i + 1)}… is not an integer`);
    const raw = text.slice(start, i);
    if (!INTEGER.test(raw)) fail(`number ${raw.slice(0, 40)} has leading zeros`);
    return new JsonInteger(raw);
  };
  const root = value(0);
  ws();
  if (i !== n) fail('trailing characters');
  return root;
}

/**
 * Converts a value the caller passed (already-parsed JSON: plain objects, arrays, strings, numbers, booleans,
 * null; or bigints) into a tree, checking that every number is an integer that survived parsing.
 * @param v - the value
 * @param path - where it sits, for messages (`program.identifiers`)
 * @param depth - how deep it sits (for the nesting limit)
 * @returns the tree
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a number that is not a safe integer (JSON.parse rounded it: pass
 *   the contract as its JSON text instead), or a value JSON cannot hold.
 */
export function fromParsed(v: unknown, path: string, depth = 0): JsonNode {
  if (depth > MAX_DEPTH) throw new WebcurvesError('INVALID_ARGUMENT', `${path} is nested more than ${MAX_DEPTH} deep (or holds a cycle)`);
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (v instanceof JsonInteger || v instanceof JsonObject) return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v))
      throw new WebcurvesError('INVALID_ARGUMENT', `${path} is ${v}, not a safe integer (JSON.parse rounds large integers: pass the contract as its JSON text)`);
    return new JsonInteger(String(v));
  }
  if (typeof v === 'bigint') return new JsonInteger(v.toString());
  if (Array.isArray(v)) {
    const out = new Array<JsonNode>(v.length);
    for (let k = 0; k < v.length; k++) {
      if (!(k in v) || v[k] === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${path}[${k}] is missing`);
      out[k] = fromParsed(v[k], `${path}[${k}]`, depth + 1);
    }
    return out;
  }
  if (typeof v === 'object') {
    const entries: [string, JsonNode][] = [];
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) entries.push([k, fromParsed(x, `${path}.${k}`, depth + 1)]); // JSON.stringify drops undefined too
    }
    return new JsonObject(entries);
  }
  throw new WebcurvesError('INVALID_ARGUMENT', `${path} is a ${typeof v}, which JSON cannot hold`);
}

/** How {@link pythonDumps} orders object keys. */
export type KeyOrder = 'source' | 'sorted';

const HEX = '0123456789abcdef';

/** A string as Python's json.dumps writes it with ensure_ascii (every char outside space..~ escaped). */
function pyString(s: string, out: string[]): void {
  let plain = true;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 32 || c > 126 || c === 34 || c === 92) {
      plain = false;
      break;
    }
  }
  if (plain) {
    out.push('"', s, '"');
    return;
  }
  let r = '"';
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 34) r += '\\"';
    else if (c === 92) r += '\\\\';
    else if (c >= 32 && c <= 126) r += s[k];
    else if (c === 10) r += '\\n';
    else if (c === 13) r += '\\r';
    else if (c === 9) r += '\\t';
    else if (c === 8) r += '\\b';
    else if (c === 12) r += '\\f';
    // UTF-16 code units, as Python writes astral characters (a surrogate pair)
    else r += '\\u' + HEX[(c >> 12) & 15]! + HEX[(c >> 8) & 15]! + HEX[(c >> 4) & 15]! + HEX[c & 15]!;
  }
  out.push(r, '"');
}

/** Python's sort of str keys: by code point (UTF-16 order differs only around surrogates). */
function codePointCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.codePointAt(k)!, y = b.codePointAt(k)!;
    if (x !== y) return x - y;
    if (x > 0xffff) k++;
  }
  return a.length - b.length;
}

/**
 * Serializes a tree exactly as Python's `json.dumps(obj, sort_keys=…)` does with its default separators and
 * `ensure_ascii`. With `sorted`, keys are sorted as Python sorts str keys, except in the objects that
 * `numericKeys` names, whose keys Python holds as ints (a Cairo 0 program's `hints`) and sorts numerically.
 * @param node - the tree
 * @param order - key order
 * @param numericKeys - objects whose keys sort as integers
 * @returns the text (pure ASCII)
 */
export function pythonDumps(node: JsonNode, order: KeyOrder, numericKeys?: ReadonlySet<JsonObject>): string {
  const out: string[] = [];
  const walk = (v: JsonNode): void => {
    if (v === null) out.push('null');
    else if (v === true) out.push('true');
    else if (v === false) out.push('false');
    else if (typeof v === 'string') pyString(v, out);
    else if (v instanceof JsonInteger) out.push(v.raw === '-0' ? '0' : v.raw);
    else if (Array.isArray(v)) {
      out.push('[');
      for (let k = 0; k < v.length; k++) {
        if (k) out.push(', ');
        walk(v[k]!);
      }
      out.push(']');
    } else {
      let entries = v.entries;
      if (order === 'sorted') {
        entries = entries.slice();
        if (numericKeys?.has(v)) entries.sort((a, b) => numericCompare(a[0], b[0]));
        else entries.sort((a, b) => codePointCompare(a[0], b[0]));
      }
      out.push('{');
      for (let k = 0; k < entries.length; k++) {
        if (k) out.push(', ');
        pyString(entries[k]![0], out);
        out.push(': ');
        walk(entries[k]![1]);
      }
      out.push('}');
    }
  };
  walk(node);
  return out.join('');
}

function numericCompare(a: string, b: string): number {
  const x = BigInt(a), y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The bytes of an ASCII string (what {@link pythonDumps} returns), without TextEncoder's UTF-8 pass.
 * @param s - ASCII text
 * @returns its bytes
 */
export function asciiBytes(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let k = 0; k < s.length; k++) b[k] = s.charCodeAt(k);
  return b;
}
