// The authority context over the API, on PGlite and on PostgreSQL: given the demo data and its manuals,
// assignments and manuals managed (with history and refusals), and approval levels that follow the amount.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { itAnsweredEveryCallWithoutAServerError, FEATURE_STORES } from '../documents/harness.js';
import { amountDependentApprovals } from './amounts.specs.js';
import { startAuthorityApp, type AuthorityRunning } from './harness.js';
import { assignmentsAndManuals } from './management.specs.js';

describe.each(FEATURE_STORES)('authority api on %s', (kind) => {
  let running: AuthorityRunning | undefined;
  beforeAll(async () => {
    running = await startAuthorityApp(kind);
  }, 300_000);
  afterAll(async () => running?.stop());

  amountDependentApprovals(() => running!);
  assignmentsAndManuals(() => running!);
  itAnsweredEveryCallWithoutAServerError(() => running);
});
