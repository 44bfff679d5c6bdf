// Which notification a project plan's status change gives: the bill of quantity, the ongoing
// budget and the progress plan each go through a machine like documents, and a BQ scan is read by the OCR.
// The module and src pick the §2.6 page (packages/contracts notifications-links.ts): billOfQuantity
// pending-approval / rejected / active, ongoingBudget and progressPlanning pending / approved / rejected,
// bqScan the project's scan list. Pure tables.
import type { Notice } from './notice-rules.js';

export const PLAN_RESOURCES = ['billOfQuantity', 'ongoingBudget', 'progressPlanning'] as const;
export type PlanResource = (typeof PLAN_RESOURCES)[number];
export const isPlanResource = (streamType: string): streamType is PlanResource =>
  (PLAN_RESOURCES as readonly string[]).includes(streamType);

/** The status the approvers are asked in (an open round waiting for them). */
const PENDING: Record<PlanResource, string> = { billOfQuantity: 'pendingApproval', ongoingBudget: 'pending', progressPlanning: 'pending' };
/** The statuses the maker (who opened the round) is told of, when someone else decided. */
const DECIDED: Record<PlanResource, readonly string[]> = {
  billOfQuantity: ['active', 'rejected'],
  ongoingBudget: ['approved', 'rejected'],
  progressPlanning: ['approved', 'rejected'],
};

export function planApproverNotice(resource: PlanResource, status: string): Notice | null {
  return status === PENDING[resource] ? { module: resource, src: status } : null;
}

export function planMakerNotice(resource: PlanResource, status: string): Notice | null {
  return DECIDED[resource].includes(status) ? { module: resource, src: status } : null;
}

/**
 * A scan's events the uploader hears of: the OCR finished (rows to review) or could not read the page; and
 * an import or discard done by someone else. The upload and the uploader's own edits give nothing.
 */
export const SCAN_STATUS_OF_EVENT: Readonly<Record<string, string>> = {
  BqScanRead: 'pendingReview',
  BqScanFailed: 'failed',
  BqScanImported: 'imported',
  BqScanDiscarded: 'discarded',
};
/** Events the OCR records (metadata `by: 'ocr'`): the uploader is told though they are its actor. */
export const SCAN_OCR_EVENTS: readonly string[] = ['BqScanRead', 'BqScanFailed'];

export function scanNotice(eventType: string): Notice | null {
  const status = SCAN_STATUS_OF_EVENT[eventType];
  return status ? { module: 'bqScan', src: status } : null;
}
