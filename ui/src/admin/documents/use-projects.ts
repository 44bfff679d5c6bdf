// The user's projects (GET /api/project-list-by-user) as choices for filters, forms and the project selector,
// fetched once per chosen company (a company switch brings that company's projects).
import { useCallback } from 'react';
import type { ProjectListItem, ProjectTypeValue } from '@binaan/contracts';
import { getSession, useSession } from '../../shared/session/session-store.js';
import { useLoaded, type Loaded } from '../layout/use-loaded.js';
import { adminJson } from '../providers/admin-request.js';

export type ProjectChoice = { id: string; name: string; code: string; projectType: ProjectTypeValue; status: string };
let cache: { company: string | null; rows: Promise<ProjectChoice[]> } | null = null;

export function loadProjects(): Promise<ProjectChoice[]> {
  // Keyed by the session's token: a new sign-in or company choice brings another list.
  const company = getSession()?.jwtToken ?? null;
  if (cache?.company !== company) {
    const rows = adminJson<ProjectListItem[]>('/api/project-list-by-user')
      .then((items) =>
        items.map(({ project: p }) => ({
          id: p.id,
          name: p.project_name,
          code: p.project_code,
          projectType: p.project_type,
          status: p.status_id,
        })),
      )
      .catch((error: unknown) => {
        // Forgotten, so the next use asks again; the failure goes to the caller, which says so.
        cache = null;
        throw error;
      });
    cache = { company, rows };
  }
  return cache.rows;
}

/** After a project is created or edited: the next use fetches the list again. */
export function forgetProjects(): void {
  cache = null;
}

/** The list, or why it could not be had: for a place that would otherwise say the user has no projects. */
export function useProjectsLoaded(): Loaded<ProjectChoice[]> {
  const company = useSession()?.jwtToken ?? null;
  // A new loader per company token: that company's projects, nothing of the last one's meanwhile.
  const loader = useCallback(() => loadProjects(), [company]); // eslint-disable-line react-hooks/exhaustive-deps
  return useLoaded(loader);
}

/** The projects known so far (none while loading or failed): for naming a project, not for listing them. */
export function useProjects(): ProjectChoice[] {
  return useProjectsLoaded().data ?? [];
}
