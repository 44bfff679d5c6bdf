// Vendor invoice, delivery order and service order numbers are unique per issuing company and kind
// (spec §5.3). Each number has a reservation stream; the first reservation is appended with 'no_stream'
// and a takeover with the stream's head revision, so of two racing documents exactly one wins: the
// loser's append fails on the expected revision, re-reads, and is refused. The reservation holds while
// its document is not cancelled and still carries the number; after that a new document may take it over.
import { refusal } from '../common/refusal.js';
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentResource, VendorDocumentNoReleased, VendorDocumentNoReserved } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { CLOCK, type Clock } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { fold } from './document-loader.js';
import { documentStreamId } from './document.state.js';

/** Case and runs of spaces do not make a different number: "inv  001" is "INV 001". */
export const normalizeVendorNo = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

export const vendorNoStreamId = (companyId: string, resource: DocumentResource, vendorNo: string) =>
  `vendorDocumentNo-${createHash('sha256')
    .update(`${companyId}\n${resource}\n${normalizeVendorNo(vendorNo)}`)
    .digest('hex')
    .slice(0, 40)}`;

export type Reservation = { streamId: string; revision: number; taken: boolean };

const MAX_ATTEMPTS = 5;
const ABANDONED_AFTER_MS = 10 * 60_000;

@Injectable()
export class VendorNumbers {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /**
   * Reserves the number for the document, or refuses with 422 vendorDocumentNoTaken. `taken` is false
   * when the document already held it (nothing appended).
   */
  async reserve(
    companyId: string,
    resource: DocumentResource,
    vendorNo: string,
    documentId: string,
    actorUserId: string,
  ): Promise<Reservation> {
    const streamId = vendorNoStreamId(companyId, resource, vendorNo);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const events = await this.store.readStream(streamId);
      const last = events.at(-1);
      let replaces: string | null = null;
      if (last?.type === 'VendorDocumentNoReserved') {
        const holder = (last.data as unknown as VendorDocumentNoReserved['data']).documentId;
        if (holder === documentId) return { streamId, revision: last.revision, taken: false };
        if (await this.stillHolds(resource, holder, vendorNo, last.metadata.recordedAt)) throw taken(vendorNo);
        replaces = holder;
      }
      const event: VendorDocumentNoReserved = {
        type: 'VendorDocumentNoReserved',
        data: { companyId, resource, vendorDocumentNo: vendorNo, documentId, replacesDocumentId: replaces },
      };
      try {
        const result = await this.store.append({
          streamId,
          streamType: 'vendorDocumentNo',
          expectedRevision: last ? last.revision : 'no_stream',
          events: [{ type: event.type, data: event.data, metadata: { actorUserId, actorCompanyId: companyId } }],
        });
        return { streamId, revision: result.nextExpectedRevision, taken: true };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        // Someone else reserved or took it over meanwhile: read again and judge their hold.
      }
    }
    throw taken(vendorNo);
  }

  /** Gives a reservation back when the document it was made for could not be recorded. */
  async release(reservation: Reservation, documentId: string, reason: string, actorUserId: string, companyId: string): Promise<void> {
    if (!reservation.taken) return;
    const event: VendorDocumentNoReleased = { type: 'VendorDocumentNoReleased', data: { documentId, reason } };
    await this.store
      .append({
        streamId: reservation.streamId,
        streamType: 'vendorDocumentNo',
        expectedRevision: reservation.revision,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId, actorCompanyId: companyId } }],
      })
      .catch(() => undefined); // Taken over meanwhile: nothing to give back.
  }

  /**
   * The holder keeps the number unless its document is cancelled or now carries another number. A document
   * not recorded (yet) holds it for a while: its create may still be under way; one that failed for good
   * without releasing (a crash) frees the number after ABANDONED_AFTER_MS.
   */
  private async stillHolds(resource: DocumentResource, holderId: string, vendorNo: string, reservedAt: string): Promise<boolean> {
    const state = fold(await this.store.readStream(documentStreamId(resource, holderId)));
    if (state === null) return this.now().getTime() - Date.parse(reservedAt) < ABANDONED_AFTER_MS;
    if (state.workflow.status === 'cancelled') return false;
    return normalizeVendorNo(state.fields.vendorDocumentNo ?? '') === normalizeVendorNo(vendorNo);
  }
}

const taken = (vendorNo: string) =>
  refusal(422, 'vendorDocumentNoTaken', `Number ${vendorNo} is already used on another document of your company.`, {
    fields: { vendorDocumentNo: ['vendorDocumentNoTaken'] },
  });
