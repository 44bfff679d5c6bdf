// Retention: login attempts, sessions, phone codes and the mail and SMS outbox are kept
// PERSONAL_DATA_RETENTION_MONTHS (default 12), then forgotten with the same mechanism as a person:
// - Events (login-<key>, session-<id>, phone-<key>): their personal fields are sealed under the key of the
//   UTC day they were recorded on (`retention.<day>`, identity.personal-data.ts). A day wholly older than the
//   period has its key destroyed, after a `PersonalDataForgotten` (by `system:retention`, why, which day) on
//   `personal-data-retention.<day>`; the events stay, chains verify, their fields read ERASED. The sessions'
//   read model rows of those days (user and company in clear) are deleted, as a rebuild would leave them.
// - The outbox (DATA_DIR/outbox/{email,sms}.jsonl) is not an event: its older lines are deleted, and one
//   `PersonalDataForgotten` on `personal-data-retention-outbox` says how many, of which channel, and why.
// Safe to run twice and from two processes: a day's erasure is recorded once (expected revision
// 'no_stream'), its key destroyed once (the key store's forget), and the outbox has nothing older left.

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { personalKeysOf, SqlEventStore, WrongExpectedRevision, type EventStore, type PersonalKeyStore } from '@binaan/event-store';
import { CLOCK, type Clock } from '../common/principal.js';
import type { ApiConfig } from '../config.js';
import { RETENTION_SUBJECT_PREFIX, retentionDay, retentionSubject, SESSIONS_RETENTION_STREAM } from '../identity/identity.personal-data.js';
import { outboxFile, type OutboxChannel } from '../messaging/outbox.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { erasePgliteLeftovers, FORGOTTEN_EVENT, forgottenStream } from './forget-person.js';

/** Who forgets by retention: no user, the system (as the notifications reactor is `system:notifications`). */
export const RETENTION_ACTOR = 'system:retention';
export const OUTBOX_RETENTION_STREAM = 'personal-data-retention-outbox';
/** How often the job runs, and how long after start the first run waits (the demo data and the first requests go first). */
export const RETENTION_EVERY_MS = 6 * 3_600_000;
export const RETENTION_FIRST_RUN_MS = 5 * 60_000;

export type RetentionRun = {
  /** Everything recorded before this instant is past the period. */
  olderThan: string;
  /** The days whose keys this run destroyed (YYYY-MM-DD). */
  days: string[];
  /** Outbox lines deleted. */
  outbox: Record<OutboxChannel, number>;
  /** identity_sessions rows deleted. */
  sessions: number;
};

/** `now` less `months` calendar months (UTC; the 31st of a month without one falls into the next, as Date does). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function forgetExpired(store: EventStore, options: { now: Date; months: number; dataDir: string }): Promise<RetentionRun> {
  const cutoff = retentionCutoff(options.now, options.months);
  // A day is forgotten when all of it is older than the cutoff: the days before the cutoff's day.
  const cutoffDay = retentionDay(cutoff);
  const reason = `retention: recorded before ${cutoffDay}, more than ${options.months} months ago (PERSONAL_DATA_RETENTION_MONTHS)`;
  const run: RetentionRun = { olderThan: `${cutoffDay}T00:00:00.000Z`, days: [], outbox: { email: 0, sms: 0 }, sessions: 0 };
  // Any store that seals (the SQL store, or KurrentDB under a sealing store): the days' keys are in the key store.
  const keys = personalKeysOf(store);
  if (keys) {
    for (const subject of await keys.heldSubjects(RETENTION_SUBJECT_PREFIX, retentionSubject(cutoffDay))) {
      if (await forgetDay(store, keys, subject, reason)) run.days.push(subject.slice(RETENTION_SUBJECT_PREFIX.length));
    }
  }
  if (store instanceof SqlEventStore) {
    // The sessions' read model copies the user and company in clear. The deletion is recorded first, and
    // the sessions projection deletes the rows when it meets the record (in the append's transaction, and
    // again in a rebuild, sessions recorded before the days existed included); the DELETE after it finds
    // nothing then, unless the store runs without that projection.
    const older = await store.db
      .query<{ n: string | number }>('SELECT COUNT(*) AS n FROM identity_sessions WHERE started_at < $1', [run.olderThan])
      .catch(() => [{ n: 0 }]);
    run.sessions = Number(older[0]?.n ?? 0);
    if (run.sessions > 0) {
      await store.append({
        streamId: SESSIONS_RETENTION_STREAM,
        streamType: 'personalDataRetention',
        expectedRevision: 'any',
        events: [
          {
            type: FORGOTTEN_EVENT,
            data: {
              subjectId: 'sessions',
              subjects: [],
              reason,
              via: 'retention',
              keyDestroyed: false,
              olderThan: run.olderThan,
              deleted: { sessions: run.sessions },
            },
            metadata: { actorUserId: RETENTION_ACTOR },
          },
        ],
      });
      await store.db.query('DELETE FROM identity_sessions WHERE started_at < $1', [run.olderThan]);
    }
  }
  for (const channel of ['email', 'sms'] as const) run.outbox[channel] = await pruneOutbox(options.dataDir, channel, cutoff.getTime());
  if (run.outbox.email + run.outbox.sms > 0) {
    await store.append({
      streamId: OUTBOX_RETENTION_STREAM,
      streamType: 'personalDataRetention',
      expectedRevision: 'any',
      events: [
        {
          type: FORGOTTEN_EVENT,
          data: {
            subjectId: 'outbox',
            subjects: [],
            reason,
            via: 'retention',
            keyDestroyed: false,
            olderThan: cutoff.toISOString(),
            deleted: { ...run.outbox },
          },
          metadata: { actorUserId: RETENTION_ACTOR },
        },
      ],
    });
  }
  // PGlite keeps its data folder on this machine: the deleted sessions rows' old versions go as after a person is forgotten.
  if (store instanceof SqlEventStore && store.kind === 'pglite' && (run.sessions > 0 || run.days.length > 0))
    await erasePgliteLeftovers(store);
  return run;
}

/**
 * One day: the erasure is recorded first (once: a second run, or another process, finds the stream), then
 * the key destroyed; a run stopped between the two finishes the day the next time. True when this call destroyed it.
 */
async function forgetDay(store: EventStore, keys: PersonalKeyStore, subject: string, reason: string): Promise<boolean> {
  try {
    await store.append({
      streamId: forgottenStream(subject),
      streamType: 'personalData',
      expectedRevision: 'no_stream',
      events: [
        {
          type: FORGOTTEN_EVENT,
          data: {
            subjectId: subject,
            subjects: [subject],
            reason,
            via: 'retention',
            keyDestroyed: true,
            covers: ['loginAttempts', 'session', 'phone'],
          },
          metadata: { actorUserId: RETENTION_ACTOR },
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
  }
  return keys.forget(subject);
}

/**
 * Deletes the outbox lines recorded before `before` (and torn lines, which no reader can use); returns how
 * many went. The file is rewritten beside and renamed over, so a reader never sees half of it. A message
 * appended between the read and the rename would be lost: the outbox is the development default, and the
 * job runs every few hours.
 */
async function pruneOutbox(dataDir: string, channel: OutboxChannel, before: number): Promise<number> {
  const file = outboxFile(dataDir, channel);
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const kept: string[] = [];
  let removed = 0;
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    let at = Number.NaN;
    try {
      at = Date.parse((JSON.parse(line) as { at?: string }).at ?? '');
    } catch {
      // torn: deleted with the old ones
    }
    if (Number.isFinite(at) && at >= before) kept.push(line);
    else removed++;
  }
  if (removed === 0) return 0;
  const next = `${file}.retention`;
  await writeFile(next, kept.map((line) => `${line}\n`).join(''), { mode: 0o600 });
  await rename(next, file);
  return removed;
}

/**
 * The scheduled job: every RETENTION_EVERY_MS on the process that runs the reactors (the first worker of a
 * cluster, cluster.ts), one run at a time. `run()` is what the schedule calls (tests call it after moving the clock).
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<RetentionRun> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.reactors) return;
    const tick = () =>
      void this.run().catch((error: unknown) => this.logger.error(`retention: ${error instanceof Error ? error.message : String(error)}`));
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, RETENTION_EVERY_MS);
      every.unref();
      this.timers.push(every);
    }, RETENTION_FIRST_RUN_MS);
    first.unref();
    this.timers.push(first);
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** One run (a run already under way is joined, not doubled). */
  run(): Promise<RetentionRun> {
    this.running ??= forgetExpired(this.store, {
      now: this.now(),
      months: this.config.personalDataRetentionMonths,
      dataDir: this.config.dataDir,
    })
      .then((run) => {
        if (run.days.length > 0 || run.outbox.email + run.outbox.sms > 0 || run.sessions > 0) {
          this.logger.log(
            `retention: forgot ${run.days.length} day(s) of sign-ins, sessions and phone codes, ${run.sessions} session row(s), ${run.outbox.email} e-mail(s) and ${run.outbox.sms} SMS in the outbox, recorded before ${run.olderThan}`,
          );
        }
        return run;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
