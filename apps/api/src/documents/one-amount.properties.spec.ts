// One amount per document: for every document kind and any fields it may carry, the amount the
// machine routes approval and limits on (the status events' amount, the route's reason) is the total the
// document shows, and the transaction fee, where one applies, is borne by the subtotal it shows. Random
// documents of every kind, created and asked for approval through the real decider and machines.
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DocumentResources, type DocumentResource } from '@binaan/contracts';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from './document.decider.js';
import { feesOf } from './document-fees-view.js';
import { parseFieldChanges } from './document-fields.js';
import { REQUESTING_EVENTS } from './document-rules.js';
import { foldDocument, foldOnto, type DocumentState } from './document.state.js';

const NOW = '2026-03-02T01:00:00.000Z';
const inDays = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000).toISOString();
const money = (maxSen: number) => fc.integer({ min: 1, max: maxSen }).map((sen) => (sen / 100).toFixed(2));
const WITH_DELIVERIES: ReadonlySet<DocumentResource> = new Set(['deliveryOrder', 'serviceOrder']);
const WITHOUT_COUNTERPARTY: ReadonlySet<DocumentResource> = new Set(['tender', 'stock']);
/** Kinds no amount round approves: stock is confirmed; an instruction is issued, its cost approved as the variation order made from it. */
const NOT_APPROVED_BY_AMOUNT: ReadonlySet<DocumentResource> = new Set(['stock', 'instruction']);

const itemArb = (delivered: boolean) =>
  fc.record({ quantity: fc.integer({ min: 1, max: 9_999 }), rate: money(5_000_000) }).map(({ quantity, rate }) => ({
    description: 'Line',
    unit: 'm3',
    quantity: String(quantity),
    rate,
    ...(delivered ? { deliveredQuantity: String(quantity) } : {}),
  }));

/** A body the kind accepts at Create and that may ask for approval (its own fields where it needs them). */
function bodyArb(resource: DocumentResource): fc.Arbitrary<Record<string, unknown>> {
  const common = fc.record({ sstApplicable: fc.boolean() }).map((c) => ({
    title: `A ${resource}`,
    ...c,
    ...(WITHOUT_COUNTERPARTY.has(resource) ? {} : { counterpartyCompanyId: 'mutiara' }),
  }));
  if (resource === 'paymentCertificate') {
    // With a valuation, or by amount alone (as the demo's certificates were: they showed RM 0.00).
    return fc
      .tuple(
        common,
        fc.record({
          contractSum: fc.option(money(1_000_000_000), { nil: undefined }),
          workDoneAmount: fc.option(money(500_000_000), { nil: undefined }),
          unfixedGoodsAmount: fc.option(money(50_000_000), { nil: undefined }),
        }),
      )
      .map(([c, v]) => ({ ...c, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) }));
  }
  if (resource === 'milestoneClaim') {
    const claimItem = fc
      .record({ percentage: fc.integer({ min: 1, max: 25 }), claimAmount: money(100_000_000) })
      .map(({ percentage, claimAmount }) => ({ description: 'Milestone', percentage: String(percentage), claimAmount }));
    return fc.tuple(common, fc.array(claimItem, { minLength: 0, maxLength: 4 })).map(([c, claimItems]) => ({ ...c, claimItems }));
  }
  const extra = resource === 'tender' ? { openAt: inDays(1), closeAt: inDays(2) } : {};
  const source =
    resource === 'purchaseOrder' || resource === 'workOrder' || resource === 'rentalOrder'
      ? fc.option(fc.constant('6f1c2c39-5f7e-4a51-9d1e-6f5a0f0e1a11'), { nil: undefined })
      : fc.constant(undefined);
  return fc
    .tuple(common, fc.array(itemArb(WITH_DELIVERIES.has(resource)), { minLength: 1, maxLength: 4 }), source)
    .map(([c, items, sourceDocumentId]) => ({ ...c, ...extra, items, ...(sourceDocumentId ? { sourceDocumentId } : {}) }));
}

const stored = (resource: DocumentResource, revision: number, type: string, data: unknown): StoredEvent => ({
  id: String(revision),
  streamId: `${resource}-1`,
  streamType: resource,
  revision,
  globalPosition: revision + 1,
  type,
  data: data as JsonValue,
  metadata: { recordedAt: NOW },
  prevHash: '',
  hash: '',
});

/** The shown amounts (RM, as the machine keeps them) and the fee's base if any. */
const shown = (state: DocumentState) => ({ total: Number(state.fields.totals.total), subtotal: state.fields.totals.subtotal });

function expectOneAmount(state: DocumentState): void {
  const { total, subtotal } = shown(state);
  expect(state.workflow.context.amount).toBe(total);
  const fee = feesOf(state).transactionFee;
  if (fee) expect(fee.base).toBe(subtotal);
}

describe('one amount per document: what routes approval and bears fees is what the document shows', () => {
  it.each(DocumentResources.map((resource) => [resource]))('%s', (resource) => {
    const actor = userWith(resource, 'kumar', 'teguh-bina', [10, 20]);
    let requested = 0;
    // What a client may send with the request: nothing, the shown total, or any other figure.
    const sentArb = fc.oneof(fc.constant('none' as const), fc.constant('shown' as const), money(100_000_000));
    fc.assert(
      fc.property(bodyArb(resource), sentArb, (body, sent) => {
        const { fields, statusEvent } = decideCreate(resource, parseFieldChanges(body, true, resource), actor, NOW);
        const events = creationEvents({ resource, documentId: '1', documentNo: 'X-2026-00001', actor, fields, statusEvent });
        const created = foldDocument(events.map((e, revision) => stored(resource, revision, e.type, e.data)))!;
        expectOneAmount(created);
        const action = sent === 'none' ? {} : { amount: sent === 'shown' ? created.fields.totals.total : sent };
        // Every request for approval the kind has from its first status: whatever is accepted routes on the shown total.
        for (const event of REQUESTING_EVENTS) {
          let change;
          try {
            change = decideAction(created, event, action, actor, NOW);
          } catch (error) {
            if (error instanceof Refused) continue;
            throw error;
          }
          expect(change.amount).toBe(shown(created).total);
          expectOneAmount(foldOnto(created, [stored(resource, created.revision + 1, 'WorkflowStatusChanged', change)])!);
          requested += 1;
        }
      }),
      { numRuns: 80 },
    );
    // Every kind that has a request from its first status was asked.
    if (!NOT_APPROVED_BY_AMOUNT.has(resource)) expect(requested).toBeGreaterThan(0);
  });
});
