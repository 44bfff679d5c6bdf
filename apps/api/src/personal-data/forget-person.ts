// Forgetting a person: every key that seals their data is destroyed (their user id's, and the
// lookup subjects of each e-mail address and mobile number they held, under which registrations,
// invitations, site contacts and drivers were sealed), so every sealed field of theirs in the log reads as
// ERASED from then on; an event records who forgot whom, when, why and how (no personal data in it: a user
// id and HMAC subjects); the read models that copy personal fields are rebuilt, so they equal a rebuild
// and hold none of the person's data.

import { ERASED, SqlEventStore, type EventStore, type PersonalKeyStore } from '@binaan/event-store';
import { identityRetainedData } from '../identity/identity.personal-data.js';
import type { LookupKeys } from './lookup-keys.js';

export const FORGOTTEN_EVENT = 'PersonalDataForgotten';
export const forgottenStream = (subjectId: string) => `personal-data-${subjectId}`;

export type ForgetVia = 'admin' | 'store-cli' | 'retention';
export type ForgetRequest = { subjectId: string; reason: string; byUserId: string | null; via: ForgetVia };
export type Forgotten = { keyDestroyed: boolean; subjects: string[]; rebuilt: string[] };

/** The subjects that seal a user's data: the user id and the lookup subject of every address and number they held. */
export async function subjectsOfUser(store: EventStore, lookup: LookupKeys, userId: string): Promise<string[] | null> {
  const events = await store.readStream(`user-${userId}`);
  if (events.length === 0) return null;
  const subjects = new Set<string>([userId]);
  for (const event of events) {
    const data = event.data as { email?: unknown; mobile?: unknown };
    if (event.type === 'UserSignedUp' && typeof data.email === 'string' && data.email !== ERASED)
      subjects.add(lookup.emailSubject(data.email));
    if ((event.type === 'UserSignedUp' || event.type === 'MobileChanged') && typeof data.mobile === 'string' && data.mobile !== ERASED)
      subjects.add(lookup.mobileSubject(data.mobile));
  }
  return [...subjects];
}

/**
 * Forgets `request.subjectId`: a user id (their addresses' and numbers' subjects with it), or a lookup
 * subject alone (`email.<hmac>`: a participant without an account). The read models that read personal
 * events are rebuilt on SQL stores.
 */
export async function forgetPerson(
  store: EventStore,
  keys: PersonalKeyStore,
  lookup: LookupKeys,
  request: ForgetRequest,
  declaredTypes: readonly string[] = [],
): Promise<Forgotten> {
  const subjects = (await subjectsOfUser(store, lookup, request.subjectId)) ?? [request.subjectId];
  let keyDestroyed = false;
  for (const subject of subjects) if (await keys.forget(subject)) keyDestroyed = true;
  await store.append({
    streamId: forgottenStream(request.subjectId),
    streamType: 'personalData',
    expectedRevision: 'any',
    events: [
      {
        type: FORGOTTEN_EVENT,
        data: { subjectId: request.subjectId, subjects, reason: request.reason, via: request.via, keyDestroyed },
        metadata: { actorUserId: request.byUserId },
      },
    ],
  });
  let rebuilt: string[] = [];
  if (store instanceof SqlEventStore) {
    // The retained types (sign-ins, sessions, phone codes) are sealed under a day's key, never a person's
    // (retention.ts): nothing of theirs to rebuild there, and a rebuild would reset the sessions' inactivity clock.
    const rebuilding = declaredTypes.filter((type) => !(type in identityRetainedData));
    const copying = store
      .projectionNames()
      .filter((projection) => projection.eventTypes?.some((type) => rebuilding.includes(type)))
      .map((projection) => projection.name);
    if (copying.length > 0) rebuilt = (await store.rebuild(undefined, copying)).projections;
    // PGlite keeps its data folder on this machine: the old row versions go with a full vacuum (the rebuilt
    // tables' old files are gone already), and the write-ahead log that still holds the rows written
    // before is switched, checkpointed and removed (not recycled: a recycled segment keeps its bytes).
    if (store.kind === 'pglite') await erasePgliteLeftovers(store);
  }
  return { keyDestroyed, subjects, rebuilt };
}

/**
 * After a restore: every subject the log says was forgotten is forgotten again in the key store, so a key
 * backup older than an erasure cannot bring the person back while the log remembers the erasure.
 */
export async function reapplyForgets(store: SqlEventStore, keys: PersonalKeyStore): Promise<number> {
  const rows = await store.db
    .query<{ stream_id: string }>("SELECT stream_id FROM streams WHERE stream_type = 'personalData'")
    .catch(() => []);
  let forgotten = 0;
  for (const row of rows) {
    const subjects = new Set<string>([row.stream_id.slice('personal-data-'.length)]);
    for (const event of await store.readStream(row.stream_id)) {
      const listed = (event.data as { subjects?: unknown }).subjects;
      if (Array.isArray(listed)) for (const subject of listed) if (typeof subject === 'string') subjects.add(subject);
    }
    for (const subject of subjects) if (await keys.forget(subject)) forgotten++;
  }
  return forgotten;
}

export async function erasePgliteLeftovers(store: SqlEventStore): Promise<void> {
  await store.db.script('VACUUM FULL');
  await store.db.script('SET wal_recycle = off');
  // Twice: the first checkpoint's redo point can still sit in the segment that held the rows.
  for (let round = 0; round < 2; round++) {
    await store.db.query('SELECT pg_switch_wal()');
    await store.db.script('CHECKPOINT');
  }
  await store.db.script('RESET wal_recycle');
}
