// Takes a tender's e-mail invitation up on the server when the invited company is approved.
// The link's `invitation_id` travels with the sign-up (identity records it on `UserSignedUp` as
// `invitationId`, without judging it); the platform registers and approves companies out of this context,
// so the moment a link can count is the approval: on `CompanySubmissionStatusChanged` to Approved this
// reactor reads the company's active members' sign-ups and takes each carried invitation up for the
// company, as the system (`system:tender-invitation`), with the approval as its cause:
// - taken up: the tender's `TenderSellerInvited` naming the e-mail invitation (notified, received list);
// - refused (the tender closed, the company already invited, the link used, the buyer's own company, ...):
//   `TenderEmailInvitationNotTakenUp` on the invitation's stream with the refusal's code;
// - an id that names no e-mail invitation (a call for interest's, or a made-up one): nothing to record.
// Both outcomes carry one id derived from the approval event and the invitation, so a page handled twice
// (a restart, or two processes with reactors on) records one outcome: the second append is a duplicate.
import { Refused } from '../../common/refusal.js';
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CompanySubmissionStatus } from '@binaan/contracts';
import { DuplicateEventId, type EventStore, type SqlExecutor, type StoredEvent, type Subscription } from '@binaan/event-store';
import { READ_MODELS } from '../../common/principal.js';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import { emailInvitationStream, EMAIL_INVITATION_STREAM_TYPE, type TenderEmailInvitationNotTakenUp } from './email-invitation.events.js';
import { EmailInvitationsService } from './email-invitations.service.js';
import { subscriptionSettled } from '../../store/subscription-settled.js';

export const TAKE_UP_SUBSCRIPTION = 'tender-email-invitations';
/** Who takes the invitation up: the platform on the company's approval (the user who brought the link is `by`). */
export const TAKE_UP_ACTOR = 'system:tender-invitation';

/** One id per approval and invitation (a UUID's shape, version 5 style), whichever outcome is recorded. */
export function takeUpEventId(approvalEventId: string, invitationId: string): string {
  const hex = createHash('sha256').update(`${approvalEventId}\u0000tender-invitation\u0000${invitationId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type TakeUpOutcome = {
  invitationId: string;
  userId: string;
  outcome: 'takenUp' | 'notTakenUp' | 'unknown' | 'recordedAlready';
  reason?: string;
};

@Injectable()
export class EmailInvitationTakeUpReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TenderEmailInvitations');
  private subscription: Subscription | null = null;
  /** Every outcome this process recorded or met (tests read it; bounded to the last 200). */
  readonly outcomes: TakeUpOutcome[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly invitations: EmailInvitationsService,
  ) {}

  onApplicationBootstrap(): void {
    // As the notifications reactor: only the process that runs the reactors (the first worker of a cluster).
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: TAKE_UP_SUBSCRIPTION,
      pageSize: 200,
      // Paced as the notifications reactor: almost no event concerns it, and an unpaced follower makes the
      // process's log tail read after every append (log-tail.ts). Handling is idempotent (event ids made from
      // the cause), so a checkpoint a second is enough.
      minIntervalMs: 50,
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`tender e-mail invitations: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Resolves once every event in the log when called has been handled (tests wait on it). */
  async settled(timeoutMs = 20_000): Promise<void> {
    return subscriptionSettled(this.store, this.subscription, this.config.reactors, 'tender e-mail invitations', timeoutMs);
  }

  private async handle(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (
        event.type !== 'CompanySubmissionStatusChanged' ||
        (event.data as { status?: number }).status !== CompanySubmissionStatus.Approved
      )
        continue;
      await this.companyApproved(event);
    }
  }

  private async companyApproved(approval: StoredEvent): Promise<void> {
    const companyId = approval.streamId.slice('company-'.length);
    const members = await this.db.query<{ user_id: string }>(
      'SELECT DISTINCT user_id FROM company_user_roles WHERE company_id = $1 AND status = 2 ORDER BY user_id',
      [companyId],
    );
    for (const { user_id: userId } of members) {
      const [signedUp] = await this.store.readStream(`user-${userId}`, { toRevision: 0 });
      const invitationId = signedUp?.type === 'UserSignedUp' ? (signedUp.data as { invitationId?: unknown }).invitationId : undefined;
      if (typeof invitationId !== 'string') continue;
      this.note(await this.takeUp(approval, companyId, userId, invitationId));
    }
  }

  private async takeUp(approval: StoredEvent, companyId: string, userId: string, invitationId: string): Promise<TakeUpOutcome> {
    const id = takeUpEventId(approval.id, invitationId);
    const reason = `company ${companyId} approved; invitation link carried at sign-up by user ${userId}`;
    const metadata = { actorUserId: TAKE_UP_ACTOR, actorCompanyId: companyId, causationId: approval.id, reason };
    try {
      await this.invitations.takeUp(invitationId, companyId, userId, metadata, id);
      return { invitationId, userId, outcome: 'takenUp' };
    } catch (error) {
      if (error instanceof DuplicateEventId) return { invitationId, userId, outcome: 'recordedAlready' };
      if (!(error instanceof Refused)) throw error;
      if (error.code === 'tenderInvitationNotFound') return { invitationId, userId, outcome: 'unknown' };
      const sent = await this.store.readStream(emailInvitationStream(invitationId));
      const tenderId = (sent[0]?.data as { tenderId?: string } | undefined)?.tenderId ?? '';
      const data: TenderEmailInvitationNotTakenUp = { tenderId, invitationId, sellerCompanyId: companyId, reason: error.code, userId };
      try {
        await this.store.append({
          streamId: emailInvitationStream(invitationId),
          streamType: EMAIL_INVITATION_STREAM_TYPE,
          expectedRevision: 'stream_exists',
          events: [
            {
              id,
              type: 'TenderEmailInvitationNotTakenUp',
              data,
              metadata: { ...metadata, reason: `${reason}; not taken up: ${error.code}` },
            },
          ],
        });
      } catch (appendError) {
        if (appendError instanceof DuplicateEventId) return { invitationId, userId, outcome: 'recordedAlready' };
        throw appendError;
      }
      return { invitationId, userId, outcome: 'notTakenUp', reason: error.code };
    }
  }

  private note(outcome: TakeUpOutcome): void {
    this.outcomes.push(outcome);
    if (this.outcomes.length > 200) this.outcomes.shift();
    if (outcome.outcome !== 'takenUp')
      this.logger.log(`invitation ${outcome.invitationId.slice(0, 6)}…: ${outcome.outcome}${outcome.reason ? ` (${outcome.reason})` : ''}`);
  }
}
