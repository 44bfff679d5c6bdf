// A document's state, folded from its stream with a plain reducer (no XState): the fields from
// DocumentDrafted / DocumentEdited, the workflow part from the workflows' own `evolve`.
import type { DocumentDrafted, DocumentEdited, DocumentFields, DocumentResource, WorkflowStatusChanged } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { evolve, type WorkflowState } from '@binaan/workflows';
import { isSharedStatus } from './document-rules.js';

export type DocumentState = {
  id: string;
  resource: DocumentResource;
  documentNo: string;
  companyId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** When the fields were last set (Draft or Edit): a tender closing within 30 minutes of it carries a warning. */
  fieldsChangedAt: string;
  fields: DocumentFields;
  workflow: WorkflowState;
  /** The stream's last revision: the document's ETag. */
  revision: number;
  /** Once it reached a status the counterparty acts in, the counterparty company sees it. */
  sharedWithCounterparty: boolean;
  /**
   * The authority manual version the latest approval round was opened under (its status event's metadata;
   * null: no manual then). The route cites it: a manual changed during a round does not change the round.
   */
  roundManualVersion?: number | null;
};

/** The stream of a document: `<resource>-<uuid>`. */
export const documentStreamId = (resource: DocumentResource, id: string) => `${resource}-${id}`;
/** The document's id from its stream's id (the inverse of documentStreamId). */
export const documentIdOf = (streamId: string, resource: DocumentResource) => streamId.slice(resource.length + 1);

type Partial = Omit<DocumentState, 'workflow'> & { workflow: WorkflowState | null };

/** Folds one stored event into the state; events of other types are ignored. */
export function evolveDocument(state: Partial | null, stored: StoredEvent): Partial | null {
  const at = stored.metadata.recordedAt;
  if (stored.type === 'DocumentDrafted') {
    const { data } = stored as unknown as DocumentDrafted;
    return {
      id: data.documentId,
      resource: data.resource,
      documentNo: data.documentNo,
      companyId: data.companyId,
      createdBy: data.createdBy,
      createdAt: at,
      updatedAt: at,
      fieldsChangedAt: at,
      fields: data.fields,
      workflow: null,
      revision: stored.revision,
      sharedWithCounterparty: false,
    };
  }
  if (state === null) return null;
  if (stored.type === 'DocumentEdited') {
    const { data } = stored as unknown as DocumentEdited;
    return { ...state, fields: { ...state.fields, ...data.changes }, updatedAt: at, fieldsChangedAt: at, revision: stored.revision };
  }
  if (stored.type === 'WorkflowStatusChanged') {
    const event = stored.data as unknown as WorkflowStatusChanged;
    const shared = state.sharedWithCounterparty || isSharedStatus(state.resource, event.machineVersion, event.statusAfter);
    const workflow = evolve(state.workflow, event);
    const opened = workflow.context.approval.open && !state.workflow?.context.approval.open;
    const version = stored.metadata.authorityManualVersion;
    const roundManualVersion = opened ? (typeof version === 'number' ? version : null) : state.roundManualVersion;
    return {
      ...state,
      workflow,
      updatedAt: at,
      revision: stored.revision,
      sharedWithCounterparty: shared,
      ...(roundManualVersion === undefined ? {} : { roundManualVersion }),
    };
  }
  return { ...state, revision: stored.revision };
}

/**
 * The revision of a document's Create status change. A stream opens with DocumentDrafted (revision 0) and
 * the Create (revision 1), appended together (creationEvents): only the two fold to a document, so the
 * draft as recorded is the fold through revision 1.
 */
export const CREATED_REVISION = 1;

/** The document a stream records, or null when it records none (or only part of one). */
export function foldDocument(events: readonly StoredEvent[]): DocumentState | null {
  return foldOnto(null, events);
}

/**
 * `state` (the stream folded up to its revision) moved on by the events after it. `each`: called with the
 * document after each event once it is whole (after its Create).
 */
export function foldOnto(
  state: DocumentState | null,
  events: readonly StoredEvent[],
  each?: (state: DocumentState, event: StoredEvent) => void,
): DocumentState | null {
  let next: Partial | null = state;
  for (const event of events) {
    next = evolveDocument(next, event);
    if (each && next !== null && next.workflow !== null) each(next as DocumentState, event);
  }
  if (next === null || next.workflow === null) return null;
  return next as DocumentState;
}
