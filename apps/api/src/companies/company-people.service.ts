// A company administrator brings people in and keeps them: invitations (an existing account linked at once,
// a new person by a sign-up link), the user machine's steps on a member, roles given through the company
// role machine, the site-team flag, and each member's history. Every step is decided against the
// company's stream folded, with the caller's rights in the chosen company.

import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCodes,
  companyInviteErrors,
  decodeAccessRights,
  isWorkflowEventName,
  normaliseEmail,
  type CompanyInviteInput,
  type CompanyInviteReply,
} from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { AccountDirectory } from '../identity/account-directory.js';
import { SessionService } from '../identity/session.service.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import {
  companyActor,
  decideAssignRole,
  decideInvite,
  decideMemberAction,
  decideRoleAction,
  decideSiteTeam,
  remarkOf,
} from './company-admin.decider.js';
import { companyStream } from './company-admin.events.js';
import { CompanyMail } from './company-mail.js';
import { memberHistory } from './company-member-history.js';
import { CompanyStreams } from './company-streams.js';

export const MEMBER_EVENTS = ['Activate', 'Suspend', 'Deactivate', 'Terminate', 'Reject'] as const;
export const ROLE_EVENTS = ['Approve', 'Reject', 'Deactivate', 'Activate'] as const;
/** Member statuses whose sessions in the company end at once. */
const ENDED = new Set(['suspended', 'deactivated', 'terminated']);

@Injectable()
export class CompanyPeopleService {
  private readonly logger = new Logger('CompanyPeople');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly accounts: AccountDirectory,
    private readonly sessions: SessionService,
    private readonly mail: CompanyMail,
    private readonly streams: CompanyStreams,
  ) {}

  async invite(principal: Principal, body: unknown): Promise<CompanyInviteReply> {
    const companyId = this.writer(principal, 'administration.users.update');
    const input = (typeof body === 'object' && body !== null ? body : {}) as Partial<CompanyInviteInput>;
    const fields = companyInviteErrors(input);
    if (Object.keys(fields).length > 0) {
      const onlyTooMany = Object.keys(fields).length === 1 && fields.roleIds?.includes('tooManyRoles') === true;
      throw refusal(
        400,
        onlyTooMany ? ErrorCodes.tooManyRoles : ErrorCodes.validationFailed,
        `Check these fields: ${Object.keys(fields).join(', ')}.`,
        { fields },
      );
    }
    const state = await this.streams.load(companyId);
    const email = normaliseEmail(input.email!);
    const { account } = await this.accounts.byEmail(email);
    const invitationId = randomBytes(24).toString('base64url');
    const decided = decideInvite(
      state,
      { email, name: input.name!, roleIds: input.roleIds!, isSiteTeam: input.isSiteTeam ?? false },
      account ? { userId: account.userId, status: account.status, name: account.name, email: account.email } : null,
      invitationId,
      this.actor(principal, companyId),
      this.now().toISOString(),
    );
    const linked = decided.memberId !== invitationId;
    const inviter = await this.nameOf(principal);
    // The e-mail first: when the mail server refuses it nothing is recorded and the invitation can be sent again.
    try {
      if (linked) await this.mail.added(email, account!.name, state.name, inviter);
      else await this.mail.invitation(email, input.name!.trim(), state.name, inviter, invitationId);
    } catch (error) {
      this.logger.warn(`An invitation e-mail of ${companyId} was not sent: ${(error as Error).message}`);
      throw refusal(503, ErrorCodes.mailDeliveryFailed, 'The e-mail could not be sent, so nobody was invited. Try again later.');
    }
    await this.streams.append(state.companyId, state.revision, decided.events, principal);
    return { success: true, id: decided.memberId, status: decided.status as CompanyInviteReply['status'], linkedExistingAccount: linked };
  }

  async memberAct(principal: Principal, memberId: string, eventName: string, body: unknown, ifMatch: string | undefined) {
    const companyId = this.writer(principal, 'administration.users.approve', 'administration.users.update');
    if (!(MEMBER_EVENTS as readonly string[]).includes(eventName) || !isWorkflowEventName(eventName))
      throw refusal(400, 'unknownEvent', `No action ${eventName} on a member: ${MEMBER_EVENTS.join(', ')}.`);
    const state = await this.streams.load(companyId, ifMatch);
    const change = decideMemberAction(
      state,
      memberId,
      eventName,
      this.actor(principal, companyId),
      this.now().toISOString(),
      remarkOf(body),
    );
    const revision = await this.streams.append(state.companyId, state.revision, [change], principal);
    const member = state.members.get(memberId)!;
    const statusAfter = (change.data as { change: { statusAfter: string } }).change.statusAfter;
    // A member who may no longer act for the company is signed out of it at once (the next call says why).
    if (ENDED.has(statusAfter) && member.userId) await this.sessions.endAllIn(member.userId, companyId, 'membershipEnded');
    return { success: true as const, id: memberId, revision, status: statusAfter };
  }

  async assignRole(principal: Principal, memberId: string, body: unknown) {
    const companyId = this.writer(principal, 'administration.users.update', 'administration.users.approve');
    const roleId = (body as { roleId?: unknown } | null)?.roleId;
    if (typeof roleId !== 'string' || roleId === '' || roleId.length > 64)
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: roleId.', { fields: { roleId: ['required'] } });
    const state = await this.streams.load(companyId);
    const events = decideAssignRole(state, memberId, roleId, this.actor(principal, companyId), this.now().toISOString());
    const revision = await this.streams.append(state.companyId, state.revision, events, principal);
    return {
      success: true as const,
      id: memberId,
      roleId,
      revision,
      status: (events[events.length - 1]!.data as { change: { statusAfter: string } }).change.statusAfter,
    };
  }

  async roleAct(principal: Principal, memberId: string, roleId: string, eventName: string, body: unknown) {
    const companyId = this.writer(principal, 'administration.users.approve', 'administration.users.update');
    if (!(ROLE_EVENTS as readonly string[]).includes(eventName) || !isWorkflowEventName(eventName))
      throw refusal(400, 'unknownEvent', `No action ${eventName} on a role held: ${ROLE_EVENTS.join(', ')}.`);
    const state = await this.streams.load(companyId);
    const change = decideRoleAction(
      state,
      memberId,
      roleId,
      eventName,
      this.actor(principal, companyId),
      this.now().toISOString(),
      remarkOf(body),
    );
    const revision = await this.streams.append(state.companyId, state.revision, [change], principal);
    return {
      success: true as const,
      id: memberId,
      roleId,
      revision,
      status: (change.data as { change: { statusAfter: string } }).change.statusAfter,
    };
  }

  async setSiteTeam(principal: Principal, memberId: string, body: unknown) {
    const companyId = this.writer(principal, 'administration.users.update');
    const state = await this.streams.load(companyId);
    const revision = await this.streams.append(
      state.companyId,
      state.revision,
      [decideSiteTeam(state, memberId, (body as { isSiteTeam?: unknown } | null)?.isSiteTeam)],
      principal,
    );
    return { success: true as const, id: memberId, revision };
  }

  async history(principal: Principal, memberId: string) {
    const companyId = companyOf(principal, 'administration.users.view', 'administration.users.update', 'administration.users.approve');
    const events = await this.store.readStream(companyStream(companyId));
    return { success: true as const, history: await memberHistory(this.db, events, memberId) };
  }

  /** The chosen company, when the caller holds one of `rights` there and writes with a full token. */
  private writer(principal: Principal, ...rights: Parameters<typeof companyOf>[1][]): string {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    return companyOf(principal, ...rights);
  }

  private actor(principal: Principal, companyId: string) {
    return companyActor(principal.userId, companyId, new Set<string>(decodeAccessRights(principal.accessRights)), principal.userType);
  }

  private async nameOf(principal: Principal): Promise<string> {
    const [row] = await this.db.query<{ name: string }>('SELECT name FROM identity_users WHERE user_id = $1', [principal.userId]);
    return row?.name ?? principal.email;
  }
}
