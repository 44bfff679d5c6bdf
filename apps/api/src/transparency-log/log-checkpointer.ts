// Grows the Merkle tree from the committed log and signs checkpoints, on the process that runs the reactors
// (config.reactors: the first worker of a cluster). Every POLL_MS: the tree takes what the log committed
// (SqlMerkleLog.grow, its own transaction and position, nothing in the append path), then a checkpoint is
// signed when one is due (checkpoint-schedule.ts). Not scheduled under NODE_ENV=test: the suites call tick().
//
// One signer at a time: the checkpoint is appended to the logCheckpoint stream at the revision after the
// last checkpoint the signer read, so when two processes (two hosts with reactors on) sign at once the
// store takes one and refuses the other (WrongExpectedRevision), which drops its checkpoint; the tree's
// growth serialises on its state row. A checkpoint is the store's, so it survives restarts.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SqlEventStore, SqlMerkleLog, WrongExpectedRevision, type EventStore, type SqlDatabase } from '@binaan/event-store';
import { CLOCK, type Clock } from '../common/principal.js';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { checkpointBody, noteKeyId, publicKeyBytes, signNote } from './checkpoint-note.js';
import { checkpointDue } from './checkpoint-schedule.js';
import {
  CHECKPOINT_STREAM,
  CHECKPOINT_STREAM_TYPE,
  LOG_ACTOR,
  LOG_KEY_STREAM_TYPE,
  logKeyStream,
  type LogCheckpointSignedData,
  type LogKeyPublishedData,
} from './log.events.js';
import { LOG_KEYRING, type LogKey, type LogKeyring } from './log-keys.js';
import { latestCheckpoint, publishedLogKeys, type Checkpoint } from './log-reads.js';

const POLL_MS = 1000;
const PAGE = 5000;

/** The tree over a SQL store's log; null on KurrentDB (README.md: not offered there). */
export function merkleLogOf(store: EventStore): SqlMerkleLog | null {
  return store instanceof SqlEventStore ? new SqlMerkleLog(store.db) : null;
}

@Injectable()
export class LogCheckpointer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TransparencyLog');
  readonly tree: SqlMerkleLog | null;
  private readonly db: SqlDatabase | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Checkpoint | null> | null = null;
  private readonly startedAt: number;
  private publishedKid: string | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(LOG_KEYRING) private readonly keyring: LogKeyring,
  ) {
    this.tree = merkleLogOf(store);
    this.db = store instanceof SqlEventStore ? store.db : null;
    this.startedAt = now().getTime();
  }

  onApplicationBootstrap(): void {
    if (!this.config.reactors || this.config.environment === 'test' || !this.tree) return;
    if (!this.keyring.available) {
      this.logger.error(
        'no checkpoints are signed: LOG_SIGNING_KEY is not set (production must give the log key, kept apart from the data)',
      );
      return;
    }
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick()
          .catch((error: unknown) => {
            this.logger.error(`transparency log: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          })
          .finally(() => {
            if (this.timer) loop();
          });
      }, POLL_MS);
      this.timer.unref();
    };
    loop();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => null);
  }

  /**
   * One step: the tree takes the committed log, then a checkpoint is signed if one is due (`force`: if the
   * tree grew at all). The new checkpoint, or null. A step under way in this process is joined.
   */
  tick(options: { force?: boolean } = {}): Promise<Checkpoint | null> {
    this.running ??= this.step(options.force ?? false).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async step(force: boolean): Promise<Checkpoint | null> {
    if (!this.tree || !this.db) return null;
    const { treeSize } = await this.tree.catchUp(PAGE);
    const last = await latestCheckpoint(this.db);
    const lastSize = last?.treeSize ?? 0;
    if (treeSize <= lastSize) return null;
    const settings = this.config.transparencyLog;
    const now = this.now().getTime();
    if (
      !force &&
      !checkpointDue({
        treeSize,
        last,
        startedAt: this.startedAt,
        now,
        everyEvents: settings.checkpointEvents,
        everySeconds: settings.checkpointSeconds,
      })
    )
      return null;
    if (!force && !(await this.grewBeyondCheckpoints(lastSize, treeSize))) return null;
    return this.sign(treeSize, last, new Date(now));
  }

  /** Whether leaves [from, to) hold an event other than the log's own checkpoints and keys. */
  private async grewBeyondCheckpoints(from: number, to: number): Promise<boolean> {
    const [row] = await this.db!.query<{ other: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM log_tree_leaves l JOIN events e ON e.global_position = l.global_position
        WHERE l.leaf_index >= $1 AND l.leaf_index < $2 AND e.stream_type NOT IN ($3, $4)) AS other`,
      [from, to, CHECKPOINT_STREAM_TYPE, LOG_KEY_STREAM_TYPE],
    );
    return row?.other === true;
  }

  private async sign(treeSize: number, last: Checkpoint | null, at: Date): Promise<Checkpoint | null> {
    const key = this.keyring.current();
    const origin = this.config.transparencyLog.origin;
    await this.ensurePublished(key, origin, at);
    const root = await this.tree!.root(treeSize);
    const signedAt = at.toISOString();
    const note = signNote(checkpointBody({ origin, treeSize, rootHash: root, time: signedAt }), origin, key.publicKey, key.privateKey);
    const data: LogCheckpointSignedData = { treeSize, rootHash: root.toString('hex'), origin, signedAt, kid: key.kid, note };
    let result;
    try {
      result = await this.store.append({
        streamId: CHECKPOINT_STREAM,
        streamType: CHECKPOINT_STREAM_TYPE,
        expectedRevision: last ? last.revision : 'no_stream',
        events: [{ type: 'LogCheckpointSigned', data, metadata: { actorUserId: LOG_ACTOR } }],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision) return null; // another process signed first
      throw error;
    }
    const event = result.events[0]!;
    const checkpoint: Checkpoint = { ...data, eventId: event.id, revision: event.revision };
    await this.publishHead(checkpoint);
    return checkpoint;
  }

  /** The key's public half is recorded the first time it signs; it is in force from then on. */
  private async ensurePublished(key: LogKey, keyName: string, at: Date): Promise<void> {
    if (this.publishedKid === key.kid) return;
    const known = await publishedLogKeys(this.db!);
    if (!known.some((k) => k.kid === key.kid)) {
      const data: LogKeyPublishedData = {
        kid: key.kid,
        publicKey: key.publicKey,
        keyName,
        noteKeyId: noteKeyId(keyName, publicKeyBytes(key.publicKey)).toString('hex'),
        notBefore: at.toISOString(),
      };
      try {
        await this.store.append({
          streamId: logKeyStream(key.kid),
          streamType: LOG_KEY_STREAM_TYPE,
          expectedRevision: 'no_stream',
          events: [{ type: 'LogKeyPublished', data, metadata: { actorUserId: LOG_ACTOR } }],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another process published it first
      }
    }
    this.publishedKid = key.kid;
  }

  /** LOG_HEADS_DIR: the note as `<tree size>.checkpoint`, and `latest` (each written whole, then renamed). */
  private async publishHead(checkpoint: Checkpoint): Promise<void> {
    const dir = this.config.transparencyLog.headsDir;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    const put = async (name: string) => {
      const temporary = join(dir, `.${name}.${process.pid}.tmp`);
      await writeFile(temporary, checkpoint.note);
      await rename(temporary, join(dir, name));
    };
    await put(`${String(checkpoint.treeSize).padStart(12, '0')}.checkpoint`);
    await put('latest');
  }
}
