// The bell's rules (signed-in-area.md §4.7), pure: the unread count from pushes and refreshes, when opening
// the list clears the count on the server, and how pages of the list add up. The hook (use-bell.ts) holds
// this state and makes the calls.
import { NOTIFICATION_PAGE_SIZE, type NotificationEvent } from '@binaan/contracts';

export type BellList = {
  events: NotificationEvent[];
  /** Events received over all pages so far: the next page starts here. */
  received: number;
  /** Spec §4.7: more pages exist while a page brought a full 5. */
  more: boolean;
};

export type BellState = {
  /** null until the first count is known (nothing to compare a push with). */
  count: number | null;
  /** A new notification came since the list was last opened (the bell shows it). */
  flagged: boolean;
  list: BellList;
};

export const INITIAL_BELL: BellState = { count: null, flagged: false, list: { events: [], received: 0, more: false } };

/**
 * A count from the channel or a refresh. A negative (or non-whole) count is ignored; a count above the
 * previous known one is a rise: the caller shows a toast, and the bell is flagged.
 */
export function applyCount(state: BellState, next: unknown): { state: BellState; rose: boolean } {
  if (typeof next !== 'number' || !Number.isInteger(next) || next < 0) return { state, rose: false };
  const rose = state.count !== null && next > state.count;
  return { state: { ...state, count: next, flagged: state.flagged || rose }, rose };
}

/** Opening the list: the flag goes; the server's count is cleared only when it is not zero. */
export function openList(state: BellState): { state: BellState; clear: boolean } {
  return { state: { ...state, flagged: false }, clear: state.count !== null && state.count > 0 };
}

/** Where the next page starts. */
export function nextStart(list: BellList): number {
  return list.received;
}

/**
 * A page arrived. The first page (start 0) replaces the list; a later one is appended, without the events
 * already shown (a notification that came meanwhile pushes older ones down, so pages overlap, never skip).
 */
export function addPage(list: BellList, start: number, page: readonly NotificationEvent[], pageSize = NOTIFICATION_PAGE_SIZE): BellList {
  const base = start === 0 ? [] : list.events;
  const seen = new Set(base.map((event) => event.id));
  const fresh = page.filter((event) => !seen.has(event.id) && (seen.add(event.id), true));
  return { events: [...base, ...fresh], received: start + page.length, more: page.length >= pageSize };
}

export const isUnread = (event: Pick<NotificationEvent, 'last_view_time'>) => !event.last_view_time;
