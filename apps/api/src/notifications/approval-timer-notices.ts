// The approval timers' notices (approval-timers context): `ApprovalReminderSent` tells the awaited approvers of
// an overdue level (the route's `mayActNext`: the same people the round's request went to; not those the
// level was escalated to, who are told by the escalation), `ApprovalEscalated` tells the people the level
// was opened to. Each must hold the
// module's approve right in the owner company (the link opens the kind's pending-approval page, as the request
// did); nobody is told about a level that no longer waits when the event is handled. The notice reads as its
// event (`workflow_event`), with the level and when it was due.
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import type { ApprovalEscalatedData, ApprovalReminderSentData } from '../approval-timers/approval-timer.events.js';
import { readTimedDocument, stillWaits } from '../approval-timers/escalate-document.js';
import { actionRights, DocumentModules } from '../documents/document-access.js';
import { DocumentQueries } from '../documents/document-queries.service.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { approverNotice, DocumentCategories } from './notice-rules.js';
import { Recipients } from './recipients.js';

@Injectable()
export class ApprovalTimerNotices {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly modules: ModuleRef,
    private readonly recipients: Recipients,
  ) {}

  private get queries(): DocumentQueries {
    return this.modules.get(DocumentQueries, { strict: false });
  }

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type !== 'ApprovalReminderSent' && stored.type !== 'ApprovalEscalated') return [];
    const data = stored.data as unknown as ApprovalReminderSentData | ApprovalEscalatedData;
    const document = await readTimedDocument(this.store, data.resource, data.documentId);
    if (!document || !stillWaits(document, data.roundRevision, data.level)) return [];
    const { state } = document;
    const notice = approverNotice(state.resource, state.workflow.status);
    if (!notice) return [];
    const candidates =
      stored.type === 'ApprovalEscalated'
        ? (data as ApprovalEscalatedData).toUserIds
        : (await this.queries.route(state)).mayActNext.filter((person) => !person.escalated).map((person) => person.userId);
    const rights = actionRights(DocumentModules[state.resource], 'Approve');
    const userIds: string[] = [];
    for (const userId of new Set(candidates)) if (await this.recipients.holdsAny(userId, state.companyId, rights)) userIds.push(userId);
    if (userIds.length === 0) return [];
    const companies = await this.recipients.companies([state.companyId]);
    const company = companies.get(state.companyId)?.name ?? null;
    const fields = eventData({
      document_no: state.documentNo,
      created_by_user_id: state.workflow.context.createdByUserId ?? null,
      project_id: state.fields.projectId,
      project_type: await this.recipients.projectType(state.fields.projectId),
      company_name: company,
      category: DocumentCategories[state.resource],
      doc_description: state.fields.title,
      resource: state.resource,
      status: state.workflow.status,
      workflow_event: stored.type,
      awaiting_level: data.level,
      due_at: data.dueAt,
      recipient_company_id: state.companyId,
      recipient_company_name: company,
      tender_no: state.resource === 'tender' ? state.documentNo : null,
      tender_id: state.resource === 'tender' ? state.id : null,
    });
    return userIds.map((userId) => ({ userId, module: notice.module, src: notice.src, srcId: state.id, eventData: fields }));
  }
}
