// Read models of the projects context: projects (status from the project machine's events, revision for
// the lists' optimistic edits), per-project workflow and supply assignments, manual authority roles,
// members and stages (status from their machines). Fed in the append's transaction.
import type { WorkflowStatusChanged } from '@binaan/contracts';
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { ProjectAssignmentData, ProjectData, ProjectFields, ProjectMemberChange, ProjectStageChange } from './project.events.js';

export const projectsProjection: Projection = {
  name: 'projects',
  eventTypes: [
    'ProjectCreated',
    'ProjectEdited',
    'WorkflowStatusChanged',
    'ProjectLevelAssigned',
    'ProjectLevelUnassigned',
    'ProjectManualRoleGranted',
    'ProjectMemberStatusChanged',
    'ProjectStageStatusChanged',
  ],
  tables: ['projects', 'project_assignments', 'project_manual_roles', 'project_members', 'project_stages'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS projects (
      project_id text PRIMARY KEY, company_id text NOT NULL, name text NOT NULL, code text NOT NULL, project_type smallint NOT NULL,
      location text NOT NULL, short_desc text NOT NULL, site_contact_person text NOT NULL, site_contact_person_number text NOT NULL,
      category_name text, latitude double precision, longitude double precision, region smallint, status text NOT NULL, created_by text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL,
      category_id text, company_region_id text, company_region_name text);
    CREATE INDEX IF NOT EXISTS projects_by_company ON projects (company_id);
    CREATE TABLE IF NOT EXISTS project_assignments (
      project_id text NOT NULL, scope text NOT NULL, code text NOT NULL, user_id text NOT NULL, level smallint NOT NULL,
      PRIMARY KEY (project_id, scope, code, user_id, level));
    CREATE INDEX IF NOT EXISTS project_assignments_by_user ON project_assignments (user_id);
    CREATE TABLE IF NOT EXISTS project_manual_roles (
      project_id text NOT NULL, email text NOT NULL, role text NOT NULL, PRIMARY KEY (project_id, email, role));
    CREATE TABLE IF NOT EXISTS project_members (
      project_id text NOT NULL, user_id text NOT NULL, status text NOT NULL, updated_at timestamptz NOT NULL, PRIMARY KEY (project_id, user_id));
    CREATE INDEX IF NOT EXISTS project_members_by_user ON project_members (user_id);
    CREATE TABLE IF NOT EXISTS project_stages (
      project_id text NOT NULL, stage_id text NOT NULL, name text NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, stage_id));`,
  // Status changes of other streams (documents) are none of this projection's business: nothing to write.
  inline: (events) => (events.some((stored) => stored.streamType === 'project') ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== 'project') continue;
      const projectId = stored.streamId.slice('project-'.length);
      const at = stored.metadata.recordedAt;
      if (stored.type === 'ProjectEdited') {
        const f = (stored.data as unknown as { fields: ProjectFields }).fields;
        await db.query(
          `UPDATE projects SET name = $2, code = $3, project_type = $4, location = $5, short_desc = $6, site_contact_person = $7, site_contact_person_number = $8,
             category_name = $9, latitude = $10, longitude = $11, region = $12, category_id = $13, company_region_id = $14, company_region_name = $15 WHERE project_id = $1`,
          [
            projectId,
            f.name,
            f.code,
            f.projectType,
            f.location,
            f.shortDesc,
            f.siteContactPerson,
            f.siteContactPersonNumber,
            f.categoryName,
            f.latitude,
            f.longitude,
            f.region ?? null,
            f.categoryId ?? null,
            f.companyRegionId ?? null,
            f.companyRegionName ?? null,
          ],
        );
      } else if (stored.type === 'ProjectMemberStatusChanged') {
        const m = stored.data as unknown as ProjectMemberChange;
        await db.query(
          `INSERT INTO project_members (project_id, user_id, status, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (project_id, user_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
          [projectId, m.userId, m.change.statusAfter, at],
        );
      } else if (stored.type === 'ProjectStageStatusChanged') {
        const st = stored.data as unknown as ProjectStageChange;
        await db.query(
          `INSERT INTO project_stages (project_id, stage_id, name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (project_id, stage_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
          [projectId, st.stageId, st.name, st.change.statusAfter, at],
        );
      }
      if (stored.type === 'ProjectCreated') {
        const p = stored.data as unknown as ProjectData;
        await db.query(
          `INSERT INTO projects (project_id, company_id, name, code, project_type, location, short_desc, site_contact_person, site_contact_person_number,
             category_name, latitude, longitude, region, status, created_by, created_at, updated_at, revision, category_id, company_region_id, company_region_name)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'new', $14, $15, $15, $16, $17, $18, $19) ON CONFLICT (project_id) DO NOTHING`,
          [
            projectId,
            p.companyId,
            p.name,
            p.code,
            p.projectType,
            p.location,
            p.shortDesc,
            p.siteContactPerson,
            p.siteContactPersonNumber,
            p.categoryName,
            p.latitude,
            p.longitude,
            p.region ?? null,
            p.createdBy,
            at,
            stored.revision,
            p.categoryId ?? null,
            p.companyRegionId ?? null,
            p.companyRegionName ?? null,
          ],
        );
        continue;
      } else if (stored.type === 'WorkflowStatusChanged') {
        const event = stored.data as unknown as WorkflowStatusChanged;
        await db.query('UPDATE projects SET status = $2 WHERE project_id = $1', [projectId, event.statusAfter]);
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
        await db.query('INSERT INTO project_manual_roles (project_id, email, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          projectId,
          r.email,
          r.role,
        ]);
      }
      // Every event of the stream moves the project's revision (what an edit's If-Match names) and its last change.
      await db.query('UPDATE projects SET revision = $2, updated_at = $3 WHERE project_id = $1', [projectId, stored.revision, at]);
    }
  },
};
