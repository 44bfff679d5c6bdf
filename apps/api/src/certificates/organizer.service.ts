// The organizer's commands (signed in, company chosen): create and publish events, scan tickets at the
// door, issue, approve, e-mail and revoke certificates. Each one folds the streams it decides on, decides
// (pure, participant.decider.ts / article.decider.ts) and appends with the expected revision; read models
// follow in the same transaction. Another company's event or participant is 404, as if it did not exist.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCodes,
  hasAnyAccessRight,
  type AccessRight,
  type AttendanceReply,
  type CertificateActionReply,
  type EventScanReply,
  type IssueCertificatesReply,
  type OrganizerEvent,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal, Refused } from '../common/refusal.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { decidePublish, foldArticle, parseArticle, type Article } from './article.decider.js';
import {
  articleStream,
  attendanceStream,
  registrationStream,
  type ArticleEvent,
  type RegistrationEvent,
  type ScanFailedData,
} from './certificate.events.js';
import { CERTIFICATE_IDS, ticketRegistrationId, type CertificateIds } from './certificate-ids.js';
import { CertificateMail } from './certificate-mail.js';
import { CertificateSigner } from './certificate-signer.js';
import { attendanceOf, companyEvents, insideCount } from './certificates-reads.js';
import {
  checkIssuable,
  decideApprove,
  decideEmailed,
  decideRevoke,
  decideScan,
  foldParticipant,
  scanRefusal,
  type Participant,
  type ScanDirection,
} from './participant.decider.js';

/** Creating, publishing and the certificate steps. */
export const MANAGE_EVENTS: readonly AccessRight[] = ['eventManagement.update'];
/** Scanning at the door, the event list and attendance: the door staff, and whoever manages the events. */
export const SCAN_TICKETS: readonly AccessRight[] = ['eventManagement.scan', 'eventManagement.update'];

export function companyOf(principal: Principal, ...rights: AccessRight[]): string {
  if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
  if (rights.length > 0 && !hasAnyAccessRight(principal.accessRights, ...rights)) {
    throw refusal(403, ErrorCodes.noAccessRight, `This needs the access right ${rights.join(' or ')}.`);
  }
  return principal.companyId;
}

const expectedOf = (events: readonly StoredEvent[]) => (events.length === 0 ? ('no_stream' as const) : events[events.length - 1]!.revision);
const SCAN_STATUS = {
  unknownTicket: 404,
  ticketForOtherEvent: 409,
  alreadyCheckedIn: 409,
  alreadyCheckedOut: 409,
  notCheckedIn: 409,
} as const;
const SCAN_WORDS = {
  unknownTicket: 'This is not a ticket of this event (unknown code).',
  ticketForOtherEvent: 'This ticket is for another event.',
  alreadyCheckedIn: 'Already checked in: this ticket was scanned in before.',
  alreadyCheckedOut: 'Already checked out: this ticket cannot be scanned again.',
  notCheckedIn: 'Not checked in yet: scan the ticket in before scanning it out.',
} as const;

type Loaded = { article: Article; participant: Participant; events: StoredEvent[] };

@Injectable()
export class OrganizerService {
  private readonly logger = new Logger('certificates');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(SECRETS) private readonly secrets: Secrets,
    private readonly signer: CertificateSigner,
    private readonly mail: CertificateMail,
    @Inject(CERTIFICATE_IDS) private readonly ids: CertificateIds,
  ) {}

  async create(principal: Principal, body: unknown): Promise<{ success: true; data: { id: string } }> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    const input = parseArticle(body);
    const articleId = this.ids.id();
    const event: ArticleEvent = { type: 'EventArticleCreated', data: { ...input, articleId, companyId, by: principal.userId } };
    await this.append(articleStream(articleId), 'eventArticle', 'no_stream', [event], principal);
    return { success: true as const, data: { id: articleId } };
  }

  async publish(principal: Principal, articleId: string): Promise<{ success: true; data: { id: string; published: true } }> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    const events = await this.store.readStream(articleStream(articleId));
    const article = this.own(foldArticle(events), companyId);
    await this.append(
      articleStream(articleId),
      'eventArticle',
      expectedOf(events),
      [decidePublish(article, this.now(), principal.userId)],
      principal,
    );
    return { success: true as const, data: { id: articleId, published: true as const } };
  }

  /** The company's events, newest first; at most 500 listed, with `total` and `more` when there are more. */
  async list(principal: Principal): Promise<{ success: true; data: OrganizerEvent[]; total: number; more: boolean }> {
    const { rows, total, more } = await companyEvents(this.db, companyOf(principal, ...SCAN_TICKETS));
    return { success: true, data: rows, total, more };
  }

  async attendance(principal: Principal, articleId: string): Promise<AttendanceReply> {
    const companyId = companyOf(principal, ...SCAN_TICKETS);
    await this.article(articleId, companyId);
    const { participants, failedScans, counts } = await attendanceOf(this.db, articleId);
    // Counts of the whole event; the lists are capped on purpose (5,000 registrations, the newest 500
    // failed scans) and say so: `*_more` true when the event has more than listed.
    return {
      success: true as const,
      article_id: articleId,
      registered: counts.registered,
      checked_in: counts.checkedIn,
      checked_out: counts.checkedOut,
      inside: await insideCount(this.db, articleId),
      participants,
      failed_scans: failedScans,
      participants_more: counts.registered > participants.length,
      failed_scans_total: counts.failedScans,
      failed_scans_more: counts.failedScans > failedScans.length,
    };
  }

  /** A ticket scanned at the door. A scan that fails is recorded too (with its reason) and answered 404/409. */
  async scan(principal: Principal, articleId: string, body: unknown, direction: ScanDirection): Promise<EventScanReply> {
    const companyId = companyOf(principal, ...SCAN_TICKETS);
    const article = await this.article(articleId, companyId);
    if (!article.published) throw refusal(409, ErrorCodes.articleNotPublished, 'Publish the event before scanning tickets.');
    const code = (body as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || code.trim().length === 0 || code.length > 300)
      throw refusal(400, 'validationFailed', 'Send the scanned ticket as code.', {
        fields: { code: ['required, at most 300 characters'] },
      });
    const registrationId = ticketRegistrationId(this.secrets.codeHmacKey, code);
    for (let attempt = 0; ; attempt++) {
      const events = registrationId ? await this.store.readStream(registrationStream(registrationId)) : [];
      const participant = foldParticipant(events);
      const reason = !participant
        ? 'unknownTicket'
        : participant.registration.articleId !== articleId
          ? 'ticketForOtherEvent'
          : scanRefusal(participant, direction);
      if (reason) return this.failedScan(principal, articleId, direction, reason, code, participant);
      try {
        const result = await this.append(
          registrationStream(registrationId!),
          'eventRegistration',
          expectedOf(events),
          [decideScan(participant!, direction, this.now(), principal.userId)],
          principal,
        );
        return {
          success: true as const,
          result: direction === 'checkIn' ? ('checkedIn' as const) : ('checkedOut' as const),
          registration_id: registrationId!,
          name: participant!.registration.name,
          tx_id: result[0]!.id,
          inside: await insideCount(this.db, articleId),
        };
      } catch (error) {
        // Two scanners racing on one ticket: read again, and the second becomes a repeated scan.
        if (!(error instanceof WrongExpectedRevision) || attempt >= 3) throw error;
      }
    }
  }

  async issue(principal: Principal, registrationId: string): Promise<CertificateActionReply> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    return this.issueTo(await this.participant(registrationId, companyId), principal);
  }

  /** Issues to every participant of the event who meets its rule and has none yet (or to those listed). */
  async issueAll(principal: Principal, articleId: string, body: unknown): Promise<IssueCertificatesReply> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    await this.article(articleId, companyId);
    const listed = (body as { registration_ids?: unknown } | null)?.registration_ids;
    if (
      listed !== undefined &&
      (!Array.isArray(listed) || listed.length > 1000 || listed.some((id) => typeof id !== 'string' || id.length > 64))
    ) {
      throw refusal(400, 'validationFailed', 'registration_ids must be a list of at most 1000 registration ids.', {
        fields: { registration_ids: ['a list of registration ids'] },
      });
    }
    const ids =
      (listed as string[] | undefined) ??
      (
        await this.db.query<{ registration_id: string }>(
          'SELECT registration_id FROM cert_registrations WHERE article_id = $1 AND certificate_no IS NULL ORDER BY registered_at, registration_id',
          [articleId],
        )
      ).map((r) => r.registration_id);
    const reply: IssueCertificatesReply = { success: true, issued: [], skipped: [] };
    for (const id of ids) {
      try {
        const loaded = await this.participant(id, companyId);
        if (loaded.article.articleId !== articleId) throw refusal(404, ErrorCodes.participantNotFound, 'Not a participant of this event.');
        const done = await this.issueTo(loaded, principal);
        reply.issued.push({ registration_id: id, certificate_no: done.certificate_no, tx_id: done.tx_id });
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        reply.skipped.push({ registration_id: id, reason: error.code });
      }
    }
    return reply;
  }

  async approve(principal: Principal, registrationId: string): Promise<CertificateActionReply> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    const loaded = await this.participant(registrationId, companyId);
    return this.record(loaded, decideApprove(loaded.participant, this.now(), principal.userId), principal);
  }

  async sendEmail(principal: Principal, registrationId: string): Promise<CertificateActionReply> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    const loaded = await this.participant(registrationId, companyId);
    const event = decideEmailed(loaded.participant, this.now(), principal.userId);
    const { registration, certificate } = loaded.participant;
    try {
      await this.mail.certificate(
        registration.email,
        registration.name,
        loaded.article.title,
        certificate!.certificateNo,
        registration.registrationId,
      );
    } catch (error) {
      // Nothing is recorded: the certificate was not e-mailed, and the organizer can simply send again.
      this.logger.warn(
        `certificate e-mail for ${registration.registrationId} not sent: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
      throw refusal(
        503,
        ErrorCodes.mailDeliveryFailed,
        'The mail server did not accept the certificate e-mail; nothing was recorded. Try again later.',
      );
    }
    return this.record(loaded, event, principal);
  }

  async revoke(principal: Principal, registrationId: string, body: unknown): Promise<CertificateActionReply> {
    const companyId = companyOf(principal, ...MANAGE_EVENTS);
    const loaded = await this.participant(registrationId, companyId);
    return this.record(
      loaded,
      decideRevoke(loaded.participant, (body as { reason?: unknown } | null)?.reason, this.now(), principal.userId),
      principal,
    );
  }

  private async issueTo(loaded: Loaded, principal: Principal): Promise<CertificateActionReply> {
    const { participant, article } = loaded;
    checkIssuable(participant, article.attendanceRule);
    const seconds = Math.floor(this.now().getTime() / 1000);
    const r = participant.registration;
    const certificateNo = this.ids.certificateNo();
    const signature = await this.signer.sign(
      { id: r.registrationId, article_id: r.articleId, user_id: r.userId, certificate_no: certificateNo },
      seconds,
    );
    const event: RegistrationEvent = {
      type: 'EventCertificateIssued',
      data: {
        registrationId: r.registrationId,
        articleId: r.articleId,
        userId: r.userId,
        certificateNo,
        issuedAt: new Date(seconds * 1000).toISOString(),
        kid: this.signer.kid,
        signature,
        by: principal.userId,
      },
    };
    return this.record(loaded, event, principal);
  }

  private async record(loaded: Loaded, event: RegistrationEvent, principal: Principal): Promise<CertificateActionReply> {
    const [stored] = await this.append(
      registrationStream(loaded.participant.registration.registrationId),
      'eventRegistration',
      expectedOf(loaded.events),
      [event],
      principal,
    );
    const certificateNo = (event.data as { certificateNo: string }).certificateNo;
    return {
      success: true,
      registration_id: loaded.participant.registration.registrationId,
      certificate_no: certificateNo,
      tx_id: stored!.id,
      hash: stored!.hash,
    };
  }

  private async failedScan(
    principal: Principal,
    articleId: string,
    direction: ScanDirection,
    reason: ScanFailedData['reason'],
    code: string,
    participant: Participant | null,
  ): Promise<never> {
    const data: ScanFailedData = {
      articleId,
      direction,
      reason,
      registrationId: participant?.registration.registrationId ?? '',
      codeDigest: createHash('sha256').update(code.trim()).digest('hex').slice(0, 16),
      at: this.now().toISOString(),
      by: principal.userId,
    };
    const [stored] = await this.append(
      attendanceStream(articleId),
      'eventAttendance',
      'any',
      [{ type: 'EventScanFailed', data }],
      principal,
    );
    const sameEvent = participant !== null && reason !== 'ticketForOtherEvent';
    throw refusal(SCAN_STATUS[reason], reason, SCAN_WORDS[reason], {
      tx_id: stored!.id,
      inside: await insideCount(this.db, articleId),
      registration_id: sameEvent ? participant.registration.registrationId : '-',
      name: sameEvent ? participant.registration.name : '-',
    });
  }

  private own(article: Article | null, companyId: string): Article {
    if (!article || article.companyId !== companyId) throw refusal(404, ErrorCodes.articleNotFound, 'No such event in this company.');
    return article;
  }

  private async article(articleId: string, companyId: string): Promise<Article> {
    return this.own(articleId.length > 64 ? null : foldArticle(await this.store.readStream(articleStream(articleId))), companyId);
  }

  private async participant(registrationId: string, companyId: string): Promise<Loaded> {
    const events = registrationId.length > 64 ? [] : await this.store.readStream(registrationStream(registrationId));
    const participant = foldParticipant(events);
    const article = participant ? foldArticle(await this.store.readStream(articleStream(participant.registration.articleId))) : null;
    if (!participant || !article || article.companyId !== companyId)
      throw refusal(404, ErrorCodes.participantNotFound, "No such participant in this company's events.");
    return { article, participant, events };
  }

  private async append(
    streamId: string,
    streamType: string,
    expected: number | 'no_stream' | 'any',
    events: readonly { type: string; data: unknown }[],
    principal: Principal,
  ): Promise<StoredEvent[]> {
    const result = await this.store.append({
      streamId,
      streamType,
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data as JsonValue,
        metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
      })),
    });
    return result.events;
  }
}
