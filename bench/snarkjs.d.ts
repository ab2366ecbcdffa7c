/**
 * The small part of snarkjs 0.7 (a devDependency, no typings of its own) that the benchmarks and tests use.
 */
declare module 'snarkjs' {
  export const groth16: {
    verify(vk: unknown, publicSignals: unknown, proof: unknown, logger?: unknown): Promise<boolean>;
  };
  export const curves: {
    /** The curve snarkjs caches per process (ffjavascript's `globalThis.curve_*`), with its worker threads. */
    getCurveFromName(name: string, options?: { singleThread?: boolean }): Promise<{ terminate(): Promise<void> }>;
  };
}
