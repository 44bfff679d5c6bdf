// A company joins: registered by a signed-in person (with or without companies), submitted, reviewed by a
// platform administrator. Registration numbers and the company code are claimed on streams of their own
// (unique without a lock); the company's own stream holds the rest.

import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCodes,
  PLATFORM_ADMINISTRATOR_OPENED,
  decodeAccessRights,
  type CompanyRegistrationRow,
  type CompanyRegistrationView,
  type CompanySubmissionStatusName,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { availableActions } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { companyActor, decideEdit, decideRegistration, decideSubmission, parseRegistration, remarkOf } from './company-admin.decider.js';
import { companyStream, identifierStream, type CompanyIdentifierEvent } from './company-admin.events.js';
import { CompanyAccess } from './company-access.js';
import { CompanyMail } from './company-mail.js';
import type { CompanyState } from './company-state.js';
import { CompanyStreams } from './company-streams.js';
import { registrationList } from './company-registration-list.js';
import { CompanyProfileService } from './profile/profile.service.js';

export const SUBMISSION_EVENTS = ['Submit', 'Approve', 'Reject'] as const;
type SubmissionEvent = (typeof SUBMISSION_EVENTS)[number];

@Injectable()
export class CompanyRegistrationService {
  private readonly logger = new Logger('CompanyRegistration');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly access: CompanyAccess,
    private readonly mail: CompanyMail,
    private readonly streams: CompanyStreams,
    private readonly profiles: CompanyProfileService,
  ) {}

  async register(principal: Principal, body: unknown) {
    notReadOnly(principal);
    const now = this.now();
    const details = parseRegistration(body, now);
    const companyId = randomUUID();
    const [user] = await this.db.query<{ name: string; email: string }>('SELECT name, email FROM identity_users WHERE user_id = $1', [
      principal.userId,
    ]);
    const events = decideRegistration(
      details,
      companyId,
      { userId: principal.userId, email: user?.email ?? principal.email, name: user?.name ?? principal.email },
      now.toISOString(),
    );
    await this.claim(companyId, 'registrationNo', details.registrationNo, ErrorCodes.companyAlreadyRegistered);
    await this.claim(companyId, 'registrationNoNew', details.registrationNoNew, ErrorCodes.companyAlreadyRegistered);
    await this.claim(companyId, 'companyCode', details.companyCode, ErrorCodes.companyCodeTaken);
    const revision = await this.streams.append(companyId, 'no_stream', events, principal);
    return { success: true as const, id: companyId, revision, status: 'inProgress' as const };
  }

  async edit(principal: Principal, companyId: string, body: unknown, ifMatch: string | undefined) {
    notReadOnly(principal);
    const state = await this.streams.load(companyId, ifMatch);
    await this.needRights(principal, state, 'administration.companyProfile.update');
    const details = parseRegistration(body, this.now());
    const change = decideEdit(state, details);
    const before = state.details;
    if (before?.registrationNo !== details.registrationNo)
      await this.claim(companyId, 'registrationNo', details.registrationNo, ErrorCodes.companyAlreadyRegistered);
    if (before?.registrationNoNew !== details.registrationNoNew)
      await this.claim(companyId, 'registrationNoNew', details.registrationNoNew, ErrorCodes.companyAlreadyRegistered);
    if (before?.companyCode !== details.companyCode)
      await this.claim(companyId, 'companyCode', details.companyCode, ErrorCodes.companyCodeTaken);
    return { success: true as const, id: companyId, revision: await this.streams.append(companyId, state.revision, [change], principal) };
  }

  /** Submit (the company), Approve or Reject (a platform administrator, Reject with a remark). */
  async act(principal: Principal, companyId: string, eventName: string, body: unknown, ifMatch: string | undefined) {
    notReadOnly(principal);
    if (!(SUBMISSION_EVENTS as readonly string[]).includes(eventName))
      throw refusal(400, 'unknownEvent', `No action ${eventName} on a company registration: Submit, Approve or Reject.`);
    const state = await this.streams.load(companyId, ifMatch);
    const event = eventName as SubmissionEvent;
    // Approve and Reject: the machine lets a platform administrator decide; the admin module's company right says which.
    if (event !== 'Submit' && principal.userType === 2) await requireAdminRight(this.db, principal, 'admin.company');
    const rights = event === 'Submit' ? await this.needRights(principal, state, 'administration.companyProfile.update') : new Set<string>();
    const remark = remarkOf(body);
    const change = decideSubmission(
      state,
      event,
      companyActor(principal.userId, companyId, rights, principal.userType),
      this.now().toISOString(),
      remark,
    );
    if (event === 'Submit') await this.profileKept(state);
    const revision = await this.streams.append(companyId, state.revision, [change], principal);
    if (event !== 'Submit') await this.tellAdministrators(state, event, remark);
    return {
      success: true as const,
      id: companyId,
      revision,
      status: (change.data as { change: { statusAfter: CompanySubmissionStatusName } }).change.statusAfter,
    };
  }

  async view(principal: Principal, companyId: string): Promise<{ success: true; data: CompanyRegistrationView }> {
    const state = await this.streams.load(companyId);
    const rights = await this.needRights(principal, state, 'administration.companyProfile.view', 'administration.companyProfile.update');
    const userIds = [
      ...new Set(
        [state.registeredByUserId, ...state.history.map((step) => step.actorUserId)].filter((id): id is string => typeof id === 'string'),
      ),
    ];
    const people = new Map(
      (
        await this.db.query<{ user_id: string; name: string; email: string }>(
          'SELECT user_id, name, email FROM identity_users WHERE user_id = ANY($1::text[])',
          [userIds],
        )
      ).map((row) => [row.user_id, row]),
    );
    const actor = companyActor(principal.userId, companyId, rights, principal.userType);
    const registrant = state.registeredByUserId ? people.get(state.registeredByUserId) : undefined;
    return {
      success: true,
      data: {
        id: companyId,
        details: state.details ?? legacyDetails(state),
        status: state.submission.status,
        registeredAt: state.registeredAt,
        registeredBy: { userId: state.registeredByUserId ?? '', name: registrant?.name ?? null, email: registrant?.email ?? null },
        submittedAt: state.submittedAt,
        lastRemark: state.submission.status === 'inProgress' ? state.lastRemark : null,
        history: state.history.map((step) => {
          const byName = people.get(step.actorUserId)?.name ?? null;
          if ('opened' in step) {
            const { at, status } = step.opened;
            return {
              event: PLATFORM_ADMINISTRATOR_OPENED,
              statusBefore: status,
              statusAfter: status,
              at,
              byUserId: step.actorUserId,
              byName,
              remark: null,
            };
          }
          const { change } = step;
          return {
            event: change.workflowEvent,
            statusBefore: change.statusBefore,
            statusAfter: change.statusAfter,
            at: change.at,
            byUserId: step.actorUserId,
            byName,
            remark: change.remark,
          };
        }),
        availableActions: [
          ...availableActions('companySubmission', state.submission, actor)
            .map((action) => action.event as string)
            .filter((event) => (SUBMISSION_EVENTS as readonly string[]).includes(event)),
          ...(state.submission.status === 'inProgress' && rights.has('administration.companyProfile.update') ? ['Edit'] : []),
        ],
        revision: state.revision,
      },
    };
  }

  async list(
    principal: Principal,
    query: Record<string, unknown>,
  ): Promise<{ rows: CompanyRegistrationRow[]; total: number; capped: boolean; range: { from: number; to: number } }> {
    if (principal.userType !== 2)
      throw refusal(403, ErrorCodes.noAccessRight, 'The review of company registrations is for platform administrators.');
    await requireAdminRight(this.db, principal, 'admin.company');
    return registrationList(this.db, query);
  }

  /**
   * The profile's rules that span tabs (shares, owners, partners, directors), checked when the company submits:
   * 422 with the first broken rule's code, and every broken one under `problems` ({ tab, code }).
   */
  private async profileKept(state: CompanyState): Promise<void> {
    const problems = await this.profiles.problemsOf(state.companyId, (state.details ?? legacyDetails(state)).companyType);
    if (problems.length > 0) {
      throw refusal(
        422,
        problems[0]!.code,
        `The profile is not complete: ${problems.map((problem) => `${problem.code} (${problem.tab})`).join(', ')}.`,
        { problems },
      );
    }
  }

  /** The rights the caller holds in that company (from its roles, whatever company the session chose); refused without any of `needed`. A platform administrator passes. */
  private async needRights(principal: Principal, state: CompanyState, ...needed: string[]): Promise<Set<string>> {
    const rights = new Set<string>(decodeAccessRights(await this.access.accessRightsOf(principal.userId, state.companyId, 1)));
    const member = (await this.access.memberStatus(principal.userId, state.companyId)) ?? 'activated';
    if (principal.userType !== 2 && (member !== 'activated' || !needed.some((right) => rights.has(right)))) {
      throw refusal(403, ErrorCodes.noAccessRight, `This needs the access right ${needed.join(' or ')} in the company.`);
    }
    return rights;
  }

  /**
   * One registration number or code for one company. A claim whose company was never written (a
   * registration cut short between its claims and its stream) holds nothing: the value is free again.
   */
  private async claim(companyId: string, kind: CompanyIdentifierEvent['data']['kind'], value: string, takenCode: string): Promise<void> {
    const streamId = identifierStream(kind, value);
    const claims = await this.store.readStream(streamId);
    const last = claims[claims.length - 1];
    const holder = last ? (last.data as { companyId: string }).companyId : null;
    if (holder && holder !== companyId && (await this.store.readStream(companyStream(holder), { limit: 1 })).length > 0) {
      throw refusal(
        409,
        takenCode,
        takenCode === ErrorCodes.companyCodeTaken
          ? 'This company code is taken.'
          : 'A company with this registration number is already registered.',
      );
    }
    if (holder === companyId) return;
    try {
      await this.store.append({
        streamId,
        streamType: 'companyIdentifier',
        expectedRevision: last ? last.revision : 'no_stream',
        events: [{ type: 'CompanyIdentifierClaimed', data: { companyId, kind }, metadata: { actorUserId: 'system:company-registration' } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision) throw refusal(409, takenCode, 'Another registration took this number a moment ago.');
      throw error;
    }
  }

  /** The company's administrators hear of the decision by e-mail too (the bell is the notifications context's). */
  private async tellAdministrators(
    state: CompanyState,
    event: Exclude<SubmissionEvent, 'Submit'>,
    remark: string | undefined,
  ): Promise<void> {
    try {
      await this.mail.registrationDecided(
        await this.access.administratorsOf(state.companyId),
        state.name,
        event === 'Approve' ? 'approved' : 'rejected',
        remark ?? null,
      );
    } catch (error) {
      // The decision is recorded and the bell rings; a mail server that refuses is logged, not the caller's failure.
      this.logger.warn(`The e-mail about ${state.companyId}'s registration was not sent: ${(error as Error).message}`);
    }
  }
}

function notReadOnly(principal: Principal): void {
  if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
}

/** A company recorded before registrations carried their details: what its first event says. */
function legacyDetails(state: CompanyState) {
  return {
    name: state.name,
    displayName: state.name,
    companyType: 5,
    registrationNo: state.registrationNo,
    registrationNoNew: '',
    companyCode: '',
    address: { line1: '', city: '', postcode: '', state: 0, country: 'MY' as const },
    phone: '',
    subscriptionType: state.subscriptionType,
  };
}
