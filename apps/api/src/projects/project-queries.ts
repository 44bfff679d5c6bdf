// Queries of the projects context for the signed-in ui: the project list in react-admin's protocol
// (filter by type, status and text; sort on every column shown), one project with its members, stages,
// authority and what the caller may do, its documents counted per kind and status, and its history (every
// event of the stream, chain checked). A project is read by its company only: another company's is 404.
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import {
  hasAnyAccessRight,
  type ProjectAction,
  type ProjectDetail,
  type ProjectDocumentCounts,
  type ProjectHistoryRow,
  type ProjectRow,
  type ProjectTypeValue,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { type EventStore, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import { availableActions, roundAfter, type Actor, type WorkflowContext } from '@binaan/workflows';
import { companyLevels, toGroups } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import { listFilter } from '../common/list-query.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { foldProject, type ProjectState } from './project.decider.js';
import { projectStream, type ProjectMemberChange, type ProjectStageChange } from './project.events.js';
import { mergeLevels, projectLevels } from './project-reads.js';
import { isUuid } from '../common/uuid.js';
import { iso } from '../common/iso.js';

const SORTABLE: Readonly<Record<string, string>> = {
  name: 'p.name',
  code: 'p.code',
  shortTitle: 'p.short_desc',
  location: 'p.location',
  category: 'p.category_name',
  status: 'p.status',
  siteContactPerson: 'p.site_contact_person',
  siteContactNumber: 'p.site_contact_person_number',
  projectType: 'p.project_type',
  region: 'p.region',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  id: 'p.project_id',
};
const FILTER_KEYS = new Set(['projectType', 'status', 'q', 'id']);
const MAX_PAGE = 1000;

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
  latitude: number | null;
  longitude: number | null;
  region: number | null;
  status: string;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
  total_count?: string | number;
  category_id: string | null;
  company_region_id: string | null;
  company_region_name: string | null;
};

const bad = (field: string, code: string) => refusal(400, 'validationFailed', `Check ${field}.`, { fields: { [field]: [code] } });

function json(name: string, text: unknown, fallback: unknown): unknown {
  if (text === undefined) return fallback;
  try {
    // Only a string is JSON here: a repeated query parameter (an array) is refused like bad JSON.
    return JSON.parse(typeof text === 'string' ? text : '');
  } catch {
    throw bad(name, 'mustBeJson');
  }
}

export type ProjectListQuery = {
  sort: [string, 'ASC' | 'DESC'];
  range: [number, number];
  filter: { projectType?: number; status?: string[]; q?: string; id?: string[] };
};

/** ?sort=["name","ASC"]&range=[0,24]&filter={"projectType":1,"status":"active","q":"menara"}; an unknown key or column is 400. */
export function parseProjectListQuery(query: Record<string, unknown>): ProjectListQuery {
  const sort = json('sort', query.sort, ['name', 'ASC']);
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !SORTABLE[sort[0]] || (sort[1] !== 'ASC' && sort[1] !== 'DESC'))
    throw bad('sort', 'sortInvalid');
  const range = json('range', query.range, [0, 24]);
  if (
    !Array.isArray(range) ||
    !Number.isInteger(range[0]) ||
    !Number.isInteger(range[1]) ||
    range[0] < 0 ||
    range[1] < range[0] ||
    range[1] - range[0] >= MAX_PAGE
  )
    throw bad('range', 'rangeInvalid');
  const raw = listFilter(query.filter);
  const unknown = Object.keys(raw).find((k) => !FILTER_KEYS.has(k));
  if (unknown) throw bad(`filter.${unknown}`, 'filterKeyUnknown');
  const filter: ProjectListQuery['filter'] = {};
  if (raw.projectType !== undefined) {
    if (raw.projectType !== 1 && raw.projectType !== 2 && raw.projectType !== 3) throw bad('filter.projectType', 'projectTypeInvalid');
    filter.projectType = raw.projectType;
  }
  for (const key of ['status', 'id'] as const) {
    if (raw[key] === undefined) continue;
    const values = Array.isArray(raw[key]) ? raw[key] : [raw[key]];
    if (values.some((v) => typeof v !== 'string')) throw bad(`filter.${key}`, 'filterInvalid');
    filter[key] = values as string[];
  }
  if (raw.q !== undefined) {
    if (typeof raw.q !== 'string' || raw.q.length > 200) throw bad('filter.q', 'filterInvalid');
    filter.q = raw.q.trim();
  }
  return { sort: [sort[0], sort[1] as 'ASC' | 'DESC'], range: [range[0] as number, range[1] as number], filter };
}

const toRow = (p: Row): ProjectRow => ({
  id: p.project_id,
  name: p.name,
  code: p.code,
  shortTitle: p.short_desc,
  projectType: Number(p.project_type) as ProjectTypeValue,
  location: p.location,
  category: p.category_name,
  region: p.region === null ? null : Number(p.region),
  latitude: p.latitude === null ? null : Number(p.latitude),
  longitude: p.longitude === null ? null : Number(p.longitude),
  status: p.status,
  siteContactPerson: p.site_contact_person,
  siteContactNumber: p.site_contact_person_number,
  revision: Number(p.revision),
  createdAt: iso(p.created_at),
  updatedAt: iso(p.updated_at),
  categoryId: p.category_id,
  companyRegionId: p.company_region_id,
  companyRegion: p.company_region_name,
});

/** Who sees a project of their company: the right to view all, an assignment, a manual role by e-mail, or a membership not rejected. */
export const VISIBLE = `($2::boolean
  OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.project_id AND a.user_id = $3)
  OR EXISTS (SELECT 1 FROM project_manual_roles r WHERE r.project_id = p.project_id AND r.email = $4)
  OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.project_id AND m.user_id = $3 AND m.status <> 'Rejected'))`;

@Injectable()
export class ProjectQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async list(principal: Principal, query: Record<string, unknown>): Promise<{ rows: ProjectRow[]; from: number; total: number }> {
    const companyId = companyOf(principal);
    const q = parseProjectListQuery(query);
    const params: unknown[] = [
      companyId,
      hasAnyAccessRight(principal.accessRights, 'project.viewAll'),
      principal.userId,
      principal.email.toLowerCase(),
    ];
    const where = ['p.company_id = $1', VISIBLE];
    if (q.filter.projectType !== undefined) where.push(`p.project_type = $${params.push(q.filter.projectType)}`);
    if (q.filter.status) where.push(`p.status = ANY($${params.push(q.filter.status)}::text[])`);
    if (q.filter.id) where.push(`p.project_id = ANY($${params.push(q.filter.id)}::text[])`);
    if (q.filter.q) {
      const n = params.push(`%${q.filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(
        `(lower(p.name) LIKE $${n} OR lower(p.code) LIKE $${n} OR lower(p.short_desc) LIKE $${n} OR lower(p.location) LIKE $${n} OR lower(coalesce(p.category_name, '')) LIKE $${n} OR lower(p.site_contact_person) LIKE $${n})`,
      );
    }
    const [from, to] = q.range;
    const rows = await this.db.query<Row>(
      `SELECT p.*, count(*) OVER () AS total_count FROM projects p WHERE ${where.join(' AND ')}
       ORDER BY ${SORTABLE[q.sort[0]]} ${q.sort[1]} NULLS LAST, p.project_id LIMIT ${to - from + 1} OFFSET ${from}`,
      params,
    );
    let total = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
    if (rows.length === 0 && from > 0) {
      const [count] = await this.db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM projects p WHERE ${where.join(' AND ')}`,
        params,
      );
      total = Number(count?.n ?? 0);
    }
    return { rows: rows.map(toRow), from, total };
  }

  async detail(principal: Principal, id: string): Promise<ProjectDetail & { etag: string }> {
    const companyId = companyOf(principal);
    const { row, state } = await this.visible(principal, companyId, id);
    const [company, project] = await Promise.all([
      companyLevels(this.db, companyId, principal.userId),
      projectLevels(this.db, id, principal.userId),
    ]);
    const kind = principal.userType === 2 ? 'admin' : 'user';
    const merged = mergeLevels(company, project);
    const companyActor: Actor = { userId: principal.userId, companyId, kind, authorities: { company, project: {} } };
    const projectActor: Actor = { userId: principal.userId, companyId, kind, authorities: { company, project: merged } };
    const actions = (
      resource: 'project' | 'projectMember' | 'projectStage',
      workflow: ProjectState['workflow'],
      actor: Actor,
    ): ProjectAction[] =>
      availableActions(resource, workflow, actor).map((a) => ({
        event: a.event,
        labelKey: a.labelKey,
        requiredFields: [...a.requiredFields],
      }));
    const users = await this.db.query<{ user_id: string; name: string; email: string }>(
      'SELECT user_id, name, email FROM identity_users WHERE user_id = ANY($1::text[])',
      [[...state.members.keys()]],
    );
    const byId = new Map(users.map((u) => [u.user_id, u]));
    const open = ['new', 'pendingApproval', 'rejected', 'active'].includes(state.workflow.status);
    const assignments = await this.db.query<{ scope: string; code: string; user_id: string; level: number }>(
      'SELECT scope, code, user_id, level FROM project_assignments WHERE project_id = $1 ORDER BY code, level, user_id',
      [id],
    );
    const roles = await this.db.query<{ email: string; role: string }>(
      'SELECT email, role FROM project_manual_roles WHERE project_id = $1 ORDER BY email, role',
      [id],
    );
    const canEdit =
      open && hasAnyAccessRight(principal.accessRights, 'project.create') && ((company.project ?? []).length > 0 || kind === 'admin');
    return {
      ...toRow(row),
      companyId,
      etag: `"${state.revision}"`,
      availableActions: actions('project', state.workflow, companyActor),
      members: [...state.members.values()].map((m) => ({
        userId: m.userId,
        name: byId.get(m.userId)?.name ?? null,
        email: byId.get(m.userId)?.email ?? null,
        status: m.workflow.status,
        round:
          m.workflow.context.approval.open || m.workflow.status === 'New'
            ? {
                requiredLevels: [...m.workflow.context.approval.requiredLevels],
                approvedLevels: m.workflow.context.approval.approvals.map((a) => a.level),
              }
            : null,
        availableActions: actions('projectMember', m.workflow, projectActor),
      })),
      stages: [...state.stages.values()].map((s) => ({
        id: s.stageId,
        name: s.name,
        status: s.workflow.status,
        availableActions: actions('projectStage', s.workflow, projectActor),
      })),
      workflowAssignments: toGroups(assignments.filter((a) => a.scope === 'workflow')),
      supplyWorkflowAssignments: toGroups(assignments.filter((a) => a.scope === 'supply')),
      authority_manual_roles: roles,
      can: {
        edit: canEdit,
        inviteMember: open && (merged.projectMember ?? []).includes(10),
        addStage: open && (merged.projectStage ?? []).includes(10),
        manageAuthority: hasAnyAccessRight(principal.accessRights, 'administration.authorityManual.update'),
      },
    };
  }

  /** The project's documents per kind, counted per status (the owner company's documents of the project). */
  async documents(principal: Principal, id: string): Promise<ProjectDocumentCounts> {
    const companyId = companyOf(principal);
    await this.visible(principal, companyId, id);
    const rows = await this.db.query<{ resource: string; status: string; n: string | number }>(
      'SELECT resource, status, count(*) AS n FROM documents WHERE project_id = $1 AND company_id = $2 GROUP BY resource, status ORDER BY resource, status',
      [id, companyId],
    );
    const byResource = new Map<string, { resource: string; total: number; byStatus: Record<string, number> }>();
    for (const r of rows) {
      const entry = byResource.get(r.resource) ?? { resource: r.resource, total: 0, byStatus: {} };
      entry.byStatus[r.status] = Number(r.n);
      entry.total += Number(r.n);
      byResource.set(r.resource, entry);
    }
    return [...byResource.values()];
  }

  /** Every event of the project stream, oldest first, with whose status it changed and whether the chain holds up to it. */
  async history(principal: Principal, id: string): Promise<ProjectHistoryRow[]> {
    const companyId = companyOf(principal);
    const { events } = await this.visible(principal, companyId, id);
    // Checked on the events as stored: their personal fields are sealed there, and the hashes are of that form.
    const verification = await this.store.verifyStream(projectStream(id));
    const firstBad = verification.ok ? Number.POSITIVE_INFINITY : (verification.firstBadRevision ?? 0);
    const ids = new Set<string>();
    for (const e of events) {
      if (typeof e.metadata.actorUserId === 'string') ids.add(e.metadata.actorUserId);
      if (e.type === 'ProjectMemberStatusChanged' || e.type === 'ProjectLevelAssigned' || e.type === 'ProjectLevelUnassigned')
        ids.add(String((e.data as { userId: string }).userId));
    }
    const users = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [[...ids]],
    );
    const names = new Map(users.map((u) => [u.user_id, u.name]));
    // Each subject (the project, a member, a stage) has its own approval round.
    const contexts = new Map<string, WorkflowContext>();
    return events.map((e) => historyRow(e, firstBad, names, contexts));
  }

  private async visible(
    principal: Principal,
    companyId: string,
    id: string,
  ): Promise<{ row: Row; events: StoredEvent[]; state: ProjectState }> {
    const [row] = isUuid(id)
      ? await this.db.query<Row & { visible: boolean }>(
          `SELECT p.*, ${VISIBLE} AS visible FROM projects p WHERE p.project_id = $5 AND p.company_id = $1`,
          [companyId, hasAnyAccessRight(principal.accessRights, 'project.viewAll'), principal.userId, principal.email.toLowerCase(), id],
        )
      : [];
    if (!row) throw refusal(404, 'projectNotFound', 'No such project in this company.');
    if (!row.visible && principal.userType !== 2)
      throw refusal(
        403,
        'projectNotVisible',
        'This project is not yours to see: ask for the right to view all projects, or to be made a member.',
      );
    const events = await this.store.readStream(projectStream(id));
    const state = foldProject(events);
    if (!state) throw refusal(404, 'projectNotFound', 'No such project in this company.');
    return { row, events, state };
  }
}

function historyRow(
  e: StoredEvent,
  firstBad: number,
  names: Map<string, string>,
  contexts: Map<string, WorkflowContext>,
): ProjectHistoryRow {
  const userId = typeof e.metadata.actorUserId === 'string' ? e.metadata.actorUserId : null;
  let change: WorkflowStatusChanged | null = null;
  let subject: ProjectHistoryRow['subject'] = 'project';
  let subjectId: string | null = null;
  let subjectName: string | null = null;
  if (e.type === 'WorkflowStatusChanged') change = e.data as unknown as WorkflowStatusChanged;
  if (e.type === 'ProjectMemberStatusChanged') {
    const m = e.data as unknown as ProjectMemberChange;
    [change, subject, subjectId, subjectName] = [m.change, 'member', m.userId, names.get(m.userId) ?? null];
  }
  if (e.type === 'ProjectStageStatusChanged') {
    const s = e.data as unknown as ProjectStageChange;
    [change, subject, subjectId, subjectName] = [s.change, 'stage', s.stageId, s.name];
  }
  if (e.type === 'ProjectLevelAssigned' || e.type === 'ProjectLevelUnassigned') {
    const a = e.data as { userId: string };
    [subjectId, subjectName] = [a.userId, names.get(a.userId) ?? null];
  }
  const action = change ? change.workflowEvent : e.type === 'ProjectCreated' ? 'Draft' : e.type === 'ProjectEdited' ? 'Edit' : e.type;
  const round = change ? roundAfter(contexts.get(`${subject}:${subjectId ?? ''}`) ?? null, change) : null;
  if (round) contexts.set(`${subject}:${subjectId ?? ''}`, round.context);
  return {
    revision: e.revision,
    at: new Date(e.metadata.recordedAt).toISOString(),
    eventType: e.type,
    action,
    subject,
    subjectId,
    subjectName,
    actor: { userId, name: userId ? (names.get(userId) ?? null) : null },
    statusBefore: change ? change.statusBefore : null,
    statusAfter: change ? change.statusAfter : null,
    remark: change?.remark ?? null,
    approvalLevel: change?.approvalLevel ?? null,
    requiredLevels: change?.requiredLevels ?? null,
    waitingLevel: round?.waitingLevel ?? null,
    hash: e.hash,
    prevHash: e.prevHash,
    chainVerified: e.revision < firstBad,
  };
}
