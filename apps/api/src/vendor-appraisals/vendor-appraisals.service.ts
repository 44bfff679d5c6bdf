// A company's appraisals of its vendors: appraise (an active vendor appraisal questionnaire of its own, every
// question scored once on its scale), withdraw with a reason, the company's list newest first, one appraisal with
// its history, and a vendor's history with its summary. Every read is the appraising company's own. See README.md.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type VendorAppraisalPage, type VendorAppraisalRow, type VendorAppraisalView } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { cappedCount } from '../common/page-range.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { invalidFields, refusal } from '../common/refusal.js';
import { isInDirectory } from '../companies/company-directory.js';
import { appraisalQuestionnaire } from '../company-setups/appraisal-questionnaire.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { appraisalSummaries } from './appraisal-summaries.js';
import { decideAppraise, decideWithdraw, foldAppraisal, parseAppraisalRequest, refuseOwnCompany } from './vendor-appraisal.decider.js';
import {
  VENDOR_APPRAISAL_STREAM_TYPE,
  vendorAppraisalStream,
  type AppraisalConcerns,
  type VendorAppraisalEvent,
  type VendorAppraised,
} from './vendor-appraisal.events.js';

const VIEW = ['vendorManagement.view', 'vendorManagement.update'] as const;
const UPDATE = 'vendorManagement.update' as const;
/** The count a list reports stops here (and says so). */
export const APPRAISAL_COUNT_CAP = 1000;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type AppraisalRowDb = {
  appraisal_id: string;
  position: string | number;
  vendor_id: string;
  vendor_name: string | null;
  questionnaire_id: string;
  questionnaire_name: string;
  score_percent: string | number;
  remark: string | null;
  project_id: string | null;
  project_name: string | null;
  document_id: string | null;
  document_no: string | null;
  status: 'recorded' | 'withdrawn';
  appraised_at: Date | string;
  appraised_by_name: string | null;
  withdrawn_at: Date | string | null;
  withdrawn_by_name: string | null;
  withdraw_reason: string | null;
};

const SELECT = `SELECT a.*, co.name AS vendor_name, u.name AS appraised_by_name, w.name AS withdrawn_by_name FROM vendor_appraisals a
  LEFT JOIN companies co ON co.company_id = a.vendor_id LEFT JOIN identity_users u ON u.user_id = a.appraised_by
  LEFT JOIN identity_users w ON w.user_id = a.withdrawn_by`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function rowView(row: AppraisalRowDb): VendorAppraisalRow {
  return {
    id: row.appraisal_id,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    questionnaireId: row.questionnaire_id,
    questionnaireName: row.questionnaire_name,
    scorePercent: Number(row.score_percent),
    remark: row.remark,
    projectId: row.project_id,
    projectName: row.project_name,
    documentId: row.document_id,
    documentNo: row.document_no,
    status: row.status,
    appraisedAt: iso(row.appraised_at)!,
    appraisedBy: row.appraised_by_name,
    withdrawnAt: iso(row.withdrawn_at),
    withdrawnBy: row.withdrawn_by_name,
    withdrawReason: row.withdraw_reason,
  };
}

const writable = (principal: Principal) => {
  if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
};
const notFound = () => refusal(404, ErrorCodes.vendorAppraisalNotFound, 'There is no such appraisal in your company.');

@Injectable()
export class VendorAppraisals {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The company appraises a vendor (201): 400 fields, 422 own company or questionnaire, 404 vendor or questionnaire. */
  async appraise(principal: Principal, body: unknown) {
    const companyId = companyOf(principal, UPDATE);
    writable(principal);
    const request = parseAppraisalRequest(body);
    refuseOwnCompany(companyId, request.vendorId);
    if (!(await isInDirectory(this.db, companyId, request.vendorId)))
      throw refusal(404, ErrorCodes.vendorNotFound, 'No approved company with this id is in your directory.');
    const questionnaire = await appraisalQuestionnaire(this.db, companyId, request.questionnaireId);
    const appraisalId = randomUUID();
    const events = decideAppraise({
      appraisalId,
      companyId,
      actorUserId: principal.userId,
      request,
      questionnaire,
      concerns: await this.concerns(companyId, request),
    });
    await this.append(appraisalId, 'no_stream', events, principal, companyId, request.remark);
    return { success: true as const, id: appraisalId, appraisal: await this.viewOf(companyId, appraisalId) };
  }

  /** Withdraw with a reason (still listed, marked): 400 reason, 404 not the company's, 409 withdrawn already. */
  async withdraw(principal: Principal, appraisalId: string, body: unknown) {
    const companyId = companyOf(principal, UPDATE);
    writable(principal);
    const stored = ID.test(appraisalId) ? await this.store.readStream(vendorAppraisalStream(appraisalId)) : [];
    const state = foldAppraisal(stored);
    if (!state || state.companyId !== companyId) throw notFound();
    const events = decideWithdraw(state, body, principal.userId);
    const reason = events[0]!.type === 'VendorAppraisalWithdrawn' ? events[0]!.data.reason : null;
    await this.append(appraisalId, state.revision, events, principal, companyId, reason);
    return { success: true as const, id: appraisalId, appraisal: await this.viewOf(companyId, appraisalId) };
  }

  /** The company's appraisals newest first by keyset, `filter.vendorId` one vendor's; the count capped. */
  async list(principal: Principal, query: Record<string, unknown>): Promise<VendorAppraisalPage> {
    const companyId = companyOf(principal, ...VIEW);
    const filter = listFilter(query.filter);
    for (const key of Object.keys(filter)) if (key !== 'vendorId') throw invalidParameter(`filter.${key}`, 'unknown filter');
    let vendorId: string | null = null;
    if (filter.vendorId !== undefined) {
      if (typeof filter.vendorId !== 'string' || !ID.test(filter.vendorId))
        throw invalidParameter('filter.vendorId', 'must be a company id');
      vendorId = filter.vendorId;
    }
    return this.page(companyId, vendorId, query);
  }

  /** One vendor's history as the company keeps it: its summary and its appraisals newest first. */
  async vendorHistory(principal: Principal, vendorId: string, query: Record<string, unknown>) {
    const companyId = companyOf(principal, ...VIEW);
    const [vendor] = ID.test(vendorId)
      ? await this.db.query<{ company_id: string; name: string }>('SELECT company_id, name FROM companies WHERE company_id = $1', [
          vendorId,
        ])
      : [];
    if (!vendor || vendor.company_id === companyId) throw refusal(404, ErrorCodes.vendorNotFound, 'There is no such vendor.');
    const summary = (await appraisalSummaries(this.db, companyId, [vendorId])).get(vendorId)!;
    return { vendor: { id: vendor.company_id, name: vendor.name }, summary, ...(await this.page(companyId, vendorId, query)) };
  }

  /** One appraisal of the company, its questionnaire as it stood, its scores and its history. */
  async view(principal: Principal, appraisalId: string): Promise<VendorAppraisalView> {
    return this.viewOf(companyOf(principal, ...VIEW), appraisalId);
  }

  private async viewOf(companyId: string, appraisalId: string): Promise<VendorAppraisalView> {
    if (!ID.test(appraisalId)) throw notFound();
    const [row] = await this.db.query<AppraisalRowDb>(`${SELECT} WHERE a.appraisal_id = $1 AND a.company_id = $2`, [
      appraisalId,
      companyId,
    ]);
    if (!row) throw notFound();
    const stored = await this.store.readStream(vendorAppraisalStream(appraisalId));
    const made = stored.find((e) => e.type === 'VendorAppraised')!.data as unknown as VendorAppraised;
    const actors = [...new Set(stored.map((e) => e.metadata.actorUserId).filter((id): id is string => typeof id === 'string'))];
    const names = new Map(
      (
        await this.db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [
          actors,
        ])
      ).map((u) => [u.user_id, u.name]),
    );
    return {
      ...rowView(row),
      questionnaire: made.questionnaire,
      scores: made.scores,
      history: stored.map((e) => ({
        event: e.type === 'VendorAppraised' ? ('Appraise' as const) : ('Withdraw' as const),
        at: new Date(e.metadata.recordedAt).toISOString(),
        by: names.get(String(e.metadata.actorUserId)) ?? null,
        reason: typeof e.metadata.reason === 'string' ? e.metadata.reason : null,
      })),
    };
  }

  private async page(companyId: string, vendorId: string | null, query: Record<string, unknown>): Promise<VendorAppraisalPage> {
    const { after, limit } = keysetQuery(query, 25, 100);
    const params: unknown[] = [companyId];
    const where = ['a.company_id = $1'];
    if (vendorId) where.push(`a.vendor_id = $${params.push(vendorId)}`);
    const { counted, capped } = await cappedCount(this.db, 'vendor_appraisals a', where.join(' AND '), params, APPRAISAL_COUNT_CAP);
    if (after) {
      if (!/^\d{1,15}$/.test(after[0])) return { items: [], next: null, total: counted, totalCapped: capped };
      where.push(`a.position < $${params.push(Number(after[0]))}`);
    }
    const rows = await this.db.query<AppraisalRowDb>(
      `${SELECT} WHERE ${where.join(' AND ')} ORDER BY a.position DESC LIMIT ${limit + 1}`,
      params,
    );
    return { ...keysetPage(rows, limit, rowView, (row) => [String(row.position), row.appraisal_id]), total: counted, totalCapped: capped };
  }

  /** The project or document named, the company's own, as it stands; 400 naming the field otherwise. */
  private async concerns(companyId: string, request: { projectId: string | null; documentId: string | null }): Promise<AppraisalConcerns> {
    const fields: Record<string, string[]> = {};
    let project: AppraisalConcerns['project'] = null;
    let document: AppraisalConcerns['document'] = null;
    if (request.projectId) {
      const [row] = await this.db.query<{ name: string }>('SELECT name FROM projects WHERE project_id = $1 AND company_id = $2', [
        request.projectId,
        companyId,
      ]);
      if (row) project = { id: request.projectId, name: row.name };
      else fields.projectId = ['notFound'];
    }
    if (request.documentId) {
      const [row] = await this.db.query<{ document_no: string; resource: string }>(
        'SELECT document_no, resource FROM documents WHERE id = $1 AND company_id = $2',
        [request.documentId, companyId],
      );
      if (row) document = { id: request.documentId, documentNo: row.document_no, resource: row.resource };
      else fields.documentId = ['notFound'];
    }
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
    return { project, document };
  }

  private async append(
    appraisalId: string,
    expectedRevision: number | 'no_stream',
    events: VendorAppraisalEvent[],
    principal: Principal,
    companyId: string,
    reason: string | null,
  ) {
    await this.store.append({
      streamId: vendorAppraisalStream(appraisalId),
      streamType: VENDOR_APPRAISAL_STREAM_TYPE,
      expectedRevision,
      events: events.map((e) => ({
        type: e.type,
        data: e.data,
        metadata: { actorUserId: principal.userId, actorCompanyId: companyId, ...(reason ? { reason } : {}) },
      })),
    });
  }
}
