// The bell's rules (signed-in-area.md §4.7): a count above the previous one is a rise (toast, flag); a
// negative count is ignored; opening the list clears the count only when it is not zero; pages of 5, and
// more pages while a page came back full.
import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '@binaan/contracts';
import { addPage, applyCount, INITIAL_BELL, isUnread, nextStart, openList, type BellState } from './bell-rules.js';

const withCount = (count: number | null): BellState => ({ ...INITIAL_BELL, count });
const event = (id: string, seen = ''): NotificationEvent => ({
  id,
  module: 'purchaseOrder',
  src: 'pendingApproval',
  src_id: `doc-${id}`,
  event_data: '{}',
  creation_date: '2026-03-01T08:00:00.000Z',
  last_view_time: seen,
});
const events = (...ids: string[]) => ids.map((id) => event(id));

describe('the unread count', () => {
  it('the first count known (start-up) is taken without a toast', () => {
    const { state, rose } = applyCount(INITIAL_BELL, 3);
    expect([state.count, rose, state.flagged]).toEqual([3, false, false]);
  });

  it('a count above the previous one is a rise: toast and flag', () => {
    const { state, rose } = applyCount(withCount(3), 4);
    expect([state.count, rose, state.flagged]).toEqual([4, true, true]);
  });

  it('the same count or a lower one (cleared elsewhere) is taken without a toast', () => {
    expect(applyCount(withCount(3), 3)).toMatchObject({ rose: false, state: { count: 3 } });
    expect(applyCount(withCount(3), 0)).toMatchObject({ rose: false, state: { count: 0, flagged: false } });
  });

  it('a rise from zero is a rise', () => {
    expect(applyCount(withCount(0), 1).rose).toBe(true);
  });

  it('a negative count is ignored: the count stays', () => {
    const before = withCount(2);
    const { state, rose } = applyCount(before, -1);
    expect(rose).toBe(false);
    expect(state).toBe(before);
  });

  it('anything but a whole number is ignored too', () => {
    for (const bad of [1.5, Number.NaN, '4', null, undefined]) expect(applyCount(withCount(2), bad).state.count).toBe(2);
  });

  it('the flag stays until the list is opened, even when the count then falls', () => {
    const risen = applyCount(withCount(1), 2).state;
    expect(applyCount(risen, 0).state.flagged).toBe(true);
    expect(openList(risen).state.flagged).toBe(false);
  });
});

describe('opening the list', () => {
  it('clears the count on the server when it is not zero', () => {
    expect(openList(withCount(2)).clear).toBe(true);
  });

  it('does not when it is zero, or not known yet', () => {
    expect(openList(withCount(0)).clear).toBe(false);
    expect(openList(withCount(null)).clear).toBe(false);
  });
});

describe('pages of 5', () => {
  it('a full first page: shown, and more may be loaded from 5', () => {
    const list = addPage(INITIAL_BELL.list, 0, events('a', 'b', 'c', 'd', 'e'));
    expect(list.events.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([list.more, nextStart(list)]).toEqual([true, 5]);
  });

  it('a page of fewer than 5 is the last', () => {
    expect(addPage(INITIAL_BELL.list, 0, events('a', 'b', 'c', 'd')).more).toBe(false);
    expect(addPage(INITIAL_BELL.list, 0, []).more).toBe(false);
  });

  it('"load more" appends the next page and asks from where the pages ended', () => {
    const first = addPage(INITIAL_BELL.list, 0, events('a', 'b', 'c', 'd', 'e'));
    const second = addPage(first, nextStart(first), events('f', 'g', 'h', 'i', 'j'));
    expect(second.events).toHaveLength(10);
    expect([second.more, nextStart(second)]).toEqual([true, 10]);
    const third = addPage(second, nextStart(second), events('k'));
    expect([third.events.length, third.more]).toEqual([11, false]);
  });

  it('a notification that came meanwhile pushes the next page down by one: the repeat is shown once', () => {
    const first = addPage(INITIAL_BELL.list, 0, events('e', 'd', 'c', 'b', 'a'));
    // 'new' arrived on top, so the server's page from 5 now starts with 'a' again.
    const second = addPage(first, nextStart(first), events('a', 'z', 'y', 'x', 'w'));
    expect(second.events.map((e) => e.id)).toEqual(['e', 'd', 'c', 'b', 'a', 'z', 'y', 'x', 'w']);
    expect(second.more).toBe(true);
  });

  it('opening again replaces the list with the first page', () => {
    const long = addPage(addPage(INITIAL_BELL.list, 0, events('a', 'b', 'c', 'd', 'e')), 5, events('f'));
    expect(addPage(long, 0, events('n', 'a')).events.map((e) => e.id)).toEqual(['n', 'a']);
  });

  it('unread are those not yet seen when a count was cleared', () => {
    expect(isUnread(event('a'))).toBe(true);
    expect(isUnread(event('a', '2026-03-01T09:00:00.000Z'))).toBe(false);
  });
});
