// What a user may do in a company, read from the read models on every request.

import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_MODULE_RIGHTS, encodeAccessRights } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';

export type CompanyRow = {
  company_id: string;
  name: string;
  status: number;
  subscription_type: number;
  subscription_detail_type: string;
  is_demo: boolean;
  is_logo_uploaded: boolean;
};
export type AssignmentRow = { role_name: string; status: number; is_site_team: boolean; access_rights: string[] };

@Injectable()
export class CompanyAccess {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  /**
   * The companies the user may act for: where they hold an active role of an active definition, unless their
   * membership there is suspended, deactivated or terminated.
   */
  async companiesOf(userId: string): Promise<CompanyRow[]> {
    return this.db.query<CompanyRow>(
      `SELECT c.company_id, c.name, c.status, c.subscription_type, c.subscription_detail_type, c.is_demo, c.is_logo_uploaded
       FROM companies c
       WHERE c.company_id IN (
         SELECT u.company_id FROM company_user_roles u JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id AND r.status = 2
         WHERE u.user_id = $1 AND u.status = 2)
         AND NOT EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = c.company_id AND m.user_id = $1 AND m.status <> 'activated')
       ORDER BY c.name`,
      [userId],
    );
  }

  /** The user's member status in a company: null when they are no member (or were recorded before members were). */
  async memberStatus(userId: string, companyId: string): Promise<string | null> {
    const [row] = await this.db.query<{ status: string }>('SELECT status FROM company_members WHERE company_id = $1 AND user_id = $2', [
      companyId,
      userId,
    ]);
    return row?.status ?? null;
  }

  /** The names of the user's active roles, per company (for the company choice). */
  async roleNamesOf(userId: string): Promise<Map<string, string[]>> {
    const rows = await this.db.query<{ company_id: string; role_name: string }>(
      `SELECT DISTINCT u.company_id, r.name AS role_name
       FROM company_user_roles u JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id
       WHERE u.user_id = $1 AND u.status = 2 AND r.status = 2 ORDER BY r.name`,
      [userId],
    );
    const roles = new Map<string, string[]>();
    for (const row of rows) roles.set(row.company_id, [...(roles.get(row.company_id) ?? []), row.role_name]);
    return roles;
  }

  /** The activated members who may keep the company's profile: who hears of its registration's review. */
  async administratorsOf(companyId: string): Promise<{ email: string; name: string }[]> {
    return this.db.query<{ email: string; name: string }>(
      `SELECT DISTINCT m.email, m.name FROM company_members m
         JOIN company_user_roles u ON u.company_id = m.company_id AND u.user_id = m.user_id AND u.status = 2
         JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id AND r.status = 2
       WHERE m.company_id = $1 AND m.status = 'activated' AND 'administration.companyProfile.update' = ANY(r.access_rights) AND m.email <> ''`,
      [companyId],
    );
  }

  async company(companyId: string): Promise<CompanyRow | null> {
    const [row] = await this.db.query<CompanyRow>(
      'SELECT company_id, name, status, subscription_type, subscription_detail_type, is_demo, is_logo_uploaded FROM companies WHERE company_id = $1',
      [companyId],
    );
    return row ?? null;
  }

  async assignments(userId: string, companyId: string): Promise<AssignmentRow[]> {
    return this.db.query<AssignmentRow>(
      `SELECT r.name AS role_name, CASE WHEN r.status = 2 THEN u.status ELSE 4 END AS status, u.is_site_team, r.access_rights
       FROM company_user_roles u JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id
       WHERE u.user_id = $1 AND u.company_id = $2 ORDER BY r.name`,
      [userId, companyId],
    );
  }

  /** The access-rights bit set: rights of active roles in active assignments; platform admins add the admin module. */
  async accessRightsOf(userId: string, companyId: string, userType: 1 | 2): Promise<string> {
    const active = (await this.assignments(userId, companyId)).filter((assignment) => assignment.status === 2);
    return accessRightsFrom(
      active.flatMap((assignment) => assignment.access_rights),
      userType,
    );
  }
}

/**
 * The rights of the roles in a user's active assignments in a company, as a bit set; platform admins
 * add the admin module. activeRoleRights is the SQL that lists them, for a caller that reads them
 * in a statement of its own ($user, $company: its placeholders).
 */
export function accessRightsFrom(rights: Iterable<string>, userType: 1 | 2): string {
  const all = new Set(rights);
  if (userType === 2) for (const right of ADMIN_MODULE_RIGHTS) all.add(right);
  return encodeAccessRights(all);
}

export const activeRoleRights = (user: string, company: string) => `
  SELECT COALESCE(array_agg(DISTINCT rr.access_right), '{}')
  FROM company_user_roles u JOIN company_roles r ON r.company_id = u.company_id AND r.role_id = u.role_id
    CROSS JOIN LATERAL unnest(r.access_rights) AS rr(access_right)
  WHERE u.user_id = ${user} AND u.company_id = ${company} AND u.status = 2 AND r.status = 2`;

/**
 * A member's status in the session's company, for the session check: a suspended, deactivated or
 * terminated member is refused with that status's code. Null when there is no member row.
 */
export const memberStatusIn = (user: string, company: string) => `
  SELECT m.status FROM company_members m WHERE m.user_id = ${user} AND m.company_id = ${company}`;
