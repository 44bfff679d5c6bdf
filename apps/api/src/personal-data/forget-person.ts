// Forgetting a person (issue 31): their data key is destroyed, so every sealed field of theirs in the log
// reads as ERASED from then on, and an event records who forgot whom, when and why (no personal data in
// it: the subject is a user id). The read models are rebuilt where they copied the person's fields.

import type { EventStore, PersonalKeyStore, SqlEventStore } from '@binaan/event-store';

export const FORGOTTEN_EVENT = 'PersonalDataForgotten';
export const forgottenStream = (subjectId: string) => `personal-data-${subjectId}`;

export type ForgetRequest = { subjectId: string; reason: string; byUserId: string | null; via: 'admin' | 'store-cli' | 'retention' };

export async function forgetPerson(store: EventStore, keys: PersonalKeyStore, request: ForgetRequest): Promise<{ keyDestroyed: boolean }> {
  const keyDestroyed = await keys.forget(request.subjectId);
  await store.append({
    streamId: forgottenStream(request.subjectId),
    streamType: 'personalData',
    expectedRevision: 'any',
    events: [{ type: FORGOTTEN_EVENT, data: { subjectId: request.subjectId, reason: request.reason, via: request.via, keyDestroyed }, metadata: { actorUserId: request.byUserId } }],
  });
  return { keyDestroyed };
}

/**
 * After a restore: every person the log says was forgotten is forgotten again in the key store, so a key
 * backup older than an erasure cannot bring the person back while the log remembers the erasure.
 */
export async function reapplyForgets(store: SqlEventStore, keys: PersonalKeyStore): Promise<number> {
  const rows = await store.db.query<{ stream_id: string }>("SELECT stream_id FROM streams WHERE stream_type = 'personalData'").catch(() => []);
  let forgotten = 0;
  for (const row of rows) if (await keys.forget(row.stream_id.slice('personal-data-'.length))) forgotten++;
  return forgotten;
}
