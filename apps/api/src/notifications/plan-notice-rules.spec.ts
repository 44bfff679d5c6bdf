// Which §2.6 page a plan's status change points its recipients to (signed-in-area.md §2.6: bill of quantity
// pending-approval / rejected / active; ongoing budget and progress planning pending / approved / rejected;
// BQ scans the project's scan list).
import { describe, expect, it } from '@jest/globals';
import { notificationLink } from '@binaan/contracts';
import { isPlanResource, planApproverNotice, planMakerNotice, scanNotice } from './plan-notice-rules.js';

const href = (notice: { module: string; src: string } | null) =>
  notice &&
  notificationLink({ module: notice.module, src: notice.src, src_id: 'p-1', event_data: JSON.stringify({ project_id: 'p-1' }) }).href;

describe('plan notices', () => {
  it('the approvers are asked only while it waits for approval', () => {
    expect(href(planApproverNotice('billOfQuantity', 'pendingApproval'))).toBe('/bill-of-quantity/p-1/pending-approval');
    expect(href(planApproverNotice('ongoingBudget', 'pending'))).toBe('/ongoing-budget/p-1/pending');
    expect(href(planApproverNotice('progressPlanning', 'pending'))).toBe('/project-progress-planning/p-1/pending');
    expect(planApproverNotice('billOfQuantity', 'new')).toBeNull();
    expect(planApproverNotice('ongoingBudget', 'approved')).toBeNull();
  });

  it('the maker hears of the decision: approved (a BQ: active) or rejected, nothing else', () => {
    expect(href(planMakerNotice('billOfQuantity', 'active'))).toBe('/bill-of-quantity/p-1/active');
    expect(href(planMakerNotice('billOfQuantity', 'rejected'))).toBe('/bill-of-quantity/p-1/rejected');
    expect(href(planMakerNotice('ongoingBudget', 'approved'))).toBe('/ongoing-budget/p-1/approved');
    expect(href(planMakerNotice('progressPlanning', 'rejected'))).toBe('/project-progress-planning/p-1/rejected');
    expect(planMakerNotice('billOfQuantity', 'new')).toBeNull();
    expect(planMakerNotice('progressPlanning', 'pending')).toBeNull();
  });

  it('a scan read, failed, imported or discarded lands on the scan list; the upload and edits give nothing', () => {
    for (const type of ['BqScanRead', 'BqScanFailed', 'BqScanImported', 'BqScanDiscarded'])
      expect(href(scanNotice(type))).toBe('/project/p-1/bill-of-quantity-scan-list');
    expect(scanNotice('BqScanUploaded')).toBeNull();
    expect(scanNotice('BqScanRowsEdited')).toBeNull();
  });

  it("only the three plans' streams are plans", () => {
    expect(['billOfQuantity', 'ongoingBudget', 'progressPlanning', 'purchaseOrder', 'bqScan'].map(isPlanResource)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
