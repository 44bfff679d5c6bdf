// "My approvals" (complete, paged, flat): the documents waiting for the caller's decision across
// every document kind, oldest first, a page at a time with the total. A document waits for a user when the
// machine offers that user a deciding event on it now (Approve at the next missing level of an open round,
// or the counterparty's Confirm, Accept, Certify): `approval-queue.ts` keeps exactly those answers in
// `waiting_approvals`, so the queue is one indexed read of the caller's rows, whatever the backlog.
import { refusal, invalidFields } from '../common/refusal.js';
import { Controller, Get, Inject, Injectable, Query, Req, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { DocumentResources, type DocumentResource, type WorkflowEventName } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { contentRange, pageRange, type PageRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApprovalQueue } from './approval-queue.js';
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
  ) {}

  async page(principal: Principal, range: PageRange, resource?: DocumentResource): Promise<{ rows: MyApprovalRow[]; total: number }> {
    const companyId = principal.companyId;
    if (!companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    await this.queue.tableReady();
    // The caller's own action (or an authority change) just committed is in the queue it reads now.
    await this.queue.settled();
    const params: unknown[] = [principal.userId, companyId];
    const byKind = resource === undefined ? '' : ` AND w.resource = $${params.push(resource)}`;
    const [counted] = await this.db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM waiting_approvals w WHERE w.user_id = $1 AND w.company_id = $2${byKind}`,
      params,
    );
    // The page's keys first, from the queue's index alone (a deep offset skips index entries, not rows
    // joined to their documents), then those rows and their documents by primary key.
    const rows = await this.db.query<Row>(
      `SELECT w.document_id, w.resource, w.waiting_since, w.actions, w.next_level, d.document_no, d.title, d.status, d.total_sen, d.currency,
              d.company_id, d.counterparty_company_id, d.project_id, d.revision, ${dueAtColumn('w', 'document_id', 'next_level')}
       FROM (SELECT k.document_id, k.waiting_since FROM waiting_approvals k WHERE k.user_id = $1 AND k.company_id = $2${byKind.replace('w.', 'k.')}
             ORDER BY k.waiting_since ASC, k.document_id ASC LIMIT ${range.limit} OFFSET ${range.from}) page
       JOIN waiting_approvals w ON w.user_id = $1 AND w.company_id = $2 AND w.document_id = page.document_id
       JOIN documents d ON d.id = w.document_id
       ORDER BY page.waiting_since ASC, page.document_id ASC`,
      params,
    );
    return {
      total: Number(counted?.total ?? 0),
      rows: rows.map((row) => ({
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
        actions: textArray(row.actions) as WorkflowEventName[],
        nextLevel: row.next_level === null ? null : Number(row.next_level),
        dueAt: isoOrNull(row.due_at),
      })),
    };
  }
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
    const { rows, total } = await this.approvals.page(request.principal!, page, resource as DocumentResource | undefined);
    contentRange(reply, 'my-approvals', page, rows.length, total);
    return { success: true, data: rows, total };
  }
}
