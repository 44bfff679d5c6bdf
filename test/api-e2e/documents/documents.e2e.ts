// The documents context over the API, on PGlite and on PostgreSQL: given the demo data, a purchase order,
// a tender and a progressive claim walked to their final status, each refusal kind, history and replay, audit verification, contention.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { moduleAccess } from './access.specs.js';
import { myApprovals } from './my-approvals.specs.js';
import { auditAndContention } from './audit.specs.js';
import { awaitingApproval } from './awaiting-approval.specs.js';
import { bulkActions } from './bulk.specs.js';
import { itAnsweredEveryCallWithoutAServerError, startDocumentsApp, STORES, type Running } from './harness.js';
import { refusals } from './refusals.specs.js';
import { businessRules } from './rules.specs.js';
import { progressiveClaimWalk } from './walk-claim.specs.js';
import { tenderWalk } from './walk-tender.specs.js';
import { purchaseOrderWalk } from './walk.specs.js';

describe.each(STORES)('documents api on %s', (kind) => {
  let running: Running | undefined;
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
  }, 300_000);
  afterAll(async () => running?.stop());

  purchaseOrderWalk(() => running!);
  tenderWalk(() => running!);
  progressiveClaimWalk(() => running!);
  refusals(() => running!);
  businessRules(() => running!);
  bulkActions(() => running!);
  auditAndContention(() => running!);
  moduleAccess(() => running!);
  myApprovals(() => running!);
  awaitingApproval(() => running!);
  itAnsweredEveryCallWithoutAServerError(() => running);
});
