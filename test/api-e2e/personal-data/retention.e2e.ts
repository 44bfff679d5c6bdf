// Retention, with the clock moved: a person signs up (a phone code, by SMS to the outbox), fails and
// then succeeds to sign in (a session), and is sent an e-mail through the outbox; 200 days later the same
// again (another number); 200 days after that the retention job runs (PERSONAL_DATA_RETENTION_MONTHS
// default, 12). The first day's sign-ins, session and phone code read ERASED (their day's key destroyed,
// the erasure recorded by the system with its reason), its session row and outbox lines are gone; the
// recent ones are kept as they were. Every chain verifies, a second run forgets nothing more, the sessions'
// read model equals its rebuild, and the person still signs in. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { normaliseEmail } from '@binaan/contracts';
import { ERASED, SqlEventStore, type StoredEvent } from '@binaan/event-store';
import { retentionDay, SESSIONS_RETENTION_STREAM } from '../../../apps/api/src/identity/identity.personal-data.js';
import { OutboxEmailSender, readOutbox } from '../../../apps/api/src/messaging/outbox.js';
import { LookupKeys, loginAttemptsStream, phoneStream } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { OUTBOX_RETENTION_STREAM, RETENTION_ACTOR, RetentionJob } from '../../../apps/api/src/personal-data/retention.js';
import { codeFor, login, newPerson, registerActivatedUser, signIn, uniqueMobile, userIdOf } from '../../support/identity.js';
import { STORES, startIdentityApp, type RunningApp } from '../identity/harness.js';

const DAY = 24 * 3_600_000;

/** The start of the UTC day twelve calendar months before `now`: every session started before it is past the period. */
const twelveMonthsBefore = (now: Date) =>
  `${now.getUTCFullYear() - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}T00:00:00.000Z`;
const onDay = (events: StoredEvent[], day: string) => events.filter((event) => event.metadata.recordedAt.startsWith(day));
const ofType = (events: StoredEvent[], type: string) => events.filter((event) => event.type === type);

describe.each(STORES)('retention on %s', (kind) => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startIdentityApp(kind);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('forgets the sign-ins, sessions, phone codes and outbox older than 12 months, keeps the recent ones, and records why', async () => {
    const { clock, app } = running;
    const store = running.store as SqlEventStore;
    const lookup = app.get(LookupKeys);
    const mail = new OutboxEmailSender(running.dataDir, () => clock.now);
    const person = newPerson('retained');
    const recentMobile = uniqueMobile();

    // A day 400 days ago: sign-up (a phone code and its SMS), a failed and a good sign-in, an e-mail.
    const oldDay = retentionDay(clock.now);
    await registerActivatedUser(running, person);
    expect((await login(running, person.email, 'Not-the-password-1')).status).toBe(401);
    await signIn(running, person);
    await mail.send({ to: person.email, subject: 'old', text: 'an old message', purpose: 'test' });
    const userId = await userIdOf(store, person.email);
    // A session recorded before retention days existed, as the code of then wrote it: no day, nothing sealed,
    // the caller's address in the metadata. Retention deletes its row too, and records that it did, so a
    // rebuild (which reads its user in clear) leaves no row for it either.
    const legacySession = `legacy${Date.now().toString(36)}`;
    await store.append({
      streamId: `session-${legacySession}`,
      streamType: 'session',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'SessionStarted',
          data: { sessionId: legacySession, userId, companyId: null, rememberMe: false },
          metadata: { actorUserId: userId, ip: '10.20.30.40' },
        },
      ],
    });

    // 200 days later: the same again, another number asked a code.
    clock.advance(200 * DAY);
    const recentDay = retentionDay(clock.now);
    expect((await login(running, person.email, 'Not-the-password-2')).status).toBe(401);
    await signIn(running, person);
    await codeFor(running, recentMobile);
    await mail.send({ to: person.email, subject: 'recent', text: 'a recent message', purpose: 'test' });

    clock.advance(200 * DAY);
    const attemptsStream = loginAttemptsStream(lookup, normaliseEmail(person.email));
    const sessionsBefore = await store.db.query<{ session_id: string; started_at: Date | string }>(
      'SELECT session_id, started_at FROM identity_sessions WHERE user_id = $1 ORDER BY started_at',
      [userId],
    );
    expect(sessionsBefore).toHaveLength(3);
    const [oldSession, recentSession] = sessionsBefore.map((row) => row.session_id).filter((id) => id !== legacySession);
    // Before: the old day's fields read in clear.
    const attemptsBefore = await store.readStream(attemptsStream);
    expect(ofType(onDay(attemptsBefore, oldDay), 'LoginFailed')[0]!.data).toMatchObject({ ip: expect.stringMatching(/\d/) });
    expect(ofType(onDay(attemptsBefore, oldDay), 'LoginSucceeded')[0]!.data).toMatchObject({ userId });
    // The sealed form is what is stored: no address, no user id in the row.
    const [storedRow] = await store.db.query<{ data: unknown }>(
      "SELECT data FROM events WHERE stream_id = $1 AND type = 'LoginSucceeded' ORDER BY revision LIMIT 1",
      [attemptsStream],
    );
    expect(JSON.stringify(storedRow!.data)).not.toContain(userId);

    const run = await app.get(RetentionJob).run();
    expect(run.days).toContain(oldDay);
    expect(run.days).not.toContain(recentDay);
    expect(run.sessions).toBe(2);
    expect(run.outbox).toEqual({ email: 1, sms: 1 });

    // Sign-ins: the old day's address and user erased, the recent day's kept.
    const attempts = await store.readStream(attemptsStream);
    expect(attempts).toHaveLength(attemptsBefore.length);
    for (const event of onDay(attempts, oldDay)) expect((event.data as { ip?: unknown }).ip).toBe(ERASED);
    expect(ofType(onDay(attempts, oldDay), 'LoginSucceeded')[0]!.data).toMatchObject({ userId: ERASED, sessionId: ERASED });
    expect(ofType(onDay(attempts, recentDay), 'LoginFailed')[0]!.data).toMatchObject({ ip: expect.stringMatching(/\d/) });
    expect(ofType(onDay(attempts, recentDay), 'LoginSucceeded')[0]!.data).toMatchObject({ userId, sessionId: recentSession });
    // Sessions: the old one's user erased and its row gone; the recent one's kept.
    expect((await store.readStream(`session-${oldSession}`))[0]!.data).toMatchObject({ userId: ERASED });
    expect((await store.readStream(`session-${recentSession}`))[0]!.data).toMatchObject({ userId });
    const sessionsAfter = await store.db.query<{ session_id: string }>(
      'SELECT session_id FROM identity_sessions WHERE user_id = $1 ORDER BY started_at',
      [userId],
    );
    expect(sessionsAfter.map((row) => row.session_id)).toEqual([recentSession]);
    // The session from before: its event as it was (the user in clear: the store is append-only), its row gone, the deletion recorded.
    expect((await store.readStream(`session-${legacySession}`))[0]!.data).toMatchObject({ userId });
    const [sessionsErasure] = await store.readStream(SESSIONS_RETENTION_STREAM);
    expect(sessionsErasure).toMatchObject({
      type: 'PersonalDataForgotten',
      data: { via: 'retention', olderThan: twelveMonthsBefore(clock.now), deleted: { sessions: 2 } },
      metadata: { actorUserId: RETENTION_ACTOR },
    });
    // Phone codes: the old one's code erased, the recent one's kept (who holds the number is not a code: kept).
    const oldPhone = await store.readStream(phoneStream(lookup, person.mobile));
    expect(ofType(oldPhone, 'PhoneCodeIssued')[0]!.data).toMatchObject({ codeHmac: ERASED });
    expect(ofType(oldPhone, 'PhoneClaimed')[0]!.data).toMatchObject({ userId });
    expect(ofType(await store.readStream(phoneStream(lookup, recentMobile)), 'PhoneCodeIssued')[0]!.data).toMatchObject({
      codeHmac: expect.not.stringContaining(ERASED),
    });
    // The outbox: the old SMS and e-mail deleted, the recent kept.
    expect((await readOutbox(running.dataDir, 'sms')).map((sms) => sms.to)).toEqual([recentMobile]);
    expect((await readOutbox(running.dataDir, 'email')).map((message) => message.subject)).toEqual(['recent']);

    // Recorded: what, by whom (the system), when, why.
    const [erasure, ...more] = await store.readStream(`personal-data-retention.${oldDay}`);
    expect(more).toEqual([]);
    expect(erasure).toMatchObject({
      type: 'PersonalDataForgotten',
      data: { subjectId: `retention.${oldDay}`, via: 'retention', keyDestroyed: true, reason: expect.stringContaining('12 months') },
      metadata: { actorUserId: RETENTION_ACTOR, recordedAt: clock.now.toISOString() },
    });
    const [outboxErasure] = await store.readStream(OUTBOX_RETENTION_STREAM);
    expect(outboxErasure).toMatchObject({
      type: 'PersonalDataForgotten',
      data: { via: 'retention', deleted: { email: 1, sms: 1 } },
      metadata: { actorUserId: RETENTION_ACTOR },
    });

    // Safe to run twice: nothing more forgotten, nothing more recorded.
    expect(await app.get(RetentionJob).run()).toMatchObject({ days: [], sessions: 0, outbox: { email: 0, sms: 0 } });
    expect(await store.readStream(`personal-data-retention.${oldDay}`)).toHaveLength(1);
    expect(await store.readStream(OUTBOX_RETENTION_STREAM)).toHaveLength(1);
    expect(await store.readStream(SESSIONS_RETENTION_STREAM)).toHaveLength(1);

    // Every chain verifies; the sessions' read model is what a rebuild makes of it.
    for (let after = ''; ;) {
      const page = await store.listStreams(after, 500);
      for (const streamId of page) expect(await store.verifyStream(streamId)).toMatchObject({ ok: true });
      if (page.length < 500) break;
      after = page[page.length - 1]!;
    }
    // (last_seen_at is the one column written outside an event: left out.)
    const sessionRows = () =>
      store.db.query(
        'SELECT session_id, user_id, company_id, remember_me, started_at, ended_at, end_reason FROM identity_sessions ORDER BY session_id',
      );
    const beforeRebuild = await sessionRows();
    expect(beforeRebuild.map((row) => row.session_id)).not.toContain(legacySession);
    await store.rebuild(undefined, ['identity-sessions']);
    expect(await sessionRows()).toEqual(beforeRebuild);
    expect(
      (await store.db.query<{ session_id: string }>('SELECT session_id FROM identity_sessions WHERE user_id = $1', [userId])).map(
        (row) => row.session_id,
      ),
    ).toEqual([recentSession]);
    // The person still signs in.
    await signIn(running, person);
  }, 180_000);
});
