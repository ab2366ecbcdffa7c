/**
 * JSON for reports that contain bigints. `JSON.stringify` throws on a bigint, and a Number would lose the
 * digits of a 381-bit field element, so bigints become decimal strings. Tests and people read the same form.
 * @module
 */

/** A JSON value (what {@link toJsonValue} returns). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A deep copy of `value` that `JSON.stringify` accepts: bigints as decimal strings, `undefined` properties
 * dropped, typed arrays as plain arrays.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (typeof value === 'bigint') return value.toString(10);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number | bigint>, toJsonValue);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && typeof v !== 'function') out[k] = toJsonValue(v);
    return out;
  }
  return null;
}

/** Pretty JSON text of `value` (see {@link toJsonValue}). */
export function toJsonText(value: unknown): string {
  return JSON.stringify(toJsonValue(value), null, 2);
}
