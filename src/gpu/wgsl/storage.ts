/**
 * Storage helpers of one binding: `shaders/curve/storage.wgsl` instantiated for a buffer that holds field
 * elements, points or bases coordinate-major (`ld_fe_<buffer>`, `st_fe_<buffer>`, `ld_pt_<buffer>`,
 * `st_pt_<buffer>`, `ld_base_<buffer>`). Core WGSL does not let functions take storage pointers, so every
 * binding gets its own copy; a program names the bindings it needs and what they hold.
 * @module
 */
import { CURVE_STORAGE } from '../../generated/shaders.js';
import type { CurveStructFields } from './curve.js';

/** What a binding holds: field elements only, points (projective/extended), or stored bases. */
export type StorageContent = 'elements' | 'points' | 'bases';

/** How a program uses one binding of field data. */
export interface StorageUse {
  readonly holds: StorageContent;
  /** Whether the store helpers are emitted (the binding must be `read_write`). */
  readonly writable: boolean;
}

/**
 * The helpers of one binding.
 * @param buffer - the binding's variable name in the kernel's WGSL (a WGSL identifier)
 * @param use - what it holds and whether the kernel writes it
 * @param fields - the curve model's point and base fields (`curveStructFields`)
 * @returns WGSL source text; it needs the field module, its storage words and, for points and bases, the curve
 * @throws {Error} when `buffer` is not a WGSL identifier (a programming error in a program definition).
 */
export function storageHelpers(buffer: string, use: StorageUse, fields: CurveStructFields): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(buffer)) throw new Error(`storage helpers: ${JSON.stringify(buffer)} is not a binding name`);
  const fromC = (n: number): string => Array.from({ length: n }, (_, k) => `c[${k}]`).join(', ');
  return CURVE_STORAGE.wgsl({
    buffer,
    writable: use.writable,
    points: use.holds === 'points',
    bases: use.holds === 'bases',
    pt_from_c: fromC(fields.point.length),
    pt_fields: fields.point.map((f) => `p.${f}`).join(', '),
    base_from_c: fromC(fields.base.length),
  });
}
