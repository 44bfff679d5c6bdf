// The workflows Actor of a request. Company levels come from the authority context's read model (its own
// assignments and the companies context's CompanyAuthorityAssigned). A document of a project owned by the
// caller's company takes its project levels from that project's assignments; any other document (no
// project, an unknown project, or the caller's company is the counterparty) takes the company's levels in
// both scopes, which is what the machine's counterparty guards ask for. The authority manual of the owner
// company for the resource goes with each command (none: the workflows default, VerifyLevel1, no limit).
import { Inject, Injectable } from '@nestjs/common';
import type { AuthorityManual, AuthorityManualView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { companyHolders, companyLevels, companyManual, workflowManual } from '../authority/authority-reads.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { projectCompany, projectHolders, projectLevels } from '../projects/project-reads.js';
import { DocumentRefused } from './document.errors.js';

type DocumentScope = { companyId: string; fields: { projectId: string | null } };

@Injectable()
export class DocumentActors {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  async actorFor(principal: Principal): Promise<Actor> {
    const companyId = principal.companyId;
    if (!companyId) throw new DocumentRefused(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    const assignments = await companyLevels(this.db, companyId, principal.userId);
    return { userId: principal.userId, companyId, kind: principal.userType === 2 ? 'admin' : 'user', authorities: { company: assignments, project: assignments } };
  }

  /** The actor for one document: project levels when the document's project belongs to the caller's company. */
  async forDocument(actor: Actor, document: DocumentScope): Promise<Actor> {
    const projectId = await this.ownProject(actor.companyId, document);
    if (projectId === null) return actor;
    return { ...actor, authorities: { company: actor.authorities.company, project: await projectLevels(this.db, projectId, actor.userId) } };
  }

  /** The owner company's manual for the resource: as the API shows it and as the machine takes it. */
  async manualFor(companyId: string, resource: string): Promise<{ view: AuthorityManualView; manual: AuthorityManual } | null> {
    const view = await companyManual(this.db, companyId, resource);
    const manual = view ? workflowManual(view) : undefined;
    return view && manual ? { view, manual } : null;
  }

  /** Users holding a level on a resource for this document (its project's, or its company's), with their names. */
  async holdersOf(document: DocumentScope, resource: string, level: number): Promise<{ userId: string; name: string | null }[]> {
    const projectId = await this.ownProject(document.companyId, document);
    return projectId === null ? companyHolders(this.db, document.companyId, resource, level) : projectHolders(this.db, projectId, resource, level);
  }

  private async ownProject(companyId: string, document: DocumentScope): Promise<string | null> {
    const projectId = document.fields.projectId;
    if (projectId === null || document.companyId !== companyId) return null;
    return (await projectCompany(this.db, projectId)) === companyId ? projectId : null;
  }
}
