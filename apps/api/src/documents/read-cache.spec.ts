import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import { changesLookups } from './read-cache.js';

const event = (streamType: string, type: string) => ({ streamType, type }) as StoredEvent;

describe('changesLookups (when the document lookups cache is dropped)', () => {
  it('local appends: only events of the read models it reads from, outside document streams', () => {
    expect(changesLookups([event('purchaseOrder', 'WorkflowStatusChanged')])).toBe(false);
    expect(changesLookups([event('notifications', 'NotificationRaised')])).toBe(false);
    expect(changesLookups([event('authority', 'WorkflowLevelAssigned')])).toBe(true);
  });

  it("another process's append: unless its notice named only document and notification streams", () => {
    expect(changesLookups(undefined, ['purchaseOrder', 'tender', 'notifications'])).toBe(false);
    expect(changesLookups(undefined, ['purchaseOrder', 'authority'])).toBe(true);
    expect(changesLookups(undefined, ['a-type-added-later'])).toBe(true);
    expect(changesLookups(undefined)).toBe(true);
  });
});
