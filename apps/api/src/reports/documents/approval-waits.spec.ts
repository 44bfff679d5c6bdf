// Given a round's events, then the waits per level, computed by hand.
import { describe, expect, it } from '@jest/globals';
import { closeWaits, openRound, recordApproval } from './approval-waits.js';

const t = (hour: number) => new Date(Date.UTC(2026, 2, 2, hour)).toISOString();

describe('approval waits', () => {
  it("a round of levels 2 and 1 waits at 1 from its opening, then at 2 from level 1's approval, and ends with level 2's", () => {
    const opened = openRound([], [2, 1], t(0));
    expect(opened.waits).toEqual([{ level: 1, since: t(0), until: null, outcome: null, round: t(0) }]);
    const first = recordApproval(opened.round!, opened.waits, 1, t(5));
    expect(first.waits).toEqual([
      { level: 1, since: t(0), until: t(5), outcome: 'approved', round: t(0) },
      { level: 2, since: t(5), until: null, outcome: null, round: t(0) },
    ]);
    const done = recordApproval(first.round!, first.waits, 2, t(29));
    expect(done.round).toBeNull();
    expect(done.waits[1]).toEqual({ level: 2, since: t(5), until: t(29), outcome: 'approved', round: t(0) });
  });

  it('a reject ends the open wait with its outcome; a new round starts its own waits and keeps the old ones', () => {
    const opened = openRound([], [1, 2], t(0));
    const rejected = closeWaits(opened.waits, t(3), 'rejected');
    expect(rejected).toEqual([{ level: 1, since: t(0), until: t(3), outcome: 'rejected', round: t(0) }]);
    const again = openRound(rejected, [1], t(10));
    expect(again.waits).toEqual([...rejected, { level: 1, since: t(10), until: null, outcome: null, round: t(10) }]);
  });

  it('a round that needs no level opens no wait', () => {
    expect(openRound([], [], t(0))).toEqual({ round: null, waits: [] });
  });
});
