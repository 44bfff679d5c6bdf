// Notifications from the tendering context (spec §2.6 targets `Tenders`): an invited seller's
// users are told of the invitation (landing on the received tender); the buyer's tender users are told that
// a seller quoted or revised, with the seller's name and never a figure. Bids are sealed until the close,
// so nothing read here carries a rate, an amount or a total: the quotation event's data is not even read,
// only which stream it came from (tender and seller) and its type.
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import { documentStreamId, foldDocument, type DocumentState } from '../documents/document.state.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { INVITATIONS_STREAM_TYPE, QUOTATION_STREAM_TYPE, type TenderSellerInvited } from '../tendering/tendering.events.js';
import { DocumentCategories } from './notice-rules.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

/** The buyer's users told of a quotation: those who may view tenders in the buyer's company. */
const BUYER_RIGHT = 'tenderManagement.view' as const;

@Injectable()
export class TenderingNotices {
  constructor(
    private readonly recipients: Recipients,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.streamType === INVITATIONS_STREAM_TYPE && stored.type === 'TenderSellerInvited') return this.invited(stored);
    if (stored.streamType === QUOTATION_STREAM_TYPE && (stored.type === 'QuotationSubmitted' || stored.type === 'QuotationRevised'))
      return this.quoted(stored);
    return [];
  }

  /** Every active user of the invited seller (any of them may quote), landing on the received tender. */
  private async invited(stored: StoredEvent): Promise<PlannedNotification[]> {
    const { tenderId, sellerCompanyId, buyerCompanyId, invitationId } = stored.data as unknown as TenderSellerInvited;
    const tender = await this.tender(tenderId);
    if (!tender) return [];
    const members = await this.recipients.members(sellerCompanyId);
    const data = await this.common(stored, tender, buyerCompanyId, sellerCompanyId, sellerCompanyId, invitationId);
    return members
      .filter((m) => m.userId !== stored.metadata.actorUserId)
      .map((m) => ({ userId: m.userId, module: 'tender', src: 'received', srcId: tenderId, eventData: data }));
  }

  /** The buyer's users with the tender view right: who quoted (the seller's name) and nothing of what. */
  private async quoted(stored: StoredEvent): Promise<PlannedNotification[]> {
    // The stream names tender and seller (`tenderQuotation-<tenderId>-<sellerCompanyId>`, both without a '-'
    // beyond the uuid's own): read from the stream id, so no field of the sealed data is touched.
    const rest = stored.streamId.slice(QUOTATION_STREAM_TYPE.length + 1);
    const tenderId = rest.slice(0, 36);
    const sellerCompanyId = rest.slice(37);
    const tender = await this.tender(tenderId);
    if (!tender) return [];
    const buyer = tender.companyId;
    const data = await this.common(stored, tender, buyer, sellerCompanyId, buyer, null);
    const told: PlannedNotification[] = [];
    for (const member of await this.recipients.members(buyer)) {
      if (member.userId === stored.metadata.actorUserId) continue;
      if (!(await this.recipients.holdsAny(member.userId, buyer, [BUYER_RIGHT]))) continue;
      told.push({ userId: member.userId, module: 'tender', src: 'invitation', srcId: tenderId, eventData: data });
    }
    return told;
  }

  private async tender(tenderId: string): Promise<DocumentState | null> {
    try {
      const state = foldDocument(await this.store.readStream(documentStreamId('tender', tenderId)));
      return state && state.resource === 'tender' ? state : null;
    } catch {
      return null;
    }
  }

  private async common(
    stored: StoredEvent,
    tender: DocumentState,
    buyer: string,
    seller: string,
    recipient: string,
    invitationId: string | null,
  ) {
    const companies = await this.recipients.companies([buyer, seller]);
    return eventData({
      document_no: tender.documentNo,
      doc_description: tender.fields.title,
      project_id: tender.fields.projectId,
      project_type: await this.recipients.projectType(tender.fields.projectId),
      company_name: companies.get(buyer)?.name ?? null,
      counterparty_company_name: companies.get(seller)?.name ?? null,
      recipient_company_id: recipient,
      recipient_company_name: companies.get(recipient)?.name ?? null,
      category: DocumentCategories.tender,
      resource: 'tender',
      status: tender.workflow.status,
      workflow_event: stored.type,
      actor_user_id: stored.metadata.actorUserId ?? null,
      vendor_name: companies.get(seller)?.name ?? null,
      tender_no: tender.documentNo,
      tender_id: tender.id,
      tender_invitation_id: invitationId,
    });
  }
}
