import { describe, expect, it } from '@jest/globals';
import { ERASED as CONTRACTS_ERASED } from '@binaan/contracts';
import { ERASED } from '@binaan/event-store';

describe('the erased marker', () => {
  it('is spelled alike by the store (what readers get) and the contracts (what the ui translates)', () => {
    expect(CONTRACTS_ERASED).toBe(ERASED);
  });
});
