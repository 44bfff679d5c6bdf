// Read models of the events-and-certificates context, fed in the append's transaction: events, one row per
// registration (with each record's time, transaction id and hash, as the spec's participant detail shows
// them), failed scans, the transaction-id-to-stream index (test-get-transaction), published signing keys,
// and the landing counters.
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import type {
  ArticleData,
  CertificateIssuedData,
  CertificateKeyPublishedData,
  RegistrationData,
  ScanData,
  ScanFailedData,
} from './certificate.events.js';
import { ARTICLE_EVENT_TYPES, REGISTRATION_EVENT_TYPES } from './certificate.events.js';
import { counterDelta } from './landing-counters.js';
import { asText } from '@binaan/contracts';

const at = (event: StoredEvent) => {
  const data = event.data as { at?: unknown };
  return typeof data.at === 'string' ? data.at : event.metadata.recordedAt;
};

async function registrationEvent(event: StoredEvent, db: SqlExecutor): Promise<void> {
  const id = (event.data as { registrationId: string }).registrationId;
  const set = (columns: string, values: unknown[]) =>
    db.query(`UPDATE cert_registrations SET ${columns} WHERE registration_id = $1`, [id, ...values]);
  switch (event.type) {
    case 'EventParticipantRegistered': {
      const r = event.data as unknown as RegistrationData;
      await db.query(
        `INSERT INTO cert_registrations (registration_id, article_id, user_id, name, email, contact, company_name, registered_at, register_tx, register_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (registration_id) DO NOTHING`,
        [r.registrationId, r.articleId, r.userId, r.name, r.email, r.contact, r.companyName, r.at, event.id, event.hash],
      );
      return;
    }
    case 'EventParticipantCheckedIn':
    case 'EventParticipantCheckedOut':
      return scanEvent(event, db);
    case 'EventCertificateIssued': {
      const c = event.data as unknown as CertificateIssuedData;
      return void (await set('certificate_no = $2, issued_at = $3, issue_tx = $4, issue_hash = $5', [
        c.certificateNo,
        c.issuedAt,
        event.id,
        event.hash,
      ]));
    }
    case 'EventCertificateApproved':
      return void (await set('approved_at = $2, approve_tx = $3, approve_hash = $4', [at(event), event.id, event.hash]));
    case 'EventCertificateEmailed':
      return void (await set('emailed_at = $2, email_tx = $3', [at(event), event.id]));
    case 'EventCertificateRevoked':
      return void (await set('revoked_at = $2, revoke_reason = $3, revoke_tx = $4', [
        at(event),
        asText((event.data as { reason?: unknown }).reason),
        event.id,
      ]));
  }
}

/**
 * Every scan is a row; the registration's check-in and check-out follow from all of them as
 * `attendanceFromScans` (participant.decider.ts) derives them: the earliest check-in, the latest
 * check-out at or after it, ties to the scan recorded first. So scans arriving late or out of order
 * (a scanner that was offline) land where their scan time puts them.
 */
async function scanEvent(event: StoredEvent, db: SqlExecutor): Promise<void> {
  const s = event.data as unknown as ScanData;
  await db.query(
    `INSERT INTO cert_scans (tx_id, registration_id, article_id, direction, at, recorded_at, position, hash, scan_id, device_id, by_user)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (tx_id) DO NOTHING`,
    [
      event.id,
      s.registrationId,
      s.articleId,
      event.type === 'EventParticipantCheckedIn' ? 'checkIn' : 'checkOut',
      at(event),
      event.metadata.recordedAt,
      event.globalPosition,
      event.hash,
      s.scanId ?? null,
      s.deviceId ?? null,
      asText(s.by),
    ],
  );
  await db.query(
    `WITH i AS (SELECT at, tx_id, hash FROM cert_scans WHERE registration_id = $1 AND direction = 'checkIn' ORDER BY at, position LIMIT 1),
       o AS (SELECT s.at, s.tx_id, s.hash FROM cert_scans s, i WHERE s.registration_id = $1 AND s.direction = 'checkOut' AND s.at >= i.at
             ORDER BY s.at DESC, s.position LIMIT 1)
     UPDATE cert_registrations SET check_in_at = (SELECT at FROM i), check_in_tx = (SELECT tx_id FROM i), check_in_hash = (SELECT hash FROM i),
       check_out_at = (SELECT at FROM o), check_out_tx = (SELECT tx_id FROM o), check_out_hash = (SELECT hash FROM o)
     WHERE registration_id = $1`,
    [s.registrationId],
  );
}

export const certificatesProjection: Projection = {
  name: 'certificates',
  eventTypes: [...ARTICLE_EVENT_TYPES, ...REGISTRATION_EVENT_TYPES, 'EventScanFailed', 'CertificateKeyPublished'],
  tables: ['cert_articles', 'cert_registrations', 'cert_scans', 'cert_failed_scans', 'cert_records', 'cert_keys', 'cert_counters'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS cert_articles (
      article_id text PRIMARY KEY, company_id text NOT NULL, title text NOT NULL, location text NOT NULL, date timestamptz NOT NULL,
      description text NOT NULL, other_images jsonb NOT NULL, attendance_rule jsonb NOT NULL, published boolean NOT NULL DEFAULT false,
      published_at timestamptz, created_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS cert_articles_published ON cert_articles (published, date DESC);
    CREATE INDEX IF NOT EXISTS cert_articles_company ON cert_articles (company_id, date DESC);
    CREATE TABLE IF NOT EXISTS cert_registrations (
      registration_id text PRIMARY KEY, article_id text NOT NULL, user_id text NOT NULL, name text NOT NULL, email text NOT NULL,
      contact text NOT NULL, company_name text NOT NULL, registered_at timestamptz NOT NULL, register_tx text NOT NULL, register_hash text NOT NULL,
      check_in_at timestamptz, check_in_tx text, check_in_hash text, check_out_at timestamptz, check_out_tx text, check_out_hash text,
      certificate_no text UNIQUE, issued_at timestamptz, issue_tx text, issue_hash text, approved_at timestamptz, approve_tx text, approve_hash text,
      emailed_at timestamptz, email_tx text, revoked_at timestamptz, revoke_reason text, revoke_tx text);
    CREATE INDEX IF NOT EXISTS cert_registrations_article ON cert_registrations (article_id, registered_at);
    CREATE TABLE IF NOT EXISTS cert_scans (
      tx_id text PRIMARY KEY, registration_id text NOT NULL, article_id text NOT NULL, direction text NOT NULL, at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL, position bigint NOT NULL, hash text NOT NULL, scan_id text, device_id text, by_user text NOT NULL);
    CREATE INDEX IF NOT EXISTS cert_scans_registration ON cert_scans (registration_id, direction, at);
    CREATE INDEX IF NOT EXISTS cert_scans_article ON cert_scans (article_id, position);
    CREATE TABLE IF NOT EXISTS cert_failed_scans (
      tx_id text PRIMARY KEY, article_id text NOT NULL, registration_id text NOT NULL, direction text NOT NULL, reason text NOT NULL, at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS cert_failed_scans_article ON cert_failed_scans (article_id, at);
    CREATE TABLE IF NOT EXISTS cert_records (tx_id text PRIMARY KEY, stream_id text NOT NULL, revision integer NOT NULL);
    CREATE TABLE IF NOT EXISTS cert_keys (kid text PRIMARY KEY, public_key text NOT NULL, not_before timestamptz NOT NULL);
    CREATE TABLE IF NOT EXISTS cert_counters (id smallint PRIMARY KEY, events integer NOT NULL, certificates integer NOT NULL);
    INSERT INTO cert_counters (id, events, certificates) VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING;`,
  async apply(events: readonly StoredEvent[], db) {
    for (const event of events) {
      if (event.type !== 'CertificateKeyPublished') {
        await db.query('INSERT INTO cert_records (tx_id, stream_id, revision) VALUES ($1, $2, $3) ON CONFLICT (tx_id) DO NOTHING', [
          event.id,
          event.streamId,
          event.revision,
        ]);
      }
      const delta = counterDelta(event);
      if (delta.events !== 0 || delta.certificates !== 0) {
        await db.query('UPDATE cert_counters SET events = events + $1, certificates = certificates + $2 WHERE id = 1', [
          delta.events,
          delta.certificates,
        ]);
      }
      if (event.type === 'EventArticleCreated') {
        const a = event.data as unknown as ArticleData;
        await db.query(
          `INSERT INTO cert_articles (article_id, company_id, title, location, date, description, other_images, attendance_rule, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9) ON CONFLICT (article_id) DO NOTHING`,
          [
            a.articleId,
            a.companyId,
            a.title,
            a.location,
            a.date,
            a.description,
            JSON.stringify(a.otherImage),
            JSON.stringify(a.attendanceRule),
            event.metadata.recordedAt,
          ],
        );
      } else if (event.type === 'EventArticlePublished') {
        await db.query('UPDATE cert_articles SET published = true, published_at = $2 WHERE article_id = $1', [
          (event.data as { articleId: string }).articleId,
          at(event),
        ]);
      } else if (event.type === 'EventScanFailed') {
        const s = event.data as unknown as ScanFailedData;
        await db.query(
          'INSERT INTO cert_failed_scans (tx_id, article_id, registration_id, direction, reason, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tx_id) DO NOTHING',
          [event.id, s.articleId, s.registrationId, s.direction, s.reason, s.at],
        );
      } else if (event.type === 'CertificateKeyPublished') {
        const k = event.data as unknown as CertificateKeyPublishedData;
        await db.query('INSERT INTO cert_keys (kid, public_key, not_before) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING', [
          k.kid,
          k.publicKey,
          k.notBefore,
        ]);
      } else {
        await registrationEvent(event, db);
      }
    }
  },
};
