// The notifications of a project's plans, one per user at most, never the user who acted:
// - a BQ, ongoing budget or progress plan whose approval round opens or fills a level: the owner company's
//   members to whom the machine now offers Approve (their company and project levels together, as the BQ's
//   own actor is built) and who may see projects;
// - the same decided (approved / active or rejected) by someone else: its maker, the user who opened the round;
// - a BQ scan the OCR has read (rows to review) or failed to read: its uploader; imported or discarded by
//   someone else: its uploader too.
// The plan's workflow is folded from its stream as it stood at that event, so a late event names the right round.
import { Inject, Injectable } from '@nestjs/common';
import type { AccessRight, WorkflowResource, WorkflowStatusChanged } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { availableActions, foldStatusEvents, nextMissingLevel, type Actor, type WorkflowState } from '@binaan/workflows';
import { companyLevels } from '../authority/authority-reads.js';
import { READ_MODELS } from '../common/principal.js';
import { mergeLevels, projectLevels } from '../projects/project-reads.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import type { Notice } from './notice-rules.js';
import {
  isPlanResource,
  planApproverNotice,
  planMakerNotice,
  SCAN_OCR_EVENTS,
  scanNotice,
  type PlanResource,
} from './plan-notice-rules.js';
import { Recipients } from './recipients.js';

/** Reading a project's plans (BQ access: project.view or project.viewAll): without it the link opens nothing. */
const VIEW_RIGHTS: AccessRight[] = ['project.view', 'project.viewAll'];
type Planned = { userId: string; notice: Notice };
type Project = { name: string; code: string; projectType: number };

@Injectable()
export class PlanNotices {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly recipients: Recipients,
  ) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type === 'WorkflowStatusChanged' && isPlanResource(stored.streamType)) return this.planStatus(stored, stored.streamType);
    if (stored.streamType === 'bqScan' && scanNotice(stored.type)) return this.planScan(stored);
    return [];
  }

  private async planStatus(stored: StoredEvent, resource: PlanResource): Promise<PlannedNotification[]> {
    const change = stored.data as unknown as WorkflowStatusChanged;
    // Read outside any catch: a store that cannot answer fails the page, which the subscription hands again.
    const events = await this.store.readStream(stored.streamId, { toRevision: stored.revision });
    const started = events[0]?.data as { projectId?: string; companyId?: string } | undefined;
    const statusEvents = events.filter((e) => e.type === 'WorkflowStatusChanged').map((e) => e.data as unknown as WorkflowStatusChanged);
    let workflow: WorkflowState | null;
    try {
      workflow = foldStatusEvents(statusEvents);
    } catch {
      return []; // a stream that no longer folds gives no notifications (the audit verifier names it)
    }
    if (!workflow || !started?.projectId || !started.companyId) return [];
    const { projectId, companyId } = started as { projectId: string; companyId: string };
    const planned = new Map<string, Planned>();
    const add = (userId: string | null | undefined, notice: Notice | null) => {
      if (!userId || !notice || userId === change.actor.userId || planned.has(userId)) return;
      planned.set(userId, { userId, notice });
    };
    const approval = workflow.context.approval;
    if (approval.open && (change.requiredLevels !== null || change.approvalLevel !== null)) {
      const notice = planApproverNotice(resource, workflow.status);
      if (notice) {
        for (const member of await this.recipients.members(companyId)) {
          if (await this.mayApprove(member.userId, member.userType, companyId, projectId, resource, workflow)) add(member.userId, notice);
        }
      }
    }
    if (change.statusBefore !== change.statusAfter && change.workflowEvent !== 'Create') {
      // The maker: whoever opened the round now decided (Request_Approve, Resubmit, Reopen, or the plan's Create).
      const opener = [...statusEvents].reverse().find((e) => e.requiredLevels !== null && e !== change);
      add(opener?.actor.userId ?? workflow.context.createdByUserId, planMakerNotice(resource, workflow.status));
    }
    if (planned.size === 0) return [];
    const fields = {
      resource,
      status: workflow.status,
      workflow_event: change.workflowEvent,
      remark: change.remark,
      awaiting_level: approval.open ? nextMissingLevel(approval) : null,
      actor_user_id: change.actor.userId,
      created_by_user_id: workflow.context.createdByUserId ?? null,
    };
    return this.describe(projectId, companyId, [...planned.values()], fields);
  }

  private async planScan(stored: StoredEvent): Promise<PlannedNotification[]> {
    const byOcr = SCAN_OCR_EVENTS.includes(stored.type);
    const actor = stored.metadata.actorUserId ?? null;
    const [first] = await this.store.readStream(stored.streamId, { toRevision: 0 });
    const uploader = first?.metadata.actorUserId ?? null;
    const scan = first?.data as { projectId?: string; companyId?: string; fileName?: string } | undefined;
    if (!uploader || !scan?.projectId || !scan.companyId || (!byOcr && uploader === actor)) return [];
    const notice = scanNotice(stored.type)!;
    return this.describe(
      scan.projectId,
      scan.companyId,
      [{ userId: uploader, notice }],
      {
        resource: null,
        status: notice.src,
        doc_description: scan.fileName ?? null,
        actor_user_id: byOcr ? null : actor,
      },
      stored.streamId.replace(/^bq-scan-/, ''),
    );
  }

  /** Whether the machine offers this member Approve now, with a right to see the project's plans. */
  private async mayApprove(
    userId: string,
    userType: 1 | 2,
    companyId: string,
    projectId: string,
    resource: WorkflowResource,
    workflow: WorkflowState,
  ): Promise<boolean> {
    if (!(await this.recipients.holdsAny(userId, companyId, VIEW_RIGHTS))) return false;
    const [company, project] = await Promise.all([companyLevels(this.db, companyId, userId), projectLevels(this.db, projectId, userId)]);
    const actor: Actor = {
      userId,
      companyId,
      kind: userType === 2 ? 'admin' : 'user',
      authorities: { company, project: mergeLevels(company, project) },
    };
    return availableActions(resource, workflow, actor).some((action) => action.event === 'Approve');
  }

  private async describe(
    projectId: string,
    companyId: string,
    planned: Planned[],
    fields: Record<string, unknown>,
    srcId = projectId,
  ): Promise<PlannedNotification[]> {
    const [project] = await this.db.query<Project>('SELECT name, code, project_type AS "projectType" FROM projects WHERE project_id = $1', [
      projectId,
    ]);
    const company = (await this.recipients.companies([companyId])).get(companyId)?.name ?? null;
    // A plan has no document number: the project's code and name stand for it in the bell.
    const common = {
      document_no: project?.code ?? null,
      doc_description: project?.name ?? null,
      project_id: projectId,
      project_type: project?.projectType ?? null,
      company_name: company,
      ...fields,
    };
    return planned.map((p) => ({
      userId: p.userId,
      module: p.notice.module,
      src: p.notice.src,
      srcId,
      eventData: eventData({ ...common, recipient_company_id: companyId, recipient_company_name: company }),
    }));
  }
}
