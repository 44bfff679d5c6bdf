// The user's projects (GET /api/project-list-by-user) as choices for filters, forms and the project selector,
// fetched once per chosen company (a company switch brings that company's projects).
import { useEffect, useState } from 'react';
import type { ProjectListItem, ProjectTypeValue } from '@binaan/contracts';
import { getSession, useSession } from '../../shared/session/session-store.js';
import { adminJson } from '../providers/admin-request.js';

export type ProjectChoice = { id: string; name: string; code: string; projectType: ProjectTypeValue; status: string };
let cache: { company: string | null; rows: Promise<ProjectChoice[]> } | null = null;

export function loadProjects(): Promise<ProjectChoice[]> {
  // Keyed by the session's token: a new sign-in or company choice brings another list.
  const company = getSession()?.jwtToken ?? null;
  if (cache?.company !== company) {
    const rows = adminJson<ProjectListItem[]>('/api/project-list-by-user')
      .then((items) => items.map(({ project: p }) => ({ id: p.id, name: p.project_name, code: p.project_code, projectType: p.project_type, status: p.status_id })))
      .catch(() => {
        cache = null;
        return [];
      });
    cache = { company, rows };
  }
  return cache.rows;
}

/** After a project is created or edited: the next use fetches the list again. */
export function forgetProjects(): void {
  cache = null;
}

export function useProjects(): ProjectChoice[] {
  const company = useSession()?.jwtToken ?? null;
  const [projects, setProjects] = useState<ProjectChoice[]>([]);
  useEffect(() => {
    let live = true;
    void loadProjects().then((p) => live && setProjects(p));
    return () => {
      live = false;
    };
  }, [company]);
  return projects;
}
