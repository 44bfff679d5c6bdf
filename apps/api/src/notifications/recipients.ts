// Who is who, read from the other contexts' read models: a company's active members, the platform
// admins, names, and whether a user holds a module right in a company (companies context's CompanyAccess).
// The reactor asks the same questions for event after event of a busy document: answers come through the
// documents context's read cache (read-cache.ts), dropped at once by any append that feeds these read
// models and never older than its age limit, so a withdrawn role stops notifications as it stops actions.
import { Inject, Injectable } from '@nestjs/common';
import { hasAnyAccessRight, type AccessRight } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { CompanyAccess } from '../companies/company-access.js';
import { DocumentReadCache } from '../documents/read-cache.js';
import { EVENT_STORE } from '../store/store.tokens.js';

export type Member = { userId: string; userType: 1 | 2 };

@Injectable()
export class Recipients {
  private readonly cache: DocumentReadCache;

  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(EVENT_STORE) store: EventStore,
    private readonly access: CompanyAccess,
  ) {
    this.cache = DocumentReadCache.of(store);
  }

  /** Activated users with an active role in the company. */
  async members(companyId: string): Promise<Member[]> {
    return this.cache.get(`recipients:members:${companyId}`, () => this.readMembers(companyId));
  }

  private async readMembers(companyId: string): Promise<Member[]> {
    const rows = await this.db.query<{ user_id: string; user_type: number }>(
      `SELECT DISTINCT r.user_id, u.user_type FROM company_user_roles r JOIN identity_users u ON u.user_id = r.user_id
       WHERE r.company_id = $1 AND r.status = 2 AND u.status = 'activated' ORDER BY r.user_id`,
      [companyId],
    );
    return rows.map((row) => ({ userId: row.user_id, userType: row.user_type === 2 ? 2 : 1 }));
  }

  /**
   * Activated platform administrators (user type 2) holding the admin module right the notice is about: those
   * whose rights nobody narrowed hold every one (platform-staff/README.md).
   */
  async admins(right: 'admin.company' | 'admin.user'): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(
      `SELECT u.user_id FROM identity_users u LEFT JOIN platform_staff_rights s ON s.user_id = u.user_id
       WHERE u.user_type = 2 AND u.status = 'activated' AND (s.user_id IS NULL OR $1 = ANY(s.rights)) ORDER BY u.user_id`,
      [right],
    );
    return rows.map((row) => row.user_id);
  }

  async userType(userId: string): Promise<1 | 2> {
    return this.cache.get(`recipients:userType:${userId}`, () => this.readUserType(userId));
  }

  private async readUserType(userId: string): Promise<1 | 2> {
    const [row] = await this.db.query<{ user_type: number }>('SELECT user_type FROM identity_users WHERE user_id = $1', [userId]);
    return row?.user_type === 2 ? 2 : 1;
  }

  async holdsAny(userId: string, companyId: string, rights: AccessRight[]): Promise<boolean> {
    const userType = await this.userType(userId);
    const held = await this.cache.get(`recipients:rights:${userId}:${companyId}`, () =>
      this.access.accessRightsOf(userId, companyId, userType),
    );
    return hasAnyAccessRight(held, ...rights);
  }

  async userNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    return this.cache.get(`recipients:userNames:${wanted.sort().join(',')}`, () => this.readUserNames(wanted));
  }

  private async readUserNames(wanted: string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [wanted],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }

  async companies(ids: readonly (string | null)[]): Promise<Map<string, { name: string; status: number }>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    return this.cache.get(`recipients:companies:${wanted.sort().join(',')}`, () => this.readCompanies(wanted));
  }

  private async readCompanies(wanted: string[]): Promise<Map<string, { name: string; status: number }>> {
    const rows = await this.db.query<{ company_id: string; name: string; status: number }>(
      'SELECT company_id, name, status FROM companies WHERE company_id = ANY($1::text[])',
      [wanted],
    );
    return new Map(rows.map((row) => [row.company_id, { name: row.name, status: Number(row.status) }]));
  }

  async userStatus(userId: string): Promise<{ name: string; status: string } | null> {
    const [row] = await this.db.query<{ name: string; status: string }>('SELECT name, status FROM identity_users WHERE user_id = $1', [
      userId,
    ]);
    return row ?? null;
  }

  async projectType(projectId: string | null): Promise<number | null> {
    if (!projectId) return null;
    return this.cache.get(`recipients:projectType:${projectId}`, () => this.readProjectType(projectId));
  }

  private async readProjectType(projectId: string): Promise<number | null> {
    const [row] = await this.db.query<{ project_type: number }>('SELECT project_type FROM projects WHERE project_id = $1', [projectId]);
    return row ? Number(row.project_type) : null;
  }
}
