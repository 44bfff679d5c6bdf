// The transparency log's answers: checkpoints, inclusion proofs into a signed checkpoint, and consistency
// proofs between two. A document's bundle of proofs is the audit context's (documents/document-audit-bundle.ts).
import { Inject, Injectable } from '@nestjs/common';
import { leafHashOfEvent, type EventStore, type SqlExecutor, type SqlMerkleLog } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { merkleLogOf } from './log-checkpointer.js';
import {
  checkpointOfSize,
  checkpointsAfter,
  latestCheckpoint,
  publishedLogKeys,
  type Checkpoint,
  type PublishedLogKey,
} from './log-reads.js';
import { isUuid } from '../common/uuid.js';

export type EventProof = { eventId: string; eventHash: string; leafHash: string; leafIndex: number; treeSize: number; auditPath: string[] };
export type InclusionProofReply = EventProof & { checkpoint: Checkpoint };
export type ConsistencyProofReply = {
  from: number;
  to: number;
  proof: string[];
  fromCheckpoint: Checkpoint | null;
  toCheckpoint: Checkpoint;
};

const hex = (hashes: readonly Buffer[]) => hashes.map((hash) => hash.toString('hex'));

/** A whole number of at least `min` from a query value; 400 validationFailed naming the parameter otherwise. */
export function wholeNumber(name: string, value: unknown, min: number): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const number = /^[0-9]{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(number) || number < min)
    throw refusal(400, 'validationFailed', `Check these fields: ${name}.`, {
      fields: { [name]: [`must be a whole number of at least ${min}`] },
    });
  return number;
}

@Injectable()
export class TransparencyLogService {
  private readonly tree: SqlMerkleLog | null;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {
    this.tree = merkleLogOf(store);
  }

  private get merkle(): SqlMerkleLog {
    if (!this.tree) throw refusal(404, 'transparencyLogUnavailable', 'This store offers no transparency log (KurrentDB).');
    return this.tree;
  }

  async latest(): Promise<Checkpoint> {
    const checkpoint = await latestCheckpoint(this.db);
    if (!checkpoint) throw refusal(404, 'noCheckpointYet', 'No checkpoint has been signed yet.');
    return checkpoint;
  }

  /** Checkpoints by tree size after `after`, `limit` at a time: `{ items, next }` (next: the after of the next page, or null). */
  async list(query: Record<string, unknown>): Promise<{ items: Checkpoint[]; next: string | null }> {
    const after = query.after === undefined || query.after === '' ? 0 : wholeNumber('after', query.after, 0);
    const limit = query.limit === undefined ? 25 : wholeNumber('limit', query.limit, 1);
    if (limit > 100) throw refusal(400, 'validationFailed', 'Check these fields: limit.', { fields: { limit: ['must be at most 100'] } });
    const items = await checkpointsAfter(this.db, after, limit);
    return { items, next: items.length === limit ? String(items[items.length - 1]!.treeSize) : null };
  }

  keys(): Promise<PublishedLogKey[]> {
    return publishedLogKeys(this.db);
  }

  async inclusionProof(query: Record<string, unknown>): Promise<InclusionProofReply> {
    const eventId = typeof query.eventId === 'string' ? query.eventId.trim() : '';
    if (!isUuid(eventId.toLowerCase()))
      throw refusal(400, 'validationFailed', 'Check these fields: eventId.', { fields: { eventId: ['must be an event id (a UUID)'] } });
    const checkpoint =
      query.treeSize === undefined ? await this.latest() : await this.checkpointAt(wholeNumber('treeSize', query.treeSize, 1));
    const proof = await this.proveInto(eventId.toLowerCase(), checkpoint);
    return { ...proof, checkpoint };
  }

  async consistencyProof(query: Record<string, unknown>): Promise<ConsistencyProofReply> {
    const from = wholeNumber('from', query.from, 0);
    const to = wholeNumber('to', query.to, 1);
    if (from > to) throw refusal(422, 'badTreeSizes', `A tree of ${to} cannot extend one of ${from}: from must not exceed to.`);
    const toCheckpoint = await this.checkpointAt(to);
    const fromCheckpoint = from === 0 ? null : await this.checkpointAt(from);
    const proof = await this.merkle.consistencyProof(from, to);
    return { from, to, proof: hex(proof), fromCheckpoint, toCheckpoint };
  }

  private async checkpointAt(treeSize: number): Promise<Checkpoint> {
    const checkpoint = await checkpointOfSize(this.db, treeSize);
    if (!checkpoint) throw refusal(404, 'checkpointNotFound', `No checkpoint was signed at tree size ${treeSize}.`);
    return checkpoint;
  }

  private async proveInto(eventId: string, checkpoint: Checkpoint): Promise<EventProof> {
    const leaf = await this.merkle.leafOfEvent(eventId);
    if (!leaf) {
      const [known] = await this.db.query('SELECT 1 FROM events WHERE event_id = $1', [eventId]);
      if (!known) throw refusal(404, 'eventNotFound', 'No event has this id.');
      throw refusal(409, 'notYetInCheckpoint', 'The event is recorded but not yet in a signed checkpoint; ask again after the next one.');
    }
    if (leaf.leafIndex >= checkpoint.treeSize)
      throw refusal(
        409,
        'notYetInCheckpoint',
        `The event is leaf ${leaf.leafIndex}, after this checkpoint's ${checkpoint.treeSize} leaves.`,
        {
          leafIndex: leaf.leafIndex,
        },
      );
    const path = await this.merkle.inclusionProof(leaf.leafIndex, checkpoint.treeSize);
    return {
      eventId: leaf.eventId,
      eventHash: leaf.eventHash,
      leafHash: leafHashOfEvent(leaf.eventHash).toString('hex'),
      leafIndex: leaf.leafIndex,
      treeSize: checkpoint.treeSize,
      auditPath: hex(path),
    };
  }
}
