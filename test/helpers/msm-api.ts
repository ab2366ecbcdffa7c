/**
 * How the MSM service tests reach a group through the public API, whichever family it belongs to (`bn254_g1`
 * → `wc.bn254.G1`, `bandersnatch_te` → `wc.bandersnatch.te`), and the small assertions they share.
 */
import { expect } from 'vitest';
import { WebcurvesError, type Engine, type PreparedBases } from 'webcurves';
import { refGroup, type AnyPoint, type RefGroup, type RefGroupId } from './msm-ref.js';

/** Packed points or scalars (layout: `src/msm/types.ts`). */
export type Packed = Uint8Array | Uint32Array;

/** The MSM methods of any group, typed loosely enough for every family's points. */
export interface MsmGroup {
  readonly generator: AnyPoint;
  readonly zero: AnyPoint;
  msm(points: readonly AnyPoint[] | Packed, scalars: readonly bigint[] | Packed, options?: object): Promise<AnyPoint>;
  prepareBases(points: readonly AnyPoint[] | Packed, options?: object): Promise<PreparedBases<AnyPoint>>;
}

/** The engine's group named by a reference id. */
export function msmGroup(wc: Engine, id: RefGroupId): MsmGroup {
  const at = id.lastIndexOf('_');
  const c = (wc as unknown as Record<string, Record<string, MsmGroup>>)[id.slice(0, at)]!;
  const g = id.slice(at + 1);
  return c[g === 'g1' ? 'G1' : g === 'g2' ? 'G2' : g]!;
}

/** Bytes per packed coordinate (`src/msm/types.ts`: 32 for BN254 and the embedded curves, 48 for BLS12, 96 for BW6-761). */
export const coordBytes = (id: RefGroupId): number => (id.startsWith('bw6') ? 96 : id.startsWith('bls12') ? 48 : 32);

/** Bytes per packed scalar (`src/msm/types.ts`: 32, but 48 for BW6-761, whose r has 377 bits). */
export const scalarBytes = (id: RefGroupId): number => (id.startsWith('bw6') ? 48 : 32);

/** The WebcurvesError a promise rejects with (fails the test when it resolves or rejects with anything else). */
export async function rejection(p: Promise<unknown>): Promise<WebcurvesError> {
  try {
    await p;
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(WebcurvesError);
    return e as WebcurvesError;
  }
  throw new Error('expected a rejection');
}

const refs = new Map<RefGroupId, Promise<RefGroup>>();
/** The reference group for an id, built once per test file. */
export function cachedRef(id: RefGroupId): Promise<RefGroup> {
  let R = refs.get(id);
  if (!R) refs.set(id, (R = refGroup(id)));
  return R;
}
