// A quotation's files: the invited seller attaches, lists, downloads and removes its own while the tender
// takes quotations; the buyer lists and downloads a seller's files only once the tender is closed (sealed
// until then: 409 tenderSealed, which says nothing of whether any file exists). Anyone else: 404.
import { refusal } from '../../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, type Clock, type Principal } from '../../common/principal.js';
import { FILE_STORE, type FileStore } from '../../files/file-store.port.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { StorageCap } from '../../subscriptions/storage/storage-cap.service.js';
import { isUnsealed, mustTakeQuotations } from '../tendering.decider.js';
import { quotationStream } from '../tendering.events.js';
import { TenderingService } from '../tendering.service.js';
import { ATTACHMENTS_TOTAL_LIMIT, downloadOf, drain, listed, receiveFile, totalSize } from './attached-files.js';
import {
  foldQuotationFiles,
  quotationFilesStream,
  QUOTATION_FILES_STREAM_TYPE,
  type QuotationFilesEvent,
} from './quotation-files.events.js';

type Headers = Record<string, string | string[] | undefined>;
type Reply = { header(name: string, value: string): unknown };
const noQuotation = () => refusal(404, 'quotationNotFound', 'No such quotation.');
const noFile = () => refusal(404, 'attachmentNotFound', 'No such file on this quotation.');

@Injectable()
export class QuotationAttachmentsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tendering: TenderingService,
    private readonly storage: StorageCap,
  ) {}

  /** The seller attaches the request's body as a file (X-File-Name, X-File-Type), until the close. */
  async attach(principal: Principal, tenderId: string, body: unknown, headers: Headers) {
    const companyId = companyOf(principal);
    let events;
    try {
      const { tender } = await this.tendering.invitedTender(tenderId, companyId);
      mustTakeQuotations(tender, this.now(), 'files');
      events = await this.store.readStream(quotationFilesStream(tender.id, companyId));
    } catch (error) {
      drain(body);
      throw error;
    }
    const room = ATTACHMENTS_TOTAL_LIMIT - totalSize(foldQuotationFiles(events).values());
    const file = await receiveFile(this.files, body, headers, room, await this.storage.room(companyId));
    // The upload took time: the close is judged again when the file is recorded.
    const { tender } = await this.tendering.invitedTender(tenderId, companyId);
    mustTakeQuotations(tender, this.now(), 'files');
    const attached = { ...file, attachmentId: randomUUID(), by: principal.userId };
    const revision = await this.storage.within(companyId, file.size, () =>
      this.append(principal, tender.id, companyId, events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision, {
        type: 'QuotationFileAttached',
        data: { tenderId: tender.id, sellerCompanyId: companyId, ...attached },
      }),
    );
    const names = await this.tendering.userNames([principal.userId]);
    return {
      success: true as const,
      tenderId: tender.id,
      revision,
      attachment: listed({ ...attached, attachedAt: this.now().toISOString() }, names),
    };
  }

  /** The seller removes one of its files, until the close (the file's record stays in the stream's history). */
  async remove(principal: Principal, tenderId: string, attachmentId: string) {
    const companyId = companyOf(principal);
    const { tender } = await this.tendering.invitedTender(tenderId, companyId);
    mustTakeQuotations(tender, this.now(), 'files');
    const events = await this.store.readStream(quotationFilesStream(tender.id, companyId));
    if (!foldQuotationFiles(events).has(attachmentId)) throw noFile();
    const revision = await this.append(principal, tender.id, companyId, events[events.length - 1]!.revision, {
      type: 'QuotationFileRemoved',
      data: { tenderId: tender.id, sellerCompanyId: companyId, attachmentId, by: principal.userId },
    });
    return { success: true as const, tenderId: tender.id, attachmentId, revision };
  }

  /** A quotation's files: the seller its own; the buyer once the tender is closed. */
  async list(principal: Principal, tenderId: string, sellerCompanyId: string) {
    const { tenderId: id, files } = await this.readable(principal, tenderId, sellerCompanyId);
    const names = await this.tendering.userNames(files.map((file) => file.by));
    return {
      success: true as const,
      tenderId: id,
      sellerCompanyId,
      totalSize: totalSize(files),
      data: files.map((file) => listed(file, names)),
    };
  }

  async download(principal: Principal, tenderId: string, sellerCompanyId: string, attachmentId: string, reply: Reply) {
    const { files } = await this.readable(principal, tenderId, sellerCompanyId);
    const file = files.find((candidate) => candidate.attachmentId === attachmentId);
    if (!file) throw noFile();
    return downloadOf(this.files, file, reply);
  }

  /** The files the caller may read, or the refusal: 404 for a stranger or another seller's, 409 tenderSealed for the buyer before the close. */
  private async readable(principal: Principal, tenderId: string, sellerCompanyId: string) {
    const companyId = companyOf(principal);
    const tender = await this.tendering.visibleTender(tenderId, companyId);
    const buyer = tender.companyId === companyId;
    if (!buyer && sellerCompanyId !== companyId) throw noQuotation();
    if (sellerCompanyId.length > 100) throw noQuotation();
    if (buyer) {
      if (!isUnsealed(tender))
        throw refusal(
          409,
          'tenderSealed',
          `The quotations and their files stay sealed until the tender is closed (it is ${tender.status}).`,
        );
      // A seller's files reach the buyer with its quotation: files of a seller that never quoted stay its own.
      if ((await this.store.readStream(quotationStream(tender.id, sellerCompanyId))).length === 0) throw noQuotation();
    }
    const files = [...foldQuotationFiles(await this.store.readStream(quotationFilesStream(tender.id, sellerCompanyId))).values()];
    return { tenderId: tender.id, files };
  }

  private async append(
    principal: Principal,
    tenderId: string,
    sellerCompanyId: string,
    expected: number | 'no_stream',
    event: QuotationFilesEvent,
  ): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: quotationFilesStream(tenderId, sellerCompanyId),
        streamType: QUOTATION_FILES_STREAM_TYPE,
        expectedRevision: expected,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      // Two uploads at once: the second is told to send again (its bytes stay in the store, named by their hash, unused).
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The files changed meanwhile. Send it again.');
      throw error;
    }
  }
}
