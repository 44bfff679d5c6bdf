// When a notification's document has moved on: another status now, or its round waits for
// another level than it did when the notification was raised.
import { describe, expect, it } from '@jest/globals';
import { movedOn } from './notification-feed.js';

const raised = (data: Record<string, unknown>) => JSON.stringify(data);

describe('movedOn', () => {
  it('given the status it was raised in, then false while the document is still there, true once it is elsewhere', () => {
    expect(movedOn(raised({ status: 'new', awaiting_level: 20 }), 'new', 20)).toBe(false);
    expect(movedOn(raised({ status: 'new', awaiting_level: 20 }), 'pendingConfirmation', null)).toBe(true);
  });

  it('the same status with the round at another level is moved on (level 1 approved, level 2 waits)', () => {
    expect(movedOn(raised({ status: 'new', awaiting_level: 20 }), 'new', 21)).toBe(true);
    expect(movedOn(raised({ status: 'pendingConfirmation', awaiting_level: null }), 'pendingConfirmation', null)).toBe(false);
  });

  it('a notification recorded before awaiting_level existed is judged by its status alone', () => {
    expect(movedOn(raised({ status: 'new' }), 'new', 21)).toBe(false);
    expect(movedOn(raised({ status: 'new' }), 'rejected', null)).toBe(true);
  });

  it('not about a document (no current status), no status recorded, or unreadable data: false', () => {
    expect(movedOn(raised({ status: 'approved' }), null, null)).toBe(false);
    expect(movedOn(raised({ company_name: 'Teguh' }), 'new', null)).toBe(false);
    expect(movedOn('not json', 'new', null)).toBe(false);
  });
});
