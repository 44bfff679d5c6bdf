// HMAC-keyed lookups for a store made before them: streams keyed by a person's e-mail (an unsalted SHA-256,
// which anyone can recompute from the address) or mobile (its digits) move to their HMAC-keyed ids
// (lookup-keys.ts). Each old stream's events are appended, in order, to the new stream (the same types and
// data; the original time kept in metadata.migratedRecordedAt), then the old stream is deleted whole: a
// stream id that is personal data cannot stay. Every other stream is left untouched, so every chain
// still verifies; the new streams chain from their own start. The read models are rebuilt (the audit
// trail names stream ids). An event records the migration (how many streams, who, when).

import { createHash } from 'node:crypto';
import { ERASED, SqlEventStore, type NewEvent } from '@binaan/event-store';
import { emailClaimStream, loginAttemptsStream, phoneStream, type LookupKeys } from './lookup-keys.js';

const sha40 = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 40);

export type LookupMigration = { moved: { from: number; to: number }; events: number };

export async function migrateLookupKeys(
  store: SqlEventStore,
  lookup: LookupKeys,
  byUserId: string | null = null,
): Promise<LookupMigration> {
  const moves = new Map<string, string>();
  const users = await store.db.query<{ stream_id: string }>("SELECT stream_id FROM streams WHERE stream_type = 'user'");
  for (const { stream_id } of users) {
    for (const event of await store.readStream(stream_id)) {
      const data = event.data as { email?: unknown; mobile?: unknown };
      if (typeof data.email === 'string' && data.email !== ERASED) {
        moves.set(`email-${sha40(data.email)}`, emailClaimStream(lookup, data.email));
        moves.set(`login-${sha40(data.email)}`, loginAttemptsStream(lookup, data.email));
      }
      if (typeof data.mobile === 'string' && data.mobile !== ERASED)
        moves.set(`phone-${data.mobile.slice(1)}`, phoneStream(lookup, data.mobile));
    }
  }
  // Registrations claim their e-mail per event: eventRegistrationEmail-<article>-<key>.
  const registrations = await store.db
    .query<{ article_id: string; email: string }>('SELECT article_id, email FROM cert_registrations')
    .catch(() => []);
  for (const { article_id, email } of registrations) {
    if (email !== ERASED)
      moves.set(`eventRegistrationEmail-${article_id}-${sha40(email)}`, `eventRegistrationEmail-${article_id}-${lookup.email(email)}`);
  }
  let from = 0;
  let to = 0;
  let events = 0;
  for (const [oldId, newId] of moves) {
    if (oldId === newId) continue;
    const old = await store.readStream(oldId);
    if (old.length === 0) continue;
    from++;
    // The new stream may exist already (an attempt made under the new key before the migration ran): the
    // old events are appended after its own, each with the time it was first recorded at.
    const copies: NewEvent[] = old.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: { ...event.metadata, migratedRecordedAt: event.metadata.recordedAt },
    }));
    for (let at = 0; at < copies.length; at += 500) {
      await store.append({ streamId: newId, streamType: old[0]!.streamType, expectedRevision: 'any', events: copies.slice(at, at + 500) });
    }
    to++;
    events += copies.length;
    await store.db.maintenance(async (tx) => {
      await tx.script('ALTER TABLE events DISABLE TRIGGER USER');
      await tx.query('DELETE FROM events WHERE stream_id = $1', [oldId]);
      await tx.query('DELETE FROM streams WHERE stream_id = $1', [oldId]);
      await tx.script('ALTER TABLE events ENABLE TRIGGER USER');
    });
  }
  await store.append({
    streamId: 'lookupKeyMigrations',
    streamType: 'lookupKeyMigration',
    expectedRevision: 'any',
    events: [{ type: 'LookupKeysMigrated', data: { streamsMoved: from, streamsWritten: to, events }, metadata: { actorUserId: byUserId } }],
  });
  if (from > 0) await store.rebuild();
  return { moved: { from, to }, events };
}
