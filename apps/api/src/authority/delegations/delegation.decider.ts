// Parsing and deciding grants and revokes (pure). The service supplies what needs the read models: whether
// the people are members, what the delegator holds, who is asking.
import { isWorkflowResource, WorkflowAuthorityScopes, type DelegationBody } from '@binaan/contracts';
import { invalidFields, refusal } from '../../common/refusal.js';
import type { DelegationEvent, DelegationGranted } from './delegation.events.js';

const USER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
/** A grant longer than a year is a standing assignment, which the workflow levels are for. */
const LONGEST_DAYS = 366;
const DAY_MS = 86_400_000;

export type GrantInput = Omit<DelegationGranted, 'delegationId' | 'companyId' | 'by'>;

const isIso = (value: unknown): value is string => typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));

/** `{ toUserId, fromUserId?, resources?, upTo?, startsAt?, endsAt, reason }`; the delegator defaults to the caller. */
export function parseGrant(raw: unknown, callerId: string, now: Date): GrantInput {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Partial<
    Record<keyof DelegationBody, unknown>
  >;
  const problems: Record<string, string[]> = {};
  const add = (field: string, problem: string) => (problems[field] ??= []).push(problem);
  if (typeof body.toUserId !== 'string' || !USER_ID.test(body.toUserId)) add('toUserId', 'must be the id of a member');
  const fromUserId = body.fromUserId ?? callerId;
  if (typeof fromUserId !== 'string' || !USER_ID.test(fromUserId)) add('fromUserId', 'must be the id of a member');
  const resources = body.resources ?? null;
  if (
    resources !== null &&
    (!Array.isArray(resources) ||
      resources.length === 0 ||
      resources.length > 40 ||
      resources.some((r) => typeof r !== 'string' || !isWorkflowResource(r) || WorkflowAuthorityScopes[r] === 'platform'))
  )
    add('resources', 'must be null (every kind) or a list of document kinds with approval levels (GET /api/workflows)');
  const upTo = body.upTo ?? null;
  if (upTo !== null && (typeof upTo !== 'string' || !MONEY.test(upTo))) add('upTo', 'must be an RM amount as a decimal string or null');
  const startsAt = body.startsAt ?? now.toISOString();
  if (!isIso(startsAt)) add('startsAt', 'must be a date and time (ISO 8601)');
  if (!isIso(body.endsAt)) add('endsAt', 'must be a date and time (ISO 8601)');
  if (typeof body.reason !== 'string' || body.reason.trim().length === 0 || body.reason.length > 500)
    add('reason', 'must be 1 to 500 characters');
  if (isIso(startsAt) && isIso(body.endsAt)) {
    const start = Date.parse(startsAt);
    const end = Date.parse(body.endsAt);
    if (end <= start) add('endsAt', 'must be after startsAt');
    else if (end - start > LONGEST_DAYS * DAY_MS) add('endsAt', `must be at most ${LONGEST_DAYS} days after startsAt`);
    if (end <= now.getTime()) add('endsAt', 'must be in the future');
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return {
    fromUserId: fromUserId as string,
    toUserId: body.toUserId as string,
    resources: resources === null ? null : [...new Set(resources as string[])].sort(),
    upTo: upTo === null ? null : Number(upTo).toFixed(2),
    startsAt: new Date(startsAt as string).toISOString(),
    endsAt: new Date(body.endsAt as string).toISOString(),
    reason: (body.reason as string).trim(),
  };
}

/**
 * A grant: never to oneself, only between active members, and only of authority the delegator holds now
 * (at least one verify level on a kind it covers). What the delegate may use is read again at each
 * decision, so a level the delegator loses later is lost to the delegate too.
 */
export function decideGrant(
  input: GrantInput,
  context: { companyId: string; delegationId: string; by: string; membersActive: boolean; delegatorLevels: readonly string[] },
): DelegationEvent {
  if (input.fromUserId === input.toUserId)
    throw refusal(422, 'delegateIsDelegator', 'Authority is delegated to someone else.', { fields: { toUserId: ['delegateIsDelegator'] } });
  if (!context.membersActive)
    throw refusal(422, 'userNotCompanyMember', 'Both people must be active members of the company.', {
      fields: { toUserId: ['userNotCompanyMember'] },
    });
  const covered = context.delegatorLevels.filter((resource) => input.resources === null || input.resources.includes(resource));
  if (covered.length === 0)
    throw refusal(422, 'nothingToDelegate', 'The delegator holds no approval level on the kinds chosen, so there is nothing to lend.', {
      fields: { resources: ['nothingToDelegate'] },
    });
  return {
    type: 'AuthorityDelegated',
    data: { ...input, delegationId: context.delegationId, companyId: context.companyId, by: context.by },
  };
}

export function parseRevoke(raw: unknown): { reason: string } {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  if (typeof body.reason !== 'string' || body.reason.trim().length === 0 || body.reason.length > 500)
    throw invalidFields({ reason: ['must be 1 to 500 characters'] });
  return { reason: body.reason.trim() };
}

/** A revoke ends a grant that has not ended yet, once. */
export function decideRevoke(grant: DelegationGranted | null, revoked: boolean, now: Date, reason: string, by: string): DelegationEvent {
  if (!grant) throw refusal(404, 'delegationNotFound', 'No such delegation in this company.');
  if (revoked) throw refusal(409, 'delegationRevoked', 'This delegation was revoked already.');
  if (Date.parse(grant.endsAt) <= now.getTime()) throw refusal(409, 'delegationEnded', 'This delegation has ended already.');
  return { type: 'AuthorityDelegationRevoked', data: { delegationId: grant.delegationId, companyId: grant.companyId, reason, by } };
}
