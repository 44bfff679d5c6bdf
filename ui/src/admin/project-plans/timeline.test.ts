import { describe, expect, it } from 'vitest';
import { timelineOf } from './timeline.js';

describe('progress timeline', () => {
  it('spans whole months from the earliest start to the latest end; a bar covers its end day; unplanned rows have none', () => {
    const timeline = timelineOf(
      [
        { plannedStart: '2026-12-01', plannedEnd: '2026-12-31' },
        { plannedStart: '2027-01-01', plannedEnd: '2027-01-01' },
        { plannedStart: null, plannedEnd: null },
      ],
      (iso) => iso.slice(0, 7),
    );
    expect(timeline).toMatchObject({ from: '2026-12-01', to: '2027-02-01', months: [{ label: '2026-12', left: 0 }, { label: '2027-01' }] });
    expect(timeline!.months[1]!.left).toBeCloseTo((31 / 62) * 100);
    expect(timeline!.bars[0]).toEqual({ left: 0, width: 50 });
    expect(timeline!.bars[1]!.width).toBeCloseTo((1 / 62) * 100);
    expect(timeline!.bars[2]).toBeNull();
  });

  it('nothing planned: no timeline', () => {
    expect(timelineOf([{ plannedStart: null, plannedEnd: null }], String)).toBeNull();
  });
});
