// Reading one document for a caller: its stream folded (whole, or as it stood at a revision or time),
// and the visibility rule: the owner company, or the counterparty once the document was sent to it.
// Anything else is 404, never 403, so no one learns that another company's document exists.
//
// Folded states are kept in process (least recently used out first), each at the revision it was folded
// to: a load reads only the events after it. When the caller already knows the revision the stream is at
// (an action's If-Match, or the read model's revision) and the cached state is at exactly that revision,
// nothing is read: an action then appends with that revision as the expected one, so a state that was in
// fact stale (another process appended) can only end in 409 wrongExpectedRevision, never a wrong write.
// Other processes' document events, as this process's live log reads them, are folded onto the states kept
// here when they follow on, so an action after another worker's finds its state current more often than
// not (API_WORKERS above 1; otherwise it reads the events it lacks). See the README ("Caches").
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { isDocumentResource, type DocumentResource, type DocumentSourceView } from '@binaan/contracts';
import type { EventStore, ReadStreamOptions, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { WorkflowReplayError } from '@binaan/workflows';
import { READ_MODELS } from '../common/principal.js';
import { LiveLog } from '../store/live-log.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { documentStreamId, foldOnto, type DocumentState } from './document.state.js';
import { Lru } from '../common/lru.js';
import { isUuid } from '../common/uuid.js';

/** Folded states kept (a few KB each). */
const STATES_KEPT = 5000;

export function documentResource(name: string): DocumentResource {
  if (!isDocumentResource(name))
    throw refusal(404, 'unknownDocumentResource', `${name} is not a document resource (see GET /api/workflows).`);
  return name;
}

export const notFound = () => refusal(404, 'documentNotFound', 'No such document.');

export function canSee(
  state: Pick<DocumentState, 'companyId' | 'sharedWithCounterparty'> & { fields: { counterpartyCompanyId: string | null } },
  companyId: string,
): boolean {
  return state.companyId === companyId || (state.fields.counterpartyCompanyId === companyId && state.sharedWithCounterparty);
}

/** What the `documents` read model says about a document now: enough to judge visibility and the caller's levels. */
export type DocumentRow = {
  id: string;
  resource: DocumentResource;
  companyId: string;
  sharedWithCounterparty: boolean;
  revision: number;
  fields: { counterpartyCompanyId: string | null; projectId: string | null };
};

const DOCUMENT_ROW =
  'SELECT company_id, counterparty_company_id, shared_with_counterparty, project_id, revision FROM documents WHERE stream_id = $1';

@Injectable()
export class DocumentLoader {
  private readonly states = new Lru<string, DocumentState>(STATES_KEPT);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    liveLog: LiveLog,
  ) {
    liveLog.listen((events) => this.follow(events));
  }

  /**
   * Events read from the log (any process's): each document event folded onto the state kept for its
   * stream when that state is at the revision just before it; any other kept state stays as it is (this
   * process's own appends are kept already; a gap is read when the state is next needed).
   */
  follow(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (!isDocumentResource(event.streamType)) continue;
      const held = this.states.get(event.streamId);
      if (!held || held.revision !== event.revision - 1) continue;
      try {
        const next = foldOnto(held, [event]);
        if (next) this.states.set(event.streamId, next);
        else this.states.delete(event.streamId);
      } catch {
        // Does not chain: forget it, the next load reads the stream and says so.
        this.states.delete(event.streamId);
      }
    }
  }

  async events(resource: DocumentResource, id: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    if (!isUuid(id)) throw notFound();
    return this.store.readStream(documentStreamId(resource, id), options);
  }

  /**
   * The document as the caller's company may see it now (visibility is judged on the current state).
   * `knownRevision`: the revision the caller holds the stream to be at (see the head of this file).
   */
  async load(resource: DocumentResource, id: string, companyId: string, knownRevision?: number): Promise<{ state: DocumentState }> {
    if (!isUuid(id)) throw notFound();
    const streamId = documentStreamId(resource, id);
    const cached = this.states.get(streamId);
    let state: DocumentState | null;
    if (cached && cached.revision === knownRevision) state = cached;
    else {
      const events = await this.store.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : {});
      state = fold(events, cached ?? null);
      if (state) this.remember(state);
    }
    if (state === null || state.resource !== resource || !canSee(state, companyId)) throw notFound();
    return { state };
  }

  /** Keeps a state the caller folded (after its append): never one older than the state kept. */
  remember(state: DocumentState): void {
    const streamId = documentStreamId(state.resource, state.id);
    const held = this.states.get(streamId);
    if (!held || held.revision < state.revision) this.states.set(streamId, state);
  }

  /**
   * The document's row in the read model, if the caller's company may see it (else 404): visibility for
   * reads that need no folded state now (history, as-of replay). The read model is written in the
   * appends' transactions, so it is as current as the stream.
   */
  /**
   * The document a document was made from (`sourceDocumentId`), by kind and number, when the caller's company
   * can see it (its own, or shared with it); else null (the caller is told nothing of another's document).
   */
  async sourceOf(sourceId: string | null | undefined, companyId: string): Promise<DocumentSourceView | null> {
    if (!sourceId || !isUuid(sourceId)) return null;
    const [row] = await this.db.query<{
      resource: DocumentResource;
      document_no: string;
      company_id: string;
      counterparty_company_id: string | null;
      shared_with_counterparty: boolean;
    }>(
      'SELECT resource, document_no, company_id, counterparty_company_id, shared_with_counterparty FROM documents WHERE id = $1',
      [sourceId],
      { prepare: true },
    );
    if (
      !row ||
      !canSee(
        {
          companyId: row.company_id,
          sharedWithCounterparty: row.shared_with_counterparty,
          fields: { counterpartyCompanyId: row.counterparty_company_id },
        },
        companyId,
      )
    )
      return null;
    return { id: sourceId, resource: row.resource, documentNo: row.document_no };
  }

  /**
   * The name of the owner's project a document is filed under: the owner's own, and what a counterparty
   * reads the document in (a bidder is told which project a tender is for, as it would be on paper), though
   * it cannot open the project. Null when the document has none or the project is not the owner's.
   */
  async projectNameOf(projectId: string | null | undefined, ownerCompanyId: string): Promise<string | null> {
    if (!projectId) return null;
    const [row] = await this.db.query<{ name: string }>(
      'SELECT name FROM projects WHERE project_id = $1 AND company_id = $2',
      [projectId, ownerCompanyId],
      { prepare: true },
    );
    return row?.name ?? null;
  }

  async visibleRow(resource: DocumentResource, id: string, companyId: string): Promise<DocumentRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.db.query<{
      company_id: string;
      counterparty_company_id: string | null;
      shared_with_counterparty: boolean;
      project_id: string | null;
      revision: string | number;
    }>(DOCUMENT_ROW, [documentStreamId(resource, id)], { prepare: true });
    if (!row) throw notFound();
    const document: DocumentRow = {
      id,
      resource,
      companyId: row.company_id,
      sharedWithCounterparty: row.shared_with_counterparty,
      revision: Number(row.revision),
      fields: { counterpartyCompanyId: row.counterparty_company_id, projectId: row.project_id },
    };
    if (!canSee(document, companyId)) throw notFound();
    return document;
  }
}

/**
 * The events folded (onto `from`, the state up to the revision before them; `each` as foldOnto's); a
 * stream that does not chain is 409 documentCorrupt.
 */
export function fold(
  events: readonly StoredEvent[],
  from: DocumentState | null = null,
  each?: Parameters<typeof foldOnto>[2],
): DocumentState | null {
  try {
    return foldOnto(from, events, each);
  } catch (error) {
    if (error instanceof WorkflowReplayError)
      throw refusal(409, 'documentCorrupt', "The document's events do not chain: check GET /api/audit/verify.");
    throw error;
  }
}
