// Read-model lookups of this context (plain functions over a SqlExecutor), and the participant detail in
// the spec's shape (public-area.md §3): "-" for a missing hash, id or number, EMPTY_DATE for a missing date.
import {
  EMPTY_DATE,
  MISSING,
  type AttendanceParticipant,
  type AttendanceRule,
  type EventListItem,
  type FailedScan,
  type OrganizerEvent,
  type ParticipantDetail,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { iso } from '../common/iso.js';

/** A missing date reads as EMPTY_DATE in this context's replies. */
const isoOrEmpty = (value: string | Date | null | undefined): string => (value === null || value === undefined ? EMPTY_DATE : iso(value));
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export type ArticleRow = {
  article_id: string;
  company_id: string;
  title: string;
  location: string;
  date: string | Date;
  description: string;
  other_images: string[] | string;
  attendance_rule: AttendanceRule | string;
  published: boolean;
};

export type RegistrationRow = {
  registration_id: string;
  article_id: string;
  user_id: string;
  name: string;
  email: string;
  contact: string;
  company_name: string;
  registered_at: string | Date;
  register_tx: string;
  register_hash: string;
  check_in_at: string | Date | null;
  check_in_tx: string | null;
  check_in_hash: string | null;
  check_out_at: string | Date | null;
  check_out_tx: string | null;
  check_out_hash: string | null;
  certificate_no: string | null;
  issued_at: string | Date | null;
  issue_tx: string | null;
  issue_hash: string | null;
  approved_at: string | Date | null;
  approve_tx: string | null;
  approve_hash: string | null;
  emailed_at: string | Date | null;
  email_tx: string | null;
  revoked_at: string | Date | null;
  revoke_reason: string | null;
  revoke_tx: string | null;
};

export const toListItem = (row: ArticleRow): EventListItem => ({
  id: row.article_id,
  title: row.title,
  location: row.location,
  date: isoOrEmpty(row.date),
  description: row.description,
  otherImage: parsed(row.other_images),
});

export const ruleOf = (row: ArticleRow): AttendanceRule => parsed(row.attendance_rule);

/** The participant detail the spec's certificate page shows: nothing of the e-mail or phone. */
export function participantDetail(row: RegistrationRow): ParticipantDetail {
  const or = (value: string | null) => value ?? MISSING;
  return {
    id: row.registration_id,
    name: row.name,
    registration_datetime: isoOrEmpty(row.registered_at),
    register_hash: row.register_hash,
    register_tx_id: row.register_tx,
    check_in: isoOrEmpty(row.check_in_at),
    check_in_hash: or(row.check_in_hash),
    check_in_tx_id: or(row.check_in_tx),
    check_out: isoOrEmpty(row.check_out_at),
    check_out_hash: or(row.check_out_hash),
    check_out_tx_id: or(row.check_out_tx),
    issues_cert_datetime: isoOrEmpty(row.issued_at),
    issues_cert_hash: or(row.issue_hash),
    issues_cert_tx_id: or(row.issue_tx),
    approve_datetime: isoOrEmpty(row.approved_at),
    send_email_datetime: isoOrEmpty(row.emailed_at),
    certificate_no: or(row.certificate_no),
    revoked: row.revoked_at !== null,
  };
}

export async function articleRow(db: SqlExecutor, articleId: string): Promise<ArticleRow | null> {
  const [row] = await db.query<ArticleRow>('SELECT * FROM cert_articles WHERE article_id = $1', [articleId]);
  return row ?? null;
}

export async function registrationRow(db: SqlExecutor, registrationId: string): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>('SELECT * FROM cert_registrations WHERE registration_id = $1', [registrationId]);
  return row ?? null;
}

export async function registrationByCertificate(db: SqlExecutor, certificateNo: string): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>('SELECT * FROM cert_registrations WHERE certificate_no = $1', [certificateNo]);
  return row ?? null;
}

/**
 * Caps kept on purpose: each read says how many there are in all (`total`) and whether more exist
 * than it lists (`more`), so a page can say so and nothing is cut off in silence.
 */
export const READ_CAPS = { publishedEvents: 100, companyEvents: 500, registrations: 5_000, failedScans: 500 };
export type Capped<T> = { rows: T[]; total: number; more: boolean };

async function countOf(db: SqlExecutor, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ total: string | number }>(sql, params);
  return Number(row?.total ?? 0);
}

export async function publishedEvents(db: SqlExecutor, cap = READ_CAPS.publishedEvents): Promise<Capped<EventListItem>> {
  const rows = await db.query<ArticleRow>(`SELECT * FROM cert_articles WHERE published ORDER BY date DESC, article_id LIMIT ${cap + 1}`);
  const more = rows.length > cap;
  const total = more ? await countOf(db, 'SELECT count(*) AS total FROM cert_articles WHERE published', []) : rows.length;
  return { rows: rows.slice(0, cap).map(toListItem), total, more };
}

export async function landingCounters(db: SqlExecutor): Promise<{ events: number; certificates: number }> {
  const [row] = await db.query<{ events: number; certificates: number }>('SELECT events, certificates FROM cert_counters WHERE id = 1');
  return { events: Number(row?.events ?? 0), certificates: Number(row?.certificates ?? 0) };
}

export async function insideCount(db: SqlExecutor, articleId: string): Promise<number> {
  const [row] = await db.query<{ inside: number | string }>(
    'SELECT count(*) AS inside FROM cert_registrations WHERE article_id = $1 AND check_in_at IS NOT NULL AND check_out_at IS NULL',
    [articleId],
  );
  return Number(row?.inside ?? 0);
}

export async function companyEvents(db: SqlExecutor, companyId: string, cap = READ_CAPS.companyEvents): Promise<Capped<OrganizerEvent>> {
  const rows = await db.query<ArticleRow & { registrations: string | number; inside: string | number; certificates: string | number }>(
    `SELECT a.*, (SELECT count(*) FROM cert_registrations r WHERE r.article_id = a.article_id) AS registrations,
       (SELECT count(*) FROM cert_registrations r WHERE r.article_id = a.article_id AND r.check_in_at IS NOT NULL AND r.check_out_at IS NULL) AS inside,
       (SELECT count(*) FROM cert_registrations r WHERE r.article_id = a.article_id AND r.certificate_no IS NOT NULL) AS certificates
     FROM cert_articles a WHERE a.company_id = $1 ORDER BY a.date DESC, a.article_id LIMIT ${cap + 1}`,
    [companyId],
  );
  const more = rows.length > cap;
  const total = more ? await countOf(db, 'SELECT count(*) AS total FROM cert_articles WHERE company_id = $1', [companyId]) : rows.length;
  return {
    total,
    more,
    rows: rows.slice(0, cap).map((row) => ({
      ...toListItem(row),
      published: row.published,
      attendance_rule: ruleOf(row),
      registrations: Number(row.registrations),
      inside: Number(row.inside),
      certificates: Number(row.certificates),
    })),
  };
}

export type AttendanceCounts = { registered: number; checkedIn: number; checkedOut: number; failedScans: number };

export async function attendanceOf(
  db: SqlExecutor,
  articleId: string,
  caps = { registrations: READ_CAPS.registrations, failedScans: READ_CAPS.failedScans },
): Promise<{ participants: AttendanceParticipant[]; failedScans: FailedScan[]; counts: AttendanceCounts }> {
  const rows = await db.query<RegistrationRow>(
    `SELECT * FROM cert_registrations WHERE article_id = $1 ORDER BY registered_at, registration_id LIMIT ${caps.registrations}`,
    [articleId],
  );
  const scans = await db.query<{
    tx_id: string;
    at: string | Date;
    direction: FailedScan['direction'];
    reason: FailedScan['reason'];
    registration_id: string;
  }>(
    `SELECT tx_id, at, direction, reason, registration_id FROM cert_failed_scans WHERE article_id = $1 ORDER BY at DESC, tx_id LIMIT ${caps.failedScans}`,
    [articleId],
  );
  // The counts are of the whole event, not of the rows listed.
  const [counted] = await db.query<{
    registered: string | number;
    checked_in: string | number;
    checked_out: string | number;
    failed: string | number;
  }>(
    `SELECT count(*) AS registered, count(check_in_at) AS checked_in, count(check_out_at) AS checked_out,
       (SELECT count(*) FROM cert_failed_scans WHERE article_id = $1) AS failed
     FROM cert_registrations WHERE article_id = $1`,
    [articleId],
  );
  return {
    counts: {
      registered: Number(counted?.registered ?? 0),
      checkedIn: Number(counted?.checked_in ?? 0),
      checkedOut: Number(counted?.checked_out ?? 0),
      failedScans: Number(counted?.failed ?? 0),
    },
    participants: rows.map((r) => ({
      registration_id: r.registration_id,
      user_id: r.user_id,
      name: r.name,
      email: r.email,
      contact: r.contact,
      company_name: r.company_name,
      registration_datetime: isoOrEmpty(r.registered_at),
      check_in: isoOrEmpty(r.check_in_at),
      check_out: isoOrEmpty(r.check_out_at),
      certificate_no: r.certificate_no ?? MISSING,
      issues_cert_datetime: isoOrEmpty(r.issued_at),
      approve_datetime: isoOrEmpty(r.approved_at),
      send_email_datetime: isoOrEmpty(r.emailed_at),
      revoked_datetime: isoOrEmpty(r.revoked_at),
      revoke_reason: r.revoke_reason ?? MISSING,
    })),
    failedScans: scans.map((s) => ({
      tx_id: s.tx_id,
      at: isoOrEmpty(s.at),
      direction: s.direction,
      reason: s.reason,
      registration_id: s.registration_id || MISSING,
    })),
  };
}

export async function publishedKeys(db: SqlExecutor): Promise<{ kid: string; publicKey: string; notBefore: string }[]> {
  const rows = await db.query<{ kid: string; public_key: string; not_before: string | Date }>(
    'SELECT kid, public_key, not_before FROM cert_keys ORDER BY not_before, kid',
  );
  return rows.map((row) => ({ kid: row.kid, publicKey: row.public_key, notBefore: isoOrEmpty(row.not_before) }));
}

export async function transactionStream(db: SqlExecutor, txId: string): Promise<{ streamId: string; revision: number } | null> {
  const [row] = await db.query<{ stream_id: string; revision: number }>('SELECT stream_id, revision FROM cert_records WHERE tx_id = $1', [
    txId,
  ]);
  return row ? { streamId: row.stream_id, revision: Number(row.revision) } : null;
}
