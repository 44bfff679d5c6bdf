// The long store-outage drill (by hand: `npm run test:reliability`, about 10 minutes on two cores): the
// store-outage drill of test/support/store-outage-drill.ts with many rounds of both faults (backends
// terminated, the postmaster killed with -9 and started again) under eight writers, with one API process
// and with API_WORKERS=2. Prints the figures per fault and in all; asserts what the short e2e asserts
// (the same processes, back within 5 s, LISTEN again within 5 s, every failure a 503 storeUnavailable,
// nothing acknowledged missing, chains verified, read models equal a rebuild, every subscription at the
// log's end and a replay of the load's events adding no notification and changing no approval-queue row).
// RELIABILITY_ROUNDS sets the rounds per fault kind (default 10). Only this drill:
//   RELIABILITY_ROUNDS=5 npm run test:reliability -- --testPathPatterns store-outage

import { describe, expect, it } from '@jest/globals';
import { runStoreOutageDrill, type DrillReport } from '../support/store-outage-drill.js';
import { postgresBinaries } from '../support/throwaway-postgres.js';

const rounds = Number(process.env.RELIABILITY_ROUNDS ?? 10);

function summary(report: DrillReport): string {
  const lines = [
    `API_WORKERS=${report.workers}: ${report.faults.length} faults; replies ${JSON.stringify(report.replies)}; failures not 503 storeUnavailable: ${report.badFailureCount}; slowest reply ${report.slowestReplyMs} ms`,
    `  acknowledged ${report.acknowledged}, found ${report.found}; processes ${report.processesBefore.join(',')} -> ${report.processesAfter.join(',')}; chains ${report.chainsVerified ? 'verified' : 'BROKEN'}; read models ${report.readModelDifferences.length === 0 ? 'equal a rebuild' : `differ: ${report.readModelDifferences.join(', ')}`}`,
    `  subscriptions at the log's end ${JSON.stringify(report.subscriptionLagAtEnd)} after ${report.subscriptionsCaughtUpMs} ms; replay of ${report.replay.eventsReplayed} events: notifications ${report.replay.notificationsBefore} -> ${report.replay.notificationsAfter} (duplicates ${report.replay.duplicateNotifications}), approval-queue rows ${report.replay.approvalRowsBefore} -> ${report.replay.approvalRowsAfter} (${report.replay.approvalQueueEqual ? 'equal' : 'DIFFER'})`,
  ];
  for (const kind of ['terminate', 'kill'] as const) {
    const times = report.faults
      .filter((fault) => fault.kind === kind)
      .map((fault) => fault.recoveryMs)
      .sort((a, b) => a - b);
    const listens = report.faults
      .filter((fault) => fault.kind === kind)
      .map((fault) => fault.listenBackMs ?? Infinity)
      .sort((a, b) => a - b);
    const slowest = Math.max(0, ...report.faults.filter((fault) => fault.kind === kind).map((fault) => fault.slowestReplyMs));
    const replies: Record<string, number> = {};
    for (const fault of report.faults.filter((f) => f.kind === kind))
      for (const [status, count] of Object.entries(fault.replies)) replies[status] = (replies[status] ?? 0) + count;
    if (times.length) {
      lines.push(
        `  ${kind}: recovery ms min ${times[0]}, median ${times[Math.floor(times.length / 2)]}, max ${times[times.length - 1]}; LISTEN again ms min ${listens[0]}, median ${listens[Math.floor(listens.length / 2)]}, max ${listens[listens.length - 1]}; slowest reply ${slowest} ms; replies during faults ${JSON.stringify(replies)}`,
      );
    }
  }
  return lines.join('\n');
}

describe.each([1, 2] as const)('store outages, long run, API_WORKERS=%i', (workers) => {
  const run = postgresBinaries() === null ? it.skip : it;
  if (run === it.skip) console.log('store outages: skipped, PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb is missing)');
  run(
    `${rounds} rounds of each fault under load`,
    async () => {
      const faults = Array.from({ length: rounds }, () => ['terminate', 'kill'] as const).flat();
      const report = await runStoreOutageDrill({
        workers,
        faults,
        writers: 8,
        loadMs: 8_000,
        downMs: 3_000,
        log: (line) => process.stdout.write(`[outage ${workers}] ${line}\n`),
      });
      process.stdout.write(`${summary(report)}\n`);
      expect(report.processesAfter).toEqual(report.processesBefore);
      expect(report.faults.filter((fault) => fault.recoveryMs > 5_000)).toEqual([]);
      expect(report.listenersBefore).toBe(workers);
      expect(report.faults.filter((fault) => (fault.listenBackMs ?? Infinity) > 5_000)).toEqual([]);
      expect(report.badFailures).toEqual([]);
      expect(report.missing).toEqual([]);
      expect(report.chainsVerified).toBe(true);
      expect(report.readModelDifferences).toEqual([]);
      expect(report.notificationsCheckpointAtEnd).toBe(true);
      expect(report.subscriptionLagAtEnd).toEqual({ notifications: 0, 'approval-queue': 0, 'live-feed': 0 });
      expect(report.replay).toMatchObject({
        notificationsAfter: report.replay.notificationsBefore,
        duplicateNotifications: 0,
        approvalRowsAfter: report.replay.approvalRowsBefore,
        approvalQueueEqual: true,
      });
    },
    1_800_000,
  );
});
