// The auditor bundle of one document (GET /api/audit/bundle; the format in packages/contracts audit-bundle-api.ts,
// written down in the transparency log's README): the document's events exactly as stored, personal fields
// sealed, each with its inclusion proof into one signed checkpoint of the log. `npm run verify-history` checks it
// with only the published keys.
//
// Who gets what: the owner company gets every event (scope "whole"); the counterparty, once the document is shared
// with it, the events it sees in the timeline as they are (scope "shared"), never the owner's approval round or
// edits, nor the sharing step, whose remark belongs to the owner. Events recorded after the checkpoint are left
// for the next one and counted in `notYetCheckpointed`.
import { Inject, Injectable } from '@nestjs/common';
import type { AuditBundle, DocumentResource } from '@binaan/contracts';
import { AUDIT_BUNDLE_FORMAT } from '@binaan/contracts';
import { readStreamVersioned, type EventStore, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { merkleLogOf } from '../transparency-log/log-checkpointer.js';
import { checkpointOfSize, latestCheckpoint, type Checkpoint } from '../transparency-log/log-reads.js';
import { canSee, fold, notFound } from './document-loader.js';
import { counterpartySights } from './counterparty-view.js';
import { documentStreamId } from './document.state.js';

@Injectable()
export class DocumentAuditBundles {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async bundle(resource: DocumentResource, id: string, principal: Principal, treeSize?: number): Promise<AuditBundle<Checkpoint>> {
    if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const streamId = documentStreamId(resource, id);
    // As stored: the hashes cover the sealed personal fields, so the bundle carries them sealed.
    const { events } = await readStreamVersioned(this.db, streamId);
    const scope = scopeFor(events, principal.companyId);
    if (events.length === 0 || scope === null) throw notFound();
    const tree = merkleLogOf(this.store);
    if (!tree) throw refusal(404, 'transparencyLogUnavailable', 'This store offers no transparency log.');
    const checkpoint = treeSize === undefined ? await latestCheckpoint(this.db) : await checkpointOfSize(this.db, treeSize);
    if (!checkpoint)
      throw treeSize === undefined
        ? refusal(409, 'noCheckpointYet', 'No checkpoint has been signed yet; ask again after the first one.')
        : refusal(404, 'checkpointNotFound', `No checkpoint was signed at tree size ${treeSize}.`);
    const shown = scope === 'whole' ? events : sharedEvents(resource, events);
    // A stream's events enter the log in revision order, so the checkpoint covers a first part of them.
    const leaves = new Map((await tree.leavesOfEvents(shown.map((e) => e.id))).map((leaf) => [leaf.eventId, leaf.leafIndex]));
    const firstUncovered = shown.findIndex((event) => !((leaves.get(event.id) ?? Infinity) < checkpoint.treeSize));
    const covered = firstUncovered < 0 ? shown : shown.slice(0, firstUncovered);
    const leafIndexes = covered.map((event) => leaves.get(event.id)!);
    const paths = await tree.inclusionProofs(leafIndexes, checkpoint.treeSize);
    const proofs = covered.map((event, i) => ({
      eventId: event.id,
      leafIndex: leafIndexes[i]!,
      auditPath: paths[i]!.map((hash) => hash.toString('hex')),
    }));
    if (covered.length === 0)
      throw refusal(409, 'notYetInCheckpoint', "The document's events are not yet in a signed checkpoint; ask again after the next one.");
    const through = scope === 'whole' ? covered.length - 1 : covered.at(-1)!.revision;
    return {
      format: AUDIT_BUNDLE_FORMAT,
      subject: { resource, id, streamId, documentNo: documentNoOf(events) },
      madeAt: new Date().toISOString(),
      keysUrl: `${this.config.publicUrl}/.well-known/jwks.json`,
      scope,
      throughRevision: through,
      notYetCheckpointed: shown.length - covered.length,
      events: covered.map(asStored),
      proofs,
      checkpoint,
    };
  }
}

/** The owner's company sees the whole stream, the counterparty its shared part; anyone else nothing (404). */
function scopeFor(events: readonly StoredEvent[], companyId: string): 'whole' | 'shared' | null {
  const owner = events.find((e) => e.type === 'DocumentDrafted')?.metadata.actorCompanyId;
  if (owner === companyId) return 'whole';
  try {
    const state = fold(events);
    return state !== null && canSee(state, companyId) ? 'shared' : null;
  } catch {
    return null;
  }
}

function sharedEvents(resource: DocumentResource, events: readonly StoredEvent[]): StoredEvent[] {
  const sights = counterpartySights(resource, events);
  return events.filter((_, index) => sights[index] === 'shown');
}

function documentNoOf(events: readonly StoredEvent[]): string | null {
  const drafted = events.find((e) => e.type === 'DocumentDrafted')?.data as { documentNo?: unknown } | undefined;
  return typeof drafted?.documentNo === 'string' ? drafted.documentNo : null;
}

function asStored(event: StoredEvent): AuditBundle['events'][number] {
  return {
    id: event.id,
    streamId: event.streamId,
    streamType: event.streamType,
    revision: event.revision,
    globalPosition: event.globalPosition,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    prevHash: event.prevHash,
    hash: event.hash,
  };
}
