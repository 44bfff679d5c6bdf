// The history timeline of a document: one row per event (revision, time, actor name and company, action,
// statuses before and after, remark, approval level, hashes) and whether the hash chain verifies up to it.
//
// Checking the chain means hashing every event, which for a long document costs far more than reading it.
// So (see the README, "Caches"): visibility comes from the documents read model; the stream's fingerprint
// (its head and every row's version, one small query) says whether the timeline built last time is still
// the stream as stored; if not, the stream is read with its row versions and the chain checked again,
// re-hashing only rows not verified before in their present version (ChainCheckCache). A row changed in
// the database in any way gets a new version, so it is hashed again and a tampered row is reported at its
// revision. GET /api/audit/verify never uses any of this: it reads and hashes everything.
//
// The counterparty company gets its own cut of the same timeline (counterparty-view.ts): the steps between
// the two companies from the one that shared the document on, never the owner's approval round or edits.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentHistoryRow, DocumentResource, WorkflowStatusChanged } from '@binaan/contracts';
import { ChainCheckCache, readStreamVersioned, streamFingerprint, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import { roundAfter, type WorkflowContext } from '@binaan/workflows';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { DocumentActors } from './document-actor.js';
import { DocumentLoader } from './document-loader.js';
import { documentStreamId } from './document.state.js';
import { Lru } from '../common/lru.js';
import { counterpartySights, type CounterpartySight } from './counterparty-view.js';

/** Timelines kept (a long one holds a row per event). */
const TIMELINES_KEPT = 200;

type Timeline = {
  fingerprint: string;
  rows: DocumentHistoryRow[];
  userIds: string[];
  companyIds: string[];
  /** The names the rows were given, as one text: rows are rebuilt only when a name changed. */
  named: string;
  /** The reply as sent (a long timeline is half a megabyte of JSON) and its ETag, made once per rows and names. */
  json: string;
  etag: string;
  /** What the counterparty sees of each row, and its reply as sent (made once per rows and names). */
  sights: CounterpartySight[];
  counterpartyJson: string;
};

/** The timeline as JSON text, with an ETag that changes whenever the stream or a name in it does. */
export type TimelineReply = { json: string; etag: string };

@Injectable()
export class DocumentHistory {
  private readonly timelines = new Lru<string, Timeline>(TIMELINES_KEPT);
  private readonly chains = new ChainCheckCache(TIMELINES_KEPT * 5);

  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly actors: DocumentActors,
    private readonly loader: DocumentLoader,
  ) {}

  async history(resource: DocumentResource, id: string, principal: Principal): Promise<TimelineReply> {
    const actor = await this.actors.actorFor(principal);
    const streamId = documentStreamId(resource, id);
    const [document, fingerprint] = await Promise.all([
      this.loader.visibleRow(resource, id, actor.companyId),
      streamFingerprint(this.db, streamId),
    ]);
    let timeline = this.timelines.get(streamId);
    if (!timeline || timeline.fingerprint !== fingerprint) {
      timeline = await this.build(resource, streamId);
      this.timelines.set(streamId, timeline);
    }
    const names = await this.actors.names(timeline.userIds, timeline.companyIds);
    const named = JSON.stringify([[...names.users], [...names.companies]]);
    if (named !== timeline.named) {
      const person = (userId: string) => ({ userId, name: names.users.get(userId) ?? null });
      timeline.rows = timeline.rows.map((row) => ({
        ...row,
        ...(row.onBehalfOf ? { onBehalfOf: person(row.onBehalfOf.userId) } : {}),
        ...(row.escalation ? { escalation: { level: row.escalation.level, to: row.escalation.to.map((p) => person(p.userId)) } } : {}),
        actor: {
          ...row.actor,
          name: row.actor.userId ? (names.users.get(row.actor.userId) ?? null) : null,
          companyName: row.actor.companyId ? (names.companies.get(row.actor.companyId) ?? null) : null,
        },
      }));
      timeline.named = named;
      timeline.json = '';
      timeline.counterpartyJson = '';
    }
    if (timeline.json === '') {
      timeline.json = JSON.stringify(timeline.rows);
      timeline.etag = `W/"${createHash('sha256').update(timeline.fingerprint).update('\u0000').update(named).digest('base64url').slice(0, 27)}"`;
    }
    if (document.companyId === actor.companyId) return { json: timeline.json, etag: timeline.etag };
    if (timeline.counterpartyJson === '') timeline.counterpartyJson = JSON.stringify(counterpartyRows(timeline));
    return { json: timeline.counterpartyJson, etag: timeline.etag.replace(/"$/, '.c"') };
  }

  private async build(resource: DocumentResource, streamId: string): Promise<Timeline> {
    const stream = await readStreamVersioned(this.db, streamId);
    const verification = this.chains.verify(streamId, stream);
    const firstBad = verification.ok ? Number.POSITIVE_INFINITY : (verification.firstBadRevision ?? 0);
    const userIds = new Set<string>();
    const companyIds = new Set<string>();
    let context: WorkflowContext | null = null;
    const rows = stream.events.map((event) => {
      const status = event.type === 'WorkflowStatusChanged' ? roundAfter(context, event.data as unknown as WorkflowStatusChanged) : null;
      if (status) context = status.context;
      const row = historyRow(event, firstBad, status?.waitingLevel ?? null);
      if (row.actor.userId) userIds.add(row.actor.userId);
      if (row.onBehalfOf) userIds.add(row.onBehalfOf.userId);
      for (const person of row.escalation?.to ?? []) userIds.add(person.userId);
      if (row.actor.companyId) companyIds.add(row.actor.companyId);
      return row;
    });
    return {
      fingerprint: stream.fingerprint ?? '',
      rows,
      userIds: [...userIds],
      companyIds: [...companyIds],
      named: '',
      json: '',
      etag: '',
      sights: counterpartySights(resource, stream.events),
      counterpartyJson: '',
    };
  }
}

/**
 * The counterparty's rows: hidden ones left out, the sharing step without its remark and approval level,
 * and none with the owner's approval round (the levels it needs, the one it waits for).
 */
function counterpartyRows(timeline: Timeline): DocumentHistoryRow[] {
  return timeline.rows.flatMap((row, index) => {
    const sight = timeline.sights[index];
    const { onBehalfOf: _onBehalfOf, rejectionLevel: _rejectionLevel, escalation: _escalation, ...rest } = row;
    if (sight === 'shown') return [{ ...rest, requiredLevels: null, waitingLevel: null }];
    if (sight === 'sharing') return [{ ...rest, remark: null, approvalLevel: null, requiredLevels: null, waitingLevel: null }];
    return [];
  });
}

function historyRow(event: StoredEvent, firstBad: number, waitingLevel: DocumentHistoryRow['waitingLevel']): DocumentHistoryRow {
  const userId = typeof event.metadata.actorUserId === 'string' ? event.metadata.actorUserId : null;
  const companyId = typeof event.metadata.actorCompanyId === 'string' ? event.metadata.actorCompanyId : null;
  const status = event.type === 'WorkflowStatusChanged' ? (event.data as unknown as WorkflowStatusChanged) : null;
  const action = status
    ? status.workflowEvent
    : event.type === 'DocumentDrafted'
      ? 'Draft'
      : event.type === 'DocumentEdited'
        ? 'Edit'
        : event.type;
  return {
    revision: event.revision,
    at: event.metadata.recordedAt,
    eventType: event.type,
    action,
    actor: { userId, name: null, companyId, companyName: null },
    statusBefore: status ? status.statusBefore : null,
    statusAfter: status ? status.statusAfter : null,
    remark: status ? status.remark : null,
    approvalLevel: status ? status.approvalLevel : null,
    requiredLevels: status ? status.requiredLevels : null,
    waitingLevel,
    // Present only where they say something, so the rows of plain rounds read as they always did.
    ...(status?.onBehalfOf ? { onBehalfOf: { userId: status.onBehalfOf, name: null } } : {}),
    ...(status?.rejectionLevel ? { rejectionLevel: status.rejectionLevel } : {}),
    ...(status?.escalation
      ? { escalation: { level: status.escalation.level, to: status.escalation.toUserIds.map((userId) => ({ userId, name: null })) } }
      : {}),
    hash: event.hash,
    prevHash: event.prevHash,
    chainVerified: event.revision < firstBad,
  };
}
