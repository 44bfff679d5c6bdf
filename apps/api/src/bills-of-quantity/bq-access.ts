// Who may read and change a project's BQ. Only the project's company (another company's project, or an
// unknown one: 404 bqNotFound, never 403), and in it a user who sees the project (project.viewAll, an
// assignment, a manual role, a membership not Rejected: as the project page; otherwise 403
// projectNotVisible). Rights: reading needs project.view or project.viewAll; changing rows, tabs and
// build-ups needs costPlanAndLibrary.update or project.create (403 noAccessRight), then CreatePropose (10)
// on billOfQuantity in the project (403 noAuthority; the machine's Create checks the same for the first
// tab). Approval is the machine's: the user's levels in the project (as an approved member) together with
// the company's levels, the company's authority manual for billOfQuantity, and the grants of authority in
// force for the user (the delegators' levels read the same way). The lookups go through the
// documents' read cache (dropped on any append that feeds them), so a change of rows reads nothing.
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { hasAnyAccessRight, type AccessRight, type AuthorityManual, type WorkflowResource } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { companyLevels, companyManual, workflowManual } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { grantsInForceFor, lent } from '../authority/delegations/delegated-authority.js';
import { mergeLevels, projectLevels } from '../projects/project-reads.js';
import { DocumentReadCache } from '../documents/read-cache.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { isUuid } from '../common/uuid.js';

export const BQ_VIEW_RIGHTS: readonly AccessRight[] = ['project.view', 'project.viewAll'];
export const BQ_UPDATE_RIGHTS: readonly AccessRight[] = ['costPlanAndLibrary.update', 'project.create'];

const VISIBLE = `($2::boolean
  OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.project_id AND a.user_id = $3)
  OR EXISTS (SELECT 1 FROM project_manual_roles r WHERE r.project_id = p.project_id AND r.email = $4)
  OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.project_id AND m.user_id = $3 AND m.status <> 'Rejected'))`;

@Injectable()
export class BqAccess {
  private readonly cache: DocumentReadCache;

  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {
    this.cache = DocumentReadCache.of(store);
  }

  /** The caller may read the project's BQ: its company, and the project visible to them. */
  async reader(principal: Principal, projectId: string, missing = 'bqNotFound'): Promise<string> {
    const companyId = companyOf(principal, ...BQ_VIEW_RIGHTS);
    await this.project(principal, companyId, projectId, missing);
    return companyId;
  }

  /** The actor for a change of rows, tabs or build-ups (update right, then levels). */
  async editor(principal: Principal, projectId: string, missing = 'bqNotFound'): Promise<Actor> {
    companyOf(principal, ...BQ_UPDATE_RIGHTS);
    return this.actor(principal, projectId, missing);
  }

  /** The actor for the machine: company levels and the user's levels in the project together. */
  async actor(principal: Principal, projectId: string, missing = 'bqNotFound'): Promise<Actor> {
    const companyId = await this.reader(principal, projectId, missing);
    const [company, project] = await Promise.all([
      this.cache.get(`levels ${companyId} ${principal.userId}`, () => companyLevels(this.db, companyId, principal.userId)),
      this.cache.get(`projectLevels ${projectId} ${principal.userId}`, () => projectLevels(this.db, projectId, principal.userId)),
    ]);
    const actor: Actor = {
      userId: principal.userId,
      companyId,
      kind: principal.userType === 2 ? 'admin' : 'user',
      authorities: { company, project: mergeLevels(company, project) },
    };
    // Grants of authority in force: the delegator's levels as this machine reads the user's (company and project together).
    const now = this.now();
    const grants = (
      await this.cache.get(`delegationsTo ${companyId} ${principal.userId}`, () =>
        grantsInForceFor(this.db, companyId, principal.userId, now),
      )
    ).filter((grant) => Date.parse(grant.endsAt) > now.getTime());
    if (grants.length === 0) return actor;
    const delegations = await Promise.all(
      grants.map(async (grant) => {
        const [theirs, theirsHere] = await Promise.all([
          this.cache.get(`levels ${companyId} ${grant.fromUserId}`, () => companyLevels(this.db, companyId, grant.fromUserId)),
          this.cache.get(`projectLevels ${projectId} ${grant.fromUserId}`, () => projectLevels(this.db, projectId, grant.fromUserId)),
        ]);
        return lent(grant, mergeLevels(theirs, theirsHere));
      }),
    );
    return { ...actor, delegations };
  }

  /**
   * Why this user may not change the resource's rows (the BQ's, a build-up's, a plan's) whatever its status:
   * the code a change would be refused with (noAccessRight, then noAuthority), or null when they may. The
   * views send it beside `editable`, so a page offers no control the api would refuse.
   */
  editRefusal(principal: Principal, actor: Actor, resource: WorkflowResource = 'billOfQuantity'): 'noAccessRight' | 'noAuthority' | null {
    if (!hasAnyAccessRight(principal.accessRights, ...BQ_UPDATE_RIGHTS)) return 'noAccessRight';
    return this.proposes(actor, resource) ? null : 'noAuthority';
  }

  /** CreatePropose (10) on the resource in the project (the BQ's, or a plan of the project's: budget, progress). */
  proposes(actor: Actor, resource: WorkflowResource = 'billOfQuantity'): boolean {
    return actor.kind === 'admin' || (actor.authorities.project[resource] ?? []).includes(10);
  }

  async manual(companyId: string, resource: WorkflowResource = 'billOfQuantity'): Promise<AuthorityManual | undefined> {
    const view = await this.cache.get(`manual ${resource} ${companyId}`, () => companyManual(this.db, companyId, resource));
    return view ? workflowManual(view) : undefined;
  }

  private async project(principal: Principal, companyId: string, projectId: string, missing: string): Promise<void> {
    const viewAll = hasAnyAccessRight(principal.accessRights, 'project.viewAll');
    const [row] = isUuid(projectId)
      ? await this.cache.get(`bqProject ${companyId} ${projectId} ${principal.userId} ${viewAll}`, () =>
          this.db.query<{ visible: boolean }>(
            `SELECT ${VISIBLE} AS visible FROM projects p WHERE p.project_id = $5 AND p.company_id = $1`,
            [companyId, viewAll, principal.userId, principal.email.toLowerCase(), projectId],
          ),
        )
      : [];
    if (!row) throw refusal(404, missing, 'No such project in this company.');
    if (!row.visible && principal.userType !== 2)
      throw refusal(
        403,
        'projectNotVisible',
        'This project is not yours to see: ask for the right to view all projects, or to be made a member.',
      );
  }
}
