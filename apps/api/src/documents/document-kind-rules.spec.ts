// The kinds' own rules (spec §5.3) as pure decisions: given fields and a time, accepted or refused with
// the rule's code; the warning and fees a view shows.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import { userWith, type Actor } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from './document.decider.js';
import { feesOf, warningsOf } from './document-fees-view.js';
import { checkDraws, drawRows } from './document-kind-rules.js';
import { parseFieldChanges } from './document-fields.js';
import { foldDocument } from './document.state.js';
import type { DocumentResource } from '@binaan/contracts';

const NOW = '2026-03-02T01:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(NOW) + n * 60_000).toISOString();
const kumar = (resource: DocumentResource): Actor => userWith(resource, 'kumar', 'teguh-bina', [10]);
const tenderItem = { description: 'Piling', unit: 'm', quantity: '100', rate: '0', includeZeroRate: true };
const tender = (extra: Record<string, unknown> = {}) =>
  parseFieldChanges({ title: 'Piling', items: [tenderItem], ...extra }, true, 'tender');

function refusal(work: () => unknown): [number, string] {
  try {
    work();
  } catch (error) {
    if (error instanceof Refused) return [error.getStatus(), String(error.code)];
    throw error;
  }
  return [0, 'accepted'];
}

function created(resource: DocumentResource, changes: ReturnType<typeof parseFieldChanges>, actor = kumar(resource), at = NOW) {
  const { fields, statusEvent } = decideCreate(resource, changes, actor, at);
  const events = creationEvents({ resource, documentId: '1', documentNo: 'X-2026-00001', actor, fields, statusEvent });
  return foldDocument(
    events.map(
      (e, revision) =>
        ({
          id: String(revision),
          streamId: `${resource}-1`,
          streamType: resource,
          revision,
          globalPosition: revision + 1,
          type: e.type,
          data: e.data as unknown as JsonValue,
          metadata: { recordedAt: at },
          prevHash: '',
          hash: '',
        }) satisfies StoredEvent,
    ),
  )!;
}

describe('tender rules', () => {
  it('open and close times at least 5 minutes ahead, close after open, before the expected delivery start', () => {
    const create = (extra: Record<string, unknown>) => refusal(() => decideCreate('tender', tender(extra), kumar('tender'), NOW));
    expect(create({ openAt: minutes(4), closeAt: minutes(60) })).toEqual([422, 'dateTimeNotAhead']);
    expect(create({ openAt: minutes(5), closeAt: minutes(60) })).toEqual([0, 'accepted']);
    expect(create({ openAt: minutes(60), closeAt: minutes(60) })).toEqual([422, 'closeNotAfterOpen']);
    // 2026-03-05 starts at 2026-03-04T16:00Z in Malaysia (UTC+8).
    expect(create({ openAt: minutes(10), closeAt: '2026-03-04T16:00:00.000Z', expectedDeliveryStart: '2026-03-05' })).toEqual([
      422,
      'tenderClosesAfterDeliveryStart',
    ]);
    expect(create({ openAt: minutes(10), closeAt: '2026-03-04T15:59:00.000Z', expectedDeliveryStart: '2026-03-05' })).toEqual([
      0,
      'accepted',
    ]);
    expect(create({ expectedDeliveryStart: '2026-03-05', expectedDeliveryEnd: '2026-03-04' })).toEqual([422, 'endBeforeStart']);
    expect(create({ minimumAmount: '100.01', maximumAmount: '100.00' })).toEqual([422, 'minimumAboveMaximum']);
    expect(create({ minimumAmount: '100.00', maximumAmount: '100.00' })).toEqual([0, 'accepted']);
  });

  it('asking for activation needs items and both times, the close still ahead; the contract round does not', () => {
    expect(
      refusal(() => decideAction(created('tender', tender({ openAt: minutes(10) })), 'Request_Approve', {}, kumar('tender'), NOW)),
    ).toEqual([422, 'tenderTimesRequired']);
    expect(
      refusal(() =>
        decideAction(
          created('tender', tender({ items: [], openAt: minutes(10), closeAt: minutes(90) })),
          'Request_Approve',
          {},
          kumar('tender'),
          NOW,
        ),
      ),
    ).toEqual([422, 'itemRequired']);
    const ready = created('tender', tender({ openAt: minutes(10), closeAt: minutes(90) }));
    expect(refusal(() => decideAction(ready, 'Request_Approve', {}, kumar('tender'), minutes(86)))).toEqual([422, 'dateTimeNotAhead']);
    expect(refusal(() => decideAction(ready, 'Request_Approve', {}, kumar('tender'), minutes(20)))).toEqual([0, 'accepted']);
  });

  it('a tender closing within 30 minutes of creation is accepted with a warning', () => {
    expect(warningsOf(created('tender', tender({ openAt: minutes(5), closeAt: minutes(29) })))).toMatchObject([
      { code: 'tenderClosesSoon', field: 'closeAt' },
    ]);
    expect(warningsOf(created('tender', tender({ openAt: minutes(5), closeAt: minutes(30) })))).toEqual([]);
  });
});

describe('percentages, quantities, claims', () => {
  it('a percentage is not negative and not above 100; claim items not above 100 together', () => {
    const claim = (percent: string) =>
      refusal(() =>
        decideCreate(
          'progressiveClaim',
          parseFieldChanges({ title: 'c', counterpartyCompanyId: 'seri', claimPercentage: percent }, true, 'progressiveClaim'),
          kumar('progressiveClaim'),
          NOW,
        ),
      );
    expect(claim('100.01')).toEqual([422, 'percentageAbove100']);
    expect(claim('-1')).toEqual([422, 'percentageNegative']);
    expect(claim('100')).toEqual([0, 'accepted']);
    const items = (a: string, b: string) =>
      parseFieldChanges(
        {
          title: 'm',
          counterpartyCompanyId: 'seri',
          claimItems: [
            { description: 'a', percentage: a, claimAmount: '10' },
            { description: 'b', percentage: b, claimAmount: '20' },
          ],
        },
        true,
        'milestoneClaim',
      );
    expect(refusal(() => decideCreate('milestoneClaim', items('60', '40.01'), kumar('milestoneClaim'), NOW))).toEqual([
      422,
      'percentageAboveRemaining',
    ]);
    const milestone = created('milestoneClaim', items('60', '40'));
    expect(milestone.fields.totals).toEqual({ subtotal: '30.00', sst: '0.00', total: '30.00' });
  });

  it('a milestone claim with claim items cannot be cancelled', () => {
    const withItems = created(
      'milestoneClaim',
      parseFieldChanges(
        { title: 'm', counterpartyCompanyId: 'seri', claimItems: [{ description: 'Roof', percentage: '10', claimAmount: '1000' }] },
        true,
        'milestoneClaim',
      ),
    );
    expect(refusal(() => decideAction(withItems, 'Cancel', { remark: 'wrong project' }, kumar('milestoneClaim'), NOW))).toEqual([
      422,
      'claimItemsPreventCancel',
    ]);
    const without = created('milestoneClaim', parseFieldChanges({ title: 'm', counterpartyCompanyId: 'seri' }, true, 'milestoneClaim'));
    expect(refusal(() => decideAction(without, 'Cancel', { remark: 'wrong project' }, kumar('milestoneClaim'), NOW))).toEqual([
      0,
      'accepted',
    ]);
  });

  it('delivered quantities: needed before approval, not above the line or the remaining on the source order', () => {
    const order = (delivered: string) =>
      parseFieldChanges(
        {
          title: 'DO',
          counterpartyCompanyId: 'teguh',
          items: [{ description: 'Concrete', unit: 'm3', quantity: '10', rate: '1', deliveredQuantity: delivered }],
        },
        true,
        'deliveryOrder',
      );
    expect(refusal(() => decideCreate('deliveryOrder', order('10.001'), kumar('deliveryOrder'), NOW))).toEqual([
      422,
      'quantityAboveRemaining',
    ]);
    expect(refusal(() => decideAction(created('deliveryOrder', order('0')), 'Request_Approve', {}, kumar('deliveryOrder'), NOW))).toEqual([
      422,
      'deliveryQuantityRequired',
    ]);
    expect(refusal(() => decideAction(created('deliveryOrder', order('2.5')), 'Request_Approve', {}, kumar('deliveryOrder'), NOW))).toEqual(
      [0, 'accepted'],
    );
    const fields = created('deliveryOrder', order('4')).fields;
    const withSource = { ...fields, sourceDocumentId: 'po' };
    // Order line 1: 10 ordered, 6.5 delivered by others -> 3.5 remain.
    const context = { sourceLines: new Map([[1, 10_000n]]), deliveredByOthers: new Map([[1, 6_500n]]), claimedByOthers: 0n };
    expect(refusal(() => checkDraws('deliveryOrder', withSource, context))).toEqual([422, 'quantityAboveRemaining']);
    expect(refusal(() => checkDraws('deliveryOrder', withSource, { ...context, deliveredByOthers: new Map([[1, 6_000n]]) }))).toEqual([
      0,
      'accepted',
    ]);
    expect(
      refusal(() => checkDraws('deliveryOrder', { ...withSource, items: [{ ...fields.items[0]!, orderLineNo: 2 }] }, context)),
    ).toEqual([422, 'unknownOrderLine']);
    expect(drawRows('deliveryOrder', fields)).toEqual([{ measure: 'quantity', lineNo: 1, amount: 4_000n }]);
  });

  it('claims on one order together not above 100%', () => {
    const claim = created(
      'progressiveClaim',
      parseFieldChanges({ title: 'c', counterpartyCompanyId: 'seri', claimPercentage: '30' }, true, 'progressiveClaim'),
    );
    const context = { sourceLines: new Map<number, bigint>(), deliveredByOthers: new Map(), claimedByOthers: 7_001n };
    expect(refusal(() => checkDraws('progressiveClaim', claim.fields, context))).toEqual([422, 'percentageAboveRemaining']);
    expect(refusal(() => checkDraws('progressiveClaim', claim.fields, { ...context, claimedByOthers: 7_000n }))).toEqual([0, 'accepted']);
  });

  it("shape: another kind's field, a bad time, a delivered quantity on a purchase order are 400", () => {
    expect(refusal(() => parseFieldChanges({ title: 'x', openAt: minutes(10) }, true, 'purchaseOrder'))).toEqual([400, 'validationFailed']);
    expect(refusal(() => tender({ openAt: '2026-03-02 09:00' }))).toEqual([400, 'validationFailed']);
    expect(
      refusal(() => parseFieldChanges({ title: 'x', items: [{ ...tenderItem, deliveredQuantity: '1' }] }, true, 'purchaseOrder')),
    ).toEqual([400, 'validationFailed']);
  });
});

describe('fees in the view', () => {
  it('a trade payment certificate: totals from its valuation, 1.5% on the amount due', () => {
    const certificate = created(
      'paymentCertificate',
      parseFieldChanges(
        {
          title: 'PC 3',
          sstApplicable: true,
          contractSum: '1000000',
          workDoneAmount: '250000',
          unfixedGoodsAmount: '40000',
          previousCertifiedAmount: '100000',
        },
        true,
        'paymentCertificate',
      ),
    );
    expect(certificate.fields.totals).toEqual({ subtotal: '152000.00', sst: '9120.00', total: '161120.00' });
    expect(feesOf(certificate)).toMatchObject({
      transactionFee: { percent: '1.50', base: '152000.00', amount: '2280.00' },
      tradeCertificate: {
        unfixedGoodsAllowed: '30000.00',
        retention: '28000.00',
        retentionLimit: '50000.00',
        amountDue: '152000.00',
        totalPayable: '161120.00',
      },
    });
    expect(refusal(() => decideAction(certificate, 'Request_Approve', { amount: '152000.00' }, kumar('paymentCertificate'), NOW))).toEqual([
      422,
      'amountMismatch',
    ]);
    expect(
      refusal(() =>
        decideCreate(
          'paymentCertificate',
          parseFieldChanges({ title: 'x', workDoneAmount: '100', previousCertifiedAmount: '95' }, true, 'paymentCertificate'),
          kumar('paymentCertificate'),
          NOW,
        ),
      ),
    ).toEqual([422, 'previousCertifiedAboveValuation']); // 100 less 10% retention = 90, below 95
  });

  it('an order drawn from a tender carries the fee on its value before SST; a plain order none', () => {
    const body = {
      title: 'PO',
      counterpartyCompanyId: 'mutiara',
      items: [{ description: 'Piles', unit: 'm', quantity: '3', rate: '1100' }],
    };
    const award = created(
      'purchaseOrder',
      parseFieldChanges({ ...body, sourceDocumentId: '6f1c2c39-5f7e-4a51-9d1e-6f5a0f0e1a11' }, true, 'purchaseOrder'),
    );
    expect(award.fields.totals.total).toBe('3498.00'); // 3,300 + SST 198
    expect(feesOf(award).transactionFee).toEqual({ percent: '1.50', base: '3300.00', amount: '49.50' });
    expect(feesOf(created('purchaseOrder', parseFieldChanges(body, true, 'purchaseOrder'))).transactionFee).toBeNull();
  });
});
