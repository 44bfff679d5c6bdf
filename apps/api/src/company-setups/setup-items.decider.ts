// Deciding a company's setup items (pure but for the refusal type): create, edit, deactivate, reactivate.
// Nothing is deleted: an item no longer wanted is deactivated, stays in the log and its list, and can come back.
import { ErrorCodes, setupItemErrors, type SetupKind, type SetupQuestion, type SetupStatus } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';
import type { SetupFields, SetupItemEvent } from './setup-items.events.js';

export type SetupItemState = { id: string; fields: SetupFields; status: SetupStatus; revision: number; updatedAt: string };
export type SetupKindState = { kind: SetupKind; items: Map<string, SetupItemState>; revision: number };

export function foldSetupKind(kind: SetupKind, events: readonly StoredEvent[]): SetupKindState {
  const state: SetupKindState = { kind, items: new Map(), revision: -1 };
  for (const stored of events) {
    state.revision = stored.revision;
    const event = { type: stored.type, data: stored.data } as SetupItemEvent;
    const at = stored.metadata.recordedAt;
    const item = state.items.get(event.data.itemId);
    if (event.type === 'SetupItemCreated')
      state.items.set(event.data.itemId, {
        id: event.data.itemId,
        fields: event.data.fields,
        status: 'active',
        revision: stored.revision,
        updatedAt: at,
      });
    else if (item && event.type === 'SetupItemEdited')
      Object.assign(item, { fields: event.data.fields, revision: stored.revision, updatedAt: at });
    else if (item)
      Object.assign(item, {
        status: event.type === 'SetupItemDeactivated' ? 'inactive' : 'active',
        revision: stored.revision,
        updatedAt: at,
      });
  }
  return state;
}

/** The key names are compared by: trimmed, inner spaces as one, any case. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

type Input = { body: unknown; reason: string | null; newQuestionId: () => string };

/** The fields as recorded: trimmed; a questionnaire's questions numbered in the order given, keeping ids sent. */
export function parseSetupFields(kind: SetupKind, input: Input): SetupFields {
  const problems = setupItemErrors(kind, input.body);
  if (Object.keys(problems).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(problems).join(', ')}.`, { fields: problems });
  const body = input.body as Record<string, unknown>;
  const name = String(kind === 'profitParameter' ? body.code : body.name)
    .trim()
    .replace(/\s+/g, ' ');
  const description = typeof body.description === 'string' ? body.description.trim() : '';
  if (kind !== 'questionnaire') return { name, description };
  const questions: SetupQuestion[] = (body.questions as { id?: string; text: string; weight: number }[]).map((question, index) => ({
    id: question.id ?? input.newQuestionId(),
    sequence: index + 1,
    text: question.text.trim(),
    weight: question.weight,
  }));
  return {
    name,
    description,
    type: body.type as SetupFields['type'],
    minScore: body.minScore as number,
    maxScore: body.maxScore as number,
    questions,
  };
}

function mustBeFree(state: SetupKindState, name: string, exceptId: string | null): void {
  const key = nameKey(name);
  const holder = [...state.items.values()].find((item) => item.id !== exceptId && nameKey(item.fields.name) === key);
  if (holder)
    throw refusal(409, ErrorCodes.itemNameExists, `An item with the same name exists: ${holder.fields.name}.`, {
      fields: { [state.kind === 'profitParameter' ? 'code' : 'name']: [ErrorCodes.itemNameExists] },
    });
}

export function decideCreate(state: SetupKindState, itemId: string, input: Input): SetupItemEvent[] {
  const fields = parseSetupFields(state.kind, input);
  mustBeFree(state, fields.name, null);
  return [{ type: 'SetupItemCreated', data: { itemId, kind: state.kind, fields, reason: input.reason } }];
}

export function itemOf(state: SetupKindState, itemId: string, ifMatch?: string): SetupItemState {
  const item = state.items.get(itemId);
  if (!item) throw refusal(404, ErrorCodes.setupItemNotFound, 'This setup item was not found.');
  if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(item.revision)) {
    throw refusal(409, ErrorCodes.wrongExpectedRevision, `The item changed: it is at revision ${item.revision}. Read it again.`);
  }
  return item;
}

/** An edit that changes nothing records nothing. */
export function decideEdit(state: SetupKindState, itemId: string, input: Input & { ifMatch?: string }): SetupItemEvent[] {
  const item = itemOf(state, itemId, input.ifMatch);
  const fields = parseSetupFields(state.kind, input);
  mustBeFree(state, fields.name, itemId);
  if (canonical(fields) === canonical(item.fields)) return [];
  return [{ type: 'SetupItemEdited', data: { itemId, kind: state.kind, fields, reason: input.reason } }];
}

export const SETUP_ACTIONS = ['Deactivate', 'Reactivate'] as const;
export type SetupAction = (typeof SETUP_ACTIONS)[number];

export function decideAction(
  state: SetupKindState,
  itemId: string,
  action: SetupAction,
  reason: string | null,
  ifMatch?: string,
): SetupItemEvent[] {
  const item = itemOf(state, itemId, ifMatch);
  const wanted: SetupStatus = action === 'Deactivate' ? 'inactive' : 'active';
  if (item.status === wanted) throw refusal(409, ErrorCodes.setupItemStatusUnchanged, `The item is already ${wanted}.`);
  // Names are unique among active and inactive items alike, so bringing one back never clashes.
  return [{ type: action === 'Deactivate' ? 'SetupItemDeactivated' : 'SetupItemReactivated', data: { itemId, kind: state.kind, reason } }];
}

/** JSON with keys in one order: the store may give an event's data back with its keys reordered (jsonb). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
