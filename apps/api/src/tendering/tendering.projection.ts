// Read model of the tendering context: `tender_invitations`, one row per invited seller and tender (who,
// when, whether and when it quoted, its quotation's revision). No rate and no total: those stay in the
// quotation streams, so no list, export or count can leak a sealed bid. Flat, one index per list order:
// a seller's received list (newest invitation first) and a tender's invitees (the primary key); and the
// buyer's invitations by time, the one range §9's yearly allowance counts (allowance/).
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { QuotationData, TenderSellerInvited } from './tendering.events.js';
import { INVITATIONS_STREAM_TYPE, QUOTATION_STREAM_TYPE } from './tendering.events.js';

export const tenderingProjection: Projection = {
  name: 'tendering',
  eventTypes: ['TenderSellerInvited', 'QuotationSubmitted', 'QuotationRevised', 'QuotationConfirmed'],
  tables: ['tender_invitations'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS tender_invitations (
      tender_id text NOT NULL, seller_company_id text NOT NULL, buyer_company_id text NOT NULL, invitation_id text NOT NULL,
      invited_at timestamptz NOT NULL, invited_by text NOT NULL, quoted_at timestamptz, quotation_revision integer,
      PRIMARY KEY (tender_id, seller_company_id));
    CREATE INDEX IF NOT EXISTS tender_invitations_received ON tender_invitations (seller_company_id, invited_at, tender_id);
    CREATE INDEX IF NOT EXISTS tender_invitations_by_buyer ON tender_invitations (buyer_company_id, invited_at);`,
  inline: (events) =>
    events.some((stored) => stored.streamType === INVITATIONS_STREAM_TYPE || stored.streamType === QUOTATION_STREAM_TYPE) ? null : [],
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const at = stored.metadata.recordedAt;
      if (stored.type === 'TenderSellerInvited' && stored.streamType === INVITATIONS_STREAM_TYPE) {
        const d = stored.data as unknown as TenderSellerInvited;
        await db.query(
          `INSERT INTO tender_invitations (tender_id, seller_company_id, buyer_company_id, invitation_id, invited_at, invited_by)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tender_id, seller_company_id) DO NOTHING`,
          [d.tenderId, d.sellerCompanyId, d.buyerCompanyId, d.invitationId, at, d.by],
        );
      } else if (
        (stored.type === 'QuotationSubmitted' || stored.type === 'QuotationRevised' || stored.type === 'QuotationConfirmed') &&
        stored.streamType === QUOTATION_STREAM_TYPE
      ) {
        const d = stored.data as unknown as QuotationData;
        await db.query(
          'UPDATE tender_invitations SET quoted_at = $3, quotation_revision = $4 WHERE tender_id = $1 AND seller_company_id = $2',
          [d.tenderId, d.sellerCompanyId, at, stored.revision],
        );
      }
    }
  },
};
