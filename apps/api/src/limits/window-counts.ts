// Fixed windows per key in this process's memory (the in-process adapter's half for rate limits).
// Bounded: when full, the windows that have ended are swept, and if all are live the map starts over
// (every caller gets a fresh budget: the lesser harm than refusing everyone or growing without end).

const MAX_KEYS = 100_000;

export class WindowCounts {
  private readonly windows = new Map<string, { resetsAtMs: number; count: number }>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  hit(key: string, windowMs: number, nowMs: number): { count: number; resetsAtMs: number } {
    let window = this.windows.get(key);
    if (!window || window.resetsAtMs <= nowMs) {
      if (!window && this.windows.size >= this.maxKeys) this.sweep(nowMs);
      window = { resetsAtMs: nowMs + windowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetsAtMs: window.resetsAtMs };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (window.resetsAtMs <= nowMs) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
