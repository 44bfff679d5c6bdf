// Reading one document for a caller: its stream folded (whole, or as it stood at a revision or time),
// and the visibility rule: the owner company, or the counterparty once the document was sent to it.
// Anything else is 404, never 403, so no one learns that another company's document exists.
import { Inject, Injectable } from '@nestjs/common';
import { isDocumentResource, type DocumentResource } from '@binaan/contracts';
import type { EventStore, ReadStreamOptions, StoredEvent } from '@binaan/event-store';
import { WorkflowReplayError } from '@binaan/workflows';
import { EVENT_STORE } from '../store/store.tokens.js';
import { DocumentRefused } from './document.errors.js';
import { documentStreamId, foldDocument, type DocumentState } from './document.state.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function documentResource(name: string): DocumentResource {
  if (!isDocumentResource(name)) throw new DocumentRefused(404, 'unknownDocumentResource', `${name} is not a document resource (see GET /api/workflows).`);
  return name;
}

export const notFound = () => new DocumentRefused(404, 'documentNotFound', 'No such document.');

export function canSee(state: DocumentState, companyId: string): boolean {
  return state.companyId === companyId || (state.fields.counterpartyCompanyId === companyId && state.sharedWithCounterparty);
}

@Injectable()
export class DocumentLoader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async events(resource: DocumentResource, id: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    if (!UUID.test(id)) throw notFound();
    return this.store.readStream(documentStreamId(resource, id), options);
  }

  /** The document as the caller's company may see it now (visibility is judged on the current state). */
  async load(resource: DocumentResource, id: string, companyId: string): Promise<{ state: DocumentState; events: StoredEvent[] }> {
    const events = await this.events(resource, id);
    const state = fold(events);
    if (state === null || state.resource !== resource || !canSee(state, companyId)) throw notFound();
    return { state, events };
  }
}

export function fold(events: readonly StoredEvent[]): DocumentState | null {
  try {
    return foldDocument(events);
  } catch (error) {
    if (error instanceof WorkflowReplayError) throw new DocumentRefused(409, 'documentCorrupt', 'The document\'s events do not chain: check GET /api/audit/verify.');
    throw error;
  }
}
