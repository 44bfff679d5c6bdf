// The delegation form and list, pure (delegation-rules.test.ts): what is sent for what was typed, which fields
// are still missing before anything is sent, which message a refused field shows, and who is offered Revoke.
// The period is typed and shown in Malaysian time: a grant is agreed within the company, whose documents and
// papers speak Malaysian time, whatever zone a browser is in.
import type { DelegationBody, DelegationView } from '@binaan/contracts';
import { malaysianDateTimeText } from '../../shared/i18n/dates.js';
import { parseMalaysianDmyTime } from '../inputs/date-text.js';

export type DelegationField = 'fromUserId' | 'toUserId' | 'resources' | 'upTo' | 'startsAt' | 'endsAt' | 'reason';

export type DelegationDraft = {
  /** Empty: the caller's own approvals. */
  fromUserId: string;
  toUserId: string;
  allKinds: boolean;
  resources: string[];
  /** RM, empty for no cap. */
  upTo: string;
  /** DD/MM/YYYY h:mm AM in Malaysian time. */
  startsAt: string;
  endsAt: string;
  reason: string;
};

export const newDelegationDraft = (now: Date): DelegationDraft => ({
  fromUserId: '',
  toUserId: '',
  allKinds: true,
  resources: [],
  upTo: '',
  startsAt: malaysianDateTimeText(now),
  endsAt: '',
  reason: '',
});

/** Message keys (authority.delegations.errors.*) of fields the form can tell are missing or unreadable. */
export type DraftProblems = Partial<Record<DelegationField, string>>;

/**
 * The body of the grant, or the problems that keep it from being sent. What only the api can judge (a cap's
 * form, a period's length, who holds what) is sent as typed and its refusal shows on the field.
 */
export function delegationBody(draft: DelegationDraft): { body: DelegationBody } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  if (draft.toUserId === '') problems.toUserId = 'toUserIdMissing';
  if (!draft.allKinds && draft.resources.length === 0) problems.resources = 'resourcesMissing';
  const startsAt = parseMalaysianDmyTime(draft.startsAt);
  if (startsAt === undefined) problems.startsAt = 'notADateTime';
  const endsAt = parseMalaysianDmyTime(draft.endsAt);
  if (endsAt === undefined) problems.endsAt = 'notADateTime';
  else if (endsAt === null) problems.endsAt = 'endsAtMissing';
  if (draft.reason.trim() === '') problems.reason = 'reasonMissing';
  if (Object.keys(problems).length > 0) return { problems };
  const upTo = draft.upTo.replace(/[\s,]/g, '').replace(/^RM/i, '');
  return {
    body: {
      toUserId: draft.toUserId,
      ...(draft.fromUserId !== '' ? { fromUserId: draft.fromUserId } : {}),
      ...(draft.allKinds ? {} : { resources: draft.resources }),
      ...(upTo !== '' ? { upTo } : {}),
      ...(startsAt ? { startsAt } : {}),
      endsAt: endsAt!,
      reason: draft.reason.trim(),
    },
  };
}

/**
 * The message key of a field the api refused: a refusal naming an error code (`delegateIsDelegator`) reads as
 * that code's text; a validation message (English, for developers) as the field's own hint in the user's language.
 */
export function refusedFieldKey(field: string, codes: readonly string[]): string {
  const code = codes[0] ?? '';
  return /^[a-z][A-Za-z]+$/.test(code) ? `error.${code}` : `authority.delegations.errors.${field}`;
}

export const STATE_COLOURS: Record<DelegationView['state'], 'info' | 'success' | 'default' | 'warning'> = {
  upcoming: 'info',
  inForce: 'success',
  ended: 'default',
  revoked: 'warning',
};

/**
 * Revoke is offered on a grant not over yet, to whoever the api lets revoke it: the delegator, the delegate,
 * or a holder of the manual's update right. Without a manual right the list holds only the caller's own grants;
 * with the view right alone it holds every grant, and the caller (`me`, null when unknown) revokes only theirs.
 */
export function mayRevoke(grant: DelegationView, who: { canManage: boolean; seesAll: boolean; me: string | null }): boolean {
  if (grant.state !== 'upcoming' && grant.state !== 'inForce') return false;
  if (who.canManage || !who.seesAll) return true;
  return who.me !== null && (grant.fromUser.id === who.me || grant.toUser.id === who.me);
}

/** Pages joined as "Load more" brings them: a grant already shown (the list moved meanwhile) is not repeated. */
export function appendPage(shown: readonly DelegationView[], page: readonly DelegationView[]): DelegationView[] {
  const ids = new Set(shown.map((grant) => grant.id));
  return [...shown, ...page.filter((grant) => !ids.has(grant.id))];
}
