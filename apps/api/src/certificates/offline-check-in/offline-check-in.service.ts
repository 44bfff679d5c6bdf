// The organizer's offline scanner: the ticket list it keeps (names and SHA-256 digests of the ticket
// codes, never the codes), the batch of scans it sends from its queue, and the scans recorded. Each scan
// is appended under an event id made from its scan id (offline-scans.ts), with 'any' as the expected
// revision: every scan of a known ticket is recorded whatever the participant's state, and the state is
// derived from all scans ordered by scan time (participant.decider.ts), so two devices merge in any order.
// A scan sent again is the same event in the same place, which the store answers with the original.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  type QueuedScan,
  type RecordedScansReply,
  type ScanBatchReply,
  type ScanBatchResult,
  type ScannerListReply,
} from '@binaan/contracts';
import { DuplicateEventId, type EventStore, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { invalidFields, refusal } from '../../common/refusal.js';
import { SECRETS, type Secrets } from '../../common/secrets.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { foldArticle, type Article } from '../article.decider.js';
import { articleStream, attendanceStream, registrationStream, type ScanData, type ScanFailedData } from '../certificate.events.js';
import { ticketCode, ticketRegistrationId } from '../certificate-ids.js';
import { insideCount } from '../certificates-reads.js';
import { companyOf, SCAN_TICKETS } from '../organizer.service.js';
import { foldParticipant } from '../participant.decider.js';
import { mergedResult, parseBatch, scanEventId, scanTime } from './offline-scans.js';
import { iso, isoOrNull } from '../../common/iso.js';

/** Tickets per page of the scanner's list, and scans per page of the recorded scans. */
export const TICKET_PAGE = 1000;
export const SCAN_PAGE = 500;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

@Injectable()
export class OfflineCheckInService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(SECRETS) private readonly secrets: Secrets,
  ) {}

  /** The tickets a scanner keeps to recognise a ticket with no network, by registration id (keyset). */
  async tickets(principal: Principal, articleId: string, after: unknown): Promise<ScannerListReply> {
    const article = await this.article(principal, articleId);
    const from = after === undefined ? '' : after;
    if (typeof from !== 'string' || from.length > 64) throw invalidFields({ after: ['a registration id from the previous page'] });
    const rows = await this.db.query<{
      registration_id: string;
      name: string;
      check_in_at: Date | string | null;
      check_out_at: Date | string | null;
    }>(
      `SELECT registration_id, name, check_in_at, check_out_at FROM cert_registrations
        WHERE article_id = $1 AND registration_id > $2 ORDER BY registration_id LIMIT $3`,
      [articleId, from, TICKET_PAGE + 1],
    );
    const page = rows.slice(0, TICKET_PAGE);
    return {
      success: true,
      article_id: articleId,
      title: article.title,
      published: article.published,
      tickets: page.map((r) => ({
        registration_id: r.registration_id,
        name: r.name,
        ticket_digest: digest(ticketCode(this.secrets.codeHmacKey, r.registration_id)),
        checked_in_at: isoOrNull(r.check_in_at),
        checked_out_at: isoOrNull(r.check_out_at),
      })),
      more: rows.length > TICKET_PAGE,
      next: rows.length > TICKET_PAGE ? page[page.length - 1]!.registration_id : null,
      fetched_at: this.now().toISOString(),
    };
  }

  /** A batch of scans from a scanner's queue; each is recorded once however often it is sent. */
  async record(principal: Principal, articleId: string, body: unknown): Promise<ScanBatchReply> {
    const article = await this.article(principal, articleId);
    if (!article.published) throw refusal(409, ErrorCodes.articleNotPublished, 'Publish the event before scanning tickets.');
    const scans = parseBatch(body);
    const results: ScanBatchResult[] = [];
    for (const scan of scans) results.push(await this.recordOne(principal, articleId, scan));
    return { success: true, results, inside: await insideCount(this.db, articleId) };
  }

  /** The scans recorded for the event (accepted ones: check-ins and check-outs), oldest first, keyset by position. */
  async scans(principal: Principal, articleId: string, after: unknown): Promise<RecordedScansReply> {
    await this.article(principal, articleId);
    const from = after === undefined ? '0' : after;
    if (typeof from !== 'string' || !/^\d{1,15}$/.test(from)) throw invalidFields({ after: ['the next value of the previous page'] });
    const rows = await this.db.query<{
      tx_id: string;
      scan_id: string | null;
      direction: 'checkIn' | 'checkOut';
      registration_id: string;
      name: string | null;
      at: Date | string;
      recorded_at: Date | string;
      device_id: string | null;
      by_user: string;
      position: string | number;
    }>(
      `SELECT s.tx_id, s.scan_id, s.direction, s.registration_id, r.name, s.at, s.recorded_at, s.device_id, s.by_user, s.position
         FROM cert_scans s LEFT JOIN cert_registrations r ON r.registration_id = s.registration_id
        WHERE s.article_id = $1 AND s.position > $2 ORDER BY s.position LIMIT $3`,
      [articleId, from, SCAN_PAGE + 1],
    );
    const page = rows.slice(0, SCAN_PAGE);
    return {
      success: true,
      scans: page.map((r) => ({
        tx_id: r.tx_id,
        scan_id: r.scan_id,
        direction: r.direction,
        registration_id: r.registration_id,
        name: r.name ?? '-',
        scanned_at: iso(r.at),
        recorded_at: iso(r.recorded_at),
        device_id: r.device_id,
        by: r.by_user,
      })),
      more: rows.length > SCAN_PAGE,
      next: rows.length > SCAN_PAGE ? String(page[page.length - 1]!.position) : null,
    };
  }

  private async recordOne(principal: Principal, articleId: string, scan: QueuedScan): Promise<ScanBatchResult> {
    const now = this.now();
    const { at, clamped } = scanTime(scan.scannedAt, now);
    const id = scanEventId(articleId, scan.scanId);
    const registrationId = ticketRegistrationId(this.secrets.codeHmacKey, scan.code);
    const events = registrationId ? await this.store.readStream(registrationStream(registrationId)) : [];
    const participant = foldParticipant(events);
    const base = { scan_id: scan.scanId, clamped };
    if (!participant || participant.registration.articleId !== articleId) {
      const data: ScanFailedData = {
        articleId,
        direction: scan.direction,
        reason: participant ? 'ticketForOtherEvent' : 'unknownTicket',
        registrationId: participant?.registration.registrationId ?? '',
        codeDigest: digest(scan.code).slice(0, 16),
        at: at.toISOString(),
        by: principal.userId,
        scanId: scan.scanId,
        deviceId: scan.deviceId,
      };
      const stored = await this.append(attendanceStream(articleId), 'eventAttendance', id, 'EventScanFailed', data, principal);
      if (!stored) return this.reused(base, at);
      const kept = stored.event.data as unknown as ScanFailedData;
      return {
        ...base,
        result: kept.reason,
        duplicate: stored.duplicate,
        registration_id: '-',
        name: '-',
        tx_id: stored.event.id,
        scanned_at: kept.at,
        recorded_at: stored.event.metadata.recordedAt,
      };
    }
    const data: ScanData = {
      registrationId: participant.registration.registrationId,
      articleId,
      at: at.toISOString(),
      by: principal.userId,
      scanId: scan.scanId,
      deviceId: scan.deviceId,
      ...(clamped ? { deviceScannedAt: new Date(Date.parse(scan.scannedAt)).toISOString() } : {}),
    };
    const type = scan.direction === 'checkIn' ? 'EventParticipantCheckedIn' : 'EventParticipantCheckedOut';
    const stored = await this.append(
      registrationStream(participant.registration.registrationId),
      'eventRegistration',
      id,
      type,
      data,
      principal,
    );
    if (!stored) return this.reused(base, at);
    const event = stored.event;
    const kept = event.data as unknown as ScanData;
    const merged = foldParticipant(events.some((e) => e.id === event.id) ? events : [...events, event])!;
    return {
      ...base,
      result: mergedResult(merged, event.id, event.type === 'EventParticipantCheckedIn' ? 'checkIn' : 'checkOut', kept.at),
      duplicate: stored.duplicate,
      registration_id: participant.registration.registrationId,
      name: participant.registration.name,
      tx_id: event.id,
      scanned_at: kept.at,
      recorded_at: event.metadata.recordedAt,
    };
  }

  /** A scan id already recorded for another ticket or stream: nothing is written, the scan is answered so. */
  private reused(base: { scan_id: string; clamped: boolean }, at: Date): ScanBatchResult {
    return {
      ...base,
      result: 'scanIdReused',
      duplicate: true,
      registration_id: '-',
      name: '-',
      tx_id: '-',
      scanned_at: at.toISOString(),
      recorded_at: '-',
    };
  }

  private async append(
    streamId: string,
    streamType: string,
    id: string,
    type: string,
    data: ScanData | ScanFailedData,
    principal: Principal,
  ): Promise<{ event: StoredEvent; duplicate: boolean } | null> {
    try {
      const result = await this.store.append({
        streamId,
        streamType,
        expectedRevision: 'any',
        events: [
          {
            id,
            type,
            data: data,
            metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
          },
        ],
      });
      return { event: result.events[0]!, duplicate: result.alreadyStored === true };
    } catch (error) {
      if (error instanceof DuplicateEventId) return null;
      throw error;
    }
  }

  private async article(principal: Principal, articleId: string): Promise<Article> {
    const companyId = companyOf(principal, ...SCAN_TICKETS);
    const article = articleId.length > 64 ? null : foldArticle(await this.store.readStream(articleStream(articleId)));
    if (!article || article.companyId !== companyId) throw refusal(404, ErrorCodes.articleNotFound, 'No such event in this company.');
    return article;
  }
}
