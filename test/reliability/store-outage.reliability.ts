// Issue 26, the long drill (by hand: `npm run test:reliability`, about 10 minutes on two cores): the
// store-outage drill of test/support/store-outage-drill.ts with many rounds of both faults (backends
// terminated, the postmaster killed with -9 and started again) under eight writers, with one API process
// and with API_WORKERS=2. Prints the figures per fault and in all; asserts what the short e2e asserts.
// RELIABILITY_ROUNDS sets the rounds per fault kind (default 10).

import { describe, expect, it } from '@jest/globals';
import { runStoreOutageDrill, type DrillReport } from '../support/store-outage-drill.js';

const rounds = Number(process.env.RELIABILITY_ROUNDS ?? 10);

function summary(report: DrillReport): string {
  const lines = [`API_WORKERS=${report.workers}: ${report.faults.length} faults; replies ${JSON.stringify(report.replies)}; acknowledged ${report.acknowledged}, found ${report.found}; processes ${report.processesBefore.join(',')} -> ${report.processesAfter.join(',')}; read models ${report.readModelDifferences.length === 0 ? 'equal a rebuild' : `differ: ${report.readModelDifferences.join(', ')}`}`];
  for (const kind of ['terminate', 'kill'] as const) {
    const times = report.faults.filter((fault) => fault.kind === kind).map((fault) => fault.recoveryMs).sort((a, b) => a - b);
    const replies: Record<string, number> = {};
    for (const fault of report.faults.filter((f) => f.kind === kind)) for (const [status, count] of Object.entries(fault.replies)) replies[status] = (replies[status] ?? 0) + count;
    if (times.length) lines.push(`  ${kind}: recovery ms min ${times[0]}, median ${times[Math.floor(times.length / 2)]}, max ${times[times.length - 1]}; replies during faults ${JSON.stringify(replies)}`);
  }
  return lines.join('\n');
}

describe.each([1, 2] as const)('store outages, long run, API_WORKERS=%i', (workers) => {
  it(`${rounds} rounds of each fault under load`, async () => {
    const faults = Array.from({ length: rounds }, () => ['terminate', 'kill'] as const).flat();
    const report = await runStoreOutageDrill({ workers, faults, writers: 8, loadMs: 8_000, downMs: 3_000, log: (line) => process.stdout.write(`[outage ${workers}] ${line}\n`) });
    process.stdout.write(`${summary(report)}\n`);
    expect(report.processesAfter).toEqual(report.processesBefore);
    expect(report.faults.filter((fault) => fault.recoveryMs > 5_000)).toEqual([]);
    expect(report.badFailures).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.chainsVerified).toBe(true);
    expect(report.readModelDifferences).toEqual([]);
    expect(report.notificationsCheckpointAtEnd).toBe(true);
  }, 1_800_000);
});
