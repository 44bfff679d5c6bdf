// Read-model lookups the documents context uses: a document's project, a user's levels in it (the union of
// its workflow and supply assignments), and who holds a level there. Levels count only for an approved
// member of the project (the member machine's Approved): a member's project authority is what the
// documents' guards use; assignments of a user not (or no longer) a member stay recorded but idle.
import type { AuthorityAssignments } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { toAssignments } from '../authority/authority-reads.js';

export async function projectCompany(db: SqlExecutor, projectId: string): Promise<string | null> {
  const [row] = await db.query<{ company_id: string }>('SELECT company_id FROM projects WHERE project_id = $1', [projectId]);
  return row?.company_id ?? null;
}

export async function projectLevels(db: SqlExecutor, projectId: string, userId: string): Promise<AuthorityAssignments> {
  return toAssignments(
    await db.query<{ resource_code: string; level: number }>(
      `SELECT DISTINCT a.code AS resource_code, a.level FROM project_assignments a
     JOIN project_members m ON m.project_id = a.project_id AND m.user_id = a.user_id AND m.status = 'Approved'
     WHERE a.project_id = $1 AND a.user_id = $2 ORDER BY a.code, a.level`,
      [projectId, userId],
    ),
  );
}

export async function projectHolders(
  db: SqlExecutor,
  projectId: string,
  code: string,
  level: number,
): Promise<{ userId: string; name: string | null }[]> {
  const rows = await db.query<{ user_id: string; name: string | null }>(
    `SELECT DISTINCT a.user_id, u.name FROM project_assignments a LEFT JOIN identity_users u ON u.user_id = a.user_id
     JOIN project_members m ON m.project_id = a.project_id AND m.user_id = a.user_id AND m.status = 'Approved'
     WHERE a.project_id = $1 AND a.code = $2 AND a.level = $3 ORDER BY u.name`,
    [projectId, code, level],
  );
  return rows.map((row) => ({ userId: row.user_id, name: row.name }));
}

/** Company levels and project levels together: what members and stages are decided with (see projects.service.ts). */
export function mergeLevels(company: AuthorityAssignments, project: AuthorityAssignments): AuthorityAssignments {
  const merged: Record<string, readonly number[]> = { ...company };
  for (const [code, levels] of Object.entries(project))
    merged[code] = [...new Set([...(merged[code] ?? []), ...(levels ?? [])])].sort((a, b) => a - b);
  return merged;
}
