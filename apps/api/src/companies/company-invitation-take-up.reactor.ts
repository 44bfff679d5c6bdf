// A person invited into a company by e-mail joins when they activate the account they signed up for from
// the invitation's link: on `UserActivated`, the sign-up's carried `invitationId` names a pending member of
// a company, and when the account's e-mail is the one invited, the platform records that they joined and
// activates them (the user machine's Activate, as the system). A link used with another address is left
// alone: the invitation was for that address's owner. The events' ids are made from the activation and the
// invitation, so a page handled twice (a restart, two processes) records them once.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { normaliseEmail } from '@binaan/contracts';
import {
  DuplicateEventId,
  WrongExpectedRevision,
  type EventStore,
  type JsonValue,
  type SqlExecutor,
  type StoredEvent,
  type Subscription,
} from '@binaan/event-store';
import { SYSTEM_ACTOR } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { notificationId } from '../notifications/notification.events.js';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { decideJoin } from './company-admin.decider.js';
import { companyStream } from './company-admin.events.js';
import { foldCompany } from './company-state.js';
import { subscriptionSettled } from '../store/subscription-settled.js';

export const COMPANY_INVITATIONS_SUBSCRIPTION = 'company-invitations';
const ACTOR = 'system:company-invitation';

/** One id per event recorded, from the activation and the invitation (the notifications' UUID-shaped hash). */
const joinEventId = (activationId: string, invitationId: string, index: number) =>
  notificationId(activationId, `company-invitation\u0000${invitationId}\u0000${index}`);

@Injectable()
export class CompanyInvitationTakeUpReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompanyInvitations');
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  onApplicationBootstrap(): void {
    // Only the process that runs the reactors (the first worker of a cluster), as the other reactors.
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: COMPANY_INVITATIONS_SUBSCRIPTION,
      pageSize: 200,
      minIntervalMs: 50,
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`company invitations: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Resolves once every event in the log when called has been handled (tests wait on it). */
  async settled(timeoutMs = 20_000): Promise<void> {
    return subscriptionSettled(this.store, this.subscription, this.config.reactors, 'company invitations', timeoutMs);
  }

  private async handle(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) if (event.type === 'UserActivated') await this.activated(event);
  }

  private async activated(activation: StoredEvent): Promise<void> {
    const userId = activation.streamId.slice('user-'.length);
    const [signedUp] = await this.store.readStream(`user-${userId}`, { toRevision: 0 });
    const data = signedUp?.type === 'UserSignedUp' ? (signedUp.data as { invitationId?: unknown; email?: unknown }) : {};
    if (typeof data.invitationId !== 'string' || typeof data.email !== 'string') return;
    const [member] = await this.db.query<{ company_id: string; member_id: string; email: string }>(
      'SELECT company_id, member_id, email FROM company_members WHERE invitation_id = $1 AND user_id IS NULL',
      [data.invitationId],
    );
    if (!member || normaliseEmail(member.email) !== normaliseEmail(data.email)) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = foldCompany(await this.store.readStream(companyStream(member.company_id)));
      const joined = state
        ? decideJoin(state, member.member_id, userId, this.now().toISOString(), { ...SYSTEM_ACTOR, companyId: member.company_id })
        : null;
      if (!state || !joined) return;
      try {
        await this.store.append({
          streamId: companyStream(member.company_id),
          streamType: 'company',
          expectedRevision: state.revision,
          events: joined.map((event, index) => ({
            id: joinEventId(activation.id, data.invitationId as string, index),
            type: event.type,
            data: event.data as unknown as JsonValue,
            metadata: {
              actorUserId: ACTOR,
              actorCompanyId: member.company_id,
              causationId: activation.id,
              reason: `user ${userId} activated the account signed up from the invitation`,
            },
          })),
        });
        return;
      } catch (error) {
        if (error instanceof DuplicateEventId) return;
        // The company changed meanwhile (an administrator at work): decide again on what it is now.
        if (!(error instanceof WrongExpectedRevision)) throw error;
      }
    }
  }
}
