// Remembers which keys (solved human-check challenges) were already used, until they expire, so a payload
// passes only once: the in-process adapter's half for one-time marks (in-process-limits.ts). With several
// API processes PostgreSQL keeps them instead (postgres-limits.ts), so a payload passes once in all of them.
//
// Bounded: when full, the entry nearest its expiry is forgotten first (entries are kept in insertion
// order, and every challenge lives equally long), so an attacker must solve that many challenges to
// make room for one replay.

export class UsedTokens {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly maxSize = 100_000) {}

  /** Marks `key` used until `expiresAtMs`; false when it already was. Synchronous, hence atomic. */
  claim(key: string, expiresAtMs: number, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    if (this.expiries.has(key)) return false;
    while (this.expiries.size >= this.maxSize) {
      const oldest = this.expiries.keys().next();
      if (oldest.done) break;
      this.expiries.delete(oldest.value);
    }
    this.expiries.set(key, expiresAtMs);
    return true;
  }

  get size(): number {
    return this.expiries.size;
  }

  private forgetExpired(nowMs: number): void {
    // Insertion order is close to expiry order, so the sweep stops at the first live entry.
    for (const [key, expiresAtMs] of this.expiries) {
      if (expiresAtMs > nowMs) break;
      this.expiries.delete(key);
    }
  }
}
