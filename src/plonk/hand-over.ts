/**
 * Whether a PLONK/FFLONK verification should hand its X side to a worker (see `handOver` in `api.ts`), learnt
 * from the calls themselves.
 *
 * Why learnt and not estimated: the hand-over pays only when a worker really runs beside the calling thread. On
 * a machine with fewer free cores than threads (a loaded laptop, a phone, a shared CI box) the worker's share
 * waits for a core and the call gets slower than in this thread — measured here on 2 cores under load, FFLONK
 * took 6 ms handed over against 2.8 ms in-thread — and no cost model sees the scheduler. So each path keeps an
 * average of the call times it gave, the faster one is taken, and now and then the other is tried again so the
 * choice follows the machine — rarely when the other path was clearly slower, as each try costs a slow call.
 * @module
 */

/** One in this many eligible calls takes the path not chosen, so that a change of load is noticed. */
export const EXPLORE_EVERY = 8;
/** … and one in this many when that path was more than {@link CLEAR_LOSS} times slower (it costs to try). */
export const EXPLORE_RARELY = 64;
/** The ratio of averages past which the slower path is tried only rarely. */
export const CLEAR_LOSS = 1.25;
/** Weight of a new timing in a path's average. */
const LEARN = 0.25;

/** The learnt choice for one kind of verification (one system on one curve). */
export class HandOverChoice {
  private readonly mean: { local?: number; handOver?: number } = {};
  private calls = 0;

  /** Whether the next eligible call should hand over. @throws nothing. */
  next(): boolean {
    const { local, handOver } = this.mean;
    // Untried paths first: the hand-over, then this thread.
    if (handOver === undefined) return true;
    if (local === undefined) return false;
    const better = handOver < local;
    const every = Math.max(handOver, local) > CLEAR_LOSS * Math.min(handOver, local) ? EXPLORE_RARELY : EXPLORE_EVERY;
    return ++this.calls % every === 0 ? !better : better;
  }

  /** Records how long a call took on the path it took (milliseconds). @throws nothing. */
  record(handedOver: boolean, ms: number): void {
    const key = handedOver ? 'handOver' : 'local';
    const m = this.mean[key];
    this.mean[key] = m === undefined ? ms : (1 - LEARN) * m + LEARN * ms;
  }

  /** The averages so far (tests, measurements). @throws nothing. */
  get averages(): { readonly local?: number; readonly handOver?: number } {
    return { ...this.mean };
  }
}
