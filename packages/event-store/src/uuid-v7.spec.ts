// The store's own event ids: well-formed version 7 UUIDs that the append validation accepts, ordered by
// their time, and not repeated.

import { describe, expect, it } from '@jest/globals';
import { uuidV7 } from './uuid-v7.js';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV7', () => {
  it('is a lower-case version 7, variant 10 UUID carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 22, 5, 40, 0, 123);
    const id = uuidV7(at);
    expect(id).toMatch(FORMAT);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(uuidV7(0).slice(0, 13)).toBe('00000000-0000');
  });

  it('sorts by time as text, and does not repeat within a millisecond', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => uuidV7(1_795_000_000_000 + Math.floor(i / 1000)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1000; i < ids.length; i += 1000) expect(ids[i - 1]! < ids[i]!).toBe(true);
    for (const id of ids.slice(0, 2000)) expect(id).toMatch(FORMAT);
  });
});
