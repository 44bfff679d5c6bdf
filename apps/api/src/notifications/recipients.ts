// Who is who, read from the other contexts' read models: a company's active members, the platform
// admins, names, and whether a user holds a module right in a company (companies context's CompanyAccess).
import { Inject, Injectable } from '@nestjs/common';
import { hasAnyAccessRight, type AccessRight } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { CompanyAccess } from '../companies/company-access.js';

export type Member = { userId: string; userType: 1 | 2 };

@Injectable()
export class Recipients {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly access: CompanyAccess,
  ) {}

  /** Activated users with an active role in the company. */
  async members(companyId: string): Promise<Member[]> {
    const rows = await this.db.query<{ user_id: string; user_type: number }>(
      `SELECT DISTINCT r.user_id, u.user_type FROM company_user_roles r JOIN identity_users u ON u.user_id = r.user_id
       WHERE r.company_id = $1 AND r.status = 2 AND u.status = 'activated' ORDER BY r.user_id`,
      [companyId],
    );
    return rows.map((row) => ({ userId: row.user_id, userType: row.user_type === 2 ? 2 : 1 }));
  }

  /** Activated platform administrators (user type 2). */
  async admins(): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(`SELECT user_id FROM identity_users WHERE user_type = 2 AND status = 'activated' ORDER BY user_id`);
    return rows.map((row) => row.user_id);
  }

  async userType(userId: string): Promise<1 | 2> {
    const [row] = await this.db.query<{ user_type: number }>('SELECT user_type FROM identity_users WHERE user_id = $1', [userId]);
    return row?.user_type === 2 ? 2 : 1;
  }

  async holdsAny(userId: string, companyId: string, rights: AccessRight[]): Promise<boolean> {
    return hasAnyAccessRight(await this.access.accessRightsOf(userId, companyId, await this.userType(userId)), ...rights);
  }

  async userNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [wanted]);
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }

  async companies(ids: readonly (string | null)[]): Promise<Map<string, { name: string; status: number }>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.query<{ company_id: string; name: string; status: number }>('SELECT company_id, name, status FROM companies WHERE company_id = ANY($1::text[])', [wanted]);
    return new Map(rows.map((row) => [row.company_id, { name: row.name, status: Number(row.status) }]));
  }

  async userStatus(userId: string): Promise<{ name: string; status: string } | null> {
    const [row] = await this.db.query<{ name: string; status: string }>('SELECT name, status FROM identity_users WHERE user_id = $1', [userId]);
    return row ?? null;
  }

  async projectType(projectId: string | null): Promise<number | null> {
    if (!projectId) return null;
    const [row] = await this.db.query<{ project_type: number }>('SELECT project_type FROM projects WHERE project_id = $1', [projectId]);
    return row ? Number(row.project_type) : null;
  }
}
