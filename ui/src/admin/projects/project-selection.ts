// The project the user works in (signed-in-area.md §3: selectedProject per developer / demand / supply, kept
// across visits as lastSelectedProject). The server keeps it per user and company (GET / PUT
// /api/project-selection); this module holds the chosen company's copy for every component, loaded once per
// company, and changed only through the server's reply. Document lists follow the active project and create
// forms prefill it (documents/DocumentList.tsx, DocumentForm.tsx).
import { useEffect, useSyncExternalStore } from 'react';
import type { ProjectSelection, ProjectSelectionKind, SelectedProject } from '@binaan/contracts';
import { getSession, useSession } from '../../shared/session/session-store.js';
import { adminJson } from '../providers/admin-request.js';

/** Whose selection it is: the session's token names the user and the chosen company (a new sign-in or company choice brings a new one). */
const sessionKey = (): string | null => (getSession()?.selectedCompany ? getSession()!.jwtToken : null);

export const NO_SELECTION: ProjectSelection = { active: null, developer: null, demand: null, supply: null, revision: null };

/** The project the user works in now, or null (all projects). */
export function activeProject(selection: ProjectSelection): (SelectedProject & { kind: ProjectSelectionKind }) | null {
  const project = selection.active ? selection[selection.active] : null;
  return project && selection.active ? { ...project, kind: selection.active } : null;
}

type State = { key: string | null; selection: ProjectSelection; loading: Promise<void> | null };
let state: State = { key: null, selection: NO_SELECTION, loading: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function set(key: string | null, selection: ProjectSelection) {
  state = { ...state, key, selection };
  emit();
}

/** Loads the chosen company's selection (once per company; again with force). Failures leave none selected. */
export function loadProjectSelection(force = false): Promise<void> {
  const key = sessionKey();
  if (!key) return Promise.resolve();
  if (!force && state.key === key && state.loading) return state.loading;
  const loading = adminJson<ProjectSelection>('/api/project-selection').then(
    (selection) => (sessionKey() === key ? set(key, selection) : undefined),
    () => set(key, NO_SELECTION),
  );
  state = { key, selection: state.key === key ? state.selection : NO_SELECTION, loading };
  emit();
  return loading;
}

/** Picks a project of a kind (it becomes the one the user works in), or none of that kind (projectId null). */
export async function selectProject(kind: ProjectSelectionKind, projectId: string | null): Promise<ProjectSelection> {
  const key = sessionKey();
  const selection = await adminJson<ProjectSelection>('/api/project-selection', { method: 'PUT', body: { kind, projectId } });
  if (sessionKey() === key) set(key, selection);
  return selection;
}

/** Back to all projects: the active kind's project is let go (the other kinds' stay for the selector). */
export function clearActiveProject(): Promise<ProjectSelection> | null {
  const kind = state.selection.active;
  return kind ? selectProject(kind, null) : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => state.selection;

/** The chosen company's selection; loads it on first use and when the company changes. */
export function useProjectSelection(): ProjectSelection {
  const selection = useSyncExternalStore(subscribe, snapshot, () => NO_SELECTION);
  const session = useSession();
  const key = session?.selectedCompany ? session.jwtToken : null;
  useEffect(() => {
    if (key && (state.key !== key || !state.loading)) void loadProjectSelection();
  }, [key]);
  return state.key === key ? selection : NO_SELECTION;
}

/** Tests: forget what was loaded. */
export function resetProjectSelection(): void {
  state = { key: null, selection: NO_SELECTION, loading: null };
  emit();
}
