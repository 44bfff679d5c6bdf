// The notifications a document's status change (WorkflowStatusChanged) gives, one per user at most:
// - the next approvers: the approval route of the document view (documents context) names who may act
//   next; each must also hold the module's approve right in the owner company;
// - the counterparty company's users the machine offers an answer now (Confirm, Accept, Certify, a
//   rejection), with the module right for it; and the owner's users who may Confirm (stock) outside a round;
// - the creator, when someone else moved the document to a status they should know about.
// The document is folded as it stood at that event, so an event handled late still names the right round.
// The documents context's DocumentActors and DocumentQueries are taken from its module (ModuleRef).
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { isDocumentResource, type DocumentResource, type WorkflowStatusChanged } from '@binaan/contracts';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import { availableActions, nextMissingLevel } from '@binaan/workflows';
import type { Principal } from '../common/principal.js';
import { actionRights, DocumentModules } from '../documents/document-access.js';
import { DocumentActors } from '../documents/document-actor.js';
import { DocumentQueries } from '../documents/document-queries.service.js';
import { foldDocument, foldOnto, type DocumentState } from '../documents/document.state.js';
import { Lru } from '../common/lru.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { approverNotice, counterpartyNotice, creatorNotice, DocumentCategories, loaWoType, type Notice } from './notice-rules.js';
import { Recipients, type Member } from './recipients.js';

type Planned = { userId: string; companyId: string; notice: Notice };

/** Documents kept as of the last event handled, by stream. */
const RECENT_DOCUMENTS = 5_000;

@Injectable()
export class DocumentNotices {
  private readonly recent = new Lru<string, DocumentState>(RECENT_DOCUMENTS);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly modules: ModuleRef,
    private readonly recipients: Recipients,
  ) {}

  // The documents context's own instances (its module builds them with whatever they need): the route and
  // the machine offers come from there, never from a copy of their rules.
  private get actors(): DocumentActors {
    return this.modules.get(DocumentActors, { strict: false });
  }

  private get queries(): DocumentQueries {
    return this.modules.get(DocumentQueries, { strict: false });
  }

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    const resource = stored.streamType;
    if (stored.type !== 'WorkflowStatusChanged' || !isDocumentResource(resource)) return [];
    const change = stored.data as unknown as WorkflowStatusChanged;
    const state = await this.stateAt(stored);
    if (!state) return [];
    const planned = new Map<string, Planned>();
    const add = (userId: string | null, companyId: string, notice: Notice | null) => {
      if (!userId || !notice || userId === change.actor.userId || planned.has(userId)) return;
      planned.set(userId, { userId, companyId, notice });
    };
    const { approval } = state.workflow.context;
    const status = state.workflow.status;
    const module = DocumentModules[resource];
    if (approval.open && (change.requiredLevels !== null || change.approvalLevel !== null)) {
      const notice = approverNotice(resource, status);
      if (notice) {
        // The owner's route (what toView gives the system actor), without the rest of a view.
        const route = await this.queries.route(state);
        for (const next of route.mayActNext) {
          if (await this.recipients.holdsAny(next.userId, state.companyId, actionRights(module, 'Approve')))
            add(next.userId, state.companyId, notice);
        }
      }
    }
    if (change.statusBefore !== change.statusAfter) {
      const counterpartyId = state.fields.counterpartyCompanyId;
      const answer = counterpartyNotice(resource, status);
      if (answer && counterpartyId && state.sharedWithCounterparty) {
        for (const member of await this.recipients.members(counterpartyId)) {
          if (await this.mayAct(member, counterpartyId, state, (event) => event !== 'View')) add(member.userId, counterpartyId, answer);
        }
      }
      const own = approval.open ? null : approverNotice(resource, status);
      if (own) {
        for (const member of await this.recipients.members(state.companyId)) {
          if (await this.mayAct(member, state.companyId, state, (event) => event === 'Confirm' || event === 'Approve'))
            add(member.userId, state.companyId, own);
        }
      }
      if (change.workflowEvent !== 'Create') {
        const context = state.workflow.context;
        add(
          context.createdByUserId,
          state.companyId,
          creatorNotice(resource, status, change.workflowEvent, context.createdBySeller === true),
        );
      }
    }
    if (planned.size === 0) return [];
    return this.describe(stored, resource, change, state, [...planned.values()]);
  }

  /**
   * The document as it stood at this event. The reactor reads the log in order, so the document at the
   * revision before is usually at hand (kept from the event before): this event is folded onto it instead
   * of the stream being read again up to here (which made a busy document's every event cost a read of
   * its whole stream). Anything else (first sight, a gap) reads the stream.
   */
  private async stateAt(stored: StoredEvent): Promise<DocumentState | null> {
    const before = this.recent.get(stored.streamId);
    const follows = before !== undefined && before.revision === stored.revision - 1;
    // Read outside the fold's try: a store that cannot answer now (StoreUnavailable) fails the page, which
    // the subscription hands again once the store is back, instead of passing as "no notifications".
    const events = follows ? null : await this.store.readStream(stored.streamId, { toRevision: stored.revision });
    try {
      const state = follows ? foldOnto(before, [stored]) : foldDocument(events!);
      if (state) this.recent.set(stored.streamId, state);
      else this.recent.delete(stored.streamId);
      return state;
    } catch {
      // A stream that no longer folds (the audit verifier names it) gives no notifications.
      this.recent.delete(stored.streamId);
      return null;
    }
  }

  /** Whether the machine offers this member a matching event on the document now, with the module right for it. */
  private async mayAct(member: Member, companyId: string, state: DocumentState, wanted: (event: string) => boolean): Promise<boolean> {
    const principal: Principal = {
      userId: member.userId,
      sessionId: 'notifications',
      email: '',
      userType: member.userType,
      companyId,
      accessRights: '',
      readOnly: true,
      restriction: null,
    };
    const actor = await this.actors.forDocument(await this.actors.actorFor(principal), state);
    const events = availableActions(state.resource, state.workflow, actor)
      .map((action) => action.event)
      .filter(wanted);
    const module = DocumentModules[state.resource];
    for (const event of events) if (await this.recipients.holdsAny(member.userId, companyId, actionRights(module, event))) return true;
    return false;
  }

  private async describe(
    stored: StoredEvent,
    resource: DocumentResource,
    change: WorkflowStatusChanged,
    state: DocumentState,
    planned: Planned[],
  ): Promise<PlannedNotification[]> {
    const context = state.workflow.context;
    const counterpartyId = state.fields.counterpartyCompanyId;
    const companies = await this.recipients.companies([state.companyId, counterpartyId, ...planned.map((p) => p.companyId)]);
    const sellerId =
      context.createdBySeller === true || ['invoice', 'progressiveClaim', 'milestoneClaim'].includes(resource)
        ? state.companyId
        : counterpartyId;
    const common = {
      document_no: state.documentNo,
      // Names are not copied into the notification: the feed fills them in from the ids when read.
      created_by: null,
      created_by_user_id: context.createdByUserId ?? null,
      project_id: state.fields.projectId,
      project_type: await this.recipients.projectType(state.fields.projectId),
      company_name: companies.get(state.companyId)?.name ?? null,
      counterparty_company_name: counterpartyId ? (companies.get(counterpartyId)?.name ?? null) : null,
      vendor_document_no: state.fields.vendorDocumentNo ?? null,
      created_by_seller: context.createdBySeller,
      loa_wo_type: loaWoType(resource),
      category: DocumentCategories[resource],
      doc_description: state.fields.title,
      resource,
      status: state.workflow.status,
      workflow_event: change.workflowEvent,
      awaiting_level: context.approval.open ? nextMissingLevel(context.approval) : null,
      actor_name: null,
      actor_user_id: change.actor.userId ?? null,
      remark: change.remark,
      vendor_name: sellerId ? (companies.get(sellerId)?.name ?? null) : null,
      tender_no: resource === 'tender' ? state.documentNo : null,
      tender_id: resource === 'tender' ? state.id : null,
    };
    return planned.map((p) => ({
      userId: p.userId,
      module: p.notice.module,
      src: p.notice.src,
      srcId: state.id,
      eventData: eventData({
        ...common,
        recipient_company_id: p.companyId,
        recipient_company_name: companies.get(p.companyId)?.name ?? null,
      }),
    }));
  }
}
