// Issue 26, the short drill in npm test: the built API as in production on a throwaway PostgreSQL cluster
// of its own, eight writers creating, editing and cancelling tenders, and both faults under that load:
// every backend of its database terminated, then the postmaster killed with -9 and started again. The API
// stays the same process(es), is back within 5 s of the database, answers every failed request with 503
// storeUnavailable and Retry-After (never a hang, a reset connection or a 500), loses nothing it
// acknowledged, and its read models equal a rebuild. Once with one process, once with API_WORKERS=2.
// The long version (more rounds, printed figures) is test/reliability/store-outage.reliability.ts.

import { describe, expect, it } from '@jest/globals';
import { runStoreOutageDrill } from '../support/store-outage-drill.js';
import { postgresBinaries } from '../support/throwaway-postgres.js';

const canRun = postgresBinaries() !== null;
if (!canRun) console.log('the store-outage drill did not run: PostgreSQL is not installed (npm test installs it; /usr/lib/postgresql/*/bin/initdb is missing).');

(canRun ? describe : describe.skip).each([1, 2] as const)('a lost PostgreSQL under load, API_WORKERS=%i', (workers) => {
  it('the API survives backends terminated and the postmaster killed, and is back within 5 s with nothing acknowledged lost', async () => {
    const report = await runStoreOutageDrill({ workers, faults: ['terminate', 'kill'], writers: 8, loadMs: 2_500, downMs: 2_000, log: (line) => console.log(`[drill ${workers}] ${line}`) });
    console.log(`[drill ${workers}] ${JSON.stringify(report)}`);
    expect(report.processesAfter).toEqual(report.processesBefore);
    expect(report.processesBefore).toHaveLength(workers === 1 ? 1 : 3);
    for (const fault of report.faults) expect({ kind: fault.kind, within5s: fault.recoveryMs <= 5_000 }).toEqual({ kind: fault.kind, within5s: true });
    expect(report.faults.find((fault) => fault.kind === 'kill')?.readySaidNotReady).toBe(true);
    expect(report.faults.find((fault) => fault.kind === 'terminate')?.terminated).toBeGreaterThan(0);
    expect(report.badFailures).toEqual([]);
    // The load really ran, and the outage really refused some of it.
    expect(report.replies['201']).toBeGreaterThan(20);
    expect(report.replies['503']).toBeGreaterThan(0);
    expect(report.missing).toEqual([]);
    expect(report.found).toBe(report.acknowledged);
    expect(report.readModelDifferences).toEqual([]);
    expect(report.notificationsCheckpointAtEnd).toBe(true);
  }, 400_000);
});
