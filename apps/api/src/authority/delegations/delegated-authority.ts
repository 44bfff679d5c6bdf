// The grants in force as the contexts that decide approvals read them (documents, and the project plans: BQ,
// budget, progress): each grant with its delegator's present levels, narrowed to the kinds lent, as the
// workflow machines take it (`Actor.delegations`). Levels are read by the caller, in the scope its documents
// take their authority from, so a delegate acts with the delegator's levels there and nowhere else.
import type { AuthorityAssignments, AuthorityLevel, DelegatedAuthority, WorkflowResource } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { delegationsReceived, stateAt, toView, type DelegationRow } from './delegation-reads.js';

/** A grant in force, as the deciding contexts read it. */
export type Grant = {
  id: string;
  fromUserId: string;
  fromName: string | null;
  toUserId: string;
  toName: string | null;
  resources: readonly string[] | null;
  upTo: number | null;
  endsAt: string;
};

export function toGrant(row: DelegationRow): Grant {
  const view = toView(row, new Date(0));
  return {
    id: view.id,
    fromUserId: view.fromUser.id,
    fromName: view.fromUser.name,
    toUserId: view.toUser.id,
    toName: view.toUser.name,
    resources: view.resources,
    upTo: view.upTo === null ? null : Number(view.upTo),
    endsAt: view.endsAt,
  };
}

/** Grants a user receives in a company that are in force at `now` (the period read at this moment). */
export async function grantsInForceFor(db: SqlExecutor, companyId: string, userId: string, now: Date): Promise<Grant[]> {
  const rows = await delegationsReceived(db, companyId, userId, now);
  return rows.filter((row) => stateAt(row, now) === 'inForce').map(toGrant);
}

/**
 * What a grant lends: the delegator's verify levels as they are now (never CreatePropose: a delegation lends
 * the power to approve), narrowed to the kinds it covers.
 */
export function lent(grant: Grant, delegatorLevels: AuthorityAssignments): DelegatedAuthority {
  const authorities: Partial<Record<WorkflowResource, AuthorityLevel[]>> = {};
  for (const [resource, levels] of Object.entries(delegatorLevels) as [WorkflowResource, readonly AuthorityLevel[]][]) {
    if (grant.resources !== null && !grant.resources.includes(resource)) continue;
    const verify = levels.filter((level) => level >= 20);
    if (verify.length > 0) authorities[resource] = verify;
  }
  return { fromUserId: grant.fromUserId, authorities, upTo: grant.upTo };
}
