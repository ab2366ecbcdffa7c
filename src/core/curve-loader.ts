/**
 * Curves loaded on first use: the engine fetches and instantiates a curve's wasm module in the calling thread
 * only when something needs it — an asynchronous call loads it on the way, `wc.load(...)` or the `curves` engine
 * option load it ahead — so an app that uses one curve downloads one module. Synchronous calls (group
 * operations, field arithmetic, Starknet signing) stay synchronous: on a curve not loaded yet they throw
 * `CURVE_NOT_LOADED`, naming the call that fixes it.
 * @module
 */
import type { CurveName } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import type { CoreInstance } from './wasm.js';

/** One curve's module as an engine API object reaches it. */
export interface CurveAccess<C extends CurveName = CurveName> {
  readonly curve: C;
  /** Whether the module is instantiated in the calling thread. */
  readonly loaded: boolean;
  /**
   * The instance, for synchronous work.
   * @throws {WebcurvesError} `CURVE_NOT_LOADED` before the module is loaded.
   */
  require(): CoreInstance<C>;
  /**
   * Loads the module (once) and resolves to its instance.
   * @throws {WebcurvesError} `WASM_UNAVAILABLE` when it cannot be fetched or compiled.
   */
  load(): Promise<CoreInstance<C>>;
}

/** Loads curve modules through `instantiate` (the calling thread's executor), remembering the ones that are ready. */
export class CurveLoader {
  private readonly ready = new Map<CurveName, CoreInstance>();

  /** @param instantiate - creates (once, and caches) the calling thread's instance of a curve's module */
  constructor(private readonly instantiate: <C extends CurveName>(curve: C) => Promise<CoreInstance<C>>) {}

  /**
   * Loads a curve's module.
   * @throws {WebcurvesError} `WASM_UNAVAILABLE`.
   */
  async load<C extends CurveName>(curve: C): Promise<CoreInstance<C>> {
    const core = await this.instantiate(curve);
    this.ready.set(curve, core);
    return core;
  }

  /** Whether a curve's module is ready for synchronous work. */
  isLoaded(curve: CurveName): boolean {
    return this.ready.has(curve);
  }

  /** The curves whose modules are loaded. */
  get loaded(): readonly CurveName[] {
    return [...this.ready.keys()];
  }

  /**
   * The access object one curve's API holds.
   * @param curve - the curve (its module)
   * @param api - how users reach the curve, for the error message (`wc.bn254`, `wc.starknet`)
   */
  access<C extends CurveName>(curve: C, api: string): CurveAccess<C> {
    const self = this;
    return {
      curve,
      get loaded() {
        return self.ready.has(curve);
      },
      require() {
        const core = self.ready.get(curve) as CoreInstance<C> | undefined;
        if (!core)
          throw new WebcurvesError(
            'CURVE_NOT_LOADED',
            `${api} is not loaded yet: its synchronous methods need \`await wc.load('${curve}')\` first (or createEngine({ curves: ['${curve}'] })); its asynchronous methods load it themselves`,
          );
        return core;
      },
      load: () => self.load(curve),
    };
  }
}
