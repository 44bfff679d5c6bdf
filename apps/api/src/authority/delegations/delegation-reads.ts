// Lookups of the delegations read model: the grants a user receives (every document action of theirs reads
// them, through the documents' read cache), and the company's list a page at a time.
import type { DelegationView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { iso } from '../../common/iso.js';

export type DelegationRow = {
  delegation_id: string;
  from_user_id: string;
  to_user_id: string;
  from_name?: string | null;
  to_name?: string | null;
  resources: string[] | string | null;
  up_to: string | null;
  starts_at: string | Date;
  ends_at: string | Date;
  reason: string;
  granted_by: string;
  granted_at: string | Date;
  revoked_at: string | Date | null;
  revoke_reason: string | null;
};

/** A grant's place in time at `now`: ended and revoked grants stay on the list, marked so. */
export function stateAt(row: Pick<DelegationRow, 'starts_at' | 'ends_at' | 'revoked_at'>, now: Date): DelegationView['state'] {
  if (row.revoked_at !== null) return 'revoked';
  if (new Date(row.ends_at).getTime() <= now.getTime()) return 'ended';
  return new Date(row.starts_at).getTime() > now.getTime() ? 'upcoming' : 'inForce';
}

export function toView(row: DelegationRow, now: Date): DelegationView {
  return {
    id: row.delegation_id,
    fromUser: { id: row.from_user_id, name: row.from_name ?? null },
    toUser: { id: row.to_user_id, name: row.to_name ?? null },
    resources: typeof row.resources === 'string' ? (JSON.parse(row.resources) as string[]) : row.resources,
    upTo: row.up_to,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    reason: row.reason,
    state: stateAt(row, now),
    grantedBy: row.granted_by,
    grantedAt: iso(row.granted_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    revokeReason: row.revoke_reason,
  };
}

const COLUMNS = `d.delegation_id, d.from_user_id, d.to_user_id, f.name AS from_name, t.name AS to_name, d.resources, d.up_to, d.starts_at,
  d.ends_at, d.reason, d.granted_by, d.granted_at, d.revoked_at, d.revoke_reason`;
const NAMES = 'LEFT JOIN identity_users f ON f.user_id = d.from_user_id LEFT JOIN identity_users t ON t.user_id = d.to_user_id';

/**
 * Grants a user receives in a company that are not revoked and not yet over (the caller checks the start
 * and end against its own clock: tests move time, the database's does not).
 */
export async function delegationsReceived(db: SqlExecutor, companyId: string, userId: string, now: Date): Promise<DelegationRow[]> {
  return db.query<DelegationRow>(
    `SELECT ${COLUMNS} FROM authority_delegations d ${NAMES}
     WHERE d.company_id = $1 AND d.to_user_id = $2 AND d.ends_at > $3 AND d.revoked_at IS NULL ORDER BY d.starts_at, d.delegation_id`,
    [companyId, userId, now.toISOString()],
  );
}

/** Grants in force now, given by anyone, for the approval route's "delegations in force". */
export async function delegationsInForce(db: SqlExecutor, companyId: string, now: Date): Promise<DelegationRow[]> {
  return db.query<DelegationRow>(
    `SELECT ${COLUMNS} FROM authority_delegations d ${NAMES}
     WHERE d.company_id = $1 AND d.ends_at > $2 AND d.starts_at <= $2 AND d.revoked_at IS NULL ORDER BY d.starts_at, d.delegation_id
     LIMIT 200`,
    [companyId, now.toISOString()],
  );
}

export type DelegationCursor = { startsAt: string; id: string };

/**
 * One page of the company's grants, newest start first (keyset on the list's index, no count of the whole
 * set). `person`: only grants that person gives or receives (a member without the manage right).
 */
export async function delegationPage(
  db: SqlExecutor,
  companyId: string,
  person: string | null,
  after: DelegationCursor | null,
  limit: number,
): Promise<DelegationRow[]> {
  const params: unknown[] = [companyId];
  let where = 'd.company_id = $1';
  if (person !== null) {
    params.push(person);
    where += ` AND (d.from_user_id = $${params.length} OR d.to_user_id = $${params.length})`;
  }
  if (after !== null) {
    params.push(after.startsAt, after.id);
    where += ` AND (d.starts_at, d.delegation_id) < ($${params.length - 1}::timestamptz, $${params.length})`;
  }
  return db.query<DelegationRow>(
    `SELECT ${COLUMNS} FROM authority_delegations d ${NAMES} WHERE ${where} ORDER BY d.starts_at DESC, d.delegation_id DESC LIMIT ${limit}`,
    params,
  );
}

export async function delegationById(db: SqlExecutor, companyId: string, id: string): Promise<DelegationRow | null> {
  const [row] = await db.query<DelegationRow>(
    `SELECT ${COLUMNS} FROM authority_delegations d ${NAMES} WHERE d.company_id = $1 AND d.delegation_id = $2`,
    [companyId, id],
  );
  return row ?? null;
}
