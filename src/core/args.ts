/**
 * Checks of array-shaped arguments at the API edge, shared by every public entry point.
 *
 * Why a module of its own: JavaScript arrays may have holes (`[1n, , 2n]`, `delete a[i]`, `new Array(n)`), and
 * `map`, `forEach`, `flatMap`, `every` and `some` skip them silently. Code that packs such an array into wasm
 * memory then leaves the previous call's words in the gap, and answers with a value computed from stale input.
 * Every array input is therefore walked here by index, before anything is written to wasm memory, and a hole
 * or an `undefined` element is an `INVALID_ARGUMENT` that names the parameter and the index.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/**
 * Checks that `value` is an array with an element at every index (no holes, no `undefined`).
 * @param value - the argument as the caller passed it
 * @param name - the parameter's name, for the message (`points`, `scalars`, `pairs[3]`)
 * @returns the same array, typed as a dense read-only array of unknowns for the element checks that follow
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when `value` is not an array, or has a hole or `undefined` at some index.
 */
export function denseArray(value: unknown, name: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new WebcurvesError('INVALID_ARGUMENT', `${name} must be an array, not ${describe(value)}`);
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) throw new WebcurvesError('INVALID_ARGUMENT', `${name}[${i}] is missing (a hole in the array)`);
    if (value[i] === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${name}[${i}] is undefined`);
  }
  return value as readonly unknown[];
}

/** A short description of a value's kind for error messages (never its contents: they may be secret). */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : typeof v;
}

/**
 * Checks an optional options argument: absent (`undefined`), or a plain object (not null, an array or a primitive,
 * whose fields would otherwise silently read as absent).
 * @param value - the argument as the caller passed it
 * @param name - what it is, for the message (`toBytes options`)
 * @returns the options, typed as a record of unknowns (undefined when absent)
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything else.
 */
export function optionsBag(value: unknown, name: string): Readonly<Record<string, unknown>> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new WebcurvesError('INVALID_ARGUMENT', `${name} must be an object, not ${describe(value)}`);
  return value as Readonly<Record<string, unknown>>;
}

/**
 * Checks that an optional flag is a boolean when present (a truthy string such as `'false'` must not count as true).
 * @param o - the options (already checked by {@link optionsBag})
 * @param key - the flag's name
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when `o[key]` is neither undefined nor a boolean.
 */
export function optionalBoolean(o: Readonly<Record<string, unknown>> | undefined, key: string): void {
  const v = o?.[key];
  if (v !== undefined && typeof v !== 'boolean') throw new WebcurvesError('INVALID_ARGUMENT', `${key} must be a boolean, not ${describe(v)}`);
}
