// The workflows Actor of a request. Company levels come from the authority context's read model (its own
// assignments and the companies context's CompanyAuthorityAssigned). A document of a project owned by the
// caller's company takes its project levels from that project's assignments; any other document (no
// project, an unknown project, or the caller's company is the counterparty) takes the company's levels in
// both scopes, which is what the machine's counterparty guards ask for. The authority manual of the owner
// company for the resource goes with each command (none: the workflows default, VerifyLevel1, no limit).
// Grants of authority in force (authority context's delegations) go with the actor as `delegations`: the
// delegator's present levels, company or project as the document's own, narrowed to the kinds lent.
// Every lookup goes through the read cache (read-cache.ts): dropped on any append that changes them.
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthorityAssignments, AuthorityManual, AuthorityManualView } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { companyHolders, companyLevels, companyManual, workflowManual } from '../authority/authority-reads.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { delegationsInForce, stateAt } from '../authority/delegations/delegation-reads.js';
import { grantsInForceFor, lent, toGrant, type Grant } from '../authority/delegations/delegated-authority.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { projectCompany, projectHolders, projectLevels } from '../projects/project-reads.js';
import { DocumentReadCache } from './read-cache.js';

type DocumentScope = { companyId: string; fields: { projectId: string | null } };

export type { Grant };
type Holder = { userId: string; name: string | null };

@Injectable()
export class DocumentActors {
  private readonly cache: DocumentReadCache;

  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {
    this.cache = DocumentReadCache.of(store);
  }

  async actorFor(principal: Principal): Promise<Actor> {
    const companyId = principal.companyId;
    if (!companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const [assignments, grants] = await Promise.all([
      this.companyLevelsOf(companyId, principal.userId),
      this.grantsReceived(companyId, principal.userId),
    ]);
    const actor: Actor = {
      userId: principal.userId,
      companyId,
      kind: principal.userType === 2 ? 'admin' : 'user',
      authorities: { company: assignments, project: assignments },
    };
    if (grants.length === 0) return actor;
    const delegations = await Promise.all(
      grants.map(async (grant) => lent(grant, await this.companyLevelsOf(companyId, grant.fromUserId))),
    );
    return { ...actor, delegations };
  }

  /** The actor for one document: project levels when the document's project belongs to the caller's company. */
  async forDocument(actor: Actor, document: DocumentScope): Promise<Actor> {
    const projectId = await this.ownProject(actor.companyId, document);
    if (projectId === null) return actor;
    const project = await this.projectLevelsOf(projectId, actor.userId);
    // A delegate on a project document acts with the delegator's levels in that project, as the delegator would.
    const grants = actor.delegations ? await this.grantsReceived(actor.companyId, actor.userId) : [];
    const delegations = await Promise.all(
      grants.map(async (grant) => lent(grant, await this.projectLevelsOf(projectId, grant.fromUserId))),
    );
    return { ...actor, authorities: { company: actor.authorities.company, project }, ...(actor.delegations ? { delegations } : {}) };
  }

  /** Grants of authority the user receives that are in force now (the period read at this moment). */
  async grantsReceived(companyId: string, userId: string): Promise<Grant[]> {
    const now = this.now();
    const grants = await this.cache.get(`delegationsTo ${companyId} ${userId}`, () => grantsInForceFor(this.db, companyId, userId, now));
    // Cached for a moment: a grant that ended since is dropped here, at this request's own time.
    return grants.filter((grant) => Date.parse(grant.endsAt) > now.getTime());
  }

  /** Every grant in force in the company now, for the approval route (who acts for whom). */
  async grantsInForce(companyId: string): Promise<Grant[]> {
    const now = this.now();
    const rows = await this.cache.get(`delegationsInForce ${companyId}`, () => delegationsInForce(this.db, companyId, now));
    return rows.filter((row) => stateAt(row, now) === 'inForce').map(toGrant);
  }

  private companyLevelsOf(companyId: string, userId: string): Promise<AuthorityAssignments> {
    return this.cache.get(`levels ${companyId} ${userId}`, () => companyLevels(this.db, companyId, userId));
  }

  private projectLevelsOf(projectId: string, userId: string): Promise<AuthorityAssignments> {
    return this.cache.get(`projectLevels ${projectId} ${userId}`, () => projectLevels(this.db, projectId, userId));
  }

  /** The owner company's manual for the resource: as the API shows it and as the machine takes it. */
  manualFor(companyId: string, resource: string): Promise<{ view: AuthorityManualView; manual: AuthorityManual } | null> {
    return this.cache.get(`manual ${companyId} ${resource}`, async () => {
      const view = await companyManual(this.db, companyId, resource);
      const manual = view ? workflowManual(view) : undefined;
      return view && manual ? { view, manual } : null;
    });
  }

  /**
   * The manual as a round of this document opens under it: a level that needs more than one person or
   * decides rejects by majority gets its holders for the document (project or company), which fix what
   * "all" and "a majority" mean for the round. A manual without such levels goes as it is.
   */
  async withHolders(manual: AuthorityManual | undefined, document: DocumentScope, resource: string): Promise<AuthorityManual | undefined> {
    if (!manual || !manual.levels.some((l) => (l.quorum !== undefined && l.quorum !== 'any') || l.rejectRule === 'majority')) return manual;
    const levels = await Promise.all(
      manual.levels.map(async (level) => ({
        ...level,
        holders: (await this.holdersOf(document, resource, level.level)).map((holder) => holder.userId),
      })),
    );
    return { ...manual, levels };
  }

  /** Users holding a level on a resource for this document (its project's, or its company's), with their names. */
  async holdersOf(document: DocumentScope, resource: string, level: number): Promise<Holder[]> {
    const projectId = await this.ownProject(document.companyId, document);
    return projectId === null
      ? this.cache.get(`companyHolders ${document.companyId} ${resource} ${level}`, () =>
          companyHolders(this.db, document.companyId, resource, level),
        )
      : this.cache.get(`projectHolders ${projectId} ${resource} ${level}`, () => projectHolders(this.db, projectId, resource, level));
  }

  /** Names of users and companies (null for an unknown id), read once per id while cached. */
  async names(
    userIds: readonly string[],
    companyIds: readonly string[],
  ): Promise<{ users: Map<string, string | null>; companies: Map<string, string | null> }> {
    const [users, companies] = await Promise.all([this.namesOf('user', userIds), this.namesOf('company', companyIds)]);
    return { users, companies };
  }

  private async namesOf(kind: 'user' | 'company', ids: readonly string[]): Promise<Map<string, string | null>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    // One lookup for the set: a timeline names the same few actors on every row.
    const found = await this.cache.get(`${kind}Names ${unique.sort().join(' ')}`, async () => {
      const rows = await this.db.query<{ id: string; name: string }>(
        kind === 'user'
          ? 'SELECT user_id AS id, name FROM identity_users WHERE user_id = ANY($1::text[])'
          : 'SELECT company_id AS id, name FROM companies WHERE company_id = ANY($1::text[])',
        [unique],
      );
      return new Map(rows.map((row) => [row.id, row.name]));
    });
    return new Map(unique.map((id) => [id, found.get(id) ?? null]));
  }

  /**
   * Refuses a project id that is not one of the company's own projects (422 unknownProject): a document is
   * made inside its own company's project, never another's (whose authority would not follow it anyway).
   */
  async checkOwnProject(companyId: string, projectId: string | null | undefined): Promise<void> {
    if (projectId === null || projectId === undefined) return;
    const owner = await this.cache.get(`projectCompany ${projectId}`, () => projectCompany(this.db, projectId));
    if (owner !== companyId)
      throw refusal(422, 'unknownProject', "The project is not one of your company's projects.", {
        fields: { projectId: ['unknownProject'] },
      });
  }

  private async ownProject(companyId: string, document: DocumentScope): Promise<string | null> {
    const projectId = document.fields.projectId;
    if (projectId === null || document.companyId !== companyId) return null;
    const owner = await this.cache.get(`projectCompany ${projectId}`, () => projectCompany(this.db, projectId));
    return owner === companyId ? projectId : null;
  }
}
