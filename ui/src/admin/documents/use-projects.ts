// The user's projects (GET /api/project-list-by-user) as choices for filters and forms.
import { useEffect, useState } from 'react';
import { adminJson } from '../providers/admin-request.js';

export type ProjectChoice = { id: string; name: string };
let cache: Promise<ProjectChoice[]> | null = null;

export function loadProjects(): Promise<ProjectChoice[]> {
  cache ??= adminJson<{ project: { id: string; project_name: string } }[]>('/api/project-list-by-user')
    .then((rows) => rows.map((r) => ({ id: r.project.id, name: r.project.project_name })))
    .catch(() => {
      cache = null;
      return [];
    });
  return cache;
}

export function forgetProjects(): void {
  cache = null;
}

export function useProjects(): ProjectChoice[] {
  const [projects, setProjects] = useState<ProjectChoice[]>([]);
  useEffect(() => {
    let live = true;
    void loadProjects().then((p) => live && setProjects(p));
    return () => {
      live = false;
    };
  }, []);
  return projects;
}
