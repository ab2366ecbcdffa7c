/**
 * The by-value memory of points proven to be in their prime-order subgroup, one per group: verifiers check
 * against the same public keys and verification-key points again and again, and a subgroup check costs a
 * scalar multiplication. Only successful checks are remembered; the oldest entry goes first.
 * @module
 */

/** How many points per group are remembered. */
export const SUBGROUP_CACHE_SIZE = 64;

/** A bounded set of points (by their canonical coordinates) known to be in the subgroup. */
export class SubgroupCache {
  private readonly keys = new Map<string, true>();

  /** The cache key of a point's canonical coordinates. */
  static key(coords: readonly bigint[]): string {
    return coords.map((v) => v.toString(16)).join(',');
  }

  /** Whether the point with these coordinates was proven in the subgroup. */
  has(coords: readonly bigint[]): boolean {
    return this.keys.has(SubgroupCache.key(coords));
  }

  /** Remembers a point proven in the subgroup (evicting the oldest beyond {@link SUBGROUP_CACHE_SIZE}). */
  remember(coords: readonly bigint[]): void {
    this.keys.set(SubgroupCache.key(coords), true);
    if (this.keys.size > SUBGROUP_CACHE_SIZE) this.keys.delete(this.keys.keys().next().value!);
  }
}
