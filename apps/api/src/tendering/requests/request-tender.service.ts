// Requests and the tenders made from them: "Make a tender" on an approved request creates the
// tender through the documents context's own create (its checks, number, machine and events), with the
// request as its source (`sourceDocumentId`, so `document_sources` links them both ways).
import { refusal } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { isRequestResource, type RequestResource } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { CreateDocument, type DocumentWritten } from '../../documents/document.commands.js';
import { documentStreamId, foldDocument } from '../../documents/document.state.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { tenderBodyFromRequest, type RequestForTender } from './request-tender.js';
import { projectRequests } from './project-requests.js';
import { bqItemTenders } from './bq-item-tenders.js';
import { parseBqTender, tenderBodyFromBq } from './bq-tender.js';
import { foldStored } from '../../bills-of-quantity/bq-loader.js';
import { bqStreamId } from '../../bills-of-quantity/bq.events.js';
import { emptyBq } from '../../bills-of-quantity/bq-tree.js';
import { isUuid } from '../../common/uuid.js';

/** A request of the caller's company, or 404 (another company's request is never told apart from none). */
export async function loadOwnRequest(
  store: EventStore,
  resource: string,
  id: string,
  companyId: string,
): Promise<RequestForTender & { status: string }> {
  const state = isRequestResource(resource) && isUuid(id) ? foldDocument(await store.readStream(documentStreamId(resource, id))) : null;
  if (state === null || state.resource !== resource || state.companyId !== companyId)
    throw refusal(404, 'documentNotFound', 'No such request.');
  return {
    resource: resource as RequestResource,
    id: state.id,
    documentNo: state.documentNo,
    fields: state.fields,
    status: state.workflow.status,
  };
}

@Injectable()
export class RequestTenderService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly commands: CommandBus,
  ) {}

  /** The tender made from an approved request; refusals of the create (requestNotApproved, ...) come from the documents context. */
  async makeTender(principal: Principal, resource: string, id: string, body: unknown): Promise<DocumentWritten> {
    const request = await loadOwnRequest(this.store, resource, id, companyOf(principal));
    const tenderBody = tenderBodyFromRequest(request, body);
    return this.commands.execute<CreateDocument, DocumentWritten>(new CreateDocument('tender', principal, tenderBody));
  }

  /** A tender whose items are picked items of the project's approved bill of quantity. */
  async tenderFromBq(principal: Principal, body: unknown): Promise<DocumentWritten> {
    const request = parseBqTender(body);
    const [project] = await this.db.query<{ name: string; company_id: string }>(
      'SELECT name, company_id FROM projects WHERE project_id = $1',
      [request.projectId],
    );
    const bq = foldStored(emptyBq(request.projectId), await this.store.readStream(bqStreamId(request.projectId)));
    if (!project || project.company_id !== companyOf(principal) || bq.revision < 0)
      throw refusal(404, 'bqNotFound', 'No bill of quantity of your company in that project.');
    const tenderBody = tenderBodyFromBq(bq, request, project.name);
    return this.commands.execute<CreateDocument, DocumentWritten>(new CreateDocument('tender', principal, tenderBody));
  }

  /** The tenders made from a request (newest last), so the request shows where it went. */
  /** The project's requests of the three kinds, newest first (project-requests.ts). */
  async projectRequests(principal: Principal, projectId: string, query: Record<string, unknown>) {
    return projectRequests(this.db, companyOf(principal), projectId, query);
  }

  /** The tenders made from the project's BQ rows, by BQ item (bq-item-tenders.ts). */
  async bqItemTenders(principal: Principal, projectId: string, query: Record<string, unknown>) {
    return bqItemTenders(this.db, companyOf(principal), projectId, query);
  }

  async tenders(principal: Principal, resource: string, id: string) {
    const request = await loadOwnRequest(this.store, resource, id, companyOf(principal));
    const rows = await this.db.query<{ id: string; document_no: string; title: string; status: string; created_at: string | Date }>(
      `SELECT d.id, d.document_no, d.title, d.status, d.created_at FROM document_sources s JOIN documents d ON d.stream_id = s.stream_id
       WHERE s.source_document_id = $1 AND d.resource = 'tender' ORDER BY d.created_at, d.id`,
      [request.id],
    );
    return {
      success: true as const,
      requestId: request.id,
      status: request.status,
      data: rows.map((row) => ({
        id: row.id,
        documentNo: row.document_no,
        title: row.title,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}
