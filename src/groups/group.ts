/**
 * The one implementation of the public group contract ({@link CurveGroup}) that every group instantiates: the
 * pairing curves' G1 and G2 (over Fp or Fp2, BW6-761's G2 over Fp) and the embedded curves' Edwards and
 * Weierstrass groups. It owns what they share — validating point objects, loading them into wasm memory with
 * the curve and subgroup checks (through one by-value subgroup cache), scalar checks, the group operations,
 * `isValid`'s rule, encodings around the family's codec, and MSM routing (the engine's MSM service, or a small
 * in-thread path) — while each family supplies only its wasm calls, its codec and its coordinates.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray } from '../core/args.js';
import { passes, type CurveGroup } from '../core/group.js';
import type { SubgroupCache } from '../core/subgroup-cache.js';
import type { MsmGroupAdapter, MsmService } from '../msm/service.js';
import { checkMsmOptions } from '../msm/options.js';
import type { MsmOptions, PreparedBases } from '../msm/types.js';

/** One group's wasm side, for a synchronous call (the engine open, the curve's module loaded). */
export interface GroupWasm {
  /** Scratch points: two inputs and an output. */
  readonly A: number;
  readonly B: number;
  readonly OUT: number;
  /** Loads canonical coordinates at `at`, checking range and curve. @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  load(coords: readonly bigint[], at: number): void;
  /** Whether the point at `at` is in the prime-order subgroup. */
  inSubgroup(at: number): boolean;
  /** The canonical coordinates of the affine point at `at`. */
  read(at: number): bigint[];
  add(out: number, a: number, b: number): void;
  double(out: number, a: number): void;
  neg(out: number, a: number): void;
  /** out = [k]P for the subgroup point at `at`, 0 < k < r. */
  mul(at: number, k: bigint, out: number): void;
}

/** What a family tells the shared implementation about one of its groups. */
export interface GroupSpec<P, EncodeOpts, DecodeOpts> {
  /** The group's name in messages (`G1`, `the Edwards group`). */
  readonly label: string;
  readonly r: bigint;
  readonly generator: P;
  readonly zero: P;
  /** The point object's canonical coordinates, validated (shape, bigints in [0, p)). @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`. */
  coords(P: P): bigint[];
  /** The point object of canonical coordinates. */
  point(c: readonly bigint[]): P;
  /** Whether coordinates are the identity's. */
  isZero(c: readonly bigint[]): boolean;
  /** The by-value memory of points proven in the subgroup. */
  readonly cache: SubgroupCache;
  /** Throws `ENGINE_CLOSED` once the engine is closed. */
  live(): void;
  /** The wasm side for a synchronous call. @throws {WebcurvesError} `CURVE_NOT_LOADED`. */
  wasm(): GroupWasm;
  /** Loads the curve's module for an asynchronous call. */
  load(): Promise<void>;
  /** Encodes validated coordinates. */
  encode(c: readonly bigint[], opts: EncodeOpts | undefined): Uint8Array;
  /** Decodes bytes into coordinates (the curve and subgroup checks are the shared code's). */
  decode(bytes: Uint8Array, opts: DecodeOpts | undefined): readonly bigint[];
  /** Whether decoding asks for the subgroup check (default true). */
  subgroupCheck(opts: DecodeOpts | undefined): boolean;
  /** The engine's MSM service and this group's adapter, when the group routes MSMs through it. */
  readonly service?: { readonly msm: MsmService; readonly adapter: MsmGroupAdapter<P> };
  /**
   * An in-thread MSM for small arrays (Straus over the endomorphism), and the largest size it takes; also the
   * whole MSM when there is no service.
   */
  readonly inThread?: {
    readonly max: number;
    run(coords: readonly (readonly bigint[])[], scalars: readonly bigint[], subgroup: (i: number, at: number) => void): bigint[];
  };
}

/** How a point is checked as it is loaded: `true` with the subgroup (cached), `'uncached'`, or on the curve only. */
export type SubgroupMode = boolean | 'uncached';

/** A group built by {@link makeGroup}, with the loading helpers its family's other code (pairings, Groth16) uses. */
export interface BuiltGroup<P, EncodeOpts, DecodeOpts> {
  readonly group: CurveGroup<P, EncodeOpts, DecodeOpts>;
  /**
   * Loads a point object at `at` (validated, on the curve, in the subgroup as `mode` says) and returns its
   * coordinates. The caller has checked that the engine is open and the module loaded.
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  loadPoint(P: P, at: number, mode: SubgroupMode): bigint[];
  /** Checks the subgroup of the point with coordinates `c` loaded at `at`, as `mode` says. @throws {WebcurvesError} `NOT_IN_SUBGROUP`. */
  subgroupAt(c: readonly bigint[], at: number, mode: SubgroupMode): void;
  /** A scalar, checked and reduced mod r. @throws {WebcurvesError} `INVALID_ARGUMENT`, `NEGATIVE_SCALAR`. */
  scalar(k: unknown, what?: string): bigint;
  /** Σ scalars[i]·points[i] on the in-thread path (arrays only). @throws {WebcurvesError} as `msm`. */
  msmInThread(points: readonly P[], scalars: readonly bigint[], unchecked: boolean): P;
}

/**
 * Builds the public group over a family's spec.
 * @param spec - the family's wasm calls, codec and coordinates
 * @returns the group and the loading helpers the family's other code shares
 */
export function makeGroup<P, EncodeOpts, DecodeOpts>(spec: GroupSpec<P, EncodeOpts, DecodeOpts>): BuiltGroup<P, EncodeOpts, DecodeOpts> {
  const wasm = (): GroupWasm => {
    spec.live();
    return spec.wasm();
  };
  const subgroupAt = (c: readonly bigint[], at: number, mode: SubgroupMode): void => {
    if (!mode) return;
    if (mode === true && spec.cache.has(c)) return;
    if (!spec.wasm().inSubgroup(at)) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in the prime-order subgroup (${spec.label})`);
    if (mode === true) spec.cache.remember(c);
  };
  const loadPoint = (P: P, at: number, mode: SubgroupMode): bigint[] => {
    const c = spec.coords(P);
    spec.wasm().load(c, at);
    subgroupAt(c, at, mode);
    return c;
  };
  const scalar = (k: unknown, what = 'the scalar'): bigint => {
    if (typeof k !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
    if (k < 0n) throw new WebcurvesError('NEGATIVE_SCALAR', `${what} is negative`);
    return k % spec.r;
  };
  const unary = (a: P, op: (W: GroupWasm, out: number, at: number) => void): P => {
    const W = wasm();
    loadPoint(a, W.A, false);
    op(W, W.OUT, W.A);
    return spec.point(W.read(W.OUT));
  };
  const msmInThread = (points: readonly P[], scalars: readonly bigint[], unchecked: boolean): P => {
    spec.live();
    const run = spec.inThread;
    if (!run) throw new WebcurvesError('INVALID_ARGUMENT', `${spec.label} has no in-thread MSM`);
    if (!Array.isArray(points) || !Array.isArray(scalars))
      throw new WebcurvesError('INVALID_ARGUMENT', 'msm takes arrays of points and bigint scalars of equal length, or packed bytes');
    denseArray(points, 'points');
    denseArray(scalars, 'scalars');
    if (points.length !== scalars.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `msm needs as many scalars as points (${points.length} points, ${scalars.length} scalars)`);
    const n = points.length;
    if (n === 0) return spec.zero;
    const ks: bigint[] = [];
    for (let i = 0; i < n; i++) ks.push(scalar(scalars[i], `scalars[${i}]`));
    const cs: bigint[][] = [];
    for (let i = 0; i < n; i++) cs.push(spec.coords(points[i]!));
    return spec.point(run.run(cs, ks, (i, at) => subgroupAt(cs[i]!, at, !unchecked)));
  };
  // A few points given as arrays: the in-thread path, unless the options ask for what only the service does.
  const small = (points: unknown, scalars: unknown, o: MsmOptions | undefined): boolean =>
    spec.inThread !== undefined &&
    (spec.service === undefined ||
      (Array.isArray(points) &&
        Array.isArray(scalars) &&
        points.length <= spec.inThread.max &&
        (o === undefined || (o !== null && typeof o === 'object' && o.backend !== 'gpu' && o.onProgress === undefined && o.windowBits === undefined && !o.workers))));
  const group: CurveGroup<P, EncodeOpts, DecodeOpts> = {
    generator: spec.generator,
    zero: spec.zero,
    add(a, b) {
      const W = wasm();
      loadPoint(a, W.A, false);
      loadPoint(b, W.B, false);
      W.add(W.OUT, W.A, W.B);
      return spec.point(W.read(W.OUT));
    },
    double: (a) => unary(a, (W, out, at) => W.double(out, at)),
    neg: (a) => unary(a, (W, out, at) => W.neg(out, at)),
    mul(a, k) {
      const W = wasm();
      const s = scalar(k);
      const c = loadPoint(a, W.A, true);
      if (s === 0n || spec.isZero(c)) return spec.zero;
      W.mul(W.A, s, W.OUT);
      return spec.point(W.read(W.OUT));
    },
    eq(a, b) {
      spec.live();
      const x = spec.coords(a);
      const y = spec.coords(b);
      return x.every((v, i) => v === y[i]);
    },
    isValid(a) {
      return passes(() => {
        loadPoint(a, wasm().A, true);
      });
    },
    toBytes(a, opts) {
      const c = loadPoint(a, wasm().A, false);
      return spec.encode(c, opts);
    },
    fromBytes(bytes, opts) {
      const W = wasm();
      const P = spec.point(spec.decode(bytes, opts));
      loadPoint(P, W.A, spec.subgroupCheck(opts));
      return P;
    },
    async msm(points, scalars, options) {
      if (!small(points, scalars, options)) return spec.service!.msm.msm(spec.service!.adapter, points, scalars, options);
      spec.live();
      checkInThreadOptions(options);
      await spec.load();
      return msmInThread(points as readonly P[], scalars as readonly bigint[], options?.unchecked === true);
    },
    async prepareBases(points, options): Promise<PreparedBases<P>> {
      if (spec.service) return spec.service.msm.prepareBases(spec.service.adapter, points, options);
      spec.live();
      await spec.load();
      checkInThreadOptions(options);
      if (!Array.isArray(points)) throw new WebcurvesError('INVALID_ARGUMENT', 'prepareBases takes an array of points');
      denseArray(points, 'points');
      const W = wasm();
      for (const P of points) loadPoint(P, W.A, options?.unchecked ? false : true);
      const bases = Object.freeze([...points]);
      let destroyed = false;
      return {
        length: bases.length,
        msm: (scalars, opts) => {
          if (destroyed) return Promise.reject(new WebcurvesError('INVALID_ARGUMENT', 'these prepared bases were destroyed'));
          // Checked as given (after the engine's liveness): spreading null or a number into the options below
          // would make them pass as {}.
          try {
            spec.live();
            if (opts !== undefined) checkMsmOptions(opts);
          } catch (e) {
            return Promise.reject(e);
          }
          return group.msm(bases, scalars, { ...opts, unchecked: true });
        },
        destroy: () => {
          destroyed = true;
        },
      };
    },
  };
  return { group, loadPoint, subgroupAt, scalar, msmInThread };
}

/**
 * Options the in-thread MSM honours: `signal` (checked before the run), `unchecked`; no GPU.
 * @throws {WebcurvesError} as `checkMsmOptions`; `GPU_UNAVAILABLE` for `backend: 'gpu'`.
 */
function checkInThreadOptions(o: MsmOptions | undefined): void {
  if (o === undefined) return;
  checkMsmOptions(o);
  if (o.backend === 'gpu') throw new WebcurvesError('GPU_UNAVAILABLE', "backend 'gpu': this MSM runs on the CPU, in the calling thread");
}
