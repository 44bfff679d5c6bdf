// project-list-by-user (spec §7): the chosen company's projects this user may see (the right to view all
// projects, an assignment in the project, or a manual authority role by e-mail), with the spec's fields.
import { hasAnyAccessRight, type ProjectListItem, type ProjectTypeValue } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { toGroups } from '../authority/authority-reads.js';
import type { Principal } from '../common/principal.js';

type Row = {
  project_id: string;
  company_id: string;
  name: string;
  code: string;
  project_type: number;
  location: string;
  short_desc: string;
  site_contact_person: string;
  site_contact_person_number: string;
  category_name: string | null;
  status: string;
};

export async function projectListByUser(db: SqlExecutor, principal: Principal, companyId: string): Promise<ProjectListItem[]> {
  const viewAll = hasAnyAccessRight(principal.accessRights, 'project.viewAll');
  const rows = await db.query<Row>(
    `SELECT p.project_id, p.company_id, p.name, p.code, p.project_type, p.location, p.short_desc, p.site_contact_person, p.site_contact_person_number,
            p.category_name, p.status
     FROM projects p WHERE p.company_id = $1 AND ($2::boolean
       OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.project_id AND a.user_id = $3)
       OR EXISTS (SELECT 1 FROM project_manual_roles r WHERE r.project_id = p.project_id AND r.email = $4))
     ORDER BY p.status, p.name`,
    [companyId, viewAll, principal.userId, principal.email.toLowerCase()],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.project_id);
  const assignments = await db.query<{ project_id: string; scope: string; code: string; user_id: string; level: number }>(
    'SELECT project_id, scope, code, user_id, level FROM project_assignments WHERE project_id = ANY($1::text[]) ORDER BY code, level, user_id',
    [ids],
  );
  const roles = await db.query<{ project_id: string; email: string; role: string }>(
    'SELECT project_id, email, role FROM project_manual_roles WHERE project_id = ANY($1::text[]) ORDER BY email, role',
    [ids],
  );
  return rows.map((p) => ({
    project: {
      id: p.project_id,
      project_name: p.name,
      project_code: p.code,
      status_id: p.status,
      project_type: Number(p.project_type) as ProjectTypeValue,
      location: p.location,
      project_short_desc: p.short_desc,
      site_contact_person: p.site_contact_person,
      site_contact_person_number: p.site_contact_person_number,
      project_category_name: p.category_name ?? '-',
      company_id: p.company_id,
    },
    workflowAssignments: toGroups(assignments.filter((a) => a.project_id === p.project_id && a.scope === 'workflow')),
    supplyWorkflowAssignments: toGroups(assignments.filter((a) => a.project_id === p.project_id && a.scope === 'supply')),
    authority_manual_roles: roles.filter((r) => r.project_id === p.project_id).map((r) => ({ email: r.email, role: r.role })),
    appControl: { isActive: p.status === 'active' },
  }));
}
