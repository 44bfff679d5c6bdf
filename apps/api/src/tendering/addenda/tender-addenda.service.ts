// Addenda and the re-confirmation of quotations. The buyer (level 10 on tender) issues an addendum while the
// tender is active and before its close time; it is appended to the tender's stream with the revision the
// buyer read (If-Match, or the one just folded). Quotations given against an earlier revision than the last
// addendum are "to be confirmed": the seller confirms them (the same rates on the lines as they now are:
// `QuotationConfirmed`) or revises them (PUT quotation) before the close; after the close the buyer sees
// which were never confirmed. Nothing here reads or shows a rate to the buyer (sealed).
import { refusal } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type StoredEvent } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, type Clock, type Principal } from '../../common/principal.js';
import { applyEdit, parseFieldChanges } from '../../documents/document-fields.js';
import { documentStreamId, foldDocument, type DocumentState } from '../../documents/document.state.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { foldQuotation, mustTakeBids, parseQuotation } from '../tendering.decider.js';
import { quotationStream, QUOTATION_STREAM_TYPE, type QuotationData } from '../tendering.events.js';
import { TenderingService, type Tender } from '../tendering.service.js';
import {
  addendaOf,
  applyLineChanges,
  lastAddendumRevision,
  parseAddendum,
  sellerLine,
  type AddendumEdited,
  type AddendumSummary,
  type IssuedAddendum,
} from './tender-addendum.js';
import { isUuid } from '../../common/uuid.js';
import { iso } from '../../common/iso.js';

const BEFORE_OPEN = new Set(['new', 'pendingActivation', 'rejected']);
/** Spec §5.3: a tender closing within 30 minutes carries a warning (shown, not refused). */
const CLOSE_WARNING_MS = 30 * 60_000;

@Injectable()
export class TenderAddendaService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tendering: TenderingService,
  ) {}

  /** The buyer issues an addendum: `{ note, items?: { add?, change?, remove? }, openAt?, closeAt? }`; If-Match: the tender's revision. */
  async issue(principal: Principal, tenderId: string, body: unknown, ifMatch: string | undefined) {
    const companyId = companyOf(principal);
    const { state, events } = await this.read(tenderId);
    if (state.companyId !== companyId) throw notFound();
    await this.tendering.mustPropose(principal, facts(state));
    if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(state.revision)) {
      throw refusal(409, 'wrongExpectedRevision', `The tender is at revision ${state.revision}. Read it again.`);
    }
    const now = this.now();
    const request = parseAddendum(body);
    mustTakeBids(facts(state), now, 'addenda');
    if (BEFORE_OPEN.has(state.workflow.status))
      throw refusal(409, 'tenderNotActive', 'A tender is changed by editing it until it is active; addenda are for an active tender.');
    if (
      request.openAt !== undefined &&
      state.fields.openAt &&
      Date.parse(state.fields.openAt) <= now.getTime() &&
      Date.parse(request.openAt) !== Date.parse(state.fields.openAt)
    ) {
      throw refusal(409, 'tenderAlreadyOpen', 'The tender is open already: its open time can no longer change.', {
        fields: { openAt: ['tenderAlreadyOpen'] },
      });
    }
    const itemsChange = request.add.length + request.change.length + request.remove.length > 0;
    const lines = itemsChange ? applyLineChanges(state.fields.items, request) : null;
    const raw: Record<string, unknown> = {
      ...(lines ? { items: lines.raw } : {}),
      ...(request.openAt !== undefined ? { openAt: request.openAt } : {}),
      ...(request.closeAt !== undefined ? { closeAt: request.closeAt } : {}),
    };
    // The documents' parse and edit refusals (validationFailed, ...) answer as they are.
    const edit = applyEdit('tender', state.fields, parseFieldChanges(raw, false, 'tender'), now);
    // Only what an addendum may change (the items with their totals, the times) is recorded: a field the
    // documents' fold would normalise differently is no change the sellers are told of.
    const recorded: Record<string, unknown> = Object.fromEntries(
      Object.entries(edit.recorded).filter(([key]) => key in raw || (key === 'totals' && 'items' in raw && 'items' in edit.recorded)),
    );
    const next: DocumentState['fields'] = edit.fields;
    if (Object.keys(recorded).length === 0)
      throw refusal(422, 'addendumEmpty', 'An addendum changes the items or the times: this one changes nothing.');
    if (next.items.length === 0)
      throw refusal(422, 'itemRequired', 'A tender needs at least one item.', { fields: { items: ['itemRequired'] } });
    const summary: AddendumSummary = {
      addendumId: addendumIdOf(state.id, addendaOf(events).length + 1),
      number: addendaOf(events).length + 1,
      note: request.note,
      added: lines ? lines.origins.flatMap((origin, index) => (origin.kind === 'added' ? [sellerLine(next.items[index]!)] : [])) : [],
      changed: lines ? lines.origins.flatMap((origin, index) => (origin.kind === 'changed' ? [sellerLine(next.items[index]!)] : [])) : [],
      removed: [...request.remove].sort((a, b) => a - b),
      ...('openAt' in recorded ? { openAt: next.openAt ?? null } : {}),
      ...('closeAt' in recorded ? { closeAt: next.closeAt ?? null } : {}),
    };
    const data: AddendumEdited = { schemaVersion: 2, changes: recorded, editedBy: principal.userId, addendum: summary };
    let revision: number;
    try {
      const result = await this.store.append({
        streamId: documentStreamId('tender', state.id),
        streamType: 'tender',
        expectedRevision: state.revision,
        events: [{ type: 'DocumentEdited', data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      revision = result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The tender changed meanwhile. Read it again.');
      throw error;
    }
    const closesSoon = next.closeAt ? Date.parse(next.closeAt) - now.getTime() < CLOSE_WARNING_MS : false;
    return {
      success: true as const,
      tenderId: state.id,
      revision,
      addendumId: summary.addendumId,
      number: summary.number,
      warnings: closesSoon ? ['closesWithin30Minutes'] : [],
    };
  }

  /**
   * The addenda (buyer and invitees; lines without the buyer's rates). The seller also gets its quotation's
   * standing (to be confirmed or not); the buyer each invitee's: quoted, confirmed against the last addendum.
   */
  async list(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const tender = await this.tendering.visibleTender(tenderId, companyId);
    const events = await this.store.readStream(documentStreamId('tender', tender.id));
    const addenda = addendaOf(events);
    const last = lastAddendumRevision(addenda);
    const buyer = tender.companyId === companyId;
    const names = buyer ? await this.tendering.userNames(addenda.map((a) => a.issuedBy)) : new Map<string, string>();
    const data = addenda.map((a) => view(a, buyer ? (names.get(a.issuedBy) ?? null) : undefined));
    if (!buyer) {
      const quotation = foldQuotation(await this.store.readStream(quotationStream(tender.id, companyId)));
      return {
        success: true as const,
        tenderId: tender.id,
        closeAt: tender.closeAt,
        lastAddendumRevision: last,
        data,
        quotation:
          quotation === null
            ? null
            : {
                revision: quotation.revision,
                tenderRevision: quotation.data.tenderRevision,
                toConfirm: quotation.data.tenderRevision < last,
              },
      };
    }
    const rows = await this.tendering.invitations(principal, tender.id);
    const confirmations = [];
    for (const row of rows.data) {
      const quotation = row.quoted ? foldQuotation(await this.store.readStream(quotationStream(tender.id, row.sellerCompanyId))) : null;
      confirmations.push({
        sellerCompanyId: row.sellerCompanyId,
        sellerName: row.sellerName,
        quoted: quotation !== null,
        toConfirm: quotation !== null && quotation.data.tenderRevision < last,
      });
    }
    return {
      success: true as const,
      tenderId: tender.id,
      closeAt: tender.closeAt,
      status: tender.status,
      lastAddendumRevision: last,
      data,
      confirmations,
    };
  }

  /** The seller confirms its quotation after an addendum: its rates, on the tender's lines as they now are. */
  async confirm(principal: Principal, tenderId: string, ifMatch: string | undefined) {
    const companyId = companyOf(principal);
    const { tender, quotation, events } = await this.tendering.invitedTender(tenderId, companyId);
    if (quotation === null) throw refusal(404, 'quotationNotFound', 'There is no quotation to confirm: submit one.');
    if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(quotation.revision)) {
      throw refusal(409, 'wrongExpectedRevision', `The quotation is at revision ${quotation.revision}. Read it again.`);
    }
    mustTakeBids(tender, this.now(), 'confirmations');
    const last = lastAddendumRevision(addendaOf(await this.store.readStream(documentStreamId('tender', tender.id))));
    if (quotation.data.tenderRevision >= last)
      throw refusal(409, 'quotationAlreadyConfirmed', 'The quotation answers the tender as it is: nothing to confirm.');
    // The lines may have changed (quantities, lines added or removed): the same rates are priced again, and
    // a quotation that no longer has a rate for each line must be revised instead (422 quotationItemsMismatch).
    const again = parseQuotation(
      { items: quotation.data.items.map(({ lineNo, rate, includeZeroRate }) => ({ lineNo, rate, includeZeroRate })) },
      tender,
    );
    const data: QuotationData = {
      tenderId: tender.id,
      sellerCompanyId: companyId,
      tenderRevision: tender.revision,
      items: again.items,
      total: again.total,
      by: principal.userId,
    };
    try {
      const result = await this.store.append({
        streamId: quotationStream(tender.id, companyId),
        streamType: QUOTATION_STREAM_TYPE,
        expectedRevision: events[events.length - 1]!.revision,
        events: [{ type: 'QuotationConfirmed', data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return {
        success: true as const,
        tenderId: tender.id,
        status: 'confirmed',
        revision: result.nextExpectedRevision,
        tenderRevision: tender.revision,
        total: again.total,
        items: again.items,
      };
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The quotation changed meanwhile. Read it again.');
      throw error;
    }
  }

  private async read(tenderId: string): Promise<{ state: DocumentState; events: StoredEvent[] }> {
    if (!isUuid(tenderId)) throw notFound();
    const events = await this.store.readStream(documentStreamId('tender', tenderId));
    const state = foldDocument(events);
    if (state === null || state.resource !== 'tender') throw notFound();
    return { state, events };
  }
}

/**
 * An addendum's id: its tender and its number (`<tenderId>:<n>`), so the §2.6 link `?viewaddendumid=` names the
 * tender too (the seller's page is the tender's), and two buyers issuing number n at once collide on the
 * tender's expected revision, never on an id.
 */
export const addendumIdOf = (tenderId: string, number: number) => `${tenderId}:${number}`;

const notFound = () => refusal(404, 'tenderNotFound', 'No such tender.');

function facts(state: DocumentState): Tender {
  return {
    id: state.id,
    companyId: state.companyId,
    status: state.workflow.status,
    revision: state.revision,
    documentNo: state.documentNo,
    title: state.fields.title,
    projectId: state.fields.projectId ?? null,
    openAt: state.fields.openAt ?? null,
    closeAt: state.fields.closeAt ?? null,
    items: state.fields.items.map((item) => ({
      lineNo: item.lineNo,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
    })),
  };
}

function view(addendum: IssuedAddendum, issuedByName: string | null | undefined) {
  const { tenderRevision, issuedAt, issuedBy: _by, ...rest } = addendum;
  return { ...rest, tenderRevision, issuedAt: iso(issuedAt), ...(issuedByName === undefined ? {} : { issuedByName }) };
}
