import { describe, expect, it } from 'vitest';
import type { DelegationView } from '@binaan/contracts';
import { appendPage, delegationBody, mayRevoke, newDelegationDraft, refusedFieldKey, type DelegationDraft } from './delegation-rules.js';

const draft = (patch: Partial<DelegationDraft>): DelegationDraft => ({
  ...newDelegationDraft(new Date('2026-12-07T01:00:00Z')),
  toUserId: 'farid',
  endsAt: '14/12/2026 6:00 PM',
  reason: 'On leave',
  ...patch,
});

const grant = (patch: Partial<DelegationView>): DelegationView => ({
  id: 'g1',
  fromUser: { id: 'lim', name: 'Lim' },
  toUser: { id: 'farid', name: 'Farid' },
  resources: null,
  upTo: null,
  startsAt: '2026-12-07T01:00:00.000Z',
  endsAt: '2026-12-14T10:00:00.000Z',
  reason: 'On leave',
  state: 'inForce',
  grantedBy: 'lim',
  grantedAt: '2026-12-07T01:00:00.000Z',
  revokedAt: null,
  revokeReason: null,
  ...patch,
});

describe('the delegation form', () => {
  it('starts now in Malaysian time, for every kind, without a cap', () => {
    const start = newDelegationDraft(new Date('2026-12-07T01:00:00Z'));
    expect([start.startsAt, start.allKinds, start.upTo, start.fromUserId]).toEqual(['07/12/2026 9:00 AM', true, '', '']);
  });

  it('sends only what is set, the period read as Malaysian time', () => {
    expect(delegationBody(draft({}))).toEqual({
      body: { toUserId: 'farid', startsAt: '2026-12-07T01:00:00.000Z', endsAt: '2026-12-14T10:00:00.000Z', reason: 'On leave' },
    });
    expect(
      delegationBody(draft({ fromUserId: 'lim', allKinds: false, resources: ['purchaseOrder'], upTo: 'RM 5,000.00', startsAt: '' })),
    ).toEqual({
      body: {
        toUserId: 'farid',
        fromUserId: 'lim',
        resources: ['purchaseOrder'],
        upTo: '5000.00',
        endsAt: '2026-12-14T10:00:00.000Z',
        reason: 'On leave',
      },
    });
  });

  it('names the fields still missing or unreadable, and sends nothing then', () => {
    expect(delegationBody(draft({ toUserId: '', endsAt: '', reason: '  ', allKinds: false }))).toEqual({
      problems: { toUserId: 'toUserIdMissing', endsAt: 'endsAtMissing', reason: 'reasonMissing', resources: 'resourcesMissing' },
    });
    expect(delegationBody(draft({ startsAt: '7/12/2026', endsAt: '31/02/2027 9:00 AM' }))).toEqual({
      problems: { startsAt: 'notADateTime', endsAt: 'notADateTime' },
    });
  });

  it("reads an error code's text on its field, else the field's own hint (the api's words are English)", () => {
    expect(refusedFieldKey('toUserId', ['delegateIsDelegator'])).toBe('error.delegateIsDelegator');
    expect(refusedFieldKey('endsAt', ['must be at most 366 days after startsAt'])).toBe('authority.delegations.errors.endsAt');
  });
});

describe('the delegation list', () => {
  it('offers Revoke on grants not over yet, to whoever the api lets revoke them', () => {
    const manager = { canManage: true, seesAll: true, me: 'aminah' };
    const viewer = { canManage: false, seesAll: true, me: 'farid' };
    const member = { canManage: false, seesAll: false, me: null };
    expect(mayRevoke(grant({}), manager)).toBe(true);
    expect(mayRevoke(grant({ state: 'upcoming' }), member)).toBe(true);
    expect(mayRevoke(grant({ state: 'ended' }), manager)).toBe(false);
    expect(mayRevoke(grant({ state: 'revoked' }), member)).toBe(false);
    expect(mayRevoke(grant({}), viewer)).toBe(true);
    expect(mayRevoke(grant({}), { ...viewer, me: 'kumar' })).toBe(false);
  });

  it('adds a page without repeating a grant already shown', () => {
    expect(appendPage([grant({ id: 'a' }), grant({ id: 'b' })], [grant({ id: 'b' }), grant({ id: 'c' })]).map((g) => g.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
