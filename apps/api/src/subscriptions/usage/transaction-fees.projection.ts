// The transaction fees companies owe (§9: 1.5% on awards and payment certificates), accrued as documents
// reach the status that commits the money: an award (a letter of award, or a purchase, work or rental order
// drawn from a tender: the documents that show the fee, document-fees-view.ts) when it is issued to the
// seller (its last approval sends it, pendingConfirmation), a payment certificate when it is approved. The
// issuer owes it (README.md "Usage billing"). The tender itself is not charged: its award is charged on the
// letter or order that carries it out. Two tables:
//   fee_bases        such a document's fee base as it stands (its subtotal; `charged` false for a certificate
//                    without a work-done valuation or an order not drawn from a tender), from its drafts and edits
//   transaction_fees one row per document that accrued its fee, with the base at that moment and when: the
//                    monthly usage bill reads a company's month from here (by company and time)
// A document accrues once: a letter of award rejected by the seller and sent again is not charged twice.
import type { DocumentDrafted, DocumentEdited, WorkflowStatusChanged } from '@binaan/contracts';
import type { InlineStatement, Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { documentIdOf } from '../../documents/document.state.js';
import { parseMoney } from '../../documents/money.js';

/** The kinds that pay the fee, and the status at which each accrues it. */
export const FEE_ACCRUING_STATUS: Readonly<Record<string, string>> = {
  letterOfAward: 'pendingConfirmation',
  purchaseOrder: 'pendingConfirmation',
  workOrder: 'pendingConfirmation',
  rentalOrder: 'pendingConfirmation',
  paymentCertificate: 'approved',
};
export type FeeDocumentKind = 'letterOfAward' | 'purchaseOrder' | 'workOrder' | 'rentalOrder' | 'paymentCertificate';

const feeKind = (resource: string): resource is FeeDocumentKind => resource in FEE_ACCRUING_STATUS;
const sen = (money: string | null | undefined) => Number(money ? (parseMoney(money) ?? 0n) : 0n);

type FeeFields = { workDoneAmount?: string | null; sourceDocumentId?: string | null };
/**
 * Whether the document pays the fee, as document-fees-view.ts transactionFeeBase says: a letter of award
 * always, a certificate with its valuation, an order drawn from a tender.
 */
function charged(resource: string, fields: FeeFields): boolean {
  if (resource === 'letterOfAward') return true;
  if (resource === 'paymentCertificate') return fields.workDoneAmount !== null && fields.workDoneAmount !== undefined;
  return typeof fields.sourceDocumentId === 'string' && fields.sourceDocumentId !== '';
}

function accrual(stored: StoredEvent): InlineStatement | null {
  const event = stored.data as unknown as WorkflowStatusChanged;
  if (FEE_ACCRUING_STATUS[stored.streamType] !== event.statusAfter) return null;
  return {
    text: `INSERT INTO transaction_fees (document_id, company_id, resource, document_no, base_sen, accrued_at)
           SELECT document_id, company_id, resource, document_no, base_sen, $2::timestamptz FROM fee_bases
           WHERE document_id = $1 AND charged ON CONFLICT (document_id) DO NOTHING`,
    params: [documentIdOf(stored.streamId, stored.streamType as FeeDocumentKind), stored.metadata.recordedAt],
  };
}

export const transactionFeesProjection: Projection = {
  name: 'transactionFees',
  eventTypes: ['DocumentDrafted', 'DocumentEdited', 'WorkflowStatusChanged'],
  tables: ['fee_bases', 'transaction_fees'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS fee_bases (
      document_id text PRIMARY KEY, company_id text NOT NULL, resource text NOT NULL, document_no text NOT NULL, base_sen bigint NOT NULL, charged boolean NOT NULL);
    CREATE TABLE IF NOT EXISTS transaction_fees (
      document_id text PRIMARY KEY, company_id text NOT NULL, resource text NOT NULL, document_no text NOT NULL, base_sen bigint NOT NULL, accrued_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS transaction_fees_by_time ON transaction_fees (accrued_at, company_id);`,
  async apply(events: readonly StoredEvent[], db: SqlExecutor) {
    for (const stored of events) {
      if (!feeKind(stored.streamType)) continue;
      if (stored.type === 'DocumentDrafted') {
        const { data } = stored as unknown as DocumentDrafted;
        await db.query(
          `INSERT INTO fee_bases (document_id, company_id, resource, document_no, base_sen, charged) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (document_id) DO NOTHING`,
          [
            data.documentId,
            data.companyId,
            data.resource,
            data.documentNo,
            sen(data.fields.totals.subtotal),
            charged(data.resource, data.fields as FeeFields),
          ],
        );
      } else if (stored.type === 'DocumentEdited') {
        const { changes } = (stored as unknown as DocumentEdited).data;
        const id = documentIdOf(stored.streamId, stored.streamType);
        if (changes.totals) await db.query('UPDATE fee_bases SET base_sen = $2 WHERE document_id = $1', [id, sen(changes.totals.subtotal)]);
        const fields = changes as FeeFields;
        if (stored.streamType === 'paymentCertificate' ? 'workDoneAmount' in fields : 'sourceDocumentId' in fields) {
          await db.query('UPDATE fee_bases SET charged = $2 WHERE document_id = $1', [id, charged(stored.streamType, fields)]);
        }
      } else if (stored.type === 'WorkflowStatusChanged') {
        const write = accrual(stored);
        if (write) await db.query(write.text, write.params);
      }
    }
  },
  // A status change rides in the append's own statement (the documents' actions stay one round trip): most
  // write nothing here; the one that accrues is one INSERT from the base kept. Drafts and edits use apply.
  inline(events) {
    const statements: InlineStatement[] = [];
    for (const stored of events) {
      if (!feeKind(stored.streamType)) continue;
      if (stored.type !== 'WorkflowStatusChanged') return null;
      const write = accrual(stored);
      if (write)
        statements.push({ ...write, text: `${write.text.replace('ON CONFLICT', 'AND EXISTS (SELECT 1 FROM appended) ON CONFLICT')}` });
    }
    return statements;
  },
};
