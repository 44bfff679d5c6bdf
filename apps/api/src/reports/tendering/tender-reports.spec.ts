// The buyer's `tenders` and the seller's `tenderOutcomes` sections: given tenders gone active, invitations,
// quotations and awards recorded at known times, the counts per Malaysian month worked out by hand below;
// the same figures live and as of now; a report as of a time before a later change differs by that change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReportSection } from '@binaan/contracts';
import { openReportTestStore, reportQuery, type ReportTestStore } from '../report-store.testing.js';
import type { ReportQuery } from '../report-section.js';
import { tenderReportsProjection } from './tender-reports.projection.js';
import { tendersSection } from './tenders-section.js';
import { tenderOutcomesSection } from './tender-outcomes-section.js';

const NOW = '2026-05-01T00:00:00.000Z';
// 60 days: March (31) and April 1 to 29.
const buyer = (more: Partial<ReportQuery> = {}) => reportQuery('buyer', 'B', '2026-03-01', '2026-04-29', NOW, more);
const seller = (company: string, more: Partial<ReportQuery> = {}) => reportQuery('seller', company, '2026-03-01', '2026-04-29', NOW, more);

describe('tendering reports', () => {
  let t: ReportTestStore;
  const draw = async (section: typeof tendersSection, query: ReportQuery) => (await section.draw(query, t, { allRows: false })).rows;

  beforeAll(async () => {
    t = await openReportTestStore([tenderReportsProjection]);
    const tender = async (id: string, company: string, projectId: string, activeAt: string) => {
      await t.record('2026-02-01T00:00:00Z', `tender-${id}`, 'tender', 'DocumentDrafted', {
        documentId: id,
        companyId: company,
        fields: { projectId },
      });
      await t.record(activeAt, `tender-${id}`, 'tender', 'WorkflowStatusChanged', {
        statusBefore: 'pendingActivation',
        statusAfter: 'active',
      });
    };
    const invite = (at: string, id: string, buyerId: string, sellerId: string) =>
      t.record(at, `tenderInvitations-${id}`, 'tenderInvitations', 'TenderSellerInvited', {
        tenderId: id,
        invitationId: `${id}${sellerId}`,
        buyerCompanyId: buyerId,
        sellerCompanyId: sellerId,
        by: 'u1',
      });
    const quote = (at: string, id: string, sellerId: string) =>
      t.record(at, `tenderQuotation-${id}-${sellerId}`, 'tenderQuotation', 'QuotationSubmitted', {
        tenderId: id,
        sellerCompanyId: sellerId,
        tenderRevision: 2,
        items: [],
        total: '100.00',
        by: 'u2',
      });
    const award = (at: string, id: string, buyerId: string, sellerId: string) =>
      t.record(at, `tenderAward-${id}`, 'tenderAward', 'TenderAwarded', {
        tenderId: id,
        buyerCompanyId: buyerId,
        sellerCompanyId: sellerId,
        by: 'u1',
      });

    // T1: active 1 March 01:00 in Malaysia (28 Feb in UTC): March. S1 and S2 invited, S1 quotes and wins.
    await tender('T1', 'B', 'P1', '2026-02-28T17:00:00Z');
    await invite('2026-03-02T00:00:00Z', 'T1', 'B', 'S1');
    await invite('2026-03-02T00:00:00Z', 'T1', 'B', 'S2');
    await quote('2026-03-03T00:00:00Z', 'T1', 'S1');
    await award('2026-03-20T00:00:00Z', 'T1', 'B', 'S1');
    // T2: active 1 April 00:30 in Malaysia: April. S1 and S3 quote; awarded to S1, then again to S3.
    await tender('T2', 'B', 'P2', '2026-03-31T16:30:00Z');
    await invite('2026-04-02T00:00:00Z', 'T2', 'B', 'S1');
    await invite('2026-04-02T00:00:00Z', 'T2', 'B', 'S3');
    await quote('2026-04-03T00:00:00Z', 'T2', 'S1');
    await quote('2026-04-04T00:00:00Z', 'T2', 'S3');
    await award('2026-04-08T00:00:00Z', 'T2', 'B', 'S1');
    await award('2026-04-10T00:00:00Z', 'T2', 'B', 'S3');
    // T3: active 27 February 18:00 in Malaysia, before the window; S1 invited in March and quotes.
    await tender('T3', 'B', 'P1', '2026-02-27T10:00:00Z');
    await invite('2026-03-05T00:00:00Z', 'T3', 'B', 'S1');
    await quote('2026-03-06T00:00:00Z', 'T3', 'S1');
    // T4: another buyer's tender; S1 invited in March, no quotation.
    await tender('T4', 'B2', 'P9', '2026-03-09T00:00:00Z');
    await invite('2026-03-10T00:00:00Z', 'T4', 'B2', 'S1');
  });
  afterAll(async () => t.close());

  it("the buyer's tenders issued per month with the sellers invited and responding", async () => {
    expect(await draw(tendersSection, buyer())).toEqual([
      { month: '2026-03', issued: 1, invited: 2, responded: 1, responseRate: '50.0' },
      { month: '2026-04', issued: 1, invited: 2, responded: 2, responseRate: '100.0' },
    ]);
  });

  it('the buyer narrowed to a project or to one invited seller', async () => {
    expect(await draw(tendersSection, buyer({ projectId: 'P1' }))).toEqual([
      { month: '2026-03', issued: 1, invited: 2, responded: 1, responseRate: '50.0' },
      { month: '2026-04', issued: 0, invited: 0, responded: 0, responseRate: null },
    ]);
    expect(await draw(tendersSection, buyer({ counterpartyId: 'S3' }))).toEqual([
      { month: '2026-03', issued: 0, invited: 0, responded: 0, responseRate: null },
      { month: '2026-04', issued: 1, invited: 1, responded: 1, responseRate: '100.0' },
    ]);
  });

  it("a seller's invitations received, quoted and won per month, its own only", async () => {
    expect(await draw(tenderOutcomesSection, seller('S1'))).toEqual([
      { month: '2026-03', received: 3, quoted: 2, won: 1, winRate: '50.0' },
      { month: '2026-04', received: 1, quoted: 1, won: 0, winRate: '0.0' },
    ]);
    expect(await draw(tenderOutcomesSection, seller('S3'))).toEqual([
      { month: '2026-03', received: 0, quoted: 0, won: 0, winRate: null },
      { month: '2026-04', received: 1, quoted: 1, won: 1, winRate: '100.0' },
    ]);
    expect(await draw(tenderOutcomesSection, seller('S1', { counterpartyId: 'B2' }))).toEqual([
      { month: '2026-03', received: 1, quoted: 0, won: 0, winRate: null },
      { month: '2026-04', received: 0, quoted: 0, won: 0, winRate: null },
    ]);
  });

  it('as of a time before a change differs from after it by exactly that change', async () => {
    // S3's quotation on T2 at 4 April: the buyer's April responded 1 before, 2 after.
    expect((await draw(tendersSection, buyer({ asOf: new Date('2026-04-03T12:00:00Z') })))[1]).toEqual({
      month: '2026-04',
      issued: 1,
      invited: 2,
      responded: 1,
      responseRate: '50.0',
    });
    expect((await draw(tendersSection, buyer({ asOf: new Date('2026-04-04T12:00:00Z') })))[1]).toEqual({
      month: '2026-04',
      issued: 1,
      invited: 2,
      responded: 2,
      responseRate: '100.0',
    });
    // T1's award to S1 at 20 March: S1's March won 0 before, 1 after.
    expect((await draw(tenderOutcomesSection, seller('S1', { asOf: new Date('2026-03-19T00:00:00Z') })))[0]).toEqual({
      month: '2026-03',
      received: 3,
      quoted: 2,
      won: 0,
      winRate: '0.0',
    });
    expect((await draw(tenderOutcomesSection, seller('S1', { asOf: new Date('2026-03-21T00:00:00Z') })))[0]).toEqual({
      month: '2026-03',
      received: 3,
      quoted: 2,
      won: 1,
      winRate: '50.0',
    });
    // T2 awarded to S1 on 8 April, then to S3 on 10 April: only the latest award counts.
    expect((await draw(tenderOutcomesSection, seller('S1', { asOf: new Date('2026-04-09T00:00:00Z') })))[1]).toEqual({
      month: '2026-04',
      received: 1,
      quoted: 1,
      won: 1,
      winRate: '100.0',
    });
    // Before T2 went active (1 April in Malaysia), April had no tender issued.
    expect((await draw(tendersSection, buyer({ asOf: new Date('2026-03-31T12:00:00Z') })))[1]).toEqual({
      month: '2026-04',
      issued: 0,
      invited: 0,
      responded: 0,
      responseRate: null,
    });
  });

  it('the same figures live and as of now, for every query above', async () => {
    const queries: [typeof tendersSection, ReportQuery][] = [
      [tendersSection, buyer()],
      [tendersSection, buyer({ projectId: 'P1' })],
      [tendersSection, buyer({ counterpartyId: 'S3' })],
      [tenderOutcomesSection, seller('S1')],
      [tenderOutcomesSection, seller('S3')],
      [tenderOutcomesSection, seller('S1', { counterpartyId: 'B2' })],
    ];
    for (const [section, query] of queries) {
      const live: ReportSection = await section.draw(query, t, { allRows: false });
      const asOfNow = await section.draw({ ...query, asOf: new Date(NOW) }, t, { allRows: false });
      expect(asOfNow).toEqual(live);
    }
  });

  it('a company with nothing in the window has no row at all', async () => {
    expect(await draw(tendersSection, reportQuery('buyer', 'NOBODY', '2026-03-10', '2026-03-20', NOW))).toEqual([]);
    expect(await draw(tenderOutcomesSection, seller('S2', { counterpartyId: 'B2' }))).toEqual([]);
  });
});
