// The company's users, one status at a time (active, pending, suspended, ...): a page is one range of a
// company_members_list_* index and its roles one lookup; the count stops at the cap. Each row says which
// member actions the caller may take, from the user machine.

import { DocumentListTotalCap, ErrorCodes, decodeAccessRights, type CompanyMemberRow, type CompanyMemberStatus } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { availableActions } from '@binaan/workflows';
import { listFilter } from '../common/list-query.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { companyActor } from './company-admin.decider.js';
import { like, parsePageQuery } from './company-directory.js';
import { MEMBER_SEARCH_TEXT } from './company-members.projection.js';
import { settledState } from './company-state.js';

const SORTS: Readonly<Record<string, string>> = { name: 'lower(m.name)', email: 'm.email', invitedAt: 'm.invited_at' };
const STATUSES: Readonly<Record<string, CompanyMemberStatus>> = {
  active: 'activated',
  activated: 'activated',
  pending: 'pending',
  suspended: 'suspended',
  deactivated: 'deactivated',
  terminated: 'terminated',
};
const SEARCH_CAP = 1_000;

type Row = {
  member_id: string;
  user_id: string | null;
  name: string;
  email: string;
  status: CompanyMemberStatus;
  is_site_team: boolean;
  invited_at: Date | string;
};

export async function companyMembersList(db: SqlExecutor, principal: Principal, companyId: string, query: Record<string, unknown>) {
  const page = parsePageQuery({ sort: '["name","ASC"]', ...query }, SORTS);
  const status = statusOf(query.filter);
  const params: unknown[] = [companyId, status];
  let where = 'm.company_id = $1 AND m.status = $2';
  if (page.q) {
    params.push(like(page.q));
    where += ` AND ${MEMBER_SEARCH_TEXT} ILIKE $3`;
  }
  const limit = page.range.to - page.range.from + 1;
  const rows = await db.query<Row>(
    `SELECT m.member_id, m.user_id, m.name, m.email, m.status, m.is_site_team, m.invited_at FROM company_members m
     WHERE ${where} ORDER BY ${page.sort.column} ${page.sort.direction}, m.member_id ${page.sort.direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'company_members m', where, params, cap);
  const roles = await rolesOf(
    db,
    companyId,
    rows.map((row) => row.user_id ?? row.member_id),
  );
  const actor = companyActor(principal.userId, companyId, new Set<string>(decodeAccessRights(principal.accessRights)), principal.userType);
  return {
    rows: rows.map((row): CompanyMemberRow => ({
      id: row.member_id,
      userId: row.user_id,
      name: row.name,
      email: row.email,
      status: row.status,
      isSiteTeam: row.is_site_team,
      roles: roles.get(row.user_id ?? row.member_id) ?? [],
      invitedAt: new Date(row.invited_at).toISOString(),
      // One's own membership is not one's to suspend or end from this list.
      availableActions:
        row.user_id === principal.userId
          ? []
          : availableActions('user', settledState('user', row.status, companyId), actor).map((action) => action.event),
    })),
    total: pageTotal(counted, page.range, rows.length),
    capped,
    range: page.range,
  };
}

async function rolesOf(db: SqlExecutor, companyId: string, holders: string[]): Promise<Map<string, CompanyMemberRow['roles']>> {
  if (holders.length === 0) return new Map();
  const rows = await db.query<{ user_id: string; role_id: string; name: string; status: number }>(
    `SELECT u.user_id, u.role_id, r.name, CASE WHEN r.status = 2 THEN u.status ELSE 4 END AS status
     FROM company_user_roles u JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id
     WHERE u.company_id = $1 AND u.user_id = ANY($2::text[]) ORDER BY lower(r.name)`,
    [companyId, holders],
  );
  const names = ['', 'pending', 'active', 'rejected', 'inactive'] as const;
  const byHolder = new Map<string, CompanyMemberRow['roles']>();
  for (const row of rows) {
    const list = byHolder.get(row.user_id) ?? [];
    list.push({ roleId: row.role_id, name: row.name, status: names[Number(row.status)] as CompanyMemberRow['roles'][number]['status'] });
    byHolder.set(row.user_id, list);
  }
  return byHolder;
}

function statusOf(raw: unknown): CompanyMemberStatus {
  if (raw === undefined) return 'activated';
  const status = listFilter(raw).status ?? 'active';
  const found = typeof status === 'string' ? STATUSES[status] : undefined;
  if (!found)
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: filter.status.', {
      fields: { 'filter.status': [`must be one of ${Object.keys(STATUSES).join(', ')}`] },
    });
  return found;
}
