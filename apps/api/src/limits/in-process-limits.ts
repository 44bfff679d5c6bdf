// The SharedLimits adapter for one process (PGlite, or a test): memory only, synchronous underneath, so
// each call is atomic by construction. With several processes each would count on its own, which is why
// PostgreSQL gets postgres-limits.ts (API_WORKERS above 1 is refused on PGlite).
import type { SharedLimits, WindowHit } from './shared-limits.port.js';
import { UsedTokens } from './used-tokens.js';
import { WindowCounts } from './window-counts.js';

export class InProcessLimits implements SharedLimits {
  private readonly windows: WindowCounts;
  private readonly used: UsedTokens;

  constructor(options: { maxWindows?: number; maxUsed?: number } = {}) {
    this.windows = new WindowCounts(options.maxWindows);
    this.used = new UsedTokens(options.maxUsed);
  }

  hit(key: string, windowMs: number, nowMs: number): Promise<WindowHit> {
    return Promise.resolve(this.windows.hit(key, windowMs, nowMs));
  }

  claimOnce(key: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    return Promise.resolve(this.used.claim(key, expiresAtMs, nowMs));
  }
}
