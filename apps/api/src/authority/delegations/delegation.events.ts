// Delegation of approval authority: one member lends another their verify levels for a period (all kinds or
// some, up to an amount or without a cap). One stream per grant, `authorityDelegation-<companyId>-<id>`
// (type 'authorityDelegation'): granted once, revoked at most once. Starting and ending need no event:
// the period is in the grant, and every decision reads it at its own time.

export type DelegationGranted = {
  delegationId: string;
  companyId: string;
  fromUserId: string;
  toUserId: string;
  /** Workflow resources the grant covers; null: every kind the delegator approves. */
  resources: string[] | null;
  /** The largest document amount (RM, decimal string) the delegate may act on; null: no cap. */
  upTo: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
  by: string;
};

export type DelegationRevoked = { delegationId: string; companyId: string; reason: string; by: string };

export type DelegationEvent =
  { type: 'AuthorityDelegated'; data: DelegationGranted } | { type: 'AuthorityDelegationRevoked'; data: DelegationRevoked };

export const DELEGATION_STREAM_TYPE = 'authorityDelegation';
export const delegationStream = (companyId: string, delegationId: string) => `authorityDelegation-${companyId}-${delegationId}`;
