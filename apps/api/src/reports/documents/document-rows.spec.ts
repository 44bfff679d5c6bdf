// Given a purchase order's events as the deciders write them, then its report row, computed by hand: the
// buyer and seller, the total with SST, since when in which status, when it was sent, committed and
// completed, and the time level 20 kept it waiting.
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from '../../documents/document.decider.js';
import { foldDocument } from '../../documents/document.state.js';
import { documentReportRows, type DocumentReportRow } from './document-rows.js';

const ID = '0190a2b4-0000-7000-8000-000000000009';
const STREAM = `purchaseOrder-${ID}`;
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const lim = userWith('purchaseOrder', 'lim', 'teguh-bina', [20]);
const mei = userWith('purchaseOrder', 'mei', 'mutiara', [20]);
const body = {
  title: 'Rebar',
  counterpartyCompanyId: 'mutiara',
  endDate: '2026-04-30',
  items: [{ lineNo: 1, description: 'Y12', unit: 'ton', quantity: '3.000', rate: '3000.00', amount: '9000.00', includeZeroRate: false }],
};
/** Event n is recorded n hours after 1 April 2026 00:00 UTC. */
const at = (n: number) => new Date(Date.UTC(2026, 3, 1, n)).toISOString();

function stored(revision: number, type: string, data: unknown): StoredEvent {
  return {
    id: String(revision),
    streamId: STREAM,
    streamType: 'purchaseOrder',
    revision,
    globalPosition: revision + 1,
    type,
    data: data as JsonValue,
    metadata: { recordedAt: at(revision) },
    prevHash: '',
    hash: '',
  };
}

function walk(...actions: [string, typeof kumar][]): StoredEvent[] {
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, at(0));
  const events = creationEvents({
    resource: 'purchaseOrder',
    documentId: ID,
    documentNo: 'PO-2026-00009',
    actor: kumar,
    fields,
    statusEvent,
  }).map((e, i) => stored(i, e.type, e.data));
  for (const [name, actor] of actions)
    events.push(
      stored(
        events.length,
        'WorkflowStatusChanged',
        decideAction(foldDocument(events)!, name, { remark: 'checked' }, actor, at(events.length)),
      ),
    );
  return events;
}

const fold = (events: StoredEvent[]) => events.reduce<DocumentReportRow | null>((row, event) => documentReportRows.fold(row, event), null);

describe('the report row of a document', () => {
  it("a drafted order: the buyer's, to Mutiara, 9,000.00 with SST 6% = 9,540.00, new since its creation, not sent", () => {
    expect(fold(walk())).toMatchObject({
      resource: 'purchaseOrder',
      company_id: 'teguh-bina',
      buyer_company_id: 'teguh-bina',
      seller_company_id: 'mutiara',
      total_sen: '954000',
      status: 'new',
      status_since: at(1),
      created_at: at(0),
      shared_at: null,
      committed_at: null,
      completed_at: null,
      end_date: '2026-04-30',
      approval_waits: '[]',
    });
  });

  it('asked for approval (event 2), approved at level 20 an hour later (3), accepted by the seller (4), fulfilled (5)', () => {
    const row = fold(walk(['Request_Approve', kumar], ['Approve', lim], ['Confirm', mei], ['Fulfil', kumar]))!;
    expect(row).toMatchObject({
      status: 'fulfilled',
      status_since: at(5),
      shared_at: at(3),
      committed_at: at(4),
      completed_at: at(5),
      approval_round: null,
    });
    expect(JSON.parse(row.approval_waits)).toEqual([{ level: 20, since: at(2), until: at(3), outcome: 'approved', round: at(2) }]);
  });

  it('rejected by its approver: the wait ends rejected and nothing is committed', () => {
    const row = fold(walk(['Request_Approve', kumar], ['Reject', lim]))!;
    expect(row).toMatchObject({ status: 'rejected', status_since: at(3), shared_at: null, committed_at: null });
    expect(JSON.parse(row.approval_waits)).toEqual([{ level: 20, since: at(2), until: at(3), outcome: 'rejected', round: at(2) }]);
  });

  it('events of other streams and kinds leave the row as it was', () => {
    const row = fold(walk());
    const other = { ...walk()[0]!, streamType: 'tender' };
    expect(documentReportRows.fold(row, other)).toBe(row);
  });
});

describe('the report row of a payment certificate', () => {
  const certifier = userWith('paymentCertificate', 'hafiz', 'seri-hartanah', [10]);
  const STREAM_PC = 'paymentCertificate-0190a2b4-0000-7000-8000-00000000000a';
  const draft = (fields: Record<string, unknown>) => {
    const { fields: recorded, statusEvent } = decideCreate(
      'paymentCertificate',
      { title: 'Valuation 3', counterpartyCompanyId: 'kukuh-jaya', sstApplicable: false, items: [], ...fields },
      certifier,
      at(0),
    );
    return creationEvents({
      resource: 'paymentCertificate',
      documentId: '0190a2b4-0000-7000-8000-00000000000a',
      documentNo: 'PYC-2026-00001',
      actor: certifier,
      fields: recorded,
      statusEvent,
    }).map((e, i) => ({ ...stored(i, e.type, e.data), streamId: STREAM_PC, streamType: 'paymentCertificate' }));
  };

  it('certifies its amount due and holds its retention: work done 50,000, retention 10% capped at 5% of 100,000, 10,000 certified before', () => {
    // Gross 50,000.00; retention 10% = 5,000.00, at the cap (5% of 100,000.00); net 45,000.00; due 45,000.00 - 10,000.00 = 35,000.00.
    const row = fold(
      draft({
        contractSum: '100000.00',
        workDoneAmount: '50000.00',
        unfixedGoodsAmount: '0.00',
        previousCertifiedAmount: '10000.00',
        retentionPercent: '10',
        retentionLimitPercent: '5',
      }),
    )!;
    expect(row).toMatchObject({
      resource: 'paymentCertificate',
      buyer_company_id: 'seri-hartanah',
      seller_company_id: 'kukuh-jaya',
      certified_sen: '3500000',
      retention_sen: '500000',
    });
  });

  it('an edit of the work done recomputes both: 60,000 done, retention 10% = 6,000 capped at 5,000, due 45,000', () => {
    const events = draft({
      contractSum: '100000.00',
      workDoneAmount: '50000.00',
      unfixedGoodsAmount: '0.00',
      previousCertifiedAmount: '10000.00',
      retentionPercent: '10',
      retentionLimitPercent: '5',
    });
    events.push({
      ...events[0]!,
      revision: 2,
      type: 'DocumentEdited',
      data: { schemaVersion: 2, changes: { workDoneAmount: '60000.00' }, editedBy: 'hafiz' },
    });
    expect(fold(events)).toMatchObject({ certified_sen: '4500000', retention_sen: '500000' });
  });
});
