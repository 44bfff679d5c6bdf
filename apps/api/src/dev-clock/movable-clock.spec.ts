// The development clock: forward only, by whole milliseconds, at most a day at once; the body's two forms.
import { describe, expect, it } from '@jest/globals';
import { moveOf } from './dev-clock.controller.js';
import { MovableClock } from './movable-clock.js';

const DAY = 86_400_000;

describe('MovableClock', () => {
  it('is the machine time until moved, then that much ahead, moves adding up', () => {
    const clock = new MovableClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
    clock.advance(5 * 60_000);
    clock.advance(30_000);
    expect(clock.offsetMs).toBe(330_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(330_000 - 50);
  });

  it('refuses a move back, of nothing, of a fraction or of more than a day', () => {
    const clock = new MovableClock();
    for (const ms of [-1, 0, 1.5, DAY + 1, Number.NaN]) expect(() => clock.advance(ms)).toThrow(RangeError);
    expect(clock.offsetMs).toBe(0);
    expect(clock.advance(DAY).getTime() - Date.now()).toBeGreaterThan(DAY - 50);
  });
});

describe('moveOf (the body of POST /api/dev/clock)', () => {
  const now = new Date('2026-11-27T10:00:00.000Z');
  it('takes advanceMs, or a time ahead (rounded up to the millisecond)', () => {
    expect(moveOf({ advanceMs: 60_000 }, now)).toBe(60_000);
    expect(moveOf({ to: '2026-11-27T10:06:00.000Z' }, now)).toBe(360_000);
    expect(moveOf({ to: '2026-11-27T11:00:00+01:00' }, now)).toEqual({ to: ['notForward'] });
  });

  it('names the field at fault', () => {
    expect(moveOf(null, now)).toEqual({ body: ['objectRequired'] });
    expect(moveOf([], now)).toEqual({ body: ['objectRequired'] });
    expect(moveOf({}, now)).toEqual({ advanceMs: ['advanceMsOrTo'] });
    expect(moveOf({ advanceMs: 1, to: '2026-11-28T00:00:00Z' }, now)).toEqual({ advanceMs: ['advanceMsOrTo'] });
    expect(moveOf({ advanceMs: 1, back: true }, now)).toEqual({ back: ['unknownField'] });
    expect(moveOf({ advanceMs: '60000' }, now)).toEqual({ advanceMs: ['invalid'] });
    expect(moveOf({ to: 'tomorrow' }, now)).toEqual({ to: ['invalid'] });
    expect(moveOf({ advanceMs: -5 }, now)).toEqual({ advanceMs: ['notForward'] });
    expect(moveOf({ to: '2026-11-27T09:59:59Z' }, now)).toEqual({ to: ['notForward'] });
    expect(moveOf({ advanceMs: DAY + 1 }, now)).toEqual({ advanceMs: ['tooFar'] });
    expect(moveOf({ to: '2026-11-29T10:00:00Z' }, now)).toEqual({ to: ['tooFar'] });
  });
});
