// Read model `cheque_payments`: a row per cheque or bank draft a company recorded, with its bill, status,
// who recorded it and who cleared or rejected it. Fed in the append's transaction. Lists read newest first
// by the position in the log (one index for the platform's list, one per company, one per bill for the
// "already one pending" check).
import type { Projection, StoredEvent } from '@binaan/event-store';
import { CHEQUE_PAYMENT_EVENT_TYPES, CHEQUE_PAYMENT_STREAM_TYPE, type ChequePaymentEvent } from './cheque-payments.events.js';

export const chequePaymentsProjection: Projection = {
  name: 'chequePayments',
  eventTypes: CHEQUE_PAYMENT_EVENT_TYPES,
  tables: ['cheque_payments'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS cheque_payments (
      cheque_payment_id text PRIMARY KEY, position bigint NOT NULL, billing_id text NOT NULL, company_id text NOT NULL,
      kind text NOT NULL, cheque_no text NOT NULL, cheque_date text NOT NULL, bank text NOT NULL, amount bigint NOT NULL, currency text NOT NULL,
      status text NOT NULL, remark text, recorded_at timestamptz NOT NULL, recorded_by text, decided_at timestamptz, decided_by text, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS cheque_payments_by_position ON cheque_payments (position);
    CREATE INDEX IF NOT EXISTS cheque_payments_by_company ON cheque_payments (company_id, position);
    CREATE INDEX IF NOT EXISTS cheque_payments_by_status ON cheque_payments (status, position);
    CREATE INDEX IF NOT EXISTS cheque_payments_by_billing ON cheque_payments (billing_id, status);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== CHEQUE_PAYMENT_STREAM_TYPE) continue;
      const event = { type: stored.type, data: stored.data } as ChequePaymentEvent;
      if (event.type === 'ChequePaymentRecorded') {
        const c = event.data;
        await db.query(
          `INSERT INTO cheque_payments (cheque_payment_id, position, billing_id, company_id, kind, cheque_no, cheque_date, bank, amount, currency, status, recorded_at, recorded_by, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'none', $11, $12, $13) ON CONFLICT (cheque_payment_id) DO NOTHING`,
          [
            c.chequePaymentId,
            stored.globalPosition,
            c.billingId,
            c.companyId,
            c.kind,
            c.chequeNo,
            c.chequeDate,
            c.bank,
            c.amount,
            c.currency,
            stored.metadata.recordedAt,
            c.recordedBy,
            stored.revision,
          ],
        );
      } else if (event.type === 'ChequePaymentStatusChanged') {
        const change = event.data.change;
        const decided = change.statusAfter === 'pending' ? null : change.at;
        await db.query(
          `UPDATE cheque_payments SET status = $2, revision = $3, remark = COALESCE($4, remark), decided_at = COALESCE($5, decided_at), decided_by = CASE WHEN $5::timestamptz IS NULL THEN decided_by ELSE $6 END
           WHERE cheque_payment_id = $1`,
          [event.data.chequePaymentId, change.statusAfter, stored.revision, change.remark ?? null, decided, change.actor.userId],
        );
      }
    }
  },
};
