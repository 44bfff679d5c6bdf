// The system's way into a document's write path for an overdue level: fold the document from its stream,
// let the machine decide `Escalate` for the platform (SYSTEM_ACTOR, the machine's system-only guard) and
// append it at the revision it was read at, so two processes escalating at once record it once (the second
// is refused by the store). Like the tender close timer, it speaks to the store and the machine directly:
// no user, no session, no authority lookup of a person.
import type { DocumentResource, VerifyLevel, WorkflowStatusChanged } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type JsonValue, type StoredEvent } from '@binaan/event-store';
import { decide, nextMissingLevel, SYSTEM_ACTOR, type Actor } from '@binaan/workflows';
import { documentStreamId, foldDocument, type DocumentState } from '../documents/document.state.js';
import { APPROVAL_TIMER_ACTOR } from './approval-timer.events.js';

const actor: Actor = { ...SYSTEM_ACTOR, userId: APPROVAL_TIMER_ACTOR };

/** A document as the timers judge it: folded, with the revision of the status event that opened its present round. */
export type TimedDocument = { state: DocumentState; roundRevision: number | null; events: readonly StoredEvent[] };

export async function readTimedDocument(store: EventStore, resource: DocumentResource, documentId: string): Promise<TimedDocument | null> {
  const events = await store.readStream(documentStreamId(resource, documentId));
  const state = foldDocument(events);
  if (!state) return null;
  let roundRevision: number | null = null;
  for (const event of events)
    if (event.type === 'WorkflowStatusChanged' && (event.data as unknown as WorkflowStatusChanged).requiredLevels !== null)
      roundRevision = event.revision;
  return { state, roundRevision, events };
}

/** Whether the document's open round (the one opened at `roundRevision`) still waits for `level`. */
export function stillWaits(document: TimedDocument, roundRevision: number, level: VerifyLevel): boolean {
  const { approval } = document.state.workflow.context;
  return approval.open && document.roundRevision === roundRevision && nextMissingLevel(approval) === level;
}

/** The Escalate already recorded at this level of the present round (its revision and who it named), if any. */
export function recordedEscalation(document: TimedDocument, level: VerifyLevel): { revision: number; toUserIds: string[] } | null {
  for (const event of document.events) {
    if (event.type !== 'WorkflowStatusChanged' || event.revision <= (document.roundRevision ?? Infinity)) continue;
    const escalation = (event.data as unknown as WorkflowStatusChanged).escalation;
    if (escalation && escalation.level === level) return { revision: event.revision, toUserIds: [...escalation.toUserIds] };
  }
  return null;
}

/**
 * Records `Escalate` on the document: the level opened to `toUserIds`. Returns the new revision, or null when
 * the document moved meanwhile (another process escalated it, or someone acted): nothing was recorded.
 */
export async function escalateDocument(
  store: EventStore,
  document: TimedDocument,
  escalation: { level: VerifyLevel; toUserIds: string[] },
  at: Date,
  reason: string,
): Promise<number | null> {
  const { state } = document;
  const decision = decide(state.resource, state.workflow, { type: 'Escalate', at: at.toISOString(), escalation }, actor);
  if (!decision.ok) return null;
  try {
    const result = await store.append({
      streamId: documentStreamId(state.resource, state.id),
      streamType: state.resource,
      expectedRevision: state.revision,
      events: [
        {
          type: 'WorkflowStatusChanged',
          data: decision.event as unknown as JsonValue,
          metadata: { actorUserId: APPROVAL_TIMER_ACTOR, reason },
        },
      ],
    });
    return result.events[0]!.revision;
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return null;
    throw error;
  }
}
