// What a delivery/service order or a claim may still take from its source: the source document (an
// order, or the tender an order awards) must be one the company sees and of a kind the spec allows; the
// other live documents on the same source (not cancelled or rejected) come from the `document_draws`
// read model. The rule itself is pure (`checkDraws` in document-kind-rules.ts).
import { refusal, Refused } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import {
  DocumentKindsWithDeliveredQuantities,
  DocumentSourceKinds,
  isDocumentResource,
  isRequestResource,
  type DocumentFields,
  type DocumentResource,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { DocumentLoader } from './document-loader.js';
import { checkDraws, claimShare, type DrawContext } from './document-kind-rules.js';
import { parseQuantity } from './money.js';

/** Statuses whose documents no longer take anything from their source (a rejected one is checked again on Resubmit). */
export const RELEASED_STATUSES = ['cancelled', 'rejected'];

const unknownSource = () =>
  refusal(
    422,
    'unknownSourceDocument',
    'The source document does not exist, is not visible to your company, or is not of a kind this document can draw on.',
    { fields: { sourceDocumentId: ['unknownSourceDocument'] } },
  );

@Injectable()
export class DocumentDraws {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly loader: DocumentLoader,
  ) {}

  /** Checks the source and the remaining quantity or percentage; `streamId` is the document's own (left out of "others"). */
  async check(resource: DocumentResource, fields: DocumentFields, companyId: string, streamId: string | null): Promise<void> {
    if (!fields.sourceDocumentId) {
      checkDraws(resource, fields, { sourceLines: null, deliveredByOthers: new Map(), claimedByOthers: 0n });
      return;
    }
    const allowed = DocumentSourceKinds[resource] ?? [];
    const [row] = await this.db.query<{ resource: string }>('SELECT resource FROM documents WHERE id = $1', [fields.sourceDocumentId]);
    if (!row || !isDocumentResource(row.resource) || !allowed.includes(row.resource)) throw unknownSource();
    const source = await this.loader.load(row.resource, fields.sourceDocumentId, companyId).catch((error: unknown) => {
      if (error instanceof Refused && error.getStatus() === 404) throw unknownSource();
      throw error;
    });
    if (isRequestResource(row.resource)) return this.checkRequest(source.state.workflow.status, fields.sourceDocumentId, streamId);
    const sourceLines = new Map(source.state.fields.items.map((item) => [item.lineNo, parseQuantity(item.quantity) ?? 0n]));
    const delivers = DocumentKindsWithDeliveredQuantities.includes(resource);
    const claims = claimShare(resource, fields) !== null;
    const context: DrawContext = {
      sourceLines,
      deliveredByOthers: delivers ? await this.others(fields.sourceDocumentId, 'quantity', streamId) : new Map(),
      claimedByOthers: claims ? ((await this.others(fields.sourceDocumentId, 'percent', streamId)).get(0) ?? 0n) : 0n,
    };
    checkDraws(resource, fields, context);
  }

  /**
   * A tender made from a request: the request must be approved, and it feeds one live tender at a
   * time (a cancelled tender frees it), as a Procore or Ariba requisition converts once.
   */
  private async checkRequest(status: string, requestId: string, streamId: string | null): Promise<void> {
    if (status !== 'approved') {
      throw refusal(422, 'requestNotApproved', 'Only an approved request can become a tender.', {
        fields: { sourceDocumentId: ['requestNotApproved'] },
      });
    }
    const [live] = await this.db.query<{ document_no: string }>(
      `SELECT d.document_no FROM document_sources s JOIN documents d ON d.stream_id = s.stream_id
       WHERE s.source_document_id = $1 AND s.stream_id <> $2 AND d.status <> 'cancelled' LIMIT 1`,
      [requestId, streamId ?? ''],
    );
    if (live) {
      throw refusal(409, 'requestAlreadyTendered', `The request is already tender ${live.document_no}.`, {
        fields: { sourceDocumentId: ['requestAlreadyTendered'] },
      });
    }
  }

  private async others(sourceId: string, measure: 'quantity' | 'percent', streamId: string | null): Promise<Map<number, bigint>> {
    const rows = await this.db.query<{ line_no: number | string; taken: string | number }>(
      `SELECT dr.line_no, SUM(dr.amount) AS taken FROM document_draws dr
         JOIN document_sources s ON s.stream_id = dr.stream_id
         JOIN documents d ON d.stream_id = dr.stream_id
       WHERE s.source_document_id = $1 AND dr.measure = $2 AND dr.stream_id <> $3 AND d.status <> ALL($4::text[])
       GROUP BY dr.line_no`,
      [sourceId, measure, streamId ?? '', RELEASED_STATUSES],
    );
    return new Map(rows.map((r) => [Number(r.line_no), BigInt(String(r.taken))]));
  }
}
