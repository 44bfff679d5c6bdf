import { beforeEach, describe, expect, it } from 'vitest';
import { adoptInactivityOverrides, inactivityState, noteActivity, warningSeconds, windowSeconds } from './inactivity.js';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

describe('inactivity window (1800 s, reminder in the last 120 s)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  it('is 1800 s with a 120 s warning unless overridden', () => {
    expect(windowSeconds()).toBe(1800);
    expect(warningSeconds()).toBe(120);
  });

  it('is active until the last 120 s, warns with the seconds left, and expires at zero', () => {
    const start = 1_000_000;
    noteActivity(start);
    expect(inactivityState(start + 1679_000, start, 0)).toEqual({ phase: 'active' });
    expect(inactivityState(start + 1681_000, start, 0)).toEqual({ phase: 'warning', secondsLeft: 119 });
    expect(inactivityState(start + 1799_500, start, 0)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(inactivityState(start + 1800_000, start, 0)).toEqual({ phase: 'expired' });
  });

  it('holds off for 5 s after an API call', () => {
    const start = 1_000_000;
    const now = start + 1790_000;
    expect(inactivityState(now, start, now - 4_000)).toEqual({ phase: 'active' });
    expect(inactivityState(now, start, now - 6_000).phase).toBe('warning');
  });

  it('takes a shorter window and warning from the query (kept for the visit), never a warning longer than the window', () => {
    adoptInactivityOverrides('?inactivitySeconds=20&warningSeconds=60');
    expect(windowSeconds()).toBe(20);
    expect(warningSeconds()).toBe(20);
    adoptInactivityOverrides('?inactivitySeconds=-5&warningSeconds=abc');
    expect(windowSeconds()).toBe(20);
  });
});
