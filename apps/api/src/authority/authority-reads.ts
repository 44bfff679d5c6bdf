// Read-model lookups other contexts use (documents, projects): a user's levels in a company, who holds a
// level, a company's manual for a resource (in the API's shape and as the workflows' AuthorityManual).
// Plain functions over a SqlExecutor, so a caller needs no Nest module of this context.
import {
  isWorkflowResource,
  type AuthorityAssignments,
  type AuthorityLevel,
  type AuthorityManual,
  type AuthorityManualView,
  type WorkflowAssignmentGroup,
  type WorkflowResource,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { ManualLevelData } from './authority.events.js';

export function toAssignments(rows: readonly { resource_code: string; level: number }[]): AuthorityAssignments {
  const levels: Partial<Record<WorkflowResource, AuthorityLevel[]>> = {};
  for (const row of rows) {
    if (!isWorkflowResource(row.resource_code)) continue;
    (levels[row.resource_code] ??= []).push(row.level as AuthorityLevel);
  }
  return levels;
}

export function toGroups(rows: readonly { code: string; user_id: string; level: number }[]): WorkflowAssignmentGroup[] {
  const groups = new Map<string, WorkflowAssignmentGroup>();
  for (const row of rows) {
    const group = groups.get(row.code) ?? { code: row.code, assignments: [] };
    group.assignments.push({ user_id: row.user_id, workflow_level: row.level as AuthorityLevel });
    groups.set(row.code, group);
  }
  return [...groups.values()];
}

export async function companyLevels(db: SqlExecutor, companyId: string, userId: string): Promise<AuthorityAssignments> {
  return toAssignments(
    await db.query<{ resource_code: string; level: number }>(
      'SELECT resource_code, level FROM authority_assignments WHERE company_id = $1 AND user_id = $2 ORDER BY resource_code, level',
      [companyId, userId],
    ),
  );
}

export async function companyAssignmentGroups(db: SqlExecutor, companyId: string): Promise<WorkflowAssignmentGroup[]> {
  return toGroups(
    await db.query<{ code: string; user_id: string; level: number }>(
      'SELECT resource_code AS code, user_id, level FROM authority_assignments WHERE company_id = $1 ORDER BY resource_code, level, user_id',
      [companyId],
    ),
  );
}

export async function companyHolders(
  db: SqlExecutor,
  companyId: string,
  code: string,
  level: number,
): Promise<{ userId: string; name: string | null }[]> {
  const rows = await db.query<{ user_id: string; name: string | null }>(
    `SELECT a.user_id, u.name FROM authority_assignments a LEFT JOIN identity_users u ON u.user_id = a.user_id
     WHERE a.company_id = $1 AND a.resource_code = $2 AND a.level = $3 ORDER BY u.name`,
    [companyId, code, level],
  );
  return rows.map((row) => ({ userId: row.user_id, name: row.name }));
}

type ManualRow = {
  company_id: string;
  resource: string;
  label: string;
  note: string;
  levels: ManualLevelData[] | string;
  allow_self_approval: boolean;
  role_type: string;
  roles: string[] | string;
  version: number;
  updated_at: string | Date;
  updated_by: string | null;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toView(row: ManualRow): AuthorityManualView {
  return {
    companyId: row.company_id,
    resource: row.resource,
    label: row.label,
    note: row.note,
    levels: parsed(row.levels),
    allowSelfApproval: row.allow_self_approval,
    roleType: row.role_type,
    roles: parsed(row.roles),
    version: Number(row.version),
    updatedAt: row.updated_at instanceof Date ? row.updated_at.toISOString() : new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

const MANUAL_COLUMNS = 'company_id, resource, label, note, levels, allow_self_approval, role_type, roles, version, updated_at, updated_by';

export async function companyManuals(db: SqlExecutor, companyId: string): Promise<AuthorityManualView[]> {
  const rows = await db.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM authority_manuals WHERE company_id = $1 ORDER BY resource`, [
    companyId,
  ]);
  return rows.map(toView);
}

export async function companyManual(db: SqlExecutor, companyId: string, resource: string): Promise<AuthorityManualView | null> {
  const [row] = await db.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM authority_manuals WHERE company_id = $1 AND resource = $2`, [
    companyId,
    resource,
  ]);
  return row ? toView(row) : null;
}

/** The manual as the workflow machines take it: limits as RM numbers, only for comparisons. */
export function workflowManual(view: AuthorityManualView): AuthorityManual | undefined {
  if (!isWorkflowResource(view.resource)) return undefined;
  return {
    resource: view.resource,
    allowSelfApproval: view.allowSelfApproval,
    levels: view.levels.map((l) => ({
      level: l.level,
      limit: l.limit === null ? null : Number(l.limit),
      ...(l.quorum !== undefined ? { quorum: l.quorum } : {}),
      ...(l.rejectRule !== undefined ? { rejectRule: l.rejectRule } : {}),
    })),
  };
}
