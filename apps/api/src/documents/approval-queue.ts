// The approval queue's read model: `waiting_approvals`, one row per (user, company the user acts
// for, document) on which the machine offers that user a deciding event now. "My approvals" and its count
// are then one indexed read (user, company, waiting since), whatever the backlog.
//
// The rows are what the machine answers, never a rule of their own: for each document that changed, each
// member of the deciding companies (the owner, and the counterparty once the document is shared with it) is
// asked exactly as the old per-call queue asked (`availableActions` on the folded document, with the
// member's Actor and module rights), and the rows replace the document's previous ones.
//
// Kept by a catch-up subscription ('approval-queue', durable checkpoint) rather than a projection: the
// answer depends on other contexts' read models (levels, roles, project assignments, manuals) that change
// without the document changing. Those changes are log events too, so the same subscription handles
// them: an authority, role, membership or project-level event of a company recomputes every document of
// that company (owner or counterparty) that stands in a deciding status. `GET /api/my-approvals` waits
// for the subscription to reach the log's end as it stood when called, so a caller sees their own
// action (and an authority change) in their queue at once.
import { Refused } from '../common/refusal.js';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DocumentResources, hasAnyAccessRight, isDocumentResource, type DocumentResource, type WorkflowEventName } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent, Subscription } from '@binaan/event-store';
import { availableActions, catalogueEntry, nextMissingLevel } from '@binaan/workflows';
import { CompanyAccess } from '../companies/company-access.js';
import type { ApiConfig } from '../config.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { actionRights, DocumentModules } from './document-access.js';
import { DocumentActors } from './document-actor.js';
import { DocumentLoader } from './document-loader.js';
import type { DocumentState } from './document.state.js';

export const APPROVAL_QUEUE_SUBSCRIPTION = 'approval-queue';

/** The events that decide on a document someone else prepared: what an approver's queue holds. */
export const DecidingEvents: readonly WorkflowEventName[] = ['Approve', 'Confirm', 'Accept', 'Certify'];

/** Events after which who may act on a company's documents can change without the documents changing. */
const AUTHORITY_EVENTS: ReadonlySet<string> = new Set([
  'CompanyAuthorityAssigned',
  'WorkflowLevelAssigned',
  'WorkflowLevelUnassigned',
  'AuthorityManualDefined',
  'AuthorityManualChanged',
  'CompanyRoleDefined',
  'CompanyUserAssigned',
  'CompanyUserUnassigned',
  'CompanySubmissionStatusChanged',
  'CompanyRoleRetired',
  'CompanyMemberRoleStatusChanged',
  'CompanyMemberStatusChanged',
  'CompanyMemberJoined',
  'ProjectCreated',
  'ProjectLevelAssigned',
  'ProjectLevelUnassigned',
  'ProjectManualRoleGranted',
  'UserActivated',
  'PasswordResetForced',
  'AccountSuspended',
  'AccountReinstated',
]);

export const approvalQueueSql = `
  CREATE TABLE IF NOT EXISTS waiting_approvals (
    user_id text NOT NULL, company_id text NOT NULL, document_id text NOT NULL, stream_id text NOT NULL, resource text NOT NULL,
    waiting_since timestamptz NOT NULL, actions text[] NOT NULL, next_level smallint,
    PRIMARY KEY (user_id, company_id, document_id));
  CREATE INDEX IF NOT EXISTS waiting_approvals_queue ON waiting_approvals (user_id, company_id, waiting_since, document_id);
  CREATE INDEX IF NOT EXISTS waiting_approvals_by_resource ON waiting_approvals (user_id, company_id, resource, waiting_since, document_id);
  CREATE INDEX IF NOT EXISTS waiting_approvals_by_stream ON waiting_approvals (stream_id);`;

/** Per resource, the statuses a deciding event leaves from (from the catalogue): only these can wait for anyone. */
const DECIDING_STATUSES: ReadonlyMap<DocumentResource, readonly string[]> = new Map(
  DocumentResources.map((resource) => [
    resource,
    [
      ...new Set(
        catalogueEntry(resource)
          .transitions.filter((t) => t.from !== null && DecidingEvents.includes(t.event))
          .map((t) => t.from as string),
      ),
    ],
  ]),
);

type Member = { userId: string; userType: 1 | 2 };
type Waiting = { userId: string; companyId: string; actions: WorkflowEventName[]; nextLevel: number | null };
/** A row of waiting_approvals as the page's one write takes it (jsonb_to_recordset). */
type WaitingRow = {
  user_id: string;
  company_id: string;
  document_id: string;
  stream_id: string;
  resource: DocumentResource;
  waiting_since: string;
  actions: string;
  next_level: number | null;
};

@Injectable()
export class ApprovalQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApprovalQueue');
  private subscription: Subscription | null = null;
  private ready: Promise<void> | null = null;
  private memo = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly actors: DocumentActors,
    private readonly loader: DocumentLoader,
    private readonly access: CompanyAccess,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.tableReady();
    // Like the notifications reactor, only the first worker of a cluster keeps it (cluster.ts); the others read the table.
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: APPROVAL_QUEUE_SUBSCRIPTION,
      pageSize: 500,
      minIntervalMs: 20,
      // Most pages hold nothing for it: one checkpoint row a second, not one per page (handling is idempotent).
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`approval queue: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** The position handled up to, or null where this process does not keep the queue (the lag metric). */
  position(): number | null {
    return this.subscription?.position() ?? null;
  }

  tableReady(): Promise<void> {
    // One statement a call: a prepared statement holds one.
    this.ready ??= approvalQueueSql
      .split(';')
      .map((sql) => sql.trim())
      .filter(Boolean)
      .reduce<Promise<unknown>>((done, sql) => done.then(() => this.db.query(sql)), Promise.resolve())
      .then(() => undefined);
    return this.ready;
  }

  /**
   * Resolves once every event in the log when called has been handled (a queue read waits on it), or after
   * `timeoutMs` with false: a subscription far behind (a first start over a long log) or failing must not
   * hold every read, so the queue is then read as it stands and the delay logged.
   */
  async settled(timeoutMs = 5_000): Promise<boolean> {
    if (!this.subscription) return true;
    const target = await this.store.lastPosition();
    const deadline = Date.now() + timeoutMs;
    while (this.subscription.position() < target) {
      if (Date.now() > deadline) {
        this.logger.warn(
          `approval queue: not at position ${target} after ${timeoutMs} ms (at ${this.subscription.position()}); read as it stands`,
        );
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  }

  /** A page of the log: each document touched, and each document of a company whose authority changed, recomputed once. */
  async handle(events: readonly StoredEvent[]): Promise<void> {
    // Members and rights read once per page (the page's own events are already in the read models).
    this.memo = new Map();
    const streams = new Map<string, DocumentResource>();
    const companies = new Set<string>();
    for (const event of events) {
      if (isDocumentResource(event.streamType)) streams.set(event.streamId, event.streamType);
      else if (AUTHORITY_EVENTS.has(event.type)) for (const company of await this.companiesOf(event)) companies.add(company);
    }
    for (const companyId of companies) {
      const rows = await this.db.query<{ stream_id: string; resource: DocumentResource }>(
        `SELECT stream_id, resource FROM documents WHERE (company_id = $1 OR counterparty_company_id = $1)
         AND status = ANY($2::text[])`,
        [companyId, [...new Set([...DECIDING_STATUSES.values()].flat())]],
      );
      for (const row of rows) streams.set(row.stream_id, row.resource);
      // Rows of documents no longer in a deciding status are dropped by their own status event; a member who left still has rows here.
      const ids = await this.db.query<{ stream_id: string; resource: DocumentResource }>(
        'SELECT DISTINCT stream_id, resource FROM waiting_approvals WHERE company_id = $1',
        [companyId],
      );
      for (const row of ids) streams.set(row.stream_id, row.resource);
    }
    if (streams.size > 0) await this.recompute(streams);
  }

  /** The companies whose members' authority an event may change. */
  private async companiesOf(event: StoredEvent): Promise<string[]> {
    const data = event.data as { companyId?: unknown; userId?: unknown };
    if (typeof data.companyId === 'string') return [data.companyId];
    // The companies context's own stream (roles, members, its authority as first registered).
    if (event.streamId.startsWith('company-')) return [event.streamId.slice('company-'.length)];
    if (event.streamType === 'project') {
      const rows = await this.db.query<{ company_id: string }>('SELECT company_id FROM projects WHERE project_id = $1', [
        event.streamId.slice('project-'.length),
      ]);
      return rows.map((row) => row.company_id);
    }
    const userId =
      typeof data.userId === 'string' ? data.userId : event.streamType === 'user' ? event.streamId.replace(/^user-/, '') : null;
    if (userId === null) return [];
    const rows = await this.db.query<{ company_id: string }>('SELECT DISTINCT company_id FROM company_user_roles WHERE user_id = $1', [
      userId,
    ]);
    return rows.map((row) => row.company_id);
  }

  /**
   * The page's documents: who the machine offers a deciding event now, as rows replacing each document's
   * previous ones. Three statements a page whatever it holds (the documents' rows, then each deciding one
   * folded, then one statement that drops and writes the rows), not three a document: the queue follows
   * every action, and its statements were a fifth of an action's round trips (documents README).
   */
  private async recompute(streams: ReadonlyMap<string, DocumentResource>): Promise<void> {
    const ids = [...streams.keys()];
    const rows = await this.db.query<{ stream_id: string; company_id: string; status: string; revision: string | number }>(
      'SELECT stream_id, company_id, status, revision FROM documents WHERE stream_id = ANY($1::text[])',
      [ids],
    );
    const waitingRows: WaitingRow[] = [];
    for (const row of rows) {
      const resource = streams.get(row.stream_id);
      if (resource === undefined || !(DECIDING_STATUSES.get(resource) ?? []).includes(row.status)) continue;
      try {
        const id = row.stream_id.slice(resource.length + 1);
        // At the read model's revision (written in the append's transaction): the loader's kept state, which
        // this process's actions and its live log keep current, is then used without reading the stream.
        const { state } = await this.loader.load(resource, id, row.company_id, Number(row.revision));
        for (const waiting of await this.whoMayDecide(state)) {
          // Waiting since the document reached its present state (edits wait for no round).
          waitingRows.push({
            user_id: waiting.userId,
            company_id: waiting.companyId,
            document_id: id,
            stream_id: row.stream_id,
            resource,
            waiting_since: state.updatedAt,
            actions: waiting.actions.join(','),
            next_level: waiting.nextLevel,
          });
        }
      } catch (error) {
        // Only the document's own refusal (a stream that no longer folds, 409 documentCorrupt) means it waits
        // for no one (the audit verifier names it). Anything else, a store that cannot answer now above all,
        // fails the page before anything is written, handed again once it is back: the documents' rows stay
        // as they were rather than being dropped for a failure that was not theirs.
        if (!(error instanceof Refused)) throw error;
        this.logger.warn(`approval queue: ${row.stream_id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // One statement: the page's documents lose the rows they no longer have (every row of one that waits for
    // no decision now, or has no read-model row) and get or keep the others. The two sets are apart, so no row
    // is both deleted and written; a reader sees a document's rows before or after, never half.
    await this.db.query(
      `WITH w AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS w(user_id text, company_id text, document_id text, stream_id text, resource text, waiting_since timestamptz, actions text, next_level smallint)),
         dropped AS (DELETE FROM waiting_approvals a WHERE a.stream_id = ANY($1::text[])
           AND NOT EXISTS (SELECT 1 FROM w WHERE w.user_id = a.user_id AND w.company_id = a.company_id AND w.document_id = a.document_id))
       INSERT INTO waiting_approvals (user_id, company_id, document_id, stream_id, resource, waiting_since, actions, next_level)
       SELECT user_id, company_id, document_id, stream_id, resource, waiting_since, string_to_array(actions, ','), next_level FROM w
       ON CONFLICT (user_id, company_id, document_id) DO UPDATE SET waiting_since = EXCLUDED.waiting_since, actions = EXCLUDED.actions, next_level = EXCLUDED.next_level`,
      [ids, JSON.stringify(waitingRows)],
    );
  }

  private async whoMayDecide(state: DocumentState): Promise<Waiting[]> {
    if (!state.workflow) return [];
    const deciding = [state.companyId];
    const counterparty = state.fields.counterpartyCompanyId;
    if (counterparty && counterparty !== state.companyId && state.sharedWithCounterparty) deciding.push(counterparty);
    const module = DocumentModules[state.resource];
    const waiting: Waiting[] = [];
    for (const companyId of deciding) {
      for (const member of await this.once(`members ${companyId}`, () => this.members(companyId))) {
        const rights = await this.once(`rights ${member.userId} ${companyId}`, () =>
          this.access.accessRightsOf(member.userId, companyId, member.userType),
        );
        if (!hasAnyAccessRight(rights, `${module}.view`)) continue;
        const principal: Principal = {
          userId: member.userId,
          sessionId: 'approval-queue',
          email: '',
          userType: member.userType,
          companyId,
          accessRights: rights,
          readOnly: true,
          restriction: null,
        };
        // The member's own authority only: a grant's work is read from the delegator's rows when the delegate
        // asks (my-approvals.ts), as grants start and end with time, not with an event this queue sees.
        const { delegations: _lent, ...actor } = await this.actors.forDocument(await this.actors.actorFor(principal), state);
        const actions = availableActions(state.resource, state.workflow, actor)
          .map((a) => a.event)
          .filter((event) => DecidingEvents.includes(event) && hasAnyAccessRight(rights, ...actionRights(module, event)));
        if (actions.length === 0) continue;
        const { approval } = state.workflow.context;
        waiting.push({
          userId: member.userId,
          companyId,
          actions,
          nextLevel: actions.includes('Approve') && approval.open ? nextMissingLevel(approval) : null,
        });
      }
    }
    return waiting;
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let held = this.memo.get(key) as Promise<T> | undefined;
    if (!held) {
      held = read();
      this.memo.set(key, held);
    }
    return held;
  }

  /** Activated users with an active role in the company (as the notifications' recipients). */
  private async members(companyId: string): Promise<Member[]> {
    const rows = await this.db.query<{ user_id: string; user_type: number }>(
      `SELECT DISTINCT r.user_id, u.user_type FROM company_user_roles r JOIN identity_users u ON u.user_id = r.user_id
       WHERE r.company_id = $1 AND r.status = 2 AND u.status = 'activated' ORDER BY r.user_id`,
      [companyId],
    );
    return rows.map((row) => ({ userId: row.user_id, userType: row.user_type === 2 ? 2 : 1 }));
  }
}
