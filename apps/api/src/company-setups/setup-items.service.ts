// The chosen company's setup items of one kind: the list (flat pages, a capped count), one item, its history,
// and the writes, decided on the kind's stream at the revision it was read.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DocumentListTotalCap,
  ErrorCodes,
  SetupPickerRights,
  SetupRights,
  SetupRules,
  hasAnyAccessRight,
  type SetupHistoryRow,
  type SetupItemRow,
  type SetupKind,
  type SetupStatus,
} from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { refusal } from '../common/refusal.js';
import { like, parsePageQuery } from '../companies/company-directory.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import {
  decideAction,
  decideCreate,
  decideEdit,
  foldSetupKind,
  itemOf,
  SETUP_ACTIONS,
  type SetupAction,
  type SetupItemState,
  type SetupKindState,
} from './setup-items.decider.js';
import { setupStream, SETUP_STREAM_TYPE, type SetupFields, type SetupItemEvent } from './setup-items.events.js';

const SORTS: Readonly<Record<string, string>> = { name: 'i.name_key' };
const SEARCH_CAP = 1_000;
type Row = { item_id: string; kind: SetupKind; status: SetupStatus; fields: SetupFields; revision: number; updated_at: Date | string };

export function toSetupRow(
  kind: SetupKind,
  id: string,
  fields: SetupFields,
  status: SetupStatus,
  revision: number,
  updatedAt: string,
): SetupItemRow {
  const row: SetupItemRow = { id, kind, name: fields.name, description: fields.description, status, revision, updatedAt };
  if (kind === 'questionnaire')
    Object.assign(row, { type: fields.type, minScore: fields.minScore, maxScore: fields.maxScore, questions: fields.questions ?? [] });
  return row;
}

const fromState = (kind: SetupKind, item: SetupItemState) =>
  toSetupRow(kind, item.id, item.fields, item.status, item.revision, item.updatedAt);

/** `reason` rides beside an item's fields in a create or edit; said apart here, checked like any text. */
function splitReason(body: unknown): { body: unknown; reason: string | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('reason' in body)) return { body, reason: null };
  const { reason, ...rest } = body as Record<string, unknown>;
  return { body: rest, reason: reasonOf(reason) };
}

function reasonOf(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.trim().length > SetupRules.reason.max)
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: reason.', { fields: { reason: ['invalid'] } });
  return raw.trim() || null;
}

@Injectable()
export class SetupItemsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /**
   * `?filter={"status":"active","q":"..."}&sort=["name","ASC"]&range=[0,24]`. Those who keep the kind see every
   * item; those who only pick one (a project form, a tender's analysis) ask for the active ones.
   */
  async list(principal: Principal, kind: SetupKind, query: Record<string, unknown>) {
    const page = parsePageQuery(query, SORTS);
    const status = statusFilter(query.filter);
    const companyId =
      status === 'active' && hasAnyAccessRight(principal.accessRights, ...SetupPickerRights[kind])
        ? companyOf(principal)
        : companyOf(principal, ...SetupRights[kind].view);
    const params: unknown[] = [companyId, kind];
    let where = 'i.company_id = $1 AND i.kind = $2';
    if (status) where += ` AND i.status = $${params.push(status)}`;
    if (page.ids) where += ` AND i.item_id = ANY($${params.push(page.ids)}::text[])`;
    if (page.q) where += ` AND i.name_key LIKE $${params.push(like(page.q.toLocaleLowerCase('en')))}`;
    const limit = page.range.to - page.range.from + 1;
    const rows = await this.db.query<Row>(
      `SELECT i.item_id, i.kind, i.status, i.fields, i.revision, i.updated_at FROM company_setup_items i
       WHERE ${where} ORDER BY ${page.sort.column} ${page.sort.direction}, i.item_id ${page.sort.direction} LIMIT ${limit} OFFSET ${page.range.from}`,
      params,
    );
    const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
    const { counted, capped } = await cappedCount(this.db, 'company_setup_items i', where, params, cap);
    return {
      rows: rows.map((row) =>
        toSetupRow(kind, row.item_id, row.fields, row.status, Number(row.revision), new Date(row.updated_at).toISOString()),
      ),
      total: pageTotal(counted, page.range, rows.length),
      capped,
      range: page.range,
    };
  }

  async item(principal: Principal, kind: SetupKind, itemId: string): Promise<SetupItemRow> {
    const state = await this.load(companyOf(principal, ...SetupRights[kind].view, ...SetupPickerRights[kind]), kind);
    return fromState(kind, itemOf(state, itemId));
  }

  /** Every change of the item, oldest first, with who (by name), when and why. */
  async history(principal: Principal, kind: SetupKind, itemId: string): Promise<SetupHistoryRow[]> {
    const companyId = companyOf(principal, ...SetupRights[kind].view);
    const events = (await this.store.readStream(setupStream(companyId, kind))).filter(
      (event) => (event.data as { itemId?: string }).itemId === itemId,
    );
    if (events.length === 0) throw refusal(404, ErrorCodes.setupItemNotFound, 'This setup item was not found.');
    const userIds = [...new Set(events.map((event) => event.metadata.actorUserId).filter((id): id is string => typeof id === 'string'))];
    const names = new Map(
      (
        await this.db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [
          userIds,
        ])
      ).map((row) => [row.user_id, row.name]),
    );
    return events.map((stored) => {
      const event = { type: stored.type, data: stored.data } as SetupItemEvent;
      return {
        type: event.type,
        at: stored.metadata.recordedAt,
        by: names.get(stored.metadata.actorUserId ?? '') ?? null,
        reason: event.data.reason,
        changes: 'fields' in event.data ? event.data.fields : {},
      };
    });
  }

  async create(principal: Principal, kind: SetupKind, raw: unknown) {
    const state = await this.load(this.writer(principal, kind), kind);
    const itemId = randomUUID();
    const { body, reason } = splitReason(raw);
    return this.record(principal, state, itemId, decideCreate(state, itemId, { body, reason, newQuestionId: newId }));
  }

  async edit(principal: Principal, kind: SetupKind, itemId: string, raw: unknown, ifMatch?: string) {
    const state = await this.load(this.writer(principal, kind), kind);
    const { body, reason } = splitReason(raw);
    return this.record(
      principal,
      state,
      itemId,
      decideEdit(state, itemId, { body, reason, newQuestionId: newId, ...(ifMatch === undefined ? {} : { ifMatch }) }),
    );
  }

  async act(principal: Principal, kind: SetupKind, itemId: string, action: string, raw: unknown, ifMatch?: string) {
    if (!(SETUP_ACTIONS as readonly string[]).includes(action))
      throw refusal(404, ErrorCodes.notFound, `No action ${action}: ${SETUP_ACTIONS.join(' or ')}.`);
    const state = await this.load(this.writer(principal, kind), kind);
    const reason = reasonOf(typeof raw === 'object' && raw !== null ? (raw as { reason?: unknown }).reason : undefined);
    return this.record(principal, state, itemId, decideAction(state, itemId, action as SetupAction, reason, ifMatch));
  }

  private async record(principal: Principal, state: SetupKindState, itemId: string, events: SetupItemEvent[]) {
    const companyId = principal.companyId!;
    if (events.length > 0) {
      await this.store.append({
        streamId: setupStream(companyId, state.kind),
        streamType: SETUP_STREAM_TYPE,
        expectedRevision: state.revision < 0 ? 'no_stream' : state.revision,
        events: events.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: { actorUserId: principal.userId, actorCompanyId: companyId },
        })),
      });
    }
    const after = events.length > 0 ? await this.load(companyId, state.kind) : state;
    return { success: true as const, item: fromState(state.kind, itemOf(after, itemId)), recorded: events.map((event) => event.type) };
  }

  private async load(companyId: string, kind: SetupKind): Promise<SetupKindState> {
    return foldSetupKind(kind, await this.store.readStream(setupStream(companyId, kind)));
  }

  private writer(principal: Principal, kind: SetupKind): string {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    return companyOf(principal, SetupRights[kind].update);
  }
}

const newId = () => randomUUID();

function statusFilter(raw: unknown): SetupStatus | null {
  let filter: unknown = raw;
  try {
    filter = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    filter = null; // parsePageQuery has refused a filter that is not JSON already
  }
  const status = (filter as { status?: unknown } | null | undefined)?.status;
  if (status === undefined || status === '' || status === null) return null;
  if (status !== 'active' && status !== 'inactive')
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: filter.status.', {
      fields: { 'filter.status': ['must be active or inactive'] },
    });
  return status;
}
