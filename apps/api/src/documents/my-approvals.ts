// "My approvals" (issue 8): the documents waiting for the caller's decision across every document kind,
// oldest first. A document waits for a user when the machine offers that user a deciding event on it now
// (Approve at the next missing level of an open round, or the counterparty's Confirm, Accept, Certify), so
// the answer is exactly the buttons the user would see on each document, never a second rule set.
import { Controller, Get, Inject, Injectable, Query, Req, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DocumentResources, hasAnyAccessRight, type DocumentResource, type WorkflowEventName } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { availableActions, catalogueEntry, nextMissingLevel } from '@binaan/workflows';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import { actionRights, DocumentModules } from './document-access.js';
import { DocumentActors } from './document-actor.js';
import { DocumentLoader } from './document-loader.js';
import { DocumentRefusedFilter } from './document-refused.filter.js';
import { shapeError } from './document.errors.js';
import { formatSen } from './money.js';

/** The events that decide on a document someone else prepared: what an approver's queue holds. */
export const DecidingEvents: readonly WorkflowEventName[] = ['Approve', 'Confirm', 'Accept', 'Certify'];
/** Candidates read per call (each is folded to ask the machine); the queue is meant to be worked down. */
const MAX_CANDIDATES = 500;

export type MyApprovalRow = {
  resource: DocumentResource; id: string; documentNo: string; title: string; status: string; total: string; currency: string;
  companyId: string; counterpartyCompanyId: string | null; projectId: string | null; revision: number;
  /** When the document reached its present state: it has waited since then. */
  waitingSince: string;
  /** The deciding events the machine offers the caller now. */
  actions: WorkflowEventName[];
  /** The level an Approve would record (null for a counterparty's answer). */
  nextLevel: number | null;
};

type Row = {
  id: string; resource: DocumentResource; document_no: string; title: string; status: string; total_sen: string | number; currency: string;
  company_id: string; counterparty_company_id: string | null; project_id: string | null; updated_at: Date | string; revision: string | number;
};

/** Per resource the caller may act on, the statuses a deciding event leaves from (from the catalogue). */
export function decidingStatuses(accessRights: string): { resource: DocumentResource; statuses: string[] }[] {
  return DocumentResources.flatMap((resource) => {
    const module = DocumentModules[resource];
    if (!hasAnyAccessRight(accessRights, `${module}.view`)) return [];
    const statuses = catalogueEntry(resource).transitions
      .filter((t) => t.from !== null && DecidingEvents.includes(t.event) && hasAnyAccessRight(accessRights, ...actionRights(module, t.event)))
      .map((t) => t.from as string);
    return statuses.length === 0 ? [] : [{ resource, statuses: [...new Set(statuses)] }];
  });
}

@Injectable()
export class MyApprovals {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly actors: DocumentActors,
    private readonly loader: DocumentLoader,
  ) {}

  async list(principal: Principal): Promise<MyApprovalRow[]> {
    const companyActor = await this.actors.actorFor(principal);
    const kinds = decidingStatuses(principal.accessRights);
    if (kinds.length === 0) return [];
    const params: unknown[] = [companyActor.companyId];
    const byKind = kinds.map(({ resource, statuses }) => {
      params.push(resource, statuses);
      return `(resource = $${params.length - 1} AND status = ANY($${params.length}::text[]))`;
    });
    const rows = await this.db.query<Row>(
      `SELECT id, resource, document_no, title, status, total_sen, currency, company_id, counterparty_company_id, project_id, updated_at, revision
       FROM documents WHERE (company_id = $1 OR (counterparty_company_id = $1 AND shared_with_counterparty)) AND (${byKind.join(' OR ')})
       ORDER BY updated_at ASC, id ASC LIMIT ${MAX_CANDIDATES}`,
      params,
    );
    const waiting: MyApprovalRow[] = [];
    for (const row of rows) {
      // The read model's revision: a state kept at exactly it needs no read.
      const { state } = await this.loader.load(row.resource, row.id, companyActor.companyId, Number(row.revision));
      const actor = await this.actors.forDocument(companyActor, state);
      const actions = availableActions(row.resource, state.workflow, actor).map((a) => a.event).filter((e) => DecidingEvents.includes(e));
      if (actions.length === 0) continue;
      const { approval } = state.workflow.context;
      const nextLevel = actions.includes('Approve') && approval.open ? nextMissingLevel(approval) : null;
      waiting.push({
        resource: row.resource, id: row.id, documentNo: row.document_no, title: row.title, status: state.workflow.status, total: formatSen(BigInt(row.total_sen)),
        currency: row.currency, companyId: row.company_id, counterpartyCompanyId: row.counterparty_company_id, projectId: row.project_id,
        revision: state.revision, waitingSince: new Date(row.updated_at).toISOString(), actions, nextLevel,
      });
    }
    return waiting;
  }
}

@Controller()
@UseFilters(DocumentRefusedFilter)
export class MyApprovalsController {
  constructor(private readonly approvals: MyApprovals) {}

  /** `GET /api/my-approvals[?resource=purchaseOrder]`: `{ success, data: MyApprovalRow[] }`, oldest first. */
  @Get('my-approvals')
  @ApiTags('documents')
  async mine(@Query('resource') resource: unknown, @Req() request: AuthenticatedRequest) {
    if (resource !== undefined && (typeof resource !== 'string' || !(DocumentResources as readonly string[]).includes(resource))) {
      throw shapeError({ resource: ['must be a document resource'] });
    }
    const rows = await this.approvals.list(request.principal!);
    return { success: true, data: resource === undefined ? rows : rows.filter((r) => r.resource === resource) };
  }
}
