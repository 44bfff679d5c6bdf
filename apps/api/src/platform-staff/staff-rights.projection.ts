// platform_staff_rights: the admin module rights of each platform administrator whose rights were set.
// An administrator without a row holds every right (see README: the first administrator, and each one
// before anyone narrows them).
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { StaffRightsEvent } from './staff-rights.events.js';

export const staffRightsProjection: Projection = {
  name: 'platform-staff-rights',
  eventTypes: ['StaffRightsSet'],
  tables: ['platform_staff_rights'],
  setupSql: `CREATE TABLE IF NOT EXISTS platform_staff_rights (
      user_id text PRIMARY KEY, rights text[] NOT NULL, updated_at timestamptz NOT NULL, updated_by text)`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as StaffRightsEvent;
      await db.query(
        `INSERT INTO platform_staff_rights (user_id, rights, updated_at, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET rights = EXCLUDED.rights, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [event.data.userId, event.data.rights, stored.metadata.recordedAt, stored.metadata.actorUserId ?? null],
      );
    }
  },
};
