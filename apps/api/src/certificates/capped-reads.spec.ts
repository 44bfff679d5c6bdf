// The certificates context's capped reads: a list kept short on purpose says how many exist in
// all and that more exist than listed, and the counts are of the whole event, never of the rows listed.
// On PGlite with the projection's own tables, rows written directly, caps made small.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGliteDatabase } from '@binaan/event-store';
import { attendanceOf, companyEvents, publishedEvents } from './certificates-reads.js';
import { certificatesProjection } from './certificates.projection.js';

describe('capped certificate reads', () => {
  let db: PGliteDatabase;

  beforeAll(async () => {
    db = await PGliteDatabase.open();
    for (const sql of certificatesProjection.setupSql
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean))
      await db.query(sql);
    for (let i = 0; i < 5; i++) {
      await db.query(
        `INSERT INTO cert_articles (article_id, company_id, title, location, date, description, other_images, attendance_rule, published, created_at)
         VALUES ($1, $2, $3, 'KL', $4, '', '[]', '{}', $5, now())`,
        [`a${i}`, i < 4 ? 'c1' : 'c2', `Talk ${i}`, `2026-0${i + 1}-10T00:00:00Z`, i !== 1],
      );
    }
    for (let i = 0; i < 7; i++) {
      await db.query(
        `INSERT INTO cert_registrations (registration_id, article_id, user_id, name, email, contact, company_name, registered_at, register_tx, register_hash, check_in_at, check_out_at)
         VALUES ($1, 'a0', $2, $3, $4, '', '', $5, 'tx', 'h', $6, NULL)`,
        [
          `r${i}`,
          `u${i}`,
          `Person ${i}`,
          `p${i}@example.my`,
          `2026-01-0${i + 1}T00:00:00Z`,
          i % 2 === 0 ? `2026-01-10T0${i}:00:00Z` : null,
        ],
      );
    }
    for (let i = 0; i < 3; i++) {
      await db.query(
        `INSERT INTO cert_failed_scans (tx_id, article_id, at, direction, reason, registration_id) VALUES ($1, 'a0', $2, 'checkIn', 'unknownTicket', '')`,
        [`f${i}`, `2026-01-10T0${i}:00:00Z`],
      );
    }
  });
  afterAll(async () => db.close());

  it('an event with more registrations and failed scans than listed says so, with whole-event counts', async () => {
    const { participants, failedScans, counts } = await attendanceOf(db, 'a0', { registrations: 5, failedScans: 2 });
    expect(participants.map((p) => p.registration_id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(failedScans.map((s) => s.tx_id)).toEqual(['f2', 'f1']);
    expect(counts).toEqual({ registered: 7, checkedIn: 4, checkedOut: 0, failedScans: 3 });
  });

  it('an event within the caps lists everything', async () => {
    const { participants, counts } = await attendanceOf(db, 'a0', { registrations: 7, failedScans: 3 });
    expect([participants.length, counts.registered]).toEqual([7, 7]);
  });

  it("the organizer's events and the published events say more exist past the cap, and how many", async () => {
    const company = await companyEvents(db, 'c1', 3);
    expect([company.rows.map((e) => e.id), company.total, company.more]).toEqual([['a3', 'a2', 'a1'], 4, true]);
    const all = await companyEvents(db, 'c1', 4);
    expect([all.rows.length, all.total, all.more]).toEqual([4, 4, false]);
    const published = await publishedEvents(db, 2);
    expect([published.rows.length, published.total, published.more]).toEqual([2, 4, true]);
    expect((await publishedEvents(db, 4)).more).toBe(false);
  });
});
