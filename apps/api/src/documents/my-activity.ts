// "Recent activity on my documents" (the home dashboard): the documents the caller created in the
// chosen company, the most recently changed first, with where each stands now. One read of the
// document_states_by_creator index (company, creator, last change), however many documents the company has,
// each row joined to its wide row for the number, title and total.
import { refusal } from '../common/refusal.js';
import { Controller, Get, Inject, Injectable, Query, Req, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { DocumentResource } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { pageRange, type PageRange } from '../common/page-range.js';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { formatSen } from './money.js';

/** The index the read walks (added to the documents projection's tables): on the narrow row, whose updated_at an action changes. */
export const MY_ACTIVITY_INDEX_SQL =
  'CREATE INDEX IF NOT EXISTS document_states_by_creator ON document_states (company_id, created_by, updated_at, id);';

export type MyActivityRow = {
  resource: DocumentResource;
  id: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  projectId: string | null;
  counterpartyCompanyId: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
};

type Row = {
  id: string;
  resource: DocumentResource;
  document_no: string;
  title: string;
  status: string;
  total_sen: string | number;
  currency: string;
  project_id: string | null;
  counterparty_company_id: string | null;
  revision: string | number;
  created_at: Date | string;
  updated_at: Date | string;
};

@Injectable()
export class MyActivity {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  async page(principal: Principal, range: PageRange): Promise<MyActivityRow[]> {
    const companyId = principal.companyId;
    if (!companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const rows = await this.db.query<Row>(
      `SELECT s.id, s.resource, d.document_no, d.title, s.status, d.total_sen, d.currency, d.project_id, s.counterparty_company_id, s.revision, s.created_at, s.updated_at
       FROM document_states s JOIN documents d ON d.id = s.id
       WHERE s.company_id = $1 AND s.created_by = $2 ORDER BY s.updated_at DESC, s.id DESC LIMIT ${range.limit} OFFSET ${range.from}`,
      [companyId, principal.userId],
    );
    return rows.map((r) => ({
      resource: r.resource,
      id: r.id,
      documentNo: r.document_no,
      title: r.title,
      status: r.status,
      total: formatSen(BigInt(r.total_sen)),
      currency: r.currency,
      projectId: r.project_id,
      counterpartyCompanyId: r.counterparty_company_id,
      revision: Number(r.revision),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }
}

@Controller()
export class MyActivityController {
  constructor(private readonly activity: MyActivity) {}

  /** `GET /api/my-activity[?range=[0,9]]`: `{ success, data: MyActivityRow[] }`, the latest change first, 10 by default (at most 50); no total (a flat read). */
  @Get('my-activity')
  @ApiTags('documents')
  @ApiOperation({
    summary: 'Recent activity on my documents: those the signed-in user created in the chosen company, most recently changed first',
    description: 'Each with where it stands now; 10 by default, at most 50 with range; no total (a flat read).',
  })
  async mine(@Query('range') range: unknown, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    const page = pageRange(range, 10, 50);
    const rows = await this.activity.page(request.principal!, page);
    reply.header('Content-Range', rows.length === 0 ? 'my-activity */*' : `my-activity ${page.from}-${page.from + rows.length - 1}/*`);
    return { success: true, data: rows };
  }
}
