// The workflows Actor of a request: the chosen company's authority levels per resource code (from the
// company_authority read model). Document resources take project authority; until the projects context
// exists, a document's project authority is its company's assignments (the same map in both scopes).
// Authority manuals are not managed yet: commands carry none, so the workflows default applies
// (one approval at VerifyLevel1, no limit).
import { Inject, Injectable } from '@nestjs/common';
import { isWorkflowResource, type AuthorityAssignments, type AuthorityLevel, type WorkflowResource } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { DocumentRefused } from './document.errors.js';

@Injectable()
export class DocumentActors {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  async actorFor(principal: Principal): Promise<Actor> {
    const companyId = principal.companyId;
    if (!companyId) throw new DocumentRefused(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const rows = await this.db.query<{ resource_code: string; level: number }>(
      'SELECT resource_code, level FROM company_authority WHERE company_id = $1 AND user_id = $2 ORDER BY resource_code, level',
      [companyId, principal.userId],
    );
    const levels: Partial<Record<WorkflowResource, AuthorityLevel[]>> = {};
    for (const row of rows) {
      if (!isWorkflowResource(row.resource_code)) continue;
      (levels[row.resource_code] ??= []).push(row.level as AuthorityLevel);
    }
    const assignments: AuthorityAssignments = levels;
    return { userId: principal.userId, companyId, kind: principal.userType === 2 ? 'admin' : 'user', authorities: { company: assignments, project: assignments } };
  }

  /** Users of a company holding a level on a resource (who may act next), with their names. */
  async holdersOf(companyId: string, resource: string, level: number): Promise<{ userId: string; name: string | null }[]> {
    const rows = await this.db.query<{ user_id: string; name: string | null }>(
      `SELECT a.user_id, u.name FROM company_authority a LEFT JOIN identity_users u ON u.user_id = a.user_id
       WHERE a.company_id = $1 AND a.resource_code = $2 AND a.level = $3 ORDER BY u.name`,
      [companyId, resource, level],
    );
    return rows.map((row) => ({ userId: row.user_id, name: row.name }));
  }
}
