// Deciding on a document (pure): given its state, a command, the actor and the time, the events to append
// or a refusal (`refusal`). The workflow machine decides every status change; this adds the document rules.
import { refusal, Refused } from '../common/refusal.js';
import {
  isWorkflowEventName,
  WorkflowRefusalHttpStatus,
  type DocumentDrafted,
  type DocumentEdited,
  type DocumentFields,
  type AuthorityManual,
  type DocumentResource,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import { decide, type Actor, type WorkflowCommand, type WorkflowRefusal } from '@binaan/workflows';
import { applyEdit, fieldsForCreate } from './document-fields.js';
import { checkCancelRule, checkRequestRules } from './document-kind-rules.js';
import { hasLineItems, isEditable, REQUESTING_EVENTS } from './document-rules.js';
import type { DocumentState } from './document.state.js';
import { parseMoney, senToRinggitNumber } from './money.js';

type FieldChanges = Partial<Omit<DocumentFields, 'totals'>>;

function refused(workflow: WorkflowRefusal): Refused {
  const detail = workflow.detail ? ` (${workflow.detail})` : '';
  return refusal(
    WorkflowRefusalHttpStatus[workflow.code],
    workflow.code,
    `${workflow.event} refused from status ${String(workflow.status)}: ${workflow.code}${detail}.`,
  );
}

function amountOf(fields: DocumentFields): number {
  return senToRinggitNumber(approvalAmount(fields));
}

/** Create: the fields checked and the machine's Create decision (the number is allocated after). */
/** `createdBySeller`: the creating company's side (document-sides.ts); undefined for kinds without sides. */
export function decideCreate(
  resource: DocumentResource,
  changes: FieldChanges,
  actor: Actor,
  at: string,
  manual?: AuthorityManual,
  createdBySeller?: boolean,
): { fields: DocumentFields; statusEvent: WorkflowStatusChanged } {
  const fields = fieldsForCreate(resource, changes, new Date(at));
  if (fields.counterpartyCompanyId !== null && fields.counterpartyCompanyId === actor.companyId) {
    throw refusal(422, 'counterpartyIsOwnCompany', 'A document cannot be sent to its own company.', {
      fields: { counterpartyCompanyId: ['counterpartyIsOwnCompany'] },
    });
  }
  const command: WorkflowCommand = { type: 'Create', at, amount: amountOf(fields) };
  if (manual) command.manual = manual;
  if (fields.counterpartyCompanyId !== null) command.counterpartyCompanyId = fields.counterpartyCompanyId;
  if (createdBySeller !== undefined) command.createdBySeller = createdBySeller;
  const decision = decide(resource, null, command, actor);
  if (!decision.ok) throw refused(decision.refusal);
  return { fields, statusEvent: decision.event };
}

/** The two events that open a document's stream. */
export function creationEvents(input: {
  resource: DocumentResource;
  documentId: string;
  documentNo: string;
  actor: Actor;
  fields: DocumentFields;
  statusEvent: WorkflowStatusChanged;
}) {
  const drafted: DocumentDrafted = {
    type: 'DocumentDrafted',
    data: {
      schemaVersion: 2,
      resource: input.resource,
      documentId: input.documentId,
      documentNo: input.documentNo,
      companyId: input.actor.companyId,
      createdBy: input.actor.userId,
      fields: input.fields,
    },
  };
  return [drafted, { type: 'WorkflowStatusChanged' as const, data: input.statusEvent }];
}

/** Edit: only the owner company's creators (level 10), only while the status allows editing. */
export function decideEdit(state: DocumentState, changes: FieldChanges, actor: Actor, at: string): DocumentEdited | null {
  if (actor.companyId !== state.companyId) throw refusal(403, 'notOwnerCompany', 'Only the company that owns the document may edit it.');
  const levels = [...(actor.authorities.company[state.resource] ?? []), ...(actor.authorities.project[state.resource] ?? [])];
  if (actor.kind !== 'admin' && !levels.includes(10))
    throw refusal(403, 'noAuthority', 'Editing needs the create/propose level on this resource.');
  if (!isEditable(state.resource, state.workflow)) {
    throw refusal(
      409,
      'notEditable',
      `A ${state.resource} in status ${state.workflow.status}${state.workflow.context.approval.open ? ' with an approval round open' : ''} cannot be edited.`,
    );
  }
  const { recorded } = applyEdit(state.resource, state.fields, changes, new Date(at));
  if (Object.keys(recorded).length === 0) return null;
  return { type: 'DocumentEdited', data: { schemaVersion: 2, changes: recorded, editedBy: actor.userId } };
}

export type ActionBody = { remark?: string; amount?: string };

/** The amount (sen) an action routes approval and limits on: the document's shown total, for every kind. */
export const approvalAmount = (fields: Pick<DocumentFields, 'totals'>): bigint => parseMoney(fields.totals.total) ?? 0n;

/** A workflow action: the machine decides; the document adds "a request needs an item" and the amount. */
export function decideAction(
  state: DocumentState,
  eventName: string,
  body: ActionBody,
  actor: Actor,
  at: string,
  manual?: AuthorityManual,
): WorkflowStatusChanged {
  if (!isWorkflowEventName(eventName)) throw refusal(400, 'unknownEvent', `${eventName} is not a workflow event.`);
  const itemised = hasLineItems(state.resource);
  if (itemised && REQUESTING_EVENTS.has(eventName) && state.fields.items.length === 0) {
    throw refusal(422, 'itemRequired', 'A request needs at least one item before approval.', { fields: { items: ['itemRequired'] } });
  }
  const command: WorkflowCommand = { type: eventName, at };
  if (manual) command.manual = manual;
  const remark = body.remark?.trim();
  if (remark) command.remark = remark;
  // One amount per document: the machine routes (and limits) on the total the document shows, whatever the
  // kind. A body `amount` is a check the client may send, never a second figure.
  const amount = approvalAmount(state.fields);
  if (body.amount !== undefined) {
    const given = parseMoney(body.amount);
    if (given === null || given < 0n)
      throw refusal(400, 'validationFailed', 'amount must be a decimal string.', {
        fields: { amount: ['must be a decimal string with at most 2 places'] },
      });
    if (given !== amount)
      throw refusal(422, 'amountMismatch', `The amount must be the document's total ${state.fields.totals.total}.`, {
        fields: { amount: ['amountMismatch'] },
      });
  }
  command.amount = senToRinggitNumber(amount);
  const decision = decide(state.resource, state.workflow, command, actor);
  if (!decision.ok) throw refused(decision.refusal);
  // The kinds' own rules judge only what the machine accepts (a wrong status or authority answers first).
  if (REQUESTING_EVENTS.has(eventName)) checkRequestRules(state.resource, state.fields, new Date(at), state.workflow.status);
  checkCancelRule(state.resource, state.fields, eventName);
  return decision.event;
}
