// Read models of the projects context: projects (status from the project machine's events), per-project
// workflow and supply assignments, and manual authority roles. Fed in the append's transaction.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { ProjectAssignmentData, ProjectData } from './project.events.js';

export const projectsProjection: Projection = {
  name: 'projects',
  eventTypes: ['ProjectCreated', 'WorkflowStatusChanged', 'ProjectLevelAssigned', 'ProjectLevelUnassigned', 'ProjectManualRoleGranted'],
  tables: ['projects', 'project_assignments', 'project_manual_roles'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS projects (
      project_id text PRIMARY KEY, company_id text NOT NULL, name text NOT NULL, code text NOT NULL, project_type smallint NOT NULL,
      location text NOT NULL, short_desc text NOT NULL, site_contact_person text NOT NULL, site_contact_person_number text NOT NULL,
      category_name text, latitude double precision, longitude double precision, status text NOT NULL, created_by text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS projects_by_company ON projects (company_id);
    CREATE TABLE IF NOT EXISTS project_assignments (
      project_id text NOT NULL, scope text NOT NULL, code text NOT NULL, user_id text NOT NULL, level smallint NOT NULL,
      PRIMARY KEY (project_id, scope, code, user_id, level));
    CREATE INDEX IF NOT EXISTS project_assignments_by_user ON project_assignments (user_id);
    CREATE TABLE IF NOT EXISTS project_manual_roles (
      project_id text NOT NULL, email text NOT NULL, role text NOT NULL, PRIMARY KEY (project_id, email, role));`,
  // Status changes of other streams (documents) are none of this projection's business: nothing to write.
  inline: (events) => (events.some((stored) => stored.streamType === 'project') ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== 'project') continue;
      const projectId = stored.streamId.slice('project-'.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'ProjectCreated') {
        const p = stored.data as unknown as ProjectData;
        await db.query(
          `INSERT INTO projects (project_id, company_id, name, code, project_type, location, short_desc, site_contact_person, site_contact_person_number,
             category_name, latitude, longitude, status, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'new', $13, $14, $14) ON CONFLICT (project_id) DO NOTHING`,
          [projectId, p.companyId, p.name, p.code, p.projectType, p.location, p.shortDesc, p.siteContactPerson, p.siteContactPersonNumber, p.categoryName, p.latitude, p.longitude, p.createdBy, at],
        );
      } else if (stored.type === 'WorkflowStatusChanged') {
        const event = stored.data as unknown as WorkflowStatusChanged;
        await db.query('UPDATE projects SET status = $2, updated_at = $3 WHERE project_id = $1', [projectId, event.statusAfter, at]);
      } else if (stored.type === 'ProjectLevelAssigned' || stored.type === 'ProjectLevelUnassigned') {
        const a = stored.data as unknown as ProjectAssignmentData;
        await db.query(
          stored.type === 'ProjectLevelAssigned'
            ? 'INSERT INTO project_assignments (project_id, scope, code, user_id, level) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING'
            : 'DELETE FROM project_assignments WHERE project_id = $1 AND scope = $2 AND code = $3 AND user_id = $4 AND level = $5',
          [projectId, a.scope, a.code, a.userId, a.level],
        );
      } else if (stored.type === 'ProjectManualRoleGranted') {
        const r = stored.data as { email: string; role: string };
        await db.query('INSERT INTO project_manual_roles (project_id, email, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [projectId, r.email, r.role]);
      }
    }
  },
};
