// A buyer company's approved list of tenderers: propose (from the directory), approve or reject (with a
// remark), and the list per status. Commands fold the pair's stream, decide (tenderer.decider.ts) and append
// with the expected revision; the list reads `approved_tenderers` (one index range per status).
import { refusal } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyLevels } from '../../authority/authority-reads.js';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { isInDirectory } from '../../companies/company-directory.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { pageRange } from '../../common/page-range.js';
import {
  decideTenderer,
  foldTenderer,
  parseDecision,
  parseProposal,
  TENDERER_TRANSITIONS,
  type TendererAction,
} from './tenderer.decider.js';
import { tendererStream, TENDERER_STATUSES, TENDERER_STREAM_TYPE, type TendererEvent, type TendererStatus } from './tenderer.events.js';
import { iso } from '../../common/iso.js';

type Row = {
  company_id: string;
  name: string | null;
  registration_no: string | null;
  status: string;
  proposed_at: Date | string;
  proposed_by_name: string | null;
  note: string | null;
  decided_at: Date | string | null;
  decided_by_name: string | null;
  remark: string | null;
  changed_at: Date | string;
};

const ALL_LEVELS = [10, 20, 21, 22, 23];

@Injectable()
export class TenderersService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** `{ companyId, note? }`: the company goes on the list as pending. */
  async propose(principal: Principal, body: unknown) {
    const buyerCompanyId = companyOf(principal);
    const { companyId, note } = parseProposal(body);
    const inDirectory = companyId !== buyerCompanyId && (await isInDirectory(this.db, buyerCompanyId, companyId));
    return this.act(principal, 'Propose', buyerCompanyId, companyId, note, inDirectory);
  }

  /** Approve (`{ remark? }`) or reject (`{ remark }`) a listed company. */
  async decide(principal: Principal, action: 'Approve' | 'Reject', companyId: string, body: unknown) {
    const buyerCompanyId = companyOf(principal);
    return this.act(principal, action, buyerCompanyId, companyId, parseDecision(body, action), false);
  }

  /**
   * The list of one status, newest change first, `?status=approved&range=[0,24]` (at most 100 rows): one
   * index range. No count: `hasMore` says whether a next page exists (one row more is read to know it).
   */
  async list(principal: Principal, query: Record<string, unknown>) {
    const buyerCompanyId = companyOf(principal);
    const unknown = Object.keys(query).filter((key) => key !== 'range' && key !== 'status');
    if (unknown.length > 0)
      throw refusal(400, 'validationFailed', `Unknown parameter: ${unknown.join(', ')}.`, {
        fields: Object.fromEntries(unknown.map((key) => [key, ['unknownField']])),
      });
    const status = query.status ?? 'approved';
    if (!TENDERER_STATUSES.includes(status as TendererStatus))
      throw refusal(400, 'validationFailed', 'status is pending, approved or rejected.', { fields: { status: ['invalidChoice'] } });
    const { from, to } = pageRange(query.range);
    const rows = await this.db.query<Row>(
      `SELECT t.company_id, c.name, c.registration_no, t.status, t.proposed_at, up.name AS proposed_by_name, t.note,
              t.decided_at, ud.name AS decided_by_name, t.remark, t.changed_at
         FROM (SELECT * FROM approved_tenderers WHERE buyer_company_id = $1 AND status = $2
                ORDER BY changed_at DESC, company_id LIMIT $3 OFFSET $4) t
         LEFT JOIN companies c ON c.company_id = t.company_id
         LEFT JOIN identity_users up ON up.user_id = t.proposed_by
         LEFT JOIN identity_users ud ON ud.user_id = t.decided_by
        ORDER BY t.changed_at DESC, t.company_id`,
      [buyerCompanyId, status, to - from + 2, from],
    );
    const page = rows.slice(0, to - from + 1);
    return {
      success: true as const,
      status,
      from,
      hasMore: rows.length > page.length,
      data: page.map((r) => ({
        companyId: r.company_id,
        name: r.name,
        registrationNo: r.registration_no,
        status: r.status,
        proposedAt: iso(r.proposed_at),
        proposedByName: r.proposed_by_name,
        note: r.note,
        decidedAt: r.decided_at === null ? null : iso(r.decided_at),
        decidedByName: r.decided_by_name,
        remark: r.remark,
        changedAt: iso(r.changed_at),
      })),
    };
  }

  private async act(
    principal: Principal,
    action: TendererAction,
    buyerCompanyId: string,
    companyId: string,
    text: string | null,
    inDirectory: boolean,
  ) {
    const streamId = tendererStream(buyerCompanyId, companyId);
    const events = await this.store.readStream(streamId);
    const levels = principal.userType === 2 ? ALL_LEVELS : ((await companyLevels(this.db, buyerCompanyId, principal.userId)).tender ?? []);
    const event = decideTenderer(
      action,
      { buyerCompanyId, companyId, status: foldTenderer(events), levels, inDirectory },
      text,
      principal.userId,
    );
    const revision = await this.append(streamId, events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision, event, principal);
    return { success: true as const, companyId, status: TENDERER_TRANSITIONS[action].to, revision };
  }

  private async append(streamId: string, expected: number | 'no_stream', event: TendererEvent, principal: Principal): Promise<number> {
    try {
      const result = await this.store.append({
        streamId,
        streamType: TENDERER_STREAM_TYPE,
        expectedRevision: expected,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      // Two decisions on one company at once: the second is told to look again (nothing recorded for it).
      if (error instanceof WrongExpectedRevision) throw refusal(409, 'wrongExpectedRevision', 'The list changed meanwhile. Look again.');
      throw error;
    }
  }
}
