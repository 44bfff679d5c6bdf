// Grants and revokes of approval authority, and their list. Who may grant: the delegator (lending their
// own authority), or an administrator holding administration.authorityManual.update for someone away. Who
// may revoke: the delegator, the delegate (declining it), or such an administrator. Every grant and revoke
// is an event in the grant's own stream; nothing is changed in place.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hasAnyAccessRight, type AccessRight, type DelegationsPage, type DelegationView } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { invalidFields, refusal } from '../../common/refusal.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { companyOf } from '../authority.service.js';
import { decideGrant, decideRevoke, parseGrant, parseRevoke } from './delegation.decider.js';
import { DELEGATION_STREAM_TYPE, delegationStream, type DelegationEvent, type DelegationGranted } from './delegation.events.js';
import { delegationById, delegationPage, toView, type DelegationCursor } from './delegation-reads.js';

const MANAGE: AccessRight = 'administration.authorityManual.update';
const PAGE = 50;
const CURSOR = /^[0-9T:.Z-]{10,30}\|[0-9a-f-]{36}$/;

@Injectable()
export class DelegationsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async grant(principal: Principal, body: unknown): Promise<{ success: true; delegation: DelegationView }> {
    const companyId = companyOf(principal);
    const now = this.now();
    const input = parseGrant(body, principal.userId, now);
    if (input.fromUserId !== principal.userId && !hasAnyAccessRight(principal.accessRights, MANAGE))
      throw refusal(403, 'noAccessRight', `Lending someone else's authority needs ${MANAGE}.`);
    const [from, to] = await Promise.all([this.isMember(companyId, input.fromUserId), this.isMember(companyId, input.toUserId)]);
    const delegationId = randomUUID();
    const event = decideGrant(input, {
      companyId,
      delegationId,
      by: principal.userId,
      membersActive: from && to,
      delegatorLevels: await this.approvingKinds(companyId, input.fromUserId),
    });
    await this.append(companyId, delegationId, 'no_stream', event, principal);
    return { success: true, delegation: await this.view(companyId, delegationId) };
  }

  async revoke(principal: Principal, id: string, body: unknown): Promise<{ success: true; delegation: DelegationView }> {
    const companyId = companyOf(principal);
    const { reason } = parseRevoke(body);
    const events = /^[0-9a-f-]{36}$/.test(id) ? await this.store.readStream(delegationStream(companyId, id)) : [];
    const granted = events.find((e) => e.type === 'AuthorityDelegated')?.data as unknown as DelegationGranted | undefined;
    const mayRevoke =
      granted &&
      (granted.fromUserId === principal.userId ||
        granted.toUserId === principal.userId ||
        hasAnyAccessRight(principal.accessRights, MANAGE));
    // Someone outside the grant, without the manage right, learns nothing about it.
    const event = decideRevoke(
      mayRevoke ? granted : null,
      events.some((e) => e.type === 'AuthorityDelegationRevoked'),
      this.now(),
      reason,
      principal.userId,
    );
    await this.append(companyId, id, events.at(-1)!.revision, event, principal);
    return { success: true, delegation: await this.view(companyId, id) };
  }

  /** The company's grants (all of them with the manage right, else those the caller gives or receives). */
  async list(principal: Principal, cursor: unknown): Promise<DelegationsPage> {
    const companyId = companyOf(principal);
    const person = hasAnyAccessRight(principal.accessRights, MANAGE, 'administration.authorityManual.view') ? null : principal.userId;
    const after = parseCursor(cursor);
    const rows = await delegationPage(this.db, companyId, person, after, PAGE + 1);
    const now = this.now();
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      success: true,
      delegations: page.map((row) => toView(row, now)),
      next: rows.length > PAGE && last ? `${new Date(last.starts_at).toISOString()}|${last.delegation_id}` : null,
    };
  }

  private async view(companyId: string, id: string): Promise<DelegationView> {
    const row = await delegationById(this.db, companyId, id);
    if (!row) throw refusal(404, 'delegationNotFound', 'No such delegation in this company.');
    return toView(row, this.now());
  }

  /** Kinds on which the person holds a verify level, in the company or in one of its projects. */
  private async approvingKinds(companyId: string, userId: string): Promise<string[]> {
    const rows = await this.db.query<{ code: string }>(
      `SELECT resource_code AS code FROM authority_assignments WHERE company_id = $1 AND user_id = $2 AND level >= 20
       UNION SELECT a.code FROM project_assignments a JOIN projects p ON p.project_id = a.project_id
       WHERE p.company_id = $1 AND a.user_id = $2 AND a.level >= 20`,
      [companyId, userId],
    );
    return rows.map((row) => row.code);
  }

  private async isMember(companyId: string, userId: string): Promise<boolean> {
    const [row] = await this.db.query('SELECT 1 FROM company_user_roles WHERE company_id = $1 AND user_id = $2 AND status = 2 LIMIT 1', [
      companyId,
      userId,
    ]);
    return row !== undefined;
  }

  private async append(
    companyId: string,
    id: string,
    expected: number | 'no_stream',
    event: DelegationEvent,
    principal: Principal,
  ): Promise<void> {
    await this.store.append({
      streamId: delegationStream(companyId, id),
      streamType: DELEGATION_STREAM_TYPE,
      expectedRevision: expected,
      events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
    });
  }
}

function parseCursor(raw: unknown): DelegationCursor | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !CURSOR.test(raw)) throw invalidFields({ after: ['must be the `next` of the page before'] });
  const [startsAt, id] = raw.split('|') as [string, string];
  if (Number.isNaN(Date.parse(startsAt))) throw invalidFields({ after: ['must be the `next` of the page before'] });
  return { startsAt, id };
}
