/**
 * The small part of snarkjs 0.7 (a devDependency, no typings of its own) that the benchmarks and tests use.
 */
declare module 'snarkjs' {
  export const groth16: {
    verify(vk: unknown, publicSignals: unknown, proof: unknown, logger?: unknown): Promise<boolean>;
  };
  /** PLONK and FFLONK (`plonk.verify`, `fflonk.verify` and, for the fixture script, setup and proving). */
  interface UniversalSystem {
    verify(vk: unknown, publicSignals: unknown, proof: unknown, logger?: unknown): Promise<boolean>;
    setup(r1csFile: string, ptauFile: string, zkeyFile: string, logger?: unknown): Promise<unknown>;
    fullProve(input: unknown, wasmFile: string, zkeyFile: string, logger?: unknown): Promise<{ proof: Record<string, unknown>; publicSignals: string[] }>;
  }
  export const plonk: UniversalSystem;
  export const fflonk: UniversalSystem;
  export const powersOfTau: {
    newAccumulator(curve: unknown, power: number, fileName: string, logger?: unknown): Promise<unknown>;
    contribute(oldPtau: string, newPtau: string, name: string, entropy: string, logger?: unknown): Promise<unknown>;
    preparePhase2(oldPtau: string, newPtau: string, logger?: unknown): Promise<unknown>;
  };
  export const zKey: {
    exportVerificationKey(zkeyFile: string, logger?: unknown): Promise<Record<string, unknown>>;
  };
  export const curves: {
    /** The curve snarkjs caches per process (ffjavascript's `globalThis.curve_*`), with its worker threads. */
    getCurveFromName(name: string, options?: { singleThread?: boolean }): Promise<{ terminate(): Promise<void> }>;
  };
}
