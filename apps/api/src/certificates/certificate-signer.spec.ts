import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { CertificateKeyring } from './certificate-keys.js';
import { CertificateSigner } from './certificate-signer.js';

/** cert_keys as rows, and how often it was read. */
function keyTable(rows: { kid: string; public_key: string; not_before: string }[]) {
  const table = { rows, reads: 0 };
  const db = {
    query: async () => {
      table.reads += 1;
      return table.rows;
    },
    script: async () => undefined,
  } as unknown as SqlExecutor;
  return { table, db };
}
const row = (kid: string, at: string) => ({ kid, public_key: 'A'.repeat(43), not_before: at });
const noStore = {} as EventStore;

describe('the published keys a verification uses', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('are read once and kept for 10 s; a verification naming a key not yet known reads again, at most once a second', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-03-02T00:00:00Z') });
    const { table, db } = keyTable([row('k1', '2026-01-01T00:00:00Z')]);
    const signer = new CertificateSigner(new CertificateKeyring(mkdtempSync(join(tmpdir(), 'binaan-signer-')), undefined), noStore, db);
    expect((await Promise.all([signer.keys('k1'), signer.keys('k1'), signer.keys()])).map((keys) => keys.map((k) => k.kid))).toEqual([
      ['k1'],
      ['k1'],
      ['k1'],
    ]);
    expect(table.reads).toBe(1);
    // Another instance publishes k2.
    table.rows = [row('k1', '2026-01-01T00:00:00Z'), row('k2', '2026-03-01T00:00:00Z')];
    expect((await signer.keys('k2')).map((k) => k.kid)).toEqual(['k1']);
    jest.advanceTimersByTime(1_000);
    const keys = await signer.keys('k2');
    expect(keys.map((k) => `${k.kid} ${k.notAfter}`)).toEqual(['k1 2026-03-01T00:00:00.000Z', 'k2 null']);
    expect(table.reads).toBe(2);
    await signer.keys('nobody');
    expect(table.reads).toBe(2);
    jest.advanceTimersByTime(10_000);
    await signer.keys();
    expect(table.reads).toBe(3);
  });
});
