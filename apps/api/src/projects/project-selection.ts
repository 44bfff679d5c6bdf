// The user's selected project (signed-in-area.md §3: selectedProject per developer / demand / supply, kept
// across visits as lastSelectedProject), per user and company. Stream `projectSelection-<userId>-<companyId>`
// (type `projectSelection`): each `ProjectSelected` carries the whole selection after the change, so a read
// is the stream's head and its last event (flat, whatever the number of picks). Every pick is an event: who
// (metadata), when (recordedAt), what (kind, projectId).
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import {
  hasAnyAccessRight,
  ProjectSelectionKinds,
  ProjectTypeOfSelection,
  type ProjectSelection,
  type ProjectSelectionKind,
  type ProjectTypeValue,
  type SelectedProject,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { VISIBLE } from './project-queries.js';
import { isUuid } from '../common/uuid.js';

export const projectSelectionStream = (userId: string, companyId: string) => `projectSelection-${userId}-${companyId}`;

/** What each ProjectSelected records: the change and the selection after it (ids). */
export type ProjectSelectedData = {
  userId: string;
  companyId: string;
  kind: ProjectSelectionKind;
  projectId: string | null;
  active: ProjectSelectionKind | null;
  selection: Record<ProjectSelectionKind, string | null>;
};

type Row = { project_id: string; company_id: string; name: string; code: string; status: string; project_type: number; visible: boolean };

const EMPTY: Record<ProjectSelectionKind, string | null> = { developer: null, demand: null, supply: null };
const bad = (field: string, code: string) => refusal(400, 'validationFailed', `Check ${field}.`, { fields: { [field]: [code] } });

/** The body of PUT project-selection: `{ kind, projectId }` (projectId null: no project of that kind). */
export function parseSelectionBody(raw: unknown): { kind: ProjectSelectionKind; projectId: string | null } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad('body', 'mustBeObject');
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).filter((key) => key !== 'kind' && key !== 'projectId');
  if (unknown.length > 0) throw bad(unknown[0]!, 'unknownField');
  if (typeof body.kind !== 'string' || !(ProjectSelectionKinds as readonly string[]).includes(body.kind))
    throw bad('kind', 'projectSelectionKindInvalid');
  if (body.projectId !== null && typeof body.projectId !== 'string') throw bad('projectId', 'projectIdInvalid');
  return { kind: body.kind as ProjectSelectionKind, projectId: body.projectId };
}

@Injectable()
export class ProjectSelectionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async read(principal: Principal): Promise<ProjectSelection> {
    const companyId = companyOf(principal);
    const { data, revision } = await this.last(principal.userId, companyId);
    const ids = Object.values(data.selection).filter((id): id is string => id !== null);
    const rows = ids.length === 0 ? [] : await this.rows(principal, companyId, ids);
    const project = (id: string | null): SelectedProject | null => {
      const row = id === null ? undefined : rows.find((r) => r.project_id === id);
      return row && (row.visible || principal.userType === 2)
        ? { id: row.project_id, name: row.name, code: row.code, status: row.status, projectType: row.project_type as ProjectTypeValue }
        : null;
    };
    const selection = {
      developer: project(data.selection.developer),
      demand: project(data.selection.demand),
      supply: project(data.selection.supply),
    };
    // An active kind whose project went out of sight (closed to the user, moved) leaves the user in all projects.
    const active = data.active !== null && selection[data.active] !== null ? data.active : null;
    return { active, ...selection, revision };
  }

  async select(principal: Principal, body: unknown, ifMatch: string | undefined): Promise<ProjectSelection> {
    const companyId = companyOf(principal);
    const { kind, projectId } = parseSelectionBody(body);
    if (projectId !== null) {
      const [row] = isUuid(projectId) ? await this.rows(principal, companyId, [projectId]) : [];
      if (!row) throw refusal(404, 'projectNotFound', 'No such project in this company.');
      if (!row.visible && principal.userType !== 2)
        throw refusal(
          403,
          'projectNotVisible',
          'This project is not yours to see: ask for the right to view all projects, or to be made a member.',
        );
      if (row.project_type !== ProjectTypeOfSelection[kind]) {
        throw refusal(422, 'projectKindMismatch', `This project is not a ${kind} project.`, {
          fields: { projectId: ['projectKindMismatch'] },
        });
      }
    }
    const streamId = projectSelectionStream(principal.userId, companyId);
    const { data, revision } = await this.last(principal.userId, companyId);
    const expected = ifMatch === undefined ? (revision ?? 'no_stream') : Number(ifMatch.replace(/^(W\/)?"?|"?$/g, ''));
    if (ifMatch !== undefined && (!Number.isSafeInteger(expected) || expected !== revision)) {
      throw refusal(409, 'wrongExpectedRevision', `The selection changed: it is at revision ${revision ?? 'none'}. Read it again.`);
    }
    const selection = { ...data.selection, [kind]: projectId };
    const active = projectId !== null ? kind : data.active === kind ? null : data.active;
    const event: ProjectSelectedData = { userId: principal.userId, companyId, kind, projectId, active, selection };
    try {
      await this.store.append({
        streamId,
        streamType: 'projectSelection',
        expectedRevision: expected,
        events: [{ type: 'ProjectSelected', data: event, metadata: { actorUserId: principal.userId, actorCompanyId: companyId } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The selection changed meanwhile. Read it again.');
      throw error;
    }
    return this.read(principal);
  }

  private async last(
    userId: string,
    companyId: string,
  ): Promise<{ data: Pick<ProjectSelectedData, 'active' | 'selection'>; revision: number | null }> {
    const streamId = projectSelectionStream(userId, companyId);
    const head = await this.store.streamHead(streamId);
    if (head === null) return { data: { active: null, selection: { ...EMPTY } }, revision: null };
    const [event] = await this.store.readStream(streamId, { fromRevision: head.revision, limit: 1 });
    const data = event?.data as unknown as ProjectSelectedData | undefined;
    return {
      data: data ? { active: data.active, selection: { ...EMPTY, ...data.selection } } : { active: null, selection: { ...EMPTY } },
      revision: head.revision,
    };
  }

  private rows(principal: Principal, companyId: string, ids: string[]): Promise<Row[]> {
    return this.db.query<Row>(
      `SELECT p.project_id, p.company_id, p.name, p.code, p.status, p.project_type, ${VISIBLE} AS visible FROM projects p WHERE p.company_id = $1 AND p.project_id = ANY($5::text[])`,
      [companyId, hasAnyAccessRight(principal.accessRights, 'project.viewAll'), principal.userId, principal.email.toLowerCase(), ids],
    );
  }
}
