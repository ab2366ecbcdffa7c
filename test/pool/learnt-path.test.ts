/**
 * The learnt choice between the calling thread and the workers (`LearntPath`, used by BLS and PLONK/FFLONK
 * verifications): the untried paths first, then the cheaper, with the other tried one call in EXPLORE_EVERY —
 * or one in EXPLORE_RARELY when it was more than CLEAR_LOSS times costlier — and averages that follow a change.
 */
import { describe, expect, it } from 'vitest';
import { CLEAR_LOSS, EXPLORE_EVERY, EXPLORE_RARELY, LearntPath } from '../../src/pool/learnt-path.js';

describe('LearntPath', () => {
  it('tries the first path, then the other, then takes the cheaper, trying the other one call in EXPLORE_EVERY', () => {
    const c = new LearntPath('workers');
    expect(c.next()).toBe(true);
    c.record(true, 3.3);
    expect(c.next()).toBe(false);
    c.record(false, 3);
    const picks = Array.from({ length: 4 * EXPLORE_EVERY }, () => c.next());
    expect(picks.filter((p) => p).length).toBe(4);
    expect(picks.filter((p, i) => p && (i + 1) % EXPLORE_EVERY !== 0)).toEqual([]);
    // The machine changes: the workers' calls get cheaper, and the average follows.
    for (let i = 0; i < 6; i++) c.record(true, 2.8);
    expect(c.averages.workers!).toBeLessThan(3);
    expect(c.averages.local).toBe(3);
    const after = Array.from({ length: EXPLORE_EVERY }, () => c.next());
    expect(after.filter((p) => !p).length).toBe(1);
  });

  it('starts in the calling thread by default', () => {
    const c = new LearntPath();
    expect(c.next()).toBe(false);
    c.record(false, 2);
    expect(c.next()).toBe(true);
    c.record(true, 1);
    expect(c.next()).toBe(true);
    expect(c.averages).toEqual({ local: 2, workers: 1 });
  });

  it("a pinned path wins over what was learnt, without counting as a call", () => {
    const c = new LearntPath();
    c.next();
    c.record(false, 1);
    c.next();
    c.record(true, 5);
    expect(c.next('split')).toBe(true);
    expect(c.next('local')).toBe(false);
    expect(Array.from({ length: EXPLORE_RARELY - 1 }, () => c.next()).every((p) => !p)).toBe(true);
    expect(c.next()).toBe(true);
  });

  it(`tries a path more than ${CLEAR_LOSS}× costlier only one call in EXPLORE_RARELY`, () => {
    const c = new LearntPath('workers');
    c.next();
    c.record(true, 5);
    c.next();
    c.record(false, 3);
    const picks = Array.from({ length: 2 * EXPLORE_RARELY }, () => c.next());
    expect(picks.filter((p) => p).length).toBe(2);
  });
});
