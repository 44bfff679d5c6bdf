// The busy streams: documents (every workflow action), notification feeds, and a project's cost plans
// edited row by row (bill of quantity, ongoing budget, progress plan: every cell of the tree editor is an
// append). Their events never change a session, a user, a company, a role, an authority level or a project
// (the projects read model takes WorkflowStatusChanged of project streams only), so the in-process caches
// of those (identity/principal-cache.ts, documents/read-cache.ts) keep their entries when only such streams
// were written, here or (as a peer's change notice names the stream types) in another API process. Before
// the cost plans were here, every BQ change emptied the principal cache and the next request of every
// caller read its session from the database again (the BQ bench: one more round trip per operation).
import { isDocumentResource } from '@binaan/contracts';
import { NOTIFICATIONS_STREAM_TYPE } from '../notifications/notification.events.js';
import { BQ_STREAM_TYPE } from '../bills-of-quantity/bq.events.js';
import { BUDGET_STREAM_TYPE } from '../budgets/budget.events.js';
import { PROGRESS_STREAM_TYPE } from '../progress-plans/progress-plan.events.js';

const COST_PLAN_STREAMS: ReadonlySet<string> = new Set([BQ_STREAM_TYPE, BUDGET_STREAM_TYPE, PROGRESS_STREAM_TYPE]);

export const isBusyStream = (streamType: string): boolean =>
  isDocumentResource(streamType) || streamType === NOTIFICATIONS_STREAM_TYPE || COST_PLAN_STREAMS.has(streamType);

/** Another process's append, from its notice: true unless it named only busy streams (no names: unknown, so true). */
export const peerMayChangeCaches = (peerStreamTypes: readonly string[] | undefined): boolean =>
  peerStreamTypes === undefined || !peerStreamTypes.every(isBusyStream);
