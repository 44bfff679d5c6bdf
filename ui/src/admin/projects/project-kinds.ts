// The three project lists (spec §6: project type 1 demand/owner, 2 supply/supplier, 3 developer), their
// paths, and the project's replay: the statuses of the project, its members and its stages as they stood
// at a revision, folded from the history rows (each status change names its subject and status after).
import type { ProjectHistoryRow, ProjectTypeValue } from '@binaan/contracts';

export const PROJECT_KINDS = { developer: 3, demand: 1, supply: 2 } as const satisfies Record<string, ProjectTypeValue>;
export type ProjectKind = keyof typeof PROJECT_KINDS;

export const isProjectKind = (value: string | undefined): value is ProjectKind =>
  value !== undefined && Object.prototype.hasOwnProperty.call(PROJECT_KINDS, value);

export function kindOfType(type: number): ProjectKind {
  return type === 1 ? 'demand' : type === 2 ? 'supply' : 'developer';
}

/** The spec's notification paths name tabs in kebab case (/project/demand/pending-approval): the machine's status. */
export function statusOfTab(tab: string | undefined): string | undefined {
  if (!tab) return undefined;
  return tab.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
}

export type ReplayedProject = {
  status: string | null;
  members: { userId: string; name: string | null; status: string }[];
  stages: { id: string; name: string; status: string }[];
  row: ProjectHistoryRow | undefined;
};

/** Everything's status after the events up to and including `revision`. */
export function replayProject(rows: readonly ProjectHistoryRow[], revision: number): ReplayedProject {
  let status: string | null = null;
  const members = new Map<string, { userId: string; name: string | null; status: string }>();
  const stages = new Map<string, { id: string; name: string; status: string }>();
  for (const row of rows) {
    if (row.revision > revision) break;
    if (row.statusAfter === null) continue;
    if (row.subject === 'project') status = row.statusAfter;
    if (row.subject === 'member' && row.subjectId)
      members.set(row.subjectId, { userId: row.subjectId, name: row.subjectName, status: row.statusAfter });
    if (row.subject === 'stage' && row.subjectId)
      stages.set(row.subjectId, { id: row.subjectId, name: row.subjectName ?? '', status: row.statusAfter });
  }
  return { status, members: [...members.values()], stages: [...stages.values()], row: rows.find((r) => r.revision === revision) };
}
