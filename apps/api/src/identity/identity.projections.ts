// Read models of the identity context, fed in the append's transaction:
//   identity_users     one row per account (lists, admin pages, per-request checks)
//   identity_sessions  one row per session; last_seen_at is the inactivity clock, the one column written
//                      outside an event (a request renews it; an event per request would be noise)

import { ERASED, type Projection, type StoredEvent } from '@binaan/event-store';
import type { SessionEvent, UserEvent } from './identity.events.js';
import { SESSIONS_RETENTION_STREAM } from './identity.personal-data.js';

export const usersProjection: Projection = {
  name: 'identity-users',
  eventTypes: [
    'UserSignedUp',
    'UserActivated',
    'EulaAccepted',
    'PasswordChanged',
    'PasswordResetForced',
    'MobileChanged',
    'AccountSuspended',
    'AccountReinstated',
  ],
  tables: ['identity_users'],
  setupSql: `CREATE TABLE IF NOT EXISTS identity_users (
      user_id text PRIMARY KEY, email text NOT NULL, name text NOT NULL, mobile text NOT NULL,
      user_type smallint NOT NULL, status text NOT NULL, force_change_password boolean NOT NULL,
      eula_version integer NOT NULL DEFAULT 0, registered_at timestamptz NOT NULL, verified_at timestamptz,
      password_changed_at timestamptz);
    -- Unique among the persons not forgotten: every forgotten one reads '[erased]'.
    CREATE UNIQUE INDEX IF NOT EXISTS identity_users_email ON identity_users (email) WHERE email <> '[erased]'`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as UserEvent;
      const userId = stored.streamId.slice('user-'.length);
      const at = stored.metadata.recordedAt;
      switch (event.type) {
        case 'UserSignedUp':
          await db.query(
            `INSERT INTO identity_users (user_id, email, name, mobile, user_type, status, force_change_password, registered_at)
             VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7) ON CONFLICT (user_id) DO NOTHING`,
            [userId, event.data.email, event.data.name, event.data.mobile, event.data.userType, event.data.forceChangePassword, at],
          );
          break;
        case 'UserActivated':
          await db.query(`UPDATE identity_users SET status = 'activated', verified_at = $2 WHERE user_id = $1`, [userId, at]);
          break;
        case 'EulaAccepted':
          await db.query(`UPDATE identity_users SET eula_version = GREATEST(eula_version, $2) WHERE user_id = $1`, [
            userId,
            event.data.version,
          ]);
          break;
        case 'PasswordChanged':
          await db.query(`UPDATE identity_users SET force_change_password = false, password_changed_at = $2 WHERE user_id = $1`, [
            userId,
            at,
          ]);
          break;
        case 'PasswordResetForced':
          await db.query(`UPDATE identity_users SET force_change_password = true, password_changed_at = $2 WHERE user_id = $1`, [
            userId,
            at,
          ]);
          break;
        case 'MobileChanged':
          await db.query(`UPDATE identity_users SET mobile = $2 WHERE user_id = $1`, [userId, event.data.mobile]);
          break;
        case 'AccountSuspended':
          await db.query(`UPDATE identity_users SET status = 'suspended' WHERE user_id = $1`, [userId]);
          break;
        case 'AccountReinstated':
          await db.query(`UPDATE identity_users SET status = 'activated' WHERE user_id = $1`, [userId]);
          break;
      }
    }
  },
};

export const sessionsProjection: Projection = {
  name: 'identity-sessions',
  // PersonalDataForgotten: the retention job's record of the rows it deleted (SESSIONS_RETENTION_STREAM).
  eventTypes: ['SessionStarted', 'SessionEnded', 'PersonalDataForgotten'],
  tables: ['identity_sessions'],
  setupSql: `CREATE TABLE IF NOT EXISTS identity_sessions (
      session_id text PRIMARY KEY, user_id text NOT NULL, company_id text, remember_me boolean NOT NULL,
      started_at timestamptz NOT NULL, last_seen_at timestamptz NOT NULL, ended_at timestamptz, end_reason text);
    CREATE INDEX IF NOT EXISTS identity_sessions_open_by_user ON identity_sessions (user_id) WHERE ended_at IS NULL;`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.type === 'PersonalDataForgotten') {
        // Retention deleted the rows of sessions started before `olderThan`, those recorded before retention days existed
        // (no day, their user in clear) included: a rebuild deletes them here again.
        const olderThan = (stored.data as { olderThan?: unknown }).olderThan;
        if (stored.streamId === SESSIONS_RETENTION_STREAM && typeof olderThan === 'string')
          await db.query('DELETE FROM identity_sessions WHERE started_at < $1', [olderThan]);
        continue;
      }
      const event = { type: stored.type, data: stored.data } as SessionEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'SessionStarted') {
        // A session past the retention period reads its user as erased: no row, as the job left it.
        if (event.data.userId === ERASED) continue;
        await db.query(
          `INSERT INTO identity_sessions (session_id, user_id, company_id, remember_me, started_at, last_seen_at)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (session_id) DO NOTHING`,
          [event.data.sessionId, event.data.userId, event.data.companyId, event.data.rememberMe, at],
        );
      } else {
        await db.query(`UPDATE identity_sessions SET ended_at = $2, end_reason = $3 WHERE session_id = $1 AND ended_at IS NULL`, [
          event.data.sessionId,
          at,
          event.data.reason,
        ]);
      }
    }
  },
};
