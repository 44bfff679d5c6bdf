// The public calls (public-area.md §7): landing counters and event list, registration, verification,
// participant detail, the certificate PDF, a transaction's hash, the issuer's keys. They answer only
// what the spec's screens show: never a participant's e-mail or phone, and the same reply for a new
// registration and a repeated one (the e-mail's owner gets the ticket again, nobody else learns anything).
import { refusal } from '../common/refusal.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  certificateQrText,
  ErrorCodes,
  MISSING,
  parseCertificateQr,
  parseCertificateSignature,
  type AttendanceRule,
  type CertificateQrPayload,
  type EventListReply,
  type EventRegistrationReply,
  type LandingCountersReply,
  type ParticipantDetailReply,
  type TransactionHashReply,
  type VerifyCertificateReply,
} from '@binaan/contracts';
import { readStreamVersioned, WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import type { ApiConfig } from '../config.js';
import { LookupKeys } from '../personal-data/lookup-keys.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { foldArticle, parseRegistration, registrationOpen, registrationOpenFor, type Article } from './article.decider.js';
import { articleStream, registrationClaimStream, registrationStream, type RegistrationData } from './certificate.events.js';
import { CERTIFICATE_IDS, ticketCode, type CertificateIds } from './certificate-ids.js';
import { CertificateMail } from './certificate-mail.js';
import { certificatePdf } from './certificate-pdf.js';
import { Lru } from '../common/lru.js';
import { jwks } from './certificate-jwks.js';
import { logJwks } from '../transparency-log/log-jwks.js';
import { CertificateSigner } from './certificate-signer.js';
import { verifyCertificate, type CertificateRecord } from './certificate-verification.js';
import {
  landingCounters,
  participantDetail,
  publishedEvents,
  registrationByCertificate,
  registrationRow,
  transactionStream,
} from './certificates-reads.js';
import { foldParticipant } from './participant.decider.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const value = (v: unknown) => (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? String(v).trim() : null);

@Injectable()
export class PublicCertificatesService {
  private readonly logger = new Logger('certificates');
  /** Certificate number to its registration and event, and event to attendance rule: fixed once recorded. */
  private readonly places = new Lru<string, { registrationId: string; articleId: string }>(50_000);
  private readonly rules = new Lru<string, AttendanceRule>(10_000);
  /** Per registration stream, the row versions whose hashes were recomputed and matched. */
  private readonly hashedVersions = new Lru<string, string[]>(10_000);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(SECRETS) private readonly secrets: Secrets,
    private readonly lookup: LookupKeys,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly signer: CertificateSigner,
    private readonly mail: CertificateMail,
    @Inject(CERTIFICATE_IDS) private readonly ids: CertificateIds,
  ) {}

  async counters(): Promise<LandingCountersReply> {
    const counts = await landingCounters(this.db);
    return { success: true, data: { event_count: counts.events, certificate_count: counts.certificates } };
  }

  async events(): Promise<EventListReply> {
    const now = this.now();
    const { rows, total, more } = await publishedEvents(this.db);
    return {
      success: true,
      data: rows.map((event) => ({ ...event, registrationOpen: registrationOpenFor(event.date, now) })),
      total,
      more,
    };
  }

  async register(body: unknown): Promise<EventRegistrationReply> {
    const input = parseRegistration(body);
    const article = ID.test(input.articleId) ? foldArticle(await this.store.readStream(articleStream(input.articleId))) : null;
    if (!article || !article.published) throw refusal(404, ErrorCodes.articleNotFound, 'No such event.');
    if (!registrationOpen(article, this.now()))
      throw refusal(409, ErrorCodes.registrationClosed, 'Registration for this event has closed.');
    const claim = registrationClaimStream(article.articleId, this.lookup.email(input.email));
    let registrationId = this.ids.id();
    try {
      await this.store.append({
        streamId: claim,
        streamType: 'eventRegistrationClaim',
        expectedRevision: 'no_stream',
        events: [{ type: 'EventRegistrationClaimed', data: { registrationId } }],
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      const [claimed] = await this.store.readStream(claim);
      registrationId = (claimed?.data as { registrationId?: string } | undefined)?.registrationId ?? registrationId;
    }
    const existing = foldParticipant(await this.store.readStream(registrationStream(registrationId)));
    // A repeated registration changes nothing: the first one's ticket goes to the address again.
    const registration: RegistrationData = existing?.registration ?? {
      registrationId,
      articleId: article.articleId,
      userId: this.ids.id(),
      name: input.name,
      email: input.email,
      contact: input.contact,
      companyName: input.companyName,
      at: this.now().toISOString(),
    };
    if (!existing) {
      try {
        await this.store.append({
          streamId: registrationStream(registrationId),
          streamType: 'eventRegistration',
          expectedRevision: 'no_stream',
          events: [{ type: 'EventParticipantRegistered', data: registration }],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // the same e-mail registering twice at once: the other one recorded it
      }
    }
    await this.confirm(registration, article);
    return { success: true as const, msg: 'eventRegistered' as const, article_id: article.articleId };
  }

  /** Verifies a scanned certificate: every check recomputed (certificate-verification.ts). */
  async verify(body: unknown): Promise<VerifyCertificateReply> {
    return this.verifyNow(body);
  }

  private async verifyNow(body: unknown): Promise<VerifyCertificateReply> {
    const payload = this.payloadOf(body);
    if (!payload) return verifyCertificate(null, [], null);
    const kid = payload.signature ? parseCertificateSignature(payload.signature)?.kid : undefined;
    const [keys, read] = await Promise.all([this.signer.keys(kid), this.recordOf(payload.certificate_no)]);
    const reply = verifyCertificate(payload, keys, read?.record ?? null);
    const intact = (check: string) => reply.checks.some((c) => c.check === check && c.result === 'passed');
    if (read && intact('hashMatches') && intact('chainVerifies')) this.hashedVersions.set(read.record.streamId, read.versions);
    return reply;
  }

  async participant(id: string, articleId: string, userId: string): Promise<ParticipantDetailReply> {
    const row = ID.test(id) ? await registrationRow(this.db, id) : null;
    if (!row || row.article_id !== articleId || row.user_id !== userId)
      throw refusal(404, ErrorCodes.participantNotFound, 'No such participant.');
    return { success: true as const, data: participantDetail(row) };
  }

  /** The approved, unrevoked certificate as a PDF. */
  async pdf(id: string): Promise<{ pdf: Uint8Array; certificateNo: string }> {
    return this.pdfNow(id);
  }

  private async pdfNow(id: string): Promise<{ pdf: Uint8Array; certificateNo: string }> {
    const events = ID.test(id) ? await this.store.readStream(registrationStream(id)) : [];
    const p = foldParticipant(events);
    if (!p?.certificate || !p.approved)
      throw refusal(404, ErrorCodes.certificateNotFound, 'No approved certificate for this registration.');
    if (p.revoked) throw refusal(410, ErrorCodes.certificateRevoked, 'This certificate was revoked by the organizer.');
    const article = foldArticle(await this.store.readStream(articleStream(p.registration.articleId)))!;
    const c = p.certificate;
    const qrText = certificateQrText({
      id: c.registrationId,
      article_id: c.articleId,
      user_id: c.userId,
      certificate_no: c.certificateNo,
      signature: c.signature,
    });
    const records = [
      { label: 'Registered', r: p.registration },
      { label: 'Check in', r: p.checkIn },
      { label: 'Check out', r: p.checkOut },
      { label: 'Issued', r: c },
      { label: 'Approved', r: p.approved },
    ];
    const pdf = await certificatePdf({
      name: p.registration.name,
      companyName: p.registration.companyName,
      eventTitle: article.title,
      eventLocation: article.location,
      eventDate: article.date,
      certificateNo: c.certificateNo,
      qrText,
      issuedAt: c.issuedAt,
      approvedAt: p.approved.at,
      checkIn: p.checkIn?.at ?? '',
      checkOut: p.checkOut?.at ?? '',
      hashes: records.map(({ label, r }) => ({ label, txId: r?.txId ?? MISSING, hash: r?.hash ?? MISSING })),
      verifyUrl: `${this.config.publicUrl}/`,
    });
    return { pdf, certificateNo: c.certificateNo };
  }

  /** A transaction id of this context to the hash of its stored event, or "-". */
  async transactionHash(txId: string): Promise<TransactionHashReply> {
    const place = ID.test(txId) || /^[0-9a-f-]{36}$/.test(txId) ? await transactionStream(this.db, txId) : null;
    if (!place) return { success: true, data: MISSING };
    const [event] = await this.store.readStream(place.streamId, { fromRevision: place.revision, toRevision: place.revision });
    return { success: true, data: event?.id === txId ? event.hash : MISSING };
  }

  async keys() {
    return jwks(await this.signer.keys(), await logJwks(this.db));
  }

  private payloadOf(body: unknown): CertificateQrPayload | null {
    const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    if (b.qr === undefined && b.certificate_no === undefined) {
      throw refusal(400, 'validationFailed', 'Send the scanned QR text as qr, or id, article_id, user_id, certificate_no and signature.', {
        fields: { certificate_no: ['required'] },
      });
    }
    if (b.qr !== undefined) return parseCertificateQr(b.qr);
    const values = [value(b.id), value(b.article_id), value(b.user_id), value(b.certificate_no)];
    const signature = b.signature === undefined || b.signature === null ? '' : value(b.signature);
    if (values.some((v) => v === null || v === '' || /[\s,]/.test(v)) || signature === null || /[\s,]/.test(signature)) return null;
    return parseCertificateQr([...values, ...(signature ? [signature] : [])].join(','));
  }

  /**
   * The registration stream a certificate number leads to, read whole with its head and each row's version
   * in one statement (one snapshot), and the event's rule. What never changes once recorded (which
   * registration a number belongs to, an event's rule) is kept; the stream is read on every verification, so
   * each check sees the store as it is. A row's hash is recomputed once per row version: any write to a row
   * through SQL (the trigger switched off) makes a new version, which is hashed again.
   */
  private async recordOf(certificateNo: string): Promise<{ record: CertificateRecord; versions: string[] } | null> {
    const place = await this.certificatePlace(certificateNo);
    if (!place) return null;
    const streamId = registrationStream(place.registrationId);
    const [stream, rule] = await Promise.all([readStreamVersioned(this.db, streamId), this.ruleOf(place.articleId)]);
    const hashed = this.hashedVersions.get(streamId) ?? [];
    const alreadyHashed = (_event: unknown, index: number) => hashed[index] !== undefined && hashed[index] === stream.versions[index];
    return { record: { streamId, events: stream.events, head: stream.head, rule, alreadyHashed }, versions: stream.versions };
  }

  private async certificatePlace(certificateNo: string): Promise<{ registrationId: string; articleId: string } | null> {
    const known = this.places.get(certificateNo);
    if (known) return known;
    const row = await registrationByCertificate(this.db, certificateNo);
    if (!row) return null;
    const place = { registrationId: row.registration_id, articleId: row.article_id };
    this.places.set(certificateNo, place);
    return place;
  }

  private async ruleOf(articleId: string): Promise<AttendanceRule> {
    const known = this.rules.get(articleId);
    if (known) return known;
    const rule = foldArticle(await this.store.readStream(articleStream(articleId)))?.attendanceRule ?? { kind: 'checkInAndOut' as const };
    this.rules.set(articleId, rule);
    return rule;
  }

  private async confirm(registration: RegistrationData, article: Article): Promise<void> {
    try {
      await this.mail.registered(
        registration.email,
        registration.name,
        article,
        ticketCode(this.secrets.codeHmacKey, registration.registrationId),
      );
    } catch (error) {
      // The registration stands; the organizer's list has it. The address is not logged.
      this.logger.warn(
        `registration ${registration.registrationId}: the confirmation e-mail could not be sent (${error instanceof Error ? error.message : 'unknown error'})`,
      );
    }
  }
}
