// Read model of the lists of tenderers: `approved_tenderers`, one row per buyer and listed company with its
// status and last change. Flat: a buyer's list per status is one index range
// (buyer_company_id, status, changed_at DESC, company_id), newest change first.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { TENDERER_STREAM_TYPE, type TendererApproved, type TendererProposed, type TendererRejected } from './tenderer.events.js';

export const approvedTenderersProjection: Projection = {
  name: 'approvedTenderers',
  eventTypes: ['TendererProposed', 'TendererApproved', 'TendererRejected'],
  tables: ['approved_tenderers'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS approved_tenderers (
      buyer_company_id text NOT NULL, company_id text NOT NULL, status text NOT NULL,
      proposed_at timestamptz NOT NULL, proposed_by text NOT NULL, note text,
      decided_at timestamptz, decided_by text, remark text, changed_at timestamptz NOT NULL,
      PRIMARY KEY (buyer_company_id, company_id));
    CREATE INDEX IF NOT EXISTS approved_tenderers_by_status ON approved_tenderers (buyer_company_id, status, changed_at DESC, company_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === TENDERER_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== TENDERER_STREAM_TYPE) continue;
      const at = stored.metadata.recordedAt;
      if (stored.type === 'TendererProposed') {
        const d = stored.data as unknown as TendererProposed;
        // A rejected company proposed again starts a new round: the old decision is cleared (kept in the stream).
        await db.query(
          `INSERT INTO approved_tenderers (buyer_company_id, company_id, status, proposed_at, proposed_by, note, changed_at) VALUES ($1, $2, 'pending', $3, $4, $5, $3)
           ON CONFLICT (buyer_company_id, company_id) DO UPDATE SET status = 'pending', proposed_at = $3, proposed_by = $4, note = $5,
             decided_at = NULL, decided_by = NULL, remark = NULL, changed_at = $3`,
          [d.buyerCompanyId, d.companyId, at, d.by, d.note],
        );
      } else if (stored.type === 'TendererApproved' || stored.type === 'TendererRejected') {
        const d = stored.data as unknown as TendererApproved | TendererRejected;
        await db.query(
          'UPDATE approved_tenderers SET status = $3, decided_at = $4, decided_by = $5, remark = $6, changed_at = $4 WHERE buyer_company_id = $1 AND company_id = $2',
          [d.buyerCompanyId, d.companyId, stored.type === 'TendererApproved' ? 'approved' : 'rejected', at, d.by, d.remark],
        );
      }
    }
  },
};
