// Notifications from the business network (business-network context), to the other company's members who
// hold a business-network right, never to the acting company:
// - an invitation received (the mirror Receive_Invite): `requestReceivedPartner` (their requests received);
// - an invitation accepted, declined, or an invitation or partnership cancelled by the other company (the
//   mirror Confirm or Reject_By_System): the inviter gets `requestReceivedPartner2` (its requests sent, where
//   the answer shows), the invitee `requestReceivedPartner`;
// - a message, when it is the first the member has not read in the conversation: `conversation` with the
//   conversation id (`/business-network/conversations?viewid=`). Later messages of the same unread burst
//   raise no more bells; every message is pushed live on the user channel (user-channel.ts) all the same.
// The message's text never goes into a notification: it is the author's personal data.
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import type { CompanyRelationChangedData, ConversationMessagePostedData } from '../business-network/business-network.events.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

const RIGHTS = ['businessNetwork.view', 'businessNetwork.update'] as const;

@Injectable()
export class BusinessNetworkNotices {
  constructor(
    private readonly recipients: Recipients,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type === 'CompanyRelationChanged') return this.relation(stored);
    if (stored.type === 'ConversationMessagePosted') return this.message(stored);
    return [];
  }

  private async told(companyId: string): Promise<string[]> {
    const told: string[] = [];
    for (const member of await this.recipients.members(companyId))
      if (await this.recipients.holdsAny(member.userId, companyId, [...RIGHTS])) told.push(member.userId);
    return told;
  }

  private async relation(stored: StoredEvent): Promise<PlannedNotification[]> {
    const d = stored.data as unknown as CompanyRelationChangedData;
    const event = String(d.change.workflowEvent);
    if (event !== 'Receive_Invite' && event !== 'Confirm' && event !== 'Reject_By_System') return [];
    const src = event === 'Receive_Invite' || d.side === 'invitee' ? 'requestReceivedPartner' : 'requestReceivedPartner2';
    const companies = await this.recipients.companies([d.companyId, d.otherCompanyId]);
    const data = eventData({
      company_name: companies.get(d.otherCompanyId)?.name ?? null,
      counterparty_company_name: companies.get(d.otherCompanyId)?.name ?? null,
      recipient_company_id: d.companyId,
      recipient_company_name: companies.get(d.companyId)?.name ?? null,
      status: d.change.statusAfter,
      workflow_event: event,
      remark: d.change.remark ?? null,
      actor_user_id: stored.metadata.actorUserId ?? null,
    });
    return (await this.told(d.companyId)).map((userId) => ({
      userId,
      module: 'businessNetwork',
      src,
      srcId: d.otherCompanyId,
      eventData: data,
    }));
  }

  private async message(stored: StoredEvent): Promise<PlannedNotification[]> {
    const d = stored.data as unknown as ConversationMessagePostedData;
    const companies = await this.recipients.companies([d.companyId, d.otherCompanyId]);
    const data = eventData({
      company_name: companies.get(d.companyId)?.name ?? null,
      counterparty_company_name: companies.get(d.companyId)?.name ?? null,
      recipient_company_id: d.otherCompanyId,
      recipient_company_name: companies.get(d.otherCompanyId)?.name ?? null,
      actor_user_id: d.authorUserId,
    });
    const planned: PlannedNotification[] = [];
    for (const userId of await this.told(d.otherCompanyId)) {
      // An earlier message of the other company this member has not read: the bell for it stands already.
      const [earlier] = await this.db.query<{ one: number }>(
        `SELECT 1 AS one FROM conversation_messages m WHERE m.conversation_id = $1 AND m.company_id = $2 AND m.position < $3
           AND m.position > COALESCE((SELECT position FROM conversation_reads WHERE user_id = $4 AND conversation_id = $1), 0)
         LIMIT 1`,
        [d.conversationId, d.companyId, stored.globalPosition, userId],
      );
      if (!earlier) planned.push({ userId, module: 'businessNetwork', src: 'conversation', srcId: d.conversationId, eventData: data });
    }
    return planned;
  }
}
