/**
 * Which of two ways to run one kind of call pays on this machine — in the calling thread, or with work handed to
 * the worker pool — learnt from the calls themselves. BLS verifications (split Miller loops) and PLONK/FFLONK
 * verifications (one side handed to a worker) use it.
 *
 * Why learnt and not estimated: handing work to workers pays only when they really run beside the calling
 * thread. On a machine with fewer free cores than threads (a loaded laptop, a phone, a shared CI box) the
 * workers' share waits for a core and the call gets slower than in-thread — measured on 2 cores under load:
 * FFLONK 6 ms handed over against 2.8 ms in-thread, BLS `verify` 0.80× herumi split against 0.64× in-thread — and
 * no cost model sees the scheduler. So each path keeps an average of the costs it gave, the cheaper one is taken,
 * and now and then the other is tried again so that the choice follows the machine — rarely when the other path
 * was clearly slower, as each try costs a slow call.
 * @module
 */

/** One in this many calls takes the path not chosen, so that a change of load is noticed. */
export const EXPLORE_EVERY = 8;
/** … and one in this many when that path was more than {@link CLEAR_LOSS} times costlier (it costs to try). */
export const EXPLORE_RARELY = 64;
/** The ratio of averages past which the costlier path is tried only rarely. */
export const CLEAR_LOSS = 1.25;
/** Weight of a new cost in a path's average. */
const LEARN = 0.25;

/** The learnt choice for one kind of call (e.g. one proof system on one curve, or BLS checks of one item). */
export class LearntPath {
  private readonly mean: { local?: number; workers?: number } = {};
  private calls = 0;

  /**
   * @param tryFirst - the path a fresh choice takes first (the other comes second; then the cheaper one)
   * @throws nothing.
   */
  constructor(private readonly tryFirst: 'local' | 'workers' = 'local') {}

  /**
   * Whether the next call should take the workers' path: as `pin` says when it names a path (a dispatcher held
   * in-thread or forced to split, for tests and benchmarks), else the learnt choice. @throws nothing.
   */
  next(pin: 'auto' | 'local' | 'split' = 'auto'): boolean {
    if (pin !== 'auto') return pin === 'split';
    const { local, workers } = this.mean;
    if (local === undefined && workers === undefined) return this.tryFirst === 'workers';
    if (workers === undefined) return true;
    if (local === undefined) return false;
    const better = workers < local;
    const every = Math.max(workers, local) > CLEAR_LOSS * Math.min(workers, local) ? EXPLORE_RARELY : EXPLORE_EVERY;
    return ++this.calls % every === 0 ? !better : better;
  }

  /**
   * Records what a call cost on the path it took (any unit, the same for both paths: e.g. milliseconds, or
   * milliseconds per item when calls differ in size). @throws nothing.
   */
  record(workers: boolean, cost: number): void {
    const key = workers ? 'workers' : 'local';
    const m = this.mean[key];
    this.mean[key] = m === undefined ? cost : (1 - LEARN) * m + LEARN * cost;
  }

  /** The averages so far (tests, measurements). @throws nothing. */
  get averages(): { readonly local?: number; readonly workers?: number } {
    return { ...this.mean };
  }
}
