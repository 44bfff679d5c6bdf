// The tender's contract round tied to the letter of award. The award makes a letter of award to
// the chosen seller; the letter's own approval round (the authority manual's amount limits, on the letter)
// is the contract's approval. When its last approval is recorded (the letter: Approve, new ->
// pendingConfirmation), this reactor records the tender machine's `Approve` to contractAwarded as the system
// (`system:tender-award`, the machine's `system` guard; from draftContract, or from a round of the tender's
// own already opened), with the letter's approval as its cause, the approver named in the metadata and the
// remark saying why. Only the letter of the tender's latest award counts (an older round's letter is not
// the contract); a tender already past its contract (awarded, cancelled) is left as it is.
// The letter ending without a contract is carried the same way: rejected in its round (Reject), rejected by
// the seller (Reject_By_Seller) or voided by the buyer (Cancel), the tender is moved by the system with the
// machine's `Reject` to draftContractRejected (from draftContract, pendingContractApproval or
// contractAwarded), where the buyer awards again; that letter resubmitted and approved moves it back to
// contractAwarded (the same Approve, from draftContractRejected).
// Safe when a page is handled twice or by two processes: one event id per letter event, and the append
// carries the tender revision it was judged at.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { WorkflowStatusChanged } from '@binaan/contracts';
import {
  DuplicateEventId,
  WrongExpectedRevision,
  type EventStore,
  type JsonValue,
  type StoredEvent,
  type Subscription,
} from '@binaan/event-store';
import { SYSTEM_ACTOR, type Actor } from '@binaan/workflows';
import { CLOCK, type Clock } from '../../common/principal.js';
import type { ApiConfig } from '../../config.js';
import { decideAction } from '../../documents/document.decider.js';
import { documentStreamId, foldDocument } from '../../documents/document.state.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import { awardStream, type TenderAwarded } from './award.events.js';
import { subscriptionSettled } from '../../store/subscription-settled.js';

export const CONTRACT_AWARD_SUBSCRIPTION = 'tender-contract-award';
/** Who moves the tender to contractAwarded: the platform, carrying out the letter's approval. */
export const CONTRACT_AWARD_ACTOR = 'system:tender-award';
/** The tender statuses the letter's approval ends: the contract drafted, its own round already opened, or
 * rejected before (the same letter resubmitted and approved). */
const CONTRACT_OPEN = new Set(['draftContract', 'pendingContractApproval', 'draftContractRejected']);
/** The tender statuses the letter's rejection or void sends back to the award step. */
const CONTRACT_MADE_OR_OPEN = new Set(['draftContract', 'pendingContractApproval', 'contractAwarded']);
/** The letter's steps that end it without a contract, and how the tender's remark names them. */
const LETTER_ENDINGS: Readonly<Record<string, string>> = {
  Reject: 'rejected in its approval round',
  Reject_By_Seller: 'rejected by the seller',
  Cancel: 'voided by the buyer',
};

const actor: Actor = { ...SYSTEM_ACTOR, userId: CONTRACT_AWARD_ACTOR };

/** One id per letter event (approval, rejection, void; a UUID's shape), so the tender's step is recorded once. */
export function contractAwardEventId(letterApprovalEventId: string): string {
  const hex = createHash('sha256').update(`${letterApprovalEventId}\u0000tender-contract-award`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A letter of award's last approval: the step that sends it to the seller. */
export function isLetterApproved(event: StoredEvent): boolean {
  if (event.streamType !== 'letterOfAward' || event.type !== 'WorkflowStatusChanged') return false;
  const data = event.data as unknown as WorkflowStatusChanged;
  return data.workflowEvent === 'Approve' && data.statusBefore === 'new' && data.statusAfter === 'pendingConfirmation';
}

/** A letter of award ended without a contract: rejected (in its round or by the seller) or voided. */
export function isLetterEnded(event: StoredEvent): boolean {
  if (event.streamType !== 'letterOfAward' || event.type !== 'WorkflowStatusChanged') return false;
  const data = event.data as unknown as WorkflowStatusChanged;
  return data.workflowEvent in LETTER_ENDINGS && (data.statusAfter === 'rejected' || data.statusAfter === 'cancelled');
}

type Carried = { event: 'Approve' | 'Reject'; from: ReadonlySet<string>; remark: string; metadata: Record<string, JsonValue> };

/** What the letter's event means for the tender (its remark and metadata name the letter's actor). */
function carried(letterEvent: StoredEvent, documentNo: string): Carried {
  const data = letterEvent.data as unknown as WorkflowStatusChanged;
  const by = data.actor.userId;
  if (isLetterApproved(letterEvent)) {
    return {
      event: 'Approve',
      from: CONTRACT_OPEN,
      metadata: { approvedBy: by, reason: `letter of award ${documentNo} approved` },
      remark: `Letter of award ${documentNo} approved (last approval by ${by}): the contract is awarded.`,
    };
  }
  const how = LETTER_ENDINGS[data.workflowEvent]!;
  const why = data.remark ? ` ("${data.remark.slice(0, 300)}")` : '';
  return {
    event: 'Reject',
    from: CONTRACT_MADE_OR_OPEN,
    metadata: { rejectedBy: by, letterAction: data.workflowEvent, reason: `letter of award ${documentNo} ${how}` },
    remark: `Letter of award ${documentNo} ${how} by ${by}${why}: no contract; the tender may be awarded again.`,
  };
}

@Injectable()
export class ContractAwardReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TenderContractAward');
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.reactors) return;
    this.subscription = this.store.subscribe({
      name: CONTRACT_AWARD_SUBSCRIPTION,
      pageSize: 200,
      // Paced as the notifications reactor: almost no event concerns it, and an unpaced follower makes the
      // process's log tail read after every append (log-tail.ts). Handling is idempotent (event ids made from
      // the cause), so a checkpoint a second is enough.
      minIntervalMs: 50,
      checkpointEveryMs: 1000,
      handler: (events) => this.handle(events),
      onError: (error) => this.logger.error(`tender contract award: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Resolves once every event in the log when called has been handled (tests wait on it). */
  async settled(timeoutMs = 20_000): Promise<void> {
    return subscriptionSettled(this.store, this.subscription, this.config.reactors, 'tender contract award', timeoutMs);
  }

  private async handle(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) if (isLetterApproved(event) || isLetterEnded(event)) await this.letterEvent(event);
  }

  /** Judged again from the streams when the tender moved between the read and the append (a user acted). */
  private async letterEvent(cause: StoredEvent): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.tryLetterEvent(cause)) return;
    }
    this.logger.error(`contract award for letter event ${cause.id}: the tender kept moving; not recorded`);
  }

  /** False only when the tender moved meanwhile (try again). */
  private async tryLetterEvent(cause: StoredEvent): Promise<boolean> {
    const letter = foldDocument(await this.store.readStream(cause.streamId));
    const tenderId = letter?.fields.sourceDocumentId;
    if (!letter || !tenderId) return true;
    const streamId = documentStreamId('tender', tenderId);
    const tender = foldDocument(await this.store.readStream(streamId));
    if (tender === null || tender.resource !== 'tender' || tender.companyId !== letter.companyId) return true;
    const awards = await this.store.readStream(awardStream(tenderId));
    const latest = awards.at(-1)?.data as unknown as TenderAwarded | undefined;
    const step = carried(cause, letter.documentNo);
    // Only the letter of the latest award is the contract; a tender elsewhere (cancelled, or already where
    // this step leads) stays as it is.
    if (latest?.letterOfAwardId !== letter.id || !step.from.has(tender.workflow.status)) return true;
    const event = decideAction(tender, step.event, { remark: step.remark }, actor, this.now().toISOString());
    try {
      await this.store.append({
        streamId,
        streamType: 'tender',
        expectedRevision: tender.revision,
        events: [
          {
            id: contractAwardEventId(cause.id),
            type: 'WorkflowStatusChanged',
            data: event as unknown as JsonValue,
            metadata: {
              actorUserId: CONTRACT_AWARD_ACTOR,
              actorCompanyId: tender.companyId,
              causationId: cause.id,
              letterOfAwardId: letter.id,
              ...step.metadata,
            },
          },
        ],
      });
    } catch (error) {
      // Recorded already (a page handled twice, another process): nothing to do.
      if (error instanceof DuplicateEventId) return true;
      if (error instanceof WrongExpectedRevision) return false;
      throw error;
    }
    return true;
  }
}
