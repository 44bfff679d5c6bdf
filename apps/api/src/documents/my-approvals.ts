// "My approvals" (complete, paged, flat): the documents waiting for the caller's decision across
// every document kind, oldest first, a page at a time with the total. A document waits for a user when the
// machine offers that user a deciding event on it now (Approve at the next missing level of an open round,
// or the counterparty's Confirm, Accept, Certify): `approval-queue.ts` keeps exactly those answers in
// `waiting_approvals`, so the queue is one indexed read of the caller's rows, whatever the backlog.
import { refusal, invalidFields } from '../common/refusal.js';
import { Controller, Get, Inject, Injectable, Query, Req, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { DocumentResources, hasAnyAccessRight, type DocumentResource, type WorkflowEventName } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { contentRange, pageRange, type PageRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApprovalQueue } from './approval-queue.js';
import { actionRights, DocumentModules } from './document-access.js';
import { DocumentActors } from './document-actor.js';
import { formatSen } from './money.js';
import { dueAtColumn, isoOrNull } from '../approval-timers/approval-due-times.js';

export { DecidingEvents } from './approval-queue.js';

export type MyApprovalRow = {
  resource: DocumentResource;
  id: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  companyId: string;
  counterpartyCompanyId: string | null;
  projectId: string | null;
  revision: number;
  /** When the document reached its present state: it has waited since then. */
  waitingSince: string;
  /** The deciding events the machine offers the caller now. */
  actions: WorkflowEventName[];
  /** The level an Approve would record (null for a counterparty's answer). */
  nextLevel: number | null;
  /** Work passed on by a grant of authority: the delegator the caller would act for. */
  onBehalfOf?: { userId: string; name: string | null };
  /** When that level is due (its response time, see approval-timers/README.md); null without one. */
  dueAt: string | null;
};

type Row = {
  document_id: string;
  resource: DocumentResource;
  document_no: string;
  title: string;
  status: string;
  total_sen: string | number;
  currency: string;
  company_id: string;
  counterparty_company_id: string | null;
  project_id: string | null;
  waiting_since: Date | string;
  revision: string | number;
  actions: string[] | string;
  next_level: number | null;
  on_behalf_of: string | null;
  due_at: Date | string | null;
};

/** PGlite may hand a text[] back as its literal: `{Approve,Confirm}`. */
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

@Injectable()
export class MyApprovals {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly queue: ApprovalQueue,
    private readonly actors: DocumentActors,
  ) {}

  async page(
    principal: Principal,
    range: PageRange,
    resource?: DocumentResource,
  ): Promise<{ rows: MyApprovalRow[]; total: number; capped: boolean }> {
    const companyId = principal.companyId;
    if (!companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    await this.queue.tableReady();
    // The caller's own action (or an authority change) just committed is in the queue it reads now.
    await this.queue.settled();
    const params: unknown[] = [principal.userId, companyId];
    const byKind = resource === undefined ? '' : ` AND k.resource = $${params.push(resource)}`;
    const branches = [
      `SELECT k.document_id, k.waiting_since, NULL::text AS on_behalf_of FROM waiting_approvals k
      WHERE k.user_id = $1 AND k.company_id = $2${byKind}`,
    ];
    const delegated = await this.delegatedQueues(principal, companyId);
    for (const grant of delegated) branches.push(delegatedBranch(grant, params, byKind));
    const delegators = new Map(delegated.map((grant) => [grant.fromUserId, grant.fromName]));
    const keys = `(${branches.map((branch) => `(${branch} ORDER BY 2, 1)`).join(' UNION ALL ')})`;
    // The caller's own queue counts off its index whole (as before grants existed); work passed on by grants
    // counts up to DELEGATED_COUNT_CAP per grant, each row a check against its document, and says when it
    // stopped there (X-Total-Capped) rather than reading a delegator's whole backlog on every page.
    const counts = branches.map((branch, index) =>
      index === 0 ? `(SELECT count(*) FROM (${branch}) b)` : `(SELECT count(*) FROM (${branch} LIMIT ${DELEGATED_COUNT_CAP}) b)`,
    );
    const [counted] = await this.db.query<Record<string, string | number>>(
      `SELECT ${counts.map((count, index) => `${count} AS c${index}`).join(', ')}`,
      params,
    );
    const parts = counts.map((_, index) => Number(counted?.[`c${index}`] ?? 0));
    const capped = parts.slice(1).some((part) => part >= DELEGATED_COUNT_CAP);
    // The page's keys first, from the queues' index alone (a deep offset skips index entries, not rows
    // joined to their documents), then those rows and their documents by primary key.
    const rows = await this.db.query<Row>(
      `SELECT page.document_id, w.resource, page.waiting_since, w.actions, w.next_level, page.on_behalf_of, d.document_no, d.title, d.status,
              d.total_sen, d.currency, d.company_id, d.counterparty_company_id, d.project_id, d.revision, ${dueAtColumn('w', 'document_id', 'next_level')}
       FROM (SELECT q.document_id, q.waiting_since, q.on_behalf_of FROM ${keys} q
             ORDER BY q.waiting_since ASC, q.document_id ASC, q.on_behalf_of ASC NULLS FIRST LIMIT ${range.limit} OFFSET ${range.from}) page
       JOIN waiting_approvals w ON w.user_id = COALESCE(page.on_behalf_of, $1) AND w.company_id = $2 AND w.document_id = page.document_id
       JOIN documents d ON d.id = w.document_id
       ORDER BY page.waiting_since ASC, page.document_id ASC`,
      params,
    );
    // A document two delegators could both pass on shows once (the page may then be one row short).
    const seen = new Set<string>();
    return {
      // Two grants passing on one document count it twice here; the page shows it once.
      total: parts.reduce((sum, part) => sum + part, 0),
      capped,
      rows: rows
        .filter((row) => !seen.has(row.document_id) && seen.add(row.document_id))
        .map((row) => ({
          resource: row.resource,
          id: row.document_id,
          documentNo: row.document_no,
          title: row.title,
          status: row.status,
          total: formatSen(BigInt(row.total_sen)),
          currency: row.currency,
          companyId: row.company_id,
          counterpartyCompanyId: row.counterparty_company_id,
          projectId: row.project_id,
          revision: Number(row.revision),
          waitingSince: new Date(row.waiting_since).toISOString(),
          // A delegate only approves (or rejects) for the delegator; answering as the counterparty stays the delegator's.
          actions: row.on_behalf_of ? ['Approve'] : (textArray(row.actions) as WorkflowEventName[]),
          nextLevel: row.next_level === null ? null : Number(row.next_level),
          dueAt: isoOrNull(row.due_at),
          ...(row.on_behalf_of ? { onBehalfOf: { userId: row.on_behalf_of, name: delegators.get(row.on_behalf_of) ?? null } } : {}),
        })),
    };
  }

  /**
   * The grants in force that lend the caller approvals, each narrowed to the kinds the caller may approve
   * themselves (their module's approve right): the delegators' own queue rows are what a grant passes on.
   */
  private async delegatedQueues(principal: Principal, companyId: string): Promise<DelegatedQueue[]> {
    const grants = await this.actors.grantsReceived(companyId, principal.userId);
    return grants.flatMap((grant) => {
      const kinds = DocumentResources.filter(
        (kind) =>
          (grant.resources === null || grant.resources.includes(kind)) &&
          hasAnyAccessRight(principal.accessRights, ...actionRights(DocumentModules[kind], 'Approve')),
      );
      const upToSen = grant.upTo === null ? null : Math.round(grant.upTo * 100);
      return kinds.length === 0 ? [] : [{ fromUserId: grant.fromUserId, fromName: grant.fromName, kinds, upToSen }];
    });
  }
}

/** The most rows of one grant's passed-on work a page counts (then X-Total-Capped: true). */
export const DELEGATED_COUNT_CAP = 500;

type DelegatedQueue = { fromUserId: string; fromName: string | null; kinds: readonly DocumentResource[]; upToSen: number | null };

/**
 * A delegator's waiting approvals as the delegate may take them: the kinds lent, within the cap, not a
 * document the delegate made, and not one already in the delegate's own queue. The delegator's rows hold
 * what the delegator may do now, so the delegate never gets more.
 */
function delegatedBranch(grant: DelegatedQueue, params: unknown[], byKind: string): string {
  const from = params.push(grant.fromUserId);
  const kinds = params.push(grant.kinds);
  const cap = grant.upToSen === null ? '' : ` AND d.total_sen <= $${params.push(grant.upToSen)}`;
  return `SELECT k.document_id, k.waiting_since, k.user_id AS on_behalf_of FROM waiting_approvals k JOIN documents d ON d.id = k.document_id
      WHERE k.user_id = $${from} AND k.company_id = $2${byKind} AND k.resource = ANY($${kinds}::text[]) AND 'Approve' = ANY(k.actions)
        AND d.created_by <> $1${cap}
        AND NOT EXISTS (SELECT 1 FROM waiting_approvals own WHERE own.user_id = $1 AND own.company_id = $2 AND own.document_id = k.document_id)`;
}

@Controller()
export class MyApprovalsController {
  constructor(private readonly approvals: MyApprovals) {}

  /**
   * `GET /api/my-approvals[?resource=purchaseOrder][&range=[0,24]]`: `{ success, data: MyApprovalRow[], total }`,
   * oldest first, 25 a page by default (at most 100), `Content-Range: my-approvals 0-24/123`. `range=[0,0]`
   * reads one row and the total (what the bell shows).
   */
  @Get('my-approvals')
  @ApiTags('documents')
  @ApiOperation({
    summary: "Documents waiting for the signed-in user's approval, oldest first",
    description:
      "Those where the user holds the next level of the open round, optionally of one resource; 25 a page by default (at most 100) with range; the total is in Content-Range. Waits briefly for the user's own latest writes to be counted.",
  })
  async mine(
    @Query('resource') resource: unknown,
    @Query('range') range: unknown,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ) {
    if (resource !== undefined && (typeof resource !== 'string' || !(DocumentResources as readonly string[]).includes(resource))) {
      throw invalidFields({ resource: ['must be a document resource'] });
    }
    const page = pageRange(range);
    const { rows, total, capped } = await this.approvals.page(request.principal!, page, resource as DocumentResource | undefined);
    contentRange(reply, 'my-approvals', page, rows.length, total);
    if (capped) {
      reply.header('X-Total-Capped', 'true');
      reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    }
    return { success: true, data: rows, total, ...(capped ? { totalCapped: true } : {}) };
  }
}
