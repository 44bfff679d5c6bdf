// Deciding on a buyer's list of tenderers (pure). A small status list, written as a transition table in the
// manner of the workflow machines (workflows/src/machines): each action names the statuses it leaves from,
// the status it goes to and the authority it needs; every refusal a `refusal` with its own code.
import { refusal, invalidFields } from '../../common/refusal.js';
import type { StoredEvent } from '@binaan/event-store';
import type { TendererEvent, TendererStatus } from './tenderer.events.js';

/** A note or a remark: at most this many characters. */
export const MAX_REMARK = 1000;

export type TendererAction = 'Propose' | 'Approve' | 'Reject';
type Authority = 'propose' | 'verify';

/**
 * The transitions. `none` is a company not on the list. Proposing needs the create/propose level (10) on
 * tender; approving and rejecting a verify level (20 to 23) on tender, rejecting with a remark. A rejected
 * company may be proposed again; an approved one may be taken off the list (Reject, remark).
 */
export const TENDERER_TRANSITIONS: Record<
  TendererAction,
  { from: readonly (TendererStatus | 'none')[]; to: TendererStatus; authority: Authority; remark: 'optional' | 'required' }
> = {
  Propose: { from: ['none', 'rejected'], to: 'pending', authority: 'propose', remark: 'optional' },
  Approve: { from: ['pending'], to: 'approved', authority: 'verify', remark: 'optional' },
  Reject: { from: ['pending', 'approved'], to: 'rejected', authority: 'verify', remark: 'required' },
};

export function foldTenderer(events: readonly StoredEvent[]): TendererStatus | 'none' {
  let status: TendererStatus | 'none' = 'none';
  for (const event of events) {
    if (event.type === 'TendererProposed') status = 'pending';
    else if (event.type === 'TendererApproved') status = 'approved';
    else if (event.type === 'TendererRejected') status = 'rejected';
  }
  return status;
}

const asObject = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;

function optionalText(body: Record<string, unknown>, field: string, required: boolean): string | null {
  const value = body[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw invalidFields({ [field]: ['remarkRequired'] });
    return null;
  }
  if (typeof value !== 'string') throw invalidFields({ [field]: ['textRequired'] });
  if (value.length > MAX_REMARK) throw invalidFields({ [field]: ['textTooLong'] });
  return value.trim();
}

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]) {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw invalidFields(Object.fromEntries(unknown.map((key) => [key, ['unknownField']])));
}

/** `{ companyId, note? }`. */
export function parseProposal(raw: unknown): { companyId: string; note: string | null } {
  const body = asObject(raw);
  if (body === null) throw invalidFields({ companyId: ['required'] });
  onlyFields(body, ['companyId', 'note']);
  if (typeof body.companyId !== 'string' || body.companyId.trim() === '' || body.companyId.length > 100)
    throw invalidFields({ companyId: ['required'] });
  return { companyId: body.companyId, note: optionalText(body, 'note', false) };
}

/** `{ remark }` (required to reject, optional to approve). */
export function parseDecision(raw: unknown, action: 'Approve' | 'Reject'): string | null {
  const body = asObject(raw ?? {});
  if (body === null) throw invalidFields({ remark: ['textRequired'] });
  onlyFields(body, ['remark']);
  return optionalText(body, 'remark', TENDERER_TRANSITIONS[action].remark === 'required');
}

export type TendererFacts = {
  buyerCompanyId: string;
  companyId: string;
  status: TendererStatus | 'none';
  /** The authority levels the actor holds on tender in the buyer's company (an admin: every level). */
  levels: readonly number[];
  /** Proposing only: the company is an approved company of the buyer's directory. */
  inDirectory?: boolean;
};

const holds = (levels: readonly number[], authority: Authority) =>
  authority === 'propose' ? levels.includes(10) : levels.some((level) => level >= 20 && level <= 23);

/** One action on one listed company: the event to record, or a refusal. */
export function decideTenderer(action: TendererAction, facts: TendererFacts, text: string | null, by: string): TendererEvent {
  const rule = TENDERER_TRANSITIONS[action];
  if (!holds(facts.levels, rule.authority)) {
    throw refusal(
      403,
      'noAuthority',
      rule.authority === 'propose'
        ? 'Proposing a tenderer needs the create/propose level (10) on tender.'
        : 'Approving or rejecting a tenderer needs a verify level on tender.',
    );
  }
  if (action === 'Propose') {
    if (facts.companyId === facts.buyerCompanyId)
      throw refusal(422, 'inviteeIsOwnCompany', 'Your own company cannot be on your list of tenderers.');
    if (!facts.inDirectory) throw refusal(422, 'unknownCounterparty', 'Not an approved company of the directory.');
    if (!rule.from.includes(facts.status))
      throw refusal(409, 'tendererAlreadyListed', `This company is already on the list (${facts.status}).`);
    return { type: 'TendererProposed', data: { buyerCompanyId: facts.buyerCompanyId, companyId: facts.companyId, note: text, by } };
  }
  if (facts.status === 'none') throw refusal(404, 'tendererNotFound', 'This company is not on your list of tenderers.');
  if (!rule.from.includes(facts.status))
    throw refusal(
      409,
      'tendererWrongStatus',
      `The company is ${facts.status}: it cannot be ${action === 'Approve' ? 'approved' : 'rejected'} now.`,
    );
  const base = { buyerCompanyId: facts.buyerCompanyId, companyId: facts.companyId, by };
  return action === 'Approve'
    ? { type: 'TendererApproved', data: { ...base, remark: text } }
    : { type: 'TendererRejected', data: { ...base, remark: text! } };
}
