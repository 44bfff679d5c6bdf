// Events of the approval timers: one stream per round and level, `approvalTimer-<documentId>-<round>-<level>`
// (round: the revision of the status event that opened the round), so each fact happens once per waiting
// level: the reminder is appended with "no stream" and the escalation at the revision after it, and a second
// process trying the same is refused by the store.
import type { DocumentResource, EscalationTarget, VerifyLevel } from '@binaan/contracts';

export const APPROVAL_TIMER_STREAM_TYPE = 'approvalTimer';
/** Who records the timers' events (and the Escalate on the document): the platform. */
export const APPROVAL_TIMER_ACTOR = 'system:approval-timers';

export const approvalTimerStream = (documentId: string, roundRevision: number, level: number) =>
  `approvalTimer-${documentId}-${roundRevision}-${level}`;

type WaitingLevel = {
  documentId: string;
  resource: DocumentResource;
  /** The revision of the document's status event that opened the round. */
  roundRevision: number;
  level: VerifyLevel;
  /** When the level began to wait: the round's opening, or the previous level's quorum. */
  since: string;
  dueAt: string;
};

/** The level passed its due time: its awaited approvers are reminded (the notifications context tells them). */
export type ApprovalReminderSentData = WaitingLevel & { at: string };

/** The level passed its escalation time: the document recorded Escalate, opening the level to `toUserIds`. */
export type ApprovalEscalatedData = WaitingLevel & {
  escalateAt: string;
  at: string;
  target: EscalationTarget;
  toUserIds: string[];
  /** The document's revision of its Escalate status event. */
  documentRevision: number;
};

export const ApprovalTimerEventTypes = ['ApprovalReminderSent', 'ApprovalEscalated'] as const;
