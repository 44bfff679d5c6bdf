// One project's page data (GET /api/projects/<id>), its documents' counts and its history, reloaded after
// every action; an error is kept as its code (projectNotFound, projectNotVisible) for the page to say.
import { useCallback, useEffect, useState } from 'react';
import type { ProjectDetail, ProjectDocumentCounts, ProjectHistoryRow } from '@binaan/contracts';
import { getSession } from '../../shared/session/session-store.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

export type ProjectData = {
  project: ProjectDetail | null;
  documents: ProjectDocumentCounts | null;
  history: ProjectHistoryRow[] | null;
  error: string | null;
  reload: () => void;
};

/** The last read of each project this visit (per session token): a tab at another address (the BQ's) shows at once, then is read again. */
const lastRead = new Map<string, Omit<ProjectData, 'reload'>>();
const readKey = (id: string) => `${getSession()?.jwtToken ?? ''} ${id}`;

export function useProject(id: string): ProjectData {
  const [state, setState] = useState<Omit<ProjectData, 'reload'>>(
    () => lastRead.get(readKey(id)) ?? { project: null, documents: null, history: null, error: null },
  );
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let live = true;
    const base = `/api/projects/${encodeURIComponent(id)}`;
    Promise.all([
      adminJson<ProjectDetail>(base, { cache: 'no-store' }),
      adminJson<ProjectDocumentCounts>(`${base}/documents`, { cache: 'no-store' }),
      adminJson<ProjectHistoryRow[]>(`${base}/history`, { cache: 'no-store' }),
    ]).then(
      ([project, documents, history]) => {
        lastRead.set(readKey(id), { project, documents, history, error: null });
        if (live) setState({ project, documents, history, error: null });
      },
      (error: unknown) => live && setState({ project: null, documents: null, history: null, error: errorCodeOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, round]);
  return { ...state, reload };
}
