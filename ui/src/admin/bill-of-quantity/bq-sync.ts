// The BQ editor's sync (spec §4.9, §8.2): a change is applied on screen at once (the caller) and queued
// here; the queue sends one change at a time, in order. New rows and tabs get temporary ids counting down
// from -1; the lookup maps temporary <-> server ids both ways, and a change to a row the server does not
// know yet is sent with its server id from the lookup. A change the server refuses is never left looking
// saved: the caller is told (`refused`: the page shows it where it happened, in the user's language), and
// the view is brought up to date (the BQ is read again, which puts the row back, and the changes still
// queued are applied on top). A row added where the server has no tab is the spec's own case ("Please
// create at least one tab first"): the caller toasts it and removes the row. Changes not reached or not
// answered (0, 5xx, 429) are sent again after a while and count as still saving.
//
// Revisions: `base` is the revision up to which every change is known here (ours from the replies, others'
// from the live channel), sent with each change; the api takes a change made on an older revision when
// nothing it depends on changed since (per-node concurrency), so a second user's edits elsewhere do not
// refuse ours, and a change to what they edited is refused rather than silently overwriting it.
//
// Pure of I/O: the transport, the reads and the model changes come in as functions (vitest-tested).
import type { BqChangeReply } from '@binaan/contracts';
import type { BqChange, BqOp } from './bq-ops.js';

export const isTemporary = (id: string): boolean => id.startsWith('-');

/** Temporary <-> server ids (spec §3: "a lookup maps temporary id to server id in both directions"). */
export class IdLookup {
  private next = -1;
  private readonly toServer = new Map<string, string>();
  private readonly toLocal = new Map<string, string>();

  /** A new temporary id: "-1", "-2", ... */
  temporary(): string {
    return String(this.next--);
  }

  map(temporary: string, server: string): void {
    this.toServer.set(temporary, server);
    this.toLocal.set(server, temporary);
  }

  /** The id the server knows for a local id: a temporary one through the lookup (undefined when not known yet), any other as is. */
  server(local: string): string | undefined {
    return isTemporary(local) ? this.toServer.get(local) : local;
  }

  /** The id shown here for a server id: the temporary one it replaced, or itself. */
  local(server: string): string {
    return this.toLocal.get(server) ?? server;
  }

  get size(): number {
    return this.toServer.size;
  }
}

export type SyncRequest = { path: string; body: Record<string, unknown> };

/** The call for a change, ids through the lookup; `skip` when a row or tab it names never reached the server. */
export function requestFor(op: BqOp, ids: IdLookup, projectId: string, base: number): SyncRequest | { skip: string } {
  const common: Record<string, unknown> = { project_id: projectId, ...(base >= 0 ? { revision: base } : {}) };
  const need = (local: string | null): string | null | undefined => (local === null ? null : ids.server(local));
  const tab = (local: string | null) => need(local) ?? null;
  if (op.kind === 'addTab') return { path: 'bq-tab/add', body: { ...common, name: op.name } };
  if (op.kind === 'renameTab' || op.kind === 'removeTab') {
    const tabId = need(op.tabId);
    if (!tabId) return { skip: `tab ${op.tabId} is not on the server` };
    return op.kind === 'renameTab'
      ? { path: 'bq-tab/rename', body: { ...common, bq_tab_id: tabId, name: op.name } }
      : { path: 'bq-tab/delete', body: { ...common, bq_tab_id: tabId } };
  }
  if (op.kind === 'add' || op.kind === 'import') {
    const parentId = need(op.parentId);
    if (parentId === undefined) return { skip: `parent ${op.parentId} is not on the server` };
    // No tab known to the server (none made, or its creation failed): sent without one, the api answers
    // bqTabRequired, "Please create at least one tab first".
    const where = { ...common, bq_tab_id: tab(op.tabId), parent_id: parentId };
    if (op.kind === 'import') return { path: 'bq-item/import', body: { ...where, rows: op.rows } };
    return { path: 'bq-item/add', body: { ...where, type: op.type, order: op.order, ...op.fields } };
  }
  const id = need(op.id);
  const tabId = tab(op.tabId);
  if (!id || !tabId) return { skip: `row ${op.id} is not on the server` };
  const node = { ...common, bq_tab_id: tabId, id };
  switch (op.kind) {
    case 'update':
      return { path: 'bq-item/update', body: { ...node, ...op.fields } };
    case 'move':
      return { path: 'bq-item/move', body: { ...node, direction: op.direction } };
    case 'promote':
      return { path: 'bq-item/promote-header', body: node };
    case 'demote':
      return { path: 'bq-item/demote-header', body: node };
    default:
      return { path: `bq-item/${op.kind}`, body: node };
  }
}

/** Records the server's ids of what a change created. */
export function confirmIds(op: BqOp, reply: BqChangeReply, ids: IdLookup): void {
  if ((op.kind === 'add' || op.kind === 'addTab') && reply.id && isTemporary(op.id)) ids.map(op.id, reply.id);
  if (op.kind === 'duplicate' && reply.created) {
    reply.created.forEach(([, server], i) => {
      const local = op.copies[i]?.[1];
      if (local && isTemporary(local)) ids.map(local, server);
    });
  }
  if (op.kind === 'import' && reply.created) {
    for (const [index, server] of reply.created) {
      const local = op.ids[Number(index)];
      if (local && isTemporary(local)) ids.map(local, server);
    }
  }
}

/** A refusal from the transport: HTTP status (0 when the server could not be reached) and error code. */
export type SendError = { status: number; code: string };
export const sendErrorOf = (error: unknown): SendError => {
  const e = error as { status?: unknown; errorCode?: unknown };
  return { status: typeof e?.status === 'number' ? e.status : 0, code: typeof e?.errorCode === 'string' ? e.errorCode : 'unknownError' };
};

export type SyncDeps = {
  projectId: string;
  /** POST /api/<path> with the body; rejects with { status, errorCode } on a refusal. */
  send: (path: string, body: Record<string, unknown>) => Promise<BqChangeReply>;
  /** Reads the BQ again and puts it on screen (ids through `ids.local`), then applies `pending` on top; returns its revision. */
  reload: (pending: readonly BqOp[]) => Promise<{ revision: number; dropped: readonly BqOp[] }>;
  /** GET changes since a revision (to fill a gap in what the live channel gave). */
  changesSince: (revision: number) => Promise<{ changes: BqChange[]; more: boolean }>;
  /** Folds another user's change into what is on screen; false when it cannot (the queue reloads). */
  applyForeign: (change: BqChange) => boolean;
  /** The server refused a change for good (its status and error code): shown to the user, never as saved. */
  refused?: (op: BqOp, failure: SendError) => void;
  /** Spec §4.9: the row was added where the server has no tab: toast and remove it. */
  tabRequired: (op: Extract<BqOp, { kind: 'add' | 'import' }>) => void;
  log: (message: string, detail?: unknown) => void;
  wait?: (ms: number) => Promise<void>;
  /** Each time the queue empties, and after a reload (the page's "saved" state). */
  onChange?: () => void;
  /** A change the server took, with its reply (figures only the server works out, e.g. a build-up's price). */
  confirmed?: (op: BqOp, reply: BqChangeReply, later: readonly BqOp[]) => void;
};

const RETRY_MS = [500, 1000, 2000, 4000, 8000, 15_000];

export class BqSync {
  readonly ids = new IdLookup();
  /** Changes not yet confirmed by the server; the first is the one being sent while `sending`. */
  private pending: BqOp[] = [];
  private sending = false;
  private running = false;
  private needReload = false;
  /** Another user's change was folded while ours were queued: the order may differ, so read again when idle. */
  private diverged = false;
  private base: number;
  /** Revisions of our own changes above `base` (a gap of others' changes below them not seen yet). */
  private readonly own = new Set<number>();
  private buffered: BqChange[] = [];
  private failures = 0;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(
    private readonly deps: SyncDeps,
    revision: number,
  ) {
    this.base = revision;
    this.wait = deps.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The revision up to which every change is known here. */
  get revision(): number {
    return this.base;
  }

  get queued(): number {
    return this.pending.length;
  }

  get idle(): boolean {
    return !this.running && this.pending.length === 0 && !this.needReload;
  }

  /** Queues a change already applied on screen. */
  push(op: BqOp): void {
    this.pending.push(op);
    void this.pump();
  }

  /** Drops queued (not yet sent) changes that name a row, e.g. one just removed because it could not be added. */
  private dropFor(ids: ReadonlySet<string>): void {
    const keep = (op: BqOp, index: number) => (index === 0 && this.sending) || !('id' in op) || !ids.has(op.id);
    this.pending = this.pending.filter(keep);
  }

  /** Changes another user made (the live channel), in revision order. */
  receive(changes: readonly BqChange[]): void {
    for (const change of changes) {
      if (this.sending) this.buffered.push(change);
      else this.take(change);
    }
    if (this.needReload || this.diverged) void this.pump();
  }

  /** Asks for the BQ to be read again (e.g. an approval action refused as stale). */
  refresh(): Promise<void> {
    this.needReload = true;
    return this.pump();
  }

  private take(change: BqChange): void {
    if (change.revision <= this.base) return;
    if (this.own.has(change.revision)) {
      this.advance();
      return;
    }
    if (change.revision > this.base + 1) {
      // A change missing below this one: read again rather than fold out of order.
      this.needReload = true;
      return;
    }
    // Ours already on screen (queued, or recorded after it): folded out of the server's order.
    const ahead = this.pending.length > 0 || [...this.own].some((revision) => revision > change.revision);
    const ok = this.deps.applyForeign(change);
    this.base = change.revision;
    this.advance();
    if (!ok) this.needReload = true;
    else if (ahead) this.diverged = true;
  }

  private advance(): void {
    while (this.own.has(this.base + 1)) {
      this.own.delete(this.base + 1);
      this.base++;
    }
    for (const revision of this.own) if (revision <= this.base) this.own.delete(revision);
  }

  private noteOwn(op: BqOp, revision: number): void {
    if (revision <= this.base) return;
    // The first tab starts the BQ: every event up to its reply's revision is this change's.
    if (this.base < 0 && op.kind === 'addTab') this.base = revision;
    else this.own.add(revision);
    this.advance();
  }

  /** Fills a gap below our own revisions from /changes, so the next change goes with an up-to-date revision. */
  private async catchUp(): Promise<void> {
    for (let rounds = 0; this.own.size > 0 && rounds < 20; rounds++) {
      const { changes, more } = await this.deps.changesSince(this.base);
      for (const change of changes) this.take(change);
      if (!more) break;
    }
  }

  private async doReload(): Promise<void> {
    this.needReload = false;
    this.diverged = false;
    // Live changes that come while reading are kept and taken after (those the read has are skipped).
    this.sending = true;
    let read: Awaited<ReturnType<SyncDeps['reload']>>;
    try {
      read = await this.deps.reload(this.pending);
    } finally {
      this.sending = false;
    }
    const { revision, dropped } = read;
    for (const op of dropped) this.deps.log('bq sync: a queued change no longer applies after reading the BQ again', op);
    this.pending = this.pending.filter((op) => !dropped.includes(op));
    this.base = revision;
    this.own.clear();
    const waiting = this.buffered;
    this.buffered = [];
    for (const change of waiting) this.take(change);
    this.deps.onChange?.();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.needReload || (this.diverged && this.pending.length === 0)) {
          try {
            await this.doReload();
          } catch (error) {
            this.deps.log('bq sync: reading the BQ again failed', error);
            this.needReload = true;
            await this.wait(RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!);
          }
          continue;
        }
        const op = this.pending[0];
        if (!op) break;
        if (this.own.size > 0) {
          try {
            await this.catchUp();
          } catch (error) {
            this.deps.log('bq sync: reading the changes since failed', error);
          }
          if (this.needReload) continue;
        }
        const request = requestFor(op, this.ids, this.deps.projectId, this.base);
        if ('skip' in request) {
          this.deps.log(`bq sync: not sent, ${request.skip}`, op);
          this.pending.shift();
          this.needReload = true;
          continue;
        }
        this.sending = true;
        let reply: BqChangeReply | null = null;
        let failure: SendError | null = null;
        try {
          reply = await this.deps.send(request.path, request.body);
        } catch (error) {
          failure = sendErrorOf(error);
        }
        this.sending = false;
        if (reply) {
          this.failures = 0;
          this.pending.shift();
          confirmIds(op, reply, this.ids);
          this.noteOwn(op, reply.revision);
          this.deps.confirmed?.(op, reply, this.pending);
        } else if (failure) {
          this.deps.log(`bq sync: ${request.path} refused (${failure.status} ${failure.code})`, op);
          if (failure.status === 0 || failure.status >= 500 || failure.status === 429) {
            // Not reached or not answered: the same change again, after a while.
            await this.wait(RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!);
          } else {
            this.pending.shift();
            if (failure.code === 'bqTabRequired' && (op.kind === 'add' || op.kind === 'import')) {
              const gone = new Set(op.kind === 'add' ? [op.id] : op.ids);
              this.deps.tabRequired(op);
              this.dropFor(gone);
            } else {
              // 409 (someone else changed it first), 403 (no authority) or any other refusal: the user is
              // told, and the view is brought up to date.
              this.deps.refused?.(op, failure);
              this.needReload = true;
            }
          }
        }
        const waiting = this.buffered;
        this.buffered = [];
        for (const change of waiting) this.take(change);
        if (this.pending.length === 0 && !this.needReload && !this.diverged) this.deps.onChange?.();
      }
    } finally {
      this.running = false;
    }
  }
}
