// A company's roles: named sets of access rights (the matrix the users module edits). Defining one needs the
// full access control right; a role never gives the platform's admin module. A retired role stays in the
// log and the list, and its holders lose its rights at once (the session check reads active roles only).

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type CompanyRoleRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { decideRetireRole, decideRoleDefinition } from './company-admin.decider.js';
import { CompanyStreams } from './company-streams.js';

const VIEW_RIGHTS = [
  'administration.users.view',
  'administration.users.update',
  'administration.users.approve',
  'administration.fullAccessControl.update',
] as const;
/** A company has a handful of roles; the list is one page, its total always exact. */
export const MAX_ROLES_LISTED = 200;

@Injectable()
export class CompanyRolesService {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly streams: CompanyStreams,
  ) {}

  async list(principal: Principal): Promise<CompanyRoleRow[]> {
    const companyId = companyOf(principal, ...VIEW_RIGHTS);
    const rows = await this.db.query<{ role_id: string; name: string; access_rights: string[]; status: number; holders: string | number }>(
      `SELECT r.role_id, r.name, r.access_rights, r.status,
         (SELECT COUNT(*) FROM company_user_roles u WHERE u.company_id = r.company_id AND u.role_id = r.role_id AND u.status = 2) AS holders
       FROM company_roles r WHERE r.company_id = $1 ORDER BY r.status, lower(r.name), r.role_id LIMIT ${MAX_ROLES_LISTED}`,
      [companyId],
    );
    return rows.map((row) => ({
      id: row.role_id,
      name: row.name,
      accessRights: [...row.access_rights],
      status: Number(row.status) === 2 ? 'active' : 'retired',
      holders: Number(row.holders),
    }));
  }

  async define(principal: Principal, roleId: string | null, body: unknown) {
    const companyId = this.writer(principal);
    const state = await this.streams.load(companyId);
    if (roleId !== null && !state.roles.has(roleId)) throw refusal(404, ErrorCodes.roleNotFound, 'This role was not found.');
    const id = roleId ?? randomUUID();
    await this.streams.append(state.companyId, state.revision, [decideRoleDefinition(state, id, body)], principal);
    return { success: true as const, id };
  }

  async retire(principal: Principal, roleId: string) {
    const companyId = this.writer(principal);
    const state = await this.streams.load(companyId);
    await this.streams.append(state.companyId, state.revision, [decideRetireRole(state, roleId)], principal);
    return { success: true as const, id: roleId };
  }

  private writer(principal: Principal): string {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    return companyOf(principal, 'administration.fullAccessControl.update');
  }
}
