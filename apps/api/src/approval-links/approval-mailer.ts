// The approval request e-mail: a catch-up subscription with a durable checkpoint ('approval-mails') that
// follows the notifications the reactor records. A `NotificationRaised` about a document in an open round
// (its `awaiting_level`) to a user the route still names among those who may act next is an approval request:
// that user gets it by e-mail too, so the e-mail goes to exactly the people the bell told, and to no one else.
// Each e-mail is recorded (`ApprovalRequestMailed`, stream `approvalMail-<id>` with 'no_stream', the id from
// the source event and the user) before it goes: handling the same event twice mails once.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isDocumentResource } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type StoredEvent, type Subscription } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { CLOCK, type Clock } from '../common/principal.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { NOTIFICATIONS_STREAM_TYPE, type NotificationRaisedData } from '../notifications/notification.events.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import {
  APPROVAL_MAIL_ACTOR,
  APPROVAL_MAIL_STREAM_TYPE,
  approvalMailId,
  approvalMailStream,
  type ApprovalRequestMailed,
} from './approval-link.events.js';
import { ApprovalLinkKey } from './approval-link-key.js';
import { signApprovalLink } from './approval-link-token.js';
import { approvalMail, shownAmount } from './approval-mail-texts.js';
import { ApprovalRounds, type OpenRequest } from './approval-rounds.js';
import { subscriptionSettled } from '../store/subscription-settled.js';

export const APPROVAL_MAILS_SUBSCRIPTION = 'approval-mails';

@Injectable()
export class ApprovalMailer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApprovalMail');
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    private readonly key: ApprovalLinkKey,
    private readonly rounds: ApprovalRounds,
  ) {}

  onApplicationBootstrap(): void {
    // The first worker of a cluster only, as the notifications reactor it follows (cluster.ts).
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: APPROVAL_MAILS_SUBSCRIPTION,
      pageSize: 200,
      minIntervalMs: 50,
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`approval mails: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** The position handled up to, or null where this process does not react (the lag metric). */
  position(): number | null {
    return this.subscription?.position() ?? null;
  }

  /** Resolves once every event in the log when called has been handled (tests wait on it). */
  async settled(timeoutMs = 20_000): Promise<void> {
    return subscriptionSettled(this.store, this.subscription, this.config.reactors, 'approval mails', timeoutMs);
  }

  /** A page of the log: each approval request among its notifications, mailed once. */
  async handle(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (event.streamType !== NOTIFICATIONS_STREAM_TYPE || event.type !== 'NotificationRaised') continue;
      const raised = event.data as unknown as NotificationRaisedData;
      const facts = raised.eventData;
      if (facts.awaiting_level === null || facts.awaiting_level === undefined || !facts.resource || !isDocumentResource(facts.resource))
        continue;
      await this.mailOne(raised);
    }
  }

  private async mailOne(raised: NotificationRaisedData): Promise<void> {
    const mailId = approvalMailId(raised.sourceEventId, raised.userId);
    if (await this.store.streamHead(approvalMailStream(mailId))) return;
    const request = await this.rounds.openRequest(raised);
    // Moved on since (decided, withdrawn, another level), or no longer this user's to decide: nothing to ask.
    if (!request || !request.mayAct) return;
    const recipient = await this.rounds.recipient(raised.userId);
    if (!recipient) return;
    const now = this.now();
    // A request older than its links would live is not mailed (a store that gains this on a long log).
    if (Date.parse(request.askedAt) + this.config.approvalLinkHours * 3_600_000 < now.getTime()) return;
    const key = this.key.current();
    const expiresAt = new Date(now.getTime() + this.config.approvalLinkHours * 3_600_000);
    const nonces = key ? { approve: this.key.nonce(), reject: this.key.nonce() } : null;
    const recorded: ApprovalRequestMailed = {
      mailId,
      userId: raised.userId,
      companyId: request.state.companyId,
      resource: request.state.resource,
      documentId: request.state.id,
      documentNo: request.state.documentNo,
      revision: request.revision,
      level: request.level,
      approveNonce: nonces?.approve ?? null,
      rejectNonce: nonces?.reject ?? null,
      expiresAt: nonces ? expiresAt.toISOString() : null,
      language: recipient.language,
      notificationId: raised.notificationId,
      sourceEventId: raised.sourceEventId,
    };
    try {
      await this.store.append({
        streamId: approvalMailStream(mailId),
        streamType: APPROVAL_MAIL_STREAM_TYPE,
        expectedRevision: 'no_stream',
        events: [
          {
            type: 'ApprovalRequestMailed',
            data: recorded,
            metadata: { actorUserId: APPROVAL_MAIL_ACTOR, causationId: raised.notificationId },
          },
        ],
      });
    } catch (error) {
      // Recorded by another process (or this one before a restart): it mailed, or is mailing.
      if (error instanceof WrongExpectedRevision) return;
      throw error;
    }
    await this.send(recorded, request, recipient, key && nonces ? { key, nonces, expiresAt } : null);
  }

  private async send(
    recorded: ApprovalRequestMailed,
    request: OpenRequest,
    recipient: { email: string; name: string; language: 'en' | 'ms' | 'zh' },
    signing: { key: string; nonces: { approve: string; reject: string }; expiresAt: Date } | null,
  ): Promise<void> {
    const base = this.config.publicUrl;
    const link = (action: 'approve' | 'reject', nonce: string, key: string) =>
      `${base}/approval/${signApprovalLink(key, {
        userId: recorded.userId,
        companyId: recorded.companyId,
        resource: recorded.resource,
        documentId: recorded.documentId,
        revision: recorded.revision,
        level: recorded.level,
        action,
        expiresAt: Math.floor(signing!.expiresAt.getTime() / 1000),
        nonce,
      })}`;
    const { state } = request;
    const mail = approvalMail({
      language: recipient.language,
      recipientName: recipient.name,
      askerName: request.askerName,
      resource: state.resource,
      documentNo: state.documentNo,
      title: state.fields.title,
      description: state.fields.description || null,
      amount: shownAmount(state.fields.currency, state.fields.totals.total),
      companyName: request.companyName,
      level: request.level,
      links: signing
        ? {
            approve: link('approve', signing.nonces.approve, signing.key),
            reject: link('reject', signing.nonces.reject, signing.key),
            expiresAt: signing.expiresAt.toISOString(),
          }
        : null,
      open: `${base}/${state.resource}/${encodeURIComponent(state.id)}/show`,
    });
    try {
      await this.email.send({ to: recipient.email, purpose: 'approval-request', ...mail });
    } catch {
      // The bell has rung. The e-mail log holds the server's reason, sealed (it may name the address): neither
      // it, the address nor a link is written here or in the log.
      this.logger.warn(`approval mail ${recorded.mailId} was not sent (see the e-mail log)`);
      await this.store.append({
        streamId: approvalMailStream(recorded.mailId),
        streamType: APPROVAL_MAIL_STREAM_TYPE,
        expectedRevision: 0,
        events: [{ type: 'ApprovalRequestMailNotSent', data: { mailId: recorded.mailId }, metadata: { actorUserId: APPROVAL_MAIL_ACTOR } }],
      });
    }
  }
}
