// Read models of the platform configuration: `platform_settings` (a row per setting changed at least once:
// its value now) and `platform_setting_changes` (every change, by its position in the log: the history).
import type { Projection, StoredEvent } from '@binaan/event-store';
import { CONFIGURATION_EVENT_TYPES, CONFIGURATION_STREAM_TYPE, type PlatformSettingChanged } from './platform-configuration.events.js';

export const platformConfigurationProjection: Projection = {
  name: 'platformConfiguration',
  eventTypes: CONFIGURATION_EVENT_TYPES,
  tables: ['platform_settings', 'platform_setting_changes'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS platform_settings (
      key text PRIMARY KEY, value bigint, changed_at timestamptz NOT NULL, changed_by text, reason text NOT NULL);
    CREATE TABLE IF NOT EXISTS platform_setting_changes (
      position bigint PRIMARY KEY, key text NOT NULL, previous bigint, value bigint, reason text NOT NULL,
      changed_at timestamptz NOT NULL, changed_by text);
    CREATE INDEX IF NOT EXISTS platform_setting_changes_by_key ON platform_setting_changes (key, position);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== CONFIGURATION_STREAM_TYPE || stored.type !== 'PlatformSettingChanged') continue;
      const { key, previous, value, reason } = stored.data as PlatformSettingChanged['data'];
      const at = stored.metadata.recordedAt;
      const by = stored.metadata.actorUserId ?? null;
      await db.query(
        `INSERT INTO platform_settings (key, value, changed_at, changed_by, reason) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, changed_at = EXCLUDED.changed_at, changed_by = EXCLUDED.changed_by, reason = EXCLUDED.reason`,
        [key, value, at, by, reason],
      );
      await db.query(
        `INSERT INTO platform_setting_changes (position, key, previous, value, reason, changed_at, changed_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (position) DO NOTHING`,
        [stored.globalPosition, key, previous, value, reason, at, by],
      );
    }
  },
};
