// Notifications of a tender's award (tendering context, `TenderAwarded`): every member of each seller that
// quoted and was not chosen is told the tender was awarded to another, landing on its received tenders
// (§2.6 `Tenders`). Nothing of any quotation is carried: not the winner's name, not a rate or a total
// (Procore and Ariba tell unsuccessful bidders the outcome, not the figures). The chosen seller hears of its
// letter of award when the buyer's approval round sends it (the documents' counterparty notice).
import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '@binaan/event-store';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

type Awarded = { tenderId: string; buyerCompanyId: string; unsuccessfulSellerIds: string[]; tenderDocumentNo?: string };

@Injectable()
export class TenderAwardNotices {
  constructor(private readonly recipients: Recipients) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type !== 'TenderAwarded') return [];
    const data = stored.data as unknown as Awarded;
    const companies = await this.recipients.companies([data.buyerCompanyId, ...data.unsuccessfulSellerIds]);
    const planned: PlannedNotification[] = [];
    for (const seller of data.unsuccessfulSellerIds) {
      const fields = eventData({
        resource: 'tender',
        status: 'unsuccessful',
        workflow_event: 'Award',
        tender_id: data.tenderId,
        document_no: data.tenderDocumentNo ?? null,
        tender_no: data.tenderDocumentNo ?? null,
        company_name: companies.get(data.buyerCompanyId)?.name ?? null,
        recipient_company_id: seller,
        recipient_company_name: companies.get(seller)?.name ?? null,
      });
      for (const member of await this.recipients.members(seller))
        planned.push({ userId: member.userId, module: 'tender', src: 'received', srcId: data.tenderId, eventData: fields });
    }
    return planned;
  }
}
