// Files on the query board. Decisions (Aconex's tender mail, Procore's bid Q&A): a question's files go to
// the buyer only, as the question itself names its asker to the buyer only: the asking seller attaches them
// to its own question, until the question is answered or the board closes. The buyer's answer goes to every
// invitee, and so do its files: the buyer (level 10 on tender) attaches them once the answer is given, until
// the close; a file a seller sent that all should see is attached again by the buyer to the answer (so the
// buyer decides what is published, and no file tells who asked). Another seller never sees a question's
// files, nor an open question's anything.
import { refusal } from '../../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, type Clock, type Principal } from '../../common/principal.js';
import { FILE_STORE, type FileStore } from '../../files/file-store.port.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { StorageCap } from '../../subscriptions/storage/storage-cap.service.js';
import { ATTACHMENTS_TOTAL_LIMIT, downloadOf, drain, listed, receiveFile, totalSize } from '../attachments/attached-files.js';
import { mustTakeBids } from '../tendering.decider.js';
import { TenderingService, type Tender } from '../tendering.service.js';
import { foldQueries } from './tender-query.decider.js';
import { queriesStream, QUERIES_STREAM_TYPE } from './tender-query.events.js';
import { foldQueryFiles, type QueryFile, type QueryFilePart, type QueryFilesEvent } from './query-files.events.js';

type Headers = Record<string, string | string[] | undefined>;
type Reply = { header(name: string, value: string): unknown };
const noQuery = () => refusal(404, 'queryNotFound', 'No such question on this tender.');
const noFile = () => refusal(404, 'attachmentNotFound', 'No such file on this question.');

@Injectable()
export class QueryFilesService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tendering: TenderingService,
    private readonly storage: StorageCap,
  ) {}

  /** The asker attaches to its question (`part` question) or the buyer to its answer (`part` answer). */
  async attach(principal: Principal, tenderId: string, queryId: string, part: QueryFilePart, body: unknown, headers: Headers) {
    let context;
    try {
      context = await this.writable(principal, tenderId, queryId, part);
    } catch (error) {
      drain(body);
      throw error;
    }
    const { tender, events } = context;
    const room = ATTACHMENTS_TOTAL_LIMIT - totalSize(foldQueryFiles(events, queryId));
    // The files count on the storage of the company that attaches them (the asker's, or the buyer's on its answer).
    const companyId = companyOf(principal);
    const file = await receiveFile(this.files, body, headers, room, await this.storage.room(companyId));
    // The upload took time: the close is judged again when the file is recorded.
    mustTakeBids(tender, this.now(), 'files');
    const attached = { ...file, attachmentId: randomUUID(), by: principal.userId };
    const revision = await this.storage.within(companyId, file.size, () =>
      this.append(principal, tender.id, events, {
        type: 'TenderQueryFileAttached',
        data: { tenderId: tender.id, queryId, part, ...attached },
      }),
    );
    const names = await this.tendering.userNames([principal.userId]);
    return {
      success: true as const,
      tenderId: tender.id,
      queryId,
      part,
      revision,
      attachment: listed({ ...attached, attachedAt: this.now().toISOString() }, names),
    };
  }

  async remove(principal: Principal, tenderId: string, queryId: string, part: QueryFilePart, attachmentId: string) {
    const { tender, events } = await this.writable(principal, tenderId, queryId, part);
    const file = foldQueryFiles(events, queryId).find((candidate) => candidate.attachmentId === attachmentId && candidate.part === part);
    if (!file) throw noFile();
    const revision = await this.append(principal, tender.id, events, {
      type: 'TenderQueryFileRemoved',
      data: { tenderId: tender.id, queryId, part, attachmentId, by: principal.userId },
    });
    return { success: true as const, tenderId: tender.id, queryId, attachmentId, revision };
  }

  /** A question's files as the caller may see them: `{ question: [..], answer: [..] }`. */
  async list(principal: Principal, tenderId: string, queryId: string) {
    const { files } = await this.readable(principal, tenderId, queryId);
    const names = await this.tendering.userNames(files.map((file) => file.by));
    const part = (which: QueryFilePart) => files.filter((file) => file.part === which).map((file) => listed(file, names));
    return { success: true as const, tenderId, queryId, question: part('question'), answer: part('answer') };
  }

  async download(principal: Principal, tenderId: string, queryId: string, attachmentId: string, reply: Reply) {
    const { files } = await this.readable(principal, tenderId, queryId);
    const file = files.find((candidate) => candidate.attachmentId === attachmentId);
    if (!file) throw noFile();
    return downloadOf(this.files, file, reply);
  }

  /** Who may write: the asker's company on the question until it is answered; the buyer (level 10) on the answer once given; both until the close. */
  private async writable(principal: Principal, tenderId: string, queryId: string, part: QueryFilePart) {
    const companyId = companyOf(principal);
    const tender: Tender =
      part === 'answer'
        ? await this.tendering.ownTender(tenderId, companyId)
        : (await this.tendering.invitedTender(tenderId, companyId)).tender;
    if (part === 'answer') await this.tendering.mustPropose(principal, tender);
    const events = await this.store.readStream(queriesStream(tender.id));
    const query = foldQueries(events).get(queryId);
    if (!query || (part === 'question' && query.sellerCompanyId !== companyId)) throw noQuery();
    mustTakeBids(tender, this.now(), 'files');
    if (part === 'question' && query.answered)
      throw refusal(409, 'queryAlreadyAnswered', 'The question is answered: its files are settled.');
    if (part === 'answer' && !query.answered)
      throw refusal(409, 'queryNotAnswered', "Answer the question first: the answer's files go out with it.");
    return { tender, events };
  }

  /** The buyer and the asker see every file of the question; another invitee only the answer's, once answered. */
  private async readable(principal: Principal, tenderId: string, queryId: string): Promise<{ files: QueryFile[] }> {
    const companyId = companyOf(principal);
    const tender = await this.tendering.visibleTender(tenderId, companyId);
    const events = await this.store.readStream(queriesStream(tender.id));
    const query = foldQueries(events).get(queryId);
    const full = tender.companyId === companyId || query?.sellerCompanyId === companyId;
    if (!query || (!full && !query.answered)) throw noQuery();
    const files = foldQueryFiles(events, queryId);
    return { files: full ? files : files.filter((file) => file.part === 'answer') };
  }

  private async append(
    principal: Principal,
    tenderId: string,
    events: readonly { revision: number }[],
    event: QueryFilesEvent,
  ): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: queriesStream(tenderId),
        streamType: QUERIES_STREAM_TYPE,
        expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The board changed meanwhile. Send it again.');
      throw error;
    }
  }
}
