// Commands and queries of the authority context: fold the company's streams, decide, append with the
// expected revision (read models follow in the same transaction), answer from the read models.
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  hasAnyAccessRight,
  type AccessRight,
  type AuthorityHistoryRow,
  type AuthorityManualView,
  type WorkflowAssignmentsReply,
} from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { PageRange } from '../common/page-range.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { companyAssignmentGroups, companyManual, companyManuals } from './authority-reads.js';
import { namedMembers } from './manual-level-rules.js';
import {
  decideAssign,
  decideManual,
  decideUnassign,
  foldAssignments,
  foldManual,
  parseAssignment,
  parseManual,
} from './authority.decider.js';
import { authorityManualStream, companyAuthorityStream, type AuthorityEvent } from './authority.events.js';

const MANAGE: AccessRight = 'administration.authorityManual.update';

/** The chosen company, and (when `right` is given) that the caller holds it there: 403 otherwise. */
export function companyOf(principal: Principal, ...rights: AccessRight[]): string {
  if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
  if (rights.length > 0 && !hasAnyAccessRight(principal.accessRights, ...rights)) {
    throw refusal(403, ErrorCodes.noAccessRight, `This needs the access right ${rights.join(' or ')}.`);
  }
  return principal.companyId;
}

export const expectedOf = (events: readonly StoredEvent[]) =>
  events.length === 0 ? ('no_stream' as const) : events[events.length - 1]!.revision;

@Injectable()
export class AuthorityService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async workflowAssignments(principal: Principal): Promise<WorkflowAssignmentsReply> {
    return { success: true, workflowAssignments: await companyAssignmentGroups(this.db, companyOf(principal)) };
  }

  async assign(principal: Principal, body: unknown, unassign: boolean): Promise<WorkflowAssignmentsReply & { revision: number }> {
    const companyId = companyOf(principal, MANAGE);
    const assignment = parseAssignment(body);
    const legacy = await this.store.readStream(`company-${companyId}`);
    const own = await this.store.readStream(companyAuthorityStream(companyId));
    const held = foldAssignments([...legacy, ...own]);
    const event = unassign
      ? decideUnassign(held, companyId, assignment, principal.userId)
      : decideAssign(held, companyId, assignment, await this.isMember(companyId, assignment.userId), principal.userId);
    const result = await this.append(companyAuthorityStream(companyId), 'companyAuthority', expectedOf(own), event, principal);
    return { ...(await this.workflowAssignments(principal)), revision: result };
  }

  async manuals(principal: Principal): Promise<{ success: true; manuals: AuthorityManualView[] }> {
    return { success: true, manuals: await companyManuals(this.db, companyOf(principal)) };
  }

  async manual(principal: Principal, resource: string): Promise<{ success: true; manual: AuthorityManualView }> {
    const manual = await companyManual(this.db, companyOf(principal), resource);
    if (!manual)
      throw refusal(
        404,
        'manualNotFound',
        `No authority manual for ${resource} in this company: the workflows default applies (VerifyLevel1, no limit).`,
      );
    return { success: true, manual };
  }

  async defineManual(principal: Principal, resource: string, body: unknown): Promise<{ success: true; manual: AuthorityManualView }> {
    const companyId = companyOf(principal, MANAGE);
    const input = parseManual(body);
    for (const userId of namedMembers(input.levels))
      if (!(await this.isMember(companyId, userId)))
        throw refusal(422, 'userNotCompanyMember', 'An escalation names someone who holds no active role in this company.', {
          fields: { escalateTo: ['userNotCompanyMember'] },
        });
    const events = await this.store.readStream(authorityManualStream(companyId, resource));
    const event = decideManual(foldManual(events), companyId, resource, input, principal.userId);
    await this.append(authorityManualStream(companyId, resource), 'authorityManual', expectedOf(events), event, principal);
    return this.manual(principal, resource);
  }

  /**
   * The audited changes, newest first: who gave whom which level, who changed which manual, when. A page
   * (`range`, 500 by default) with the whole count (`total`): older changes are a page further, never cut off.
   */
  async history(principal: Principal, range: PageRange): Promise<{ success: true; history: AuthorityHistoryRow[]; total: number }> {
    const companyId = companyOf(principal, MANAGE, 'administration.authorityManual.view');
    const rows = await this.db.query<{
      recorded_at: string | Date;
      event_type: string;
      actor_user_id: string | null;
      actor_name: string | null;
      code: string;
      user_id: string | null;
      user_name: string | null;
      level: number | null;
      manual_version: number | null;
      stream_id: string;
      revision: number;
    }>(
      `SELECT h.recorded_at, h.event_type, h.actor_user_id, a.name AS actor_name, h.code, h.user_id, u.name AS user_name, h.level, h.manual_version, h.stream_id, h.revision
       FROM authority_history h LEFT JOIN identity_users a ON a.user_id = h.actor_user_id LEFT JOIN identity_users u ON u.user_id = h.user_id
       WHERE h.company_id = $1 ORDER BY h.global_position DESC LIMIT ${range.limit} OFFSET ${range.from}`,
      [companyId],
    );
    const [counted] = await this.db.query<{ total: string | number }>(
      'SELECT count(*) AS total FROM authority_history WHERE company_id = $1',
      [companyId],
    );
    return {
      success: true,
      total: Number(counted?.total ?? 0),
      history: rows.map((r) => ({
        at: new Date(r.recorded_at).toISOString(),
        eventType: r.event_type,
        actor: { userId: r.actor_user_id, name: r.actor_name },
        code: r.code,
        userId: r.user_id,
        userName: r.user_name,
        level: r.level === null ? null : Number(r.level),
        manualVersion: r.manual_version === null ? null : Number(r.manual_version),
        streamId: r.stream_id,
        revision: Number(r.revision),
      })),
    };
  }

  private async isMember(companyId: string, userId: string): Promise<boolean> {
    const [row] = await this.db.query('SELECT 1 FROM company_user_roles WHERE company_id = $1 AND user_id = $2 AND status = 2 LIMIT 1', [
      companyId,
      userId,
    ]);
    return row !== undefined;
  }

  private async append(
    streamId: string,
    streamType: string,
    expected: number | 'no_stream',
    event: AuthorityEvent,
    principal: Principal,
  ): Promise<number> {
    const result = await this.store.append({
      streamId,
      streamType,
      expectedRevision: expected,
      events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
    });
    return result.nextExpectedRevision;
  }
}
