// Document totals (the contractor's budget page of signed-in-area.md §2.4): for the chosen company,
// the number and sum of its documents per project, kind, status and direction (sent: the company's own;
// received: addressed to it and shared), only of the kinds whose module the caller may view. One grouped
// SELECT over the documents read model; sums in sen, sent as exact decimal strings like every amount.
import { Controller, Get, Inject, Injectable, Req } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { DocumentResources, hasAnyAccessRight, type DocumentTotalsRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import { DocumentModules } from './document-access.js';
import { DocumentActors } from './document-actor.js';
import { receivedWithoutEstimate } from './estimate-withheld.js';
import { formatSen } from './money.js';

type Row = {
  project_id: string | null;
  project_name: string | null;
  resource: DocumentTotalsRow['resource'];
  status: string;
  sent: boolean;
  n: string | number;
  total_sen: string | number;
  currency: string;
};

/** The kinds whose module's view right the caller holds (signed-in-area.md §6). */
export function viewableResources(accessRights: string): DocumentTotalsRow['resource'][] {
  return DocumentResources.filter((resource) => hasAnyAccessRight(accessRights, `${DocumentModules[resource]}.view`));
}

@Injectable()
export class DocumentTotals {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly actors: DocumentActors,
  ) {}

  async totals(principal: Principal): Promise<DocumentTotalsRow[]> {
    const { companyId } = await this.actors.actorFor(principal);
    const resources = viewableResources(principal.accessRights);
    if (resources.length === 0) return [];
    const rows = await this.db.query<Row>(
      // The project's name too (the owner's project; a received document's is its sender's, which the
      // company cannot open, so the budget page names it rather than showing its id).
      `SELECT t.*, (SELECT p.name FROM projects p WHERE p.project_id = t.project_id AND p.company_id = t.owner) AS project_name
       FROM (SELECT project_id, resource, status, company_id = $1 AS sent, MIN(company_id) AS owner, COUNT(*) AS n, SUM(total_sen) AS total_sen, currency
         FROM documents
         WHERE resource = ANY($2::text[]) AND (company_id = $1 OR (counterparty_company_id = $1 AND shared_with_counterparty))
         GROUP BY project_id, resource, status, company_id = $1, currency) t
       ORDER BY project_id NULLS LAST, resource, status`,
      [companyId, resources],
    );
    return rows.map((r) => ({
      projectId: r.project_id,
      projectName: r.project_name,
      resource: r.resource,
      status: r.status,
      direction: r.sent ? 'sent' : 'received',
      count: Number(r.n),
      total: receivedWithoutEstimate(r.resource, !r.sent) ? null : formatSen(BigInt(r.total_sen)),
      currency: r.currency,
    }));
  }
}

@Controller()
export class DocumentTotalsController {
  constructor(private readonly documentTotals: DocumentTotals) {}

  /** `GET /api/document-totals`: `{ success, data: DocumentTotalsRow[] }`, by project, kind, status and direction. */
  @Get('document-totals')
  @ApiTags('documents')
  @ApiOperation({
    summary: "The chosen company's documents counted and summed per project, kind, status and direction",
    description: 'Only the kinds whose module the caller may view; tenders received have no sum.',
  })
  async all(@Req() request: AuthenticatedRequest) {
    return { success: true, data: await this.documentTotals.totals(request.principal!) };
  }
}
