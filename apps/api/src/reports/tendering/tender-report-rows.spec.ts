// The tendering reports' folds, pure: given a stream's events, its row.
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import type { Row, RowSource } from '../report-rows.js';
import { awardRows, invitationRows, quotationRows, tenderRows } from './tender-report-rows.js';

const event = (streamId: string, streamType: string, type: string, recordedAt: string, data: Record<string, JsonValue>) =>
  ({
    id: 'e',
    streamId,
    streamType,
    revision: 0,
    globalPosition: 0,
    type,
    data,
    metadata: { recordedAt },
    prevHash: '',
    hash: '',
  }) as StoredEvent;
const fold = <R extends Row>(source: RowSource<R>, events: StoredEvent[]) =>
  events.reduce<R | null>((row, next) => source.fold(row, next), null);

describe('tendering report rows', () => {
  it('a tender: its company and project (an edit moves it), issued at its first activation only', () => {
    const s = 'tender-T1';
    expect(
      fold(tenderRows, [
        event(s, 'tender', 'DocumentDrafted', '2026-03-01T00:00:00.000Z', {
          documentId: 'T1',
          companyId: 'B',
          fields: { projectId: 'P1' },
        }),
        event(s, 'tender', 'WorkflowStatusChanged', '2026-03-02T00:00:00.000Z', { statusAfter: 'pendingActivation' }),
        event(s, 'tender', 'DocumentEdited', '2026-03-03T00:00:00.000Z', { changes: { projectId: 'P2' } }),
        event(s, 'tender', 'WorkflowStatusChanged', '2026-03-04T00:00:00.000Z', { statusAfter: 'active' }),
        event(s, 'tender', 'WorkflowStatusChanged', '2026-03-05T00:00:00.000Z', { statusAfter: 'comparison' }),
        event(s, 'tender', 'WorkflowStatusChanged', '2026-03-06T00:00:00.000Z', { statusAfter: 'active' }),
      ]),
    ).toEqual({ stream_id: s, tender_id: 'T1', company_id: 'B', project_id: 'P2', activated_at: '2026-03-04T00:00:00.000Z' });
  });

  it('an invitation list: each seller once, at its first invitation', () => {
    const invited = (at: string, seller: string) =>
      event('tenderInvitations-T1', 'tenderInvitations', 'TenderSellerInvited', at, {
        tenderId: 'T1',
        buyerCompanyId: 'B',
        sellerCompanyId: seller,
      });
    const row = fold(invitationRows, [
      invited('2026-03-01T00:00:00.000Z', 'S1'),
      invited('2026-03-02T00:00:00.000Z', 'S2'),
      invited('2026-03-03T00:00:00.000Z', 'S1'),
    ]);
    expect(row && { ...row, sellers: JSON.parse(row.sellers) as unknown }).toEqual({
      stream_id: 'tenderInvitations-T1',
      tender_id: 'T1',
      buyer_company_id: 'B',
      sellers: [
        { s: 'S1', at: '2026-03-01T00:00:00.000Z' },
        { s: 'S2', at: '2026-03-02T00:00:00.000Z' },
      ],
    });
  });

  it('a quotation responded at its first submission; a revision does not move it', () => {
    const s = 'tenderQuotation-T1-S1';
    const data = { tenderId: 'T1', sellerCompanyId: 'S1', total: '9.00' };
    expect(
      fold(quotationRows, [
        event(s, 'tenderQuotation', 'QuotationSubmitted', '2026-03-05T00:00:00.000Z', data),
        event(s, 'tenderQuotation', 'QuotationRevised', '2026-03-06T00:00:00.000Z', data),
      ]),
    ).toEqual({
      stream_id: s,
      tender_id: 'T1',
      seller_company_id: 'S1',
      quoted_at: '2026-03-05T00:00:00.000Z',
    });
  });

  it('an award: the latest round names the winner', () => {
    const s = 'tenderAward-T1';
    const awarded = (at: string, seller: string) =>
      event(s, 'tenderAward', 'TenderAwarded', at, { tenderId: 'T1', buyerCompanyId: 'B', sellerCompanyId: seller });
    expect(fold(awardRows, [awarded('2026-03-07T00:00:00.000Z', 'S1'), awarded('2026-03-09T00:00:00.000Z', 'S2')])).toEqual({
      stream_id: s,
      tender_id: 'T1',
      buyer_company_id: 'B',
      seller_company_id: 'S2',
      awarded_at: '2026-03-09T00:00:00.000Z',
    });
  });
});
