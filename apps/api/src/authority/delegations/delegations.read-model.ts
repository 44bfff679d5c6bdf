// The delegations read model, fed by the authority projection (authority.projection.ts) in the append's
// transaction, so the documents' authority cache is dropped with every grant and revoke as with levels.
import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { DelegationGranted, DelegationRevoked } from './delegation.events.js';

export const DELEGATION_EVENT_TYPES = ['AuthorityDelegated', 'AuthorityDelegationRevoked'] as const;

// One row per grant. `authority_delegations_to`: the grants a user receives, read on every document action
// they take; `authority_delegations_by_start`: the company's list, newest first (its keyset).
export const DELEGATIONS_SQL = `
    CREATE TABLE IF NOT EXISTS authority_delegations (
      delegation_id text PRIMARY KEY, company_id text NOT NULL, from_user_id text NOT NULL, to_user_id text NOT NULL,
      resources jsonb, up_to text, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, reason text NOT NULL,
      granted_by text NOT NULL, granted_at timestamptz NOT NULL, revoked_at timestamptz, revoke_reason text, revoked_by text);
    CREATE INDEX IF NOT EXISTS authority_delegations_to ON authority_delegations (company_id, to_user_id, ends_at);
    CREATE INDEX IF NOT EXISTS authority_delegations_by_start ON authority_delegations (company_id, starts_at DESC, delegation_id DESC);`;

/** Applies one delegation event; returns the history row's code and user (the delegate) for the audit list. */
export async function applyDelegation(
  stored: StoredEvent,
  db: SqlExecutor,
): Promise<{ companyId: string; code: string; userId: string | null }> {
  if (stored.type === 'AuthorityDelegated') {
    const d = stored.data as unknown as DelegationGranted;
    await db.query(
      `INSERT INTO authority_delegations (delegation_id, company_id, from_user_id, to_user_id, resources, up_to, starts_at, ends_at, reason, granted_by, granted_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11) ON CONFLICT (delegation_id) DO NOTHING`,
      [
        d.delegationId,
        d.companyId,
        d.fromUserId,
        d.toUserId,
        d.resources === null ? null : JSON.stringify(d.resources),
        d.upTo,
        d.startsAt,
        d.endsAt,
        d.reason,
        d.by,
        stored.metadata.recordedAt,
      ],
    );
    return { companyId: d.companyId, code: 'delegation', userId: d.toUserId };
  }
  const r = stored.data as unknown as DelegationRevoked;
  await db.query('UPDATE authority_delegations SET revoked_at = $2, revoke_reason = $3, revoked_by = $4 WHERE delegation_id = $1', [
    r.delegationId,
    stored.metadata.recordedAt,
    r.reason,
    r.by,
  ]);
  return { companyId: r.companyId, code: 'delegation', userId: null };
}
