// The award (spec §4.10 "draft PO / WO / LOA / RO"): the buyer picks a seller that quoted; the
// tender machine's Draft_Contract records the step on the tender (comparison -> draftContract, its actor
// and authority checked by the machine); a letter of award to the seller and a draft purchase, work or
// rental order are made from the quotation's rates and the tender's items, each with the tender as its
// source (`sourceDocumentId`), through the documents context's own create (its checks, numbers and
// approval rounds); `TenderAwarded` records the choice and tells the unsuccessful sellers (notifications).
import { refusal } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DocumentActionReply } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { ActOnDocument, CreateDocument, type DocumentWritten } from '../../documents/document.commands.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { loadBidders, loadBuyerTender } from '../comparison/comparison.service.js';
import { AWARDABLE, awardLines, chosenBidder, parseAward } from './award.decider.js';
import { awardStream, AWARD_STREAM_TYPE, type TenderAwarded } from './award.events.js';

@Injectable()
export class AwardService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly commands: CommandBus,
  ) {}

  async award(principal: Principal, tenderId: string, body: unknown) {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    const request = parseAward(body);
    const events = await this.store.readStream(awardStream(tender.id));
    // A draftContract with no award recorded for it is an award that stopped half-way (a document
    // refused after Draft_Contract): it may be finished, with this or another seller.
    const resumed =
      tender.status === 'draftContract' &&
      !events.some((event) => (event.data as unknown as TenderAwarded).contractRevision === tender.revision);
    if (!AWARDABLE.has(tender.status) && !resumed)
      throw refusal(409, 'tenderNotInComparison', `A tender is awarded from comparison (it is ${tender.status}).`);
    const { bidders } = await loadBidders(this.store, this.db, tender.id);
    const bidder = chosenBidder(bidders, request.sellerCompanyId, tender.items);
    let contractRevision = tender.revision;
    if (!resumed) {
      const drafted = await this.commands.execute<ActOnDocument, DocumentActionReply>(
        new ActOnDocument('tender', tender.id, 'Draft_Contract', principal, {}, String(tender.revision), undefined),
      );
      contractRevision = drafted.revision;
    }
    const documentBody = (title: string) => ({
      title: `${title}: ${tender.title}`.slice(0, 200),
      description: `${tender.documentNo}`,
      counterpartyCompanyId: bidder.sellerCompanyId,
      ...(tender.projectId ? { projectId: tender.projectId } : {}),
      sourceDocumentId: tender.id,
      items: awardLines(tender.items, bidder),
    });
    const letter = await this.commands.execute<CreateDocument, DocumentWritten>(
      new CreateDocument('letterOfAward', principal, documentBody('Letter of award')),
    );
    const order = await this.commands.execute<CreateDocument, DocumentWritten>(
      new CreateDocument(request.orderKind, principal, documentBody('Award')),
    );
    const data: TenderAwarded = {
      tenderId: tender.id,
      tenderDocumentNo: tender.documentNo,
      buyerCompanyId: tender.companyId,
      sellerCompanyId: bidder.sellerCompanyId,
      quotationRevision: bidder.quotation.revision,
      orderKind: request.orderKind,
      letterOfAwardId: letter.state.id,
      orderId: order.state.id,
      contractRevision,
      unsuccessfulSellerIds: bidders.filter((b) => b.sellerCompanyId !== bidder.sellerCompanyId).map((b) => b.sellerCompanyId),
      by: principal.userId,
    };
    await this.store.append({
      streamId: awardStream(tender.id),
      streamType: AWARD_STREAM_TYPE,
      expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
      events: [{ type: 'TenderAwarded', data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
    });
    return {
      success: true as const,
      tenderId: tender.id,
      status: 'draftContract',
      sellerCompanyId: bidder.sellerCompanyId,
      total: letter.state.fields.totals.total,
      letterOfAward: { id: letter.state.id, documentNo: letter.state.documentNo, status: letter.state.workflow.status },
      order: { resource: request.orderKind, id: order.state.id, documentNo: order.state.documentNo, status: order.state.workflow.status },
      unsuccessful: data.unsuccessfulSellerIds,
    };
  }

  /** The tender's awards, newest last: who was chosen, which documents were made, who was told (no figures). */
  async awards(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    const events = await this.store.readStream(awardStream(tender.id));
    return {
      success: true as const,
      tenderId: tender.id,
      status: tender.status,
      data: events.map((event) => ({
        revision: event.revision,
        at: event.metadata.recordedAt,
        actorUserId: event.metadata.actorUserId ?? null,
        ...(event.data as unknown as TenderAwarded),
      })),
    };
  }
}
