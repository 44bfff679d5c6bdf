// Which status list index each certificate holds (fed in the append's transaction). A certificate keeps
// the first index recorded for it: a second one, from two first downloads at once, stays unused.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { CREDENTIAL_STATUS_EVENT_TYPES, type CredentialStatusIndexAllocatedData } from './credential-status.events.js';

export const credentialStatusProjection: Projection = {
  name: 'credential-status',
  eventTypes: [...CREDENTIAL_STATUS_EVENT_TYPES],
  tables: ['cert_credential_status'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS cert_credential_status (
      list integer NOT NULL, status_index integer NOT NULL, registration_id text NOT NULL UNIQUE, PRIMARY KEY (list, status_index));`,
  async apply(events: readonly StoredEvent[], db) {
    for (const event of events) {
      const a = event.data as unknown as CredentialStatusIndexAllocatedData;
      await db.query(
        'INSERT INTO cert_credential_status (list, status_index, registration_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [a.list, a.index, a.registrationId],
      );
    }
  },
};
