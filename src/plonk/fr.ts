/**
 * Scalar-field work for the PLONK/FFLONK verifiers on the wasm core: a block of Fr elements (Montgomery form)
 * in the curve module's linear memory, addressed by slot number, with the core's `fr_*` functions applied to
 * slots. The verifiers' few hundred field operations (challenge powers, Lagrange evaluations with one batch
 * inversion, the linearisation scalars) thus run in wasm; BigInt appears only where values enter (parsed
 * evaluations and signals, hash outputs) and leave (MSM scalars for the pairing job).
 * @module
 */
import { CURVE_FIELDS, FIELD_LAYOUTS, type FieldLayout } from '../generated/fields.js';
import type { CoreInstance, WasmFieldExports } from '../core/wasm.js';
import { readWords, writeWords } from '../core/words.js';

/**
 * Slots of Fr elements in one core instance's memory. Slots are unchecked indices below the capacity asked for
 * (internal callers size the arena first), so no method throws.
 */
export class FrArena {
  readonly layout: FieldLayout;
  private readonly fr: WasmFieldExports;
  private base = 0;
  private capacity = 0;
  /** Scratch for canonical words (one element). */
  private readonly io: number;

  /**
   * @param core - the calling thread's instance of the curve module
   * @param slots - initial number of slots ({@link ensure} grows it)
   * @throws nothing (wasm allocation failures surface as the core's own RangeError).
   */
  constructor(
    private readonly core: CoreInstance,
    slots: number,
  ) {
    this.layout = FIELD_LAYOUTS[CURVE_FIELDS[core.curve].fr];
    this.fr = core.fr;
    this.io = core.exports.alloc(4 * this.layout.ioWords);
    this.ensure(slots);
  }

  /** Makes room for at least `slots` slots (their contents are lost when it grows). @throws nothing. */
  ensure(slots: number): void {
    if (slots <= this.capacity) return;
    if (this.capacity) this.core.exports.free(this.base);
    this.capacity = Math.max(slots, 2 * this.capacity);
    this.base = this.core.exports.alloc(this.capacity * this.layout.elemBytes);
  }

  private at(i: number): number {
    return this.base + i * this.layout.elemBytes;
  }

  /** The address of a slot in the instance's memory (valid until {@link ensure} grows the arena). */
  addr(i: number): number {
    return this.at(i);
  }

  private ioView(): Uint32Array {
    return new Uint32Array(this.core.exports.memory.buffer, this.io, this.layout.ioWords);
  }

  /** slot ← v; v must be in [0, r) (the parsers guarantee it). */
  set(i: number, v: bigint): void {
    writeWords(this.ioView(), 0, v, this.layout.ioWords);
    this.fr.fromWords(this.at(i), this.io);
  }

  /** slot ← the canonical little-endian words w[at …] (the arena's word count; the value must be below r). */
  setWords(i: number, w: Uint32Array, at: number): void {
    const v = this.ioView();
    v.set(w.subarray(at, at + v.length));
    this.fr.fromWords(this.at(i), this.io);
  }

  /** slot ← the small non-negative integer n (n < 2³²). */
  setSmall(i: number, n: number): void {
    const w = this.ioView();
    w.fill(0);
    w[0] = n >>> 0;
    this.fr.fromWords(this.at(i), this.io);
  }

  /** The canonical value of a slot. */
  get(i: number): bigint {
    this.fr.toWords(this.io, this.at(i));
    return readWords(this.ioView(), 0, this.layout.ioWords);
  }

  mul(o: number, a: number, b: number): void {
    this.fr.mul(this.at(o), this.at(a), this.at(b));
  }
  add(o: number, a: number, b: number): void {
    this.fr.add(this.at(o), this.at(a), this.at(b));
  }
  sub(o: number, a: number, b: number): void {
    this.fr.sub(this.at(o), this.at(a), this.at(b));
  }
  sqr(o: number, a: number): void {
    this.fr.sqr(this.at(o), this.at(a));
  }
  neg(o: number, a: number): void {
    this.fr.neg(this.at(o), this.at(a));
  }
  copy(o: number, a: number): void {
    this.fr.copy(this.at(o), this.at(a));
  }
  one(o: number): void {
    this.fr.one(this.at(o));
  }
  zero(o: number): void {
    this.fr.zero(this.at(o));
  }
  isZero(a: number): boolean {
    return this.fr.isZero(this.at(a)) !== 0;
  }
  isOne(a: number): boolean {
    return this.fr.isOne(this.at(a)) !== 0;
  }
  /** o ← a·b + c. */
  mulAdd(o: number, a: number, b: number, c: number, tmp: number): void {
    this.mul(tmp, a, b);
    this.add(o, tmp, c);
  }

  /** o ← a^e for a small exponent e ≥ 0 (square and multiply; o and a distinct from tmp). */
  powSmall(o: number, a: number, e: number, tmp: number): void {
    this.copy(tmp, a);
    this.one(o);
    for (let k = e; k > 0; k >>>= 1) {
      if (k & 1) this.mul(o, o, tmp);
      if (k > 1) this.sqr(tmp, tmp);
    }
  }

  /**
   * out[k] ← 1 / in[k] for every k with one inversion (Montgomery's trick over `prefix`, n scratch slots);
   * a zero input gives zero, as ffjavascript's `Fr.inv` / `Fr.div` do, so the verdicts stay snarkjs's in that
   * (negligible-probability) case. `out` may equal `in`.
   */
  batchInv(out: readonly number[], inp: readonly number[], prefix: number, tmp: number): void {
    const n = inp.length;
    this.one(tmp);
    for (let k = 0; k < n; k++) {
      this.copy(prefix + k, tmp);
      if (!this.isZero(inp[k]!)) this.mul(tmp, tmp, inp[k]!);
    }
    // tmp = ∏ of the non-zero inputs (never zero). Variable-time inversion (binary GCD): the inputs are public
    // (challenges and the domain), and it is ≈ 2–5× faster than the constant-time Fermat power here.
    this.fr.invUnsafe(this.at(tmp), this.at(tmp));
    for (let k = n - 1; k >= 0; k--) {
      const x = inp[k]!;
      if (this.isZero(x)) {
        this.zero(out[k]!);
        continue;
      }
      // prefix+k = ∏_{j<k} in[j]; tmp = 1/∏_{j≤k} in[j]
      this.mul(prefix + k, prefix + k, tmp); // 1 / in[k]
      this.mul(tmp, tmp, x); // 1/∏_{j<k}
      this.copy(out[k]!, prefix + k);
    }
  }
}

/** One arena per core instance (each verifier call uses it from start to end, synchronously). */
const ARENAS = new WeakMap<CoreInstance, FrArena>();

/** The arena of a core instance, with room for `slots` slots. @throws nothing. */
export function arenaOf(core: CoreInstance, slots: number): FrArena {
  let a = ARENAS.get(core);
  if (!a) {
    a = new FrArena(core, slots);
    ARENAS.set(core, a);
  }
  a.ensure(slots);
  return a;
}
