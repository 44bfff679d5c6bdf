// Turns the log's document, company and user events into notifications: a catch-up subscription with a
// durable checkpoint ('notifications') reads every event after it is committed, works out who should know,
// and records one NotificationRaised per user in that user's stream. Each notification's id is derived
// from its source event and user, so a page handled twice (after a restart, or by two API processes that
// both run this subscription) records it once: the second append finds the id stored and writes nothing.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DuplicateEventId, type EventStore, type StoredEvent, type Subscription } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { AccountNotices } from './account-notices.js';
import { ApprovalTimerNotices } from './approval-timer-notices.js';
import { DocumentNotices } from './document-notices.js';
import { PlanNotices } from './plan-notices.js';
import { TenderExchangeNotices } from './tender-exchange-notices.js';
import { TenderAwardNotices } from './tender-award-notices.js';
import { TenderingNotices } from './tendering-notices.js';
// The business network.
import { BusinessNetworkNotices } from './business-network-notices.js';
import { InventoryNotices } from './inventory-notices.js';
import { subscriptionSettled } from '../store/subscription-settled.js';
import {
  notificationId,
  notificationStream,
  NOTIFICATIONS_STREAM_TYPE,
  type NotificationRaisedData,
  type PlannedNotification,
} from './notification.events.js';

export const REACTOR_SUBSCRIPTION = 'notifications';

type Raised = {
  id: string;
  type: 'NotificationRaised';
  data: NotificationRaisedData;
  metadata: { actorUserId: string; causationId: string; correlationId: string | null };
};

function toRaised(source: StoredEvent, planned: PlannedNotification): Raised {
  const id = notificationId(source.id, planned.userId);
  const data: NotificationRaisedData = {
    notificationId: id,
    userId: planned.userId,
    module: planned.module,
    src: planned.src,
    srcId: planned.srcId,
    eventData: planned.eventData,
    sourceEventId: source.id,
    sourcePosition: source.globalPosition,
  };
  return {
    id,
    type: 'NotificationRaised',
    data,
    metadata: { actorUserId: NOTIFICATIONS_ACTOR, causationId: source.id, correlationId: source.metadata.correlationId ?? null },
  };
}
export const NOTIFICATIONS_ACTOR = 'system:notifications';

@Injectable()
export class NotificationReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly documents: DocumentNotices,
    private readonly accounts: AccountNotices,
    private readonly plans: PlanNotices,
    private readonly tenderExchange: TenderExchangeNotices,
    private readonly awards: TenderAwardNotices,
    private readonly tendering: TenderingNotices,
    private readonly timers: ApprovalTimerNotices,
    private readonly network: BusinessNetworkNotices,
    private readonly inventory: InventoryNotices,
  ) {}

  onApplicationBootstrap(): void {
    // In a cluster only the first worker reacts (cluster.ts); the others' users still get the notifications
    // through their own live feeds.
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: REACTOR_SUBSCRIPTION,
      pageSize: 200,
      // A busy approver queue wakes it on every action: one page per 50 ms at most, so one append per user
      // per page covers many actions (a notification is raised at most that much later).
      minIntervalMs: 50,
      // Most pages hold nothing for it: one checkpoint row a second, not one per page (handling is idempotent).
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`notifications: ${error instanceof Error ? error.message : String(error)}`),
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

  /** Resolves once every event in the log when called has been handled (tests and the demo wait on it). */
  async settled(timeoutMs = 20_000): Promise<void> {
    return subscriptionSettled(this.store, this.subscription, this.config.reactors, 'notifications', timeoutMs);
  }

  /**
   * A page of the log: every notification worked out first, then one append per user with all of theirs,
   * in the log's order (one statement with its read models on PostgreSQL, where one append per
   * notification made the reactor fall a minute behind a busy approver queue).
   */
  private async handle(events: readonly StoredEvent[]): Promise<void> {
    const byUser = new Map<string, Raised[]>();
    for (const event of events) {
      if (event.streamType === NOTIFICATIONS_STREAM_TYPE) continue;
      const planned = [
        ...(await this.documents.plan(event)),
        ...(await this.accounts.plan(event)),
        ...(await this.plans.plan(event)),
        ...(await this.tendering.plan(event)),
        ...(await this.tenderExchange.plan(event)),
        ...(await this.awards.plan(event)),
        ...(await this.timers.plan(event)),
        ...(await this.network.plan(event)),
        ...(await this.inventory.plan(event)),
      ];
      for (const notification of planned) {
        const raised = byUser.get(notification.userId) ?? [];
        raised.push(toRaised(event, notification));
        byUser.set(notification.userId, raised);
      }
    }
    for (const [userId, raised] of byUser) {
      try {
        await this.append(userId, raised);
      } catch (error) {
        if (!(error instanceof DuplicateEventId)) throw error;
        // Some were raised already (another process, or this one before a restart): each on its own, each idempotent.
        for (const one of raised) await this.raiseOne(userId, one);
      }
    }
  }

  private append(userId: string, raised: readonly Raised[]) {
    return this.store.append({
      streamId: notificationStream(userId),
      streamType: NOTIFICATIONS_STREAM_TYPE,
      expectedRevision: 'any',
      events: raised,
    });
  }

  private async raiseOne(userId: string, raised: Raised): Promise<void> {
    try {
      await this.append(userId, [raised]);
    } catch (error) {
      // Raised already and more came after it in the stream.
      if (!(error instanceof DuplicateEventId)) throw error;
    }
  }
}
