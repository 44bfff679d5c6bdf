// The project an import, export or scan is for: of the caller's chosen company (another company's is 404,
// as elsewhere) and visible to the caller (the projects context's rule: view-all right, an assignment, a
// manual role, or a membership not rejected; a platform admin sees all). Its heading for an export.
import type { SqlExecutor } from '@binaan/event-store';
import { hasAnyAccessRight } from '@binaan/contracts';
import { companyOf } from '../../authority/authority.service.js';
import { refusal } from '../../common/refusal.js';
import type { Principal } from '../../common/principal.js';
import { isUuid } from '../../common/uuid.js';

export type ProjectHeading = { projectId: string; companyId: string; projectName: string; projectCode: string; companyName: string | null };

export async function visibleProject(db: SqlExecutor, principal: Principal, projectId: string): Promise<ProjectHeading> {
  const companyId = companyOf(principal);
  const [row] = isUuid(projectId.toLowerCase())
    ? await db.query<{ name: string; code: string; visible: boolean; company_name: string | null }>(
        `SELECT p.name, p.code, c.name AS company_name, ($2::boolean
       OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.project_id AND a.user_id = $3)
       OR EXISTS (SELECT 1 FROM project_manual_roles r WHERE r.project_id = p.project_id AND r.email = $4)
       OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.project_id AND m.user_id = $3 AND m.status <> 'Rejected')) AS visible
     FROM projects p LEFT JOIN companies c ON c.company_id = p.company_id WHERE p.project_id = $5 AND p.company_id = $1`,
        [
          companyId,
          hasAnyAccessRight(principal.accessRights, 'project.viewAll'),
          principal.userId,
          principal.email.toLowerCase(),
          projectId,
        ],
      )
    : [];
  if (!row) throw refusal(404, 'projectNotFound', 'No such project in this company.');
  if (!row.visible && principal.userType !== 2)
    throw refusal(
      403,
      'projectNotVisible',
      'This project is not yours to see: ask for the right to view all projects, or to be made a member.',
    );
  return { projectId, companyId, projectName: row.name, projectCode: row.code, companyName: row.company_name };
}
