// Notifications of the tender exchange (spec §2.6 "Tender queries", "Tender addendum"):
// - a seller's question: the buyer's members who may see tenders (`tenderQuery` / new: /tenderQuery/{p}/all);
// - the buyer's answer: every invited seller's members (`receivedTenderQuery` / new), without the asker;
//   both with the tender as src id (the §2.6 targets name no question; the board is the tender's);
// - an addendum (a DocumentEdited on the tender that carries `addendum`): every invited seller's members
//   (`tenderAddendum` / new, src id the addendum, `<tenderId>:<number>`: ?viewaddendumid= names both).
// None carries a question, an answer or a figure: the tender's number and title, the buyer's name, the project.
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

type Tender = { id: string; document_no: string; title: string | null; company_id: string; project_id: string | null };

@Injectable()
export class TenderExchangeNotices {
  constructor(
    private readonly recipients: Recipients,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    const data = stored.data as { tenderId?: string; queryId?: string; addendum?: { addendumId: string } };
    if (stored.streamType === 'tenderQueries' && stored.type === 'TenderQueryAsked' && data.tenderId && data.queryId) {
      const tender = await this.tender(data.tenderId);
      if (!tender) return [];
      const members = await this.recipients.members(tender.company_id);
      const told: PlannedNotification[] = [];
      for (const member of members) {
        if (
          member.userType !== 1 ||
          !(await this.recipients.holdsAny(member.userId, tender.company_id, [
            'tenderManagement.view',
            'tenderManagement.update',
            'tenderManagement.approve',
          ]))
        )
          continue;
        told.push({
          userId: member.userId,
          module: 'tenderQuery',
          src: 'new',
          srcId: tender.id,
          eventData: await this.data(tender, tender.company_id),
        });
      }
      return told;
    }
    if (stored.streamType === 'tenderQueries' && stored.type === 'TenderQueryAnswered' && data.tenderId && data.queryId) {
      return this.toInvitees(data.tenderId, 'receivedTenderQuery', data.tenderId, stored.metadata.actorUserId ?? null);
    }
    if (stored.streamType === 'tender' && stored.type === 'DocumentEdited' && data.addendum) {
      return this.toInvitees(
        stored.streamId.slice('tender-'.length),
        'tenderAddendum',
        data.addendum.addendumId,
        stored.metadata.actorUserId ?? null,
      );
    }
    return [];
  }

  private async toInvitees(tenderId: string, module: string, srcId: string, actor: string | null): Promise<PlannedNotification[]> {
    const tender = await this.tender(tenderId);
    if (!tender) return [];
    const sellers = await this.db.query<{ seller_company_id: string }>(
      'SELECT seller_company_id FROM tender_invitations WHERE tender_id = $1 ORDER BY seller_company_id',
      [tenderId],
    );
    const told: PlannedNotification[] = [];
    for (const { seller_company_id: seller } of sellers) {
      const eventData = await this.data(tender, seller);
      for (const member of await this.recipients.members(seller)) {
        if (member.userType === 1 && member.userId !== actor) told.push({ userId: member.userId, module, src: 'new', srcId, eventData });
      }
    }
    return told;
  }

  private async tender(id: string): Promise<Tender | null> {
    const [row] = await this.db.query<Tender>(
      "SELECT id, document_no, title, company_id, project_id FROM documents WHERE id = $1 AND resource = 'tender'",
      [id],
    );
    return row ?? null;
  }

  private async data(tender: Tender, recipientCompany: string) {
    const companies = await this.recipients.companies([tender.company_id, recipientCompany]);
    return eventData({
      document_no: tender.document_no,
      tender_no: tender.document_no,
      tender_id: tender.id,
      project_id: tender.project_id,
      resource: 'tender',
      doc_description: tender.title,
      company_name: companies.get(tender.company_id)?.name ?? null,
      recipient_company_id: recipientCompany,
      recipient_company_name: companies.get(recipientCompany)?.name ?? null,
    });
  }
}
