// What the counterparty company sees of a document's events (README, "What a counterparty sees"): nothing
// before the document was shared with it, and after that only the steps between the two companies (the
// transition's `betweenCompanies`, declared with each kind's machine), plus the step that shared it,
// without that step's remark and approval level, which belong to the owner's approval round. Edits and
// every other event of the owner's own making stay inside the owner company.
import type { DocumentResource, WorkflowStatusChanged } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { catalogueEntry } from '@binaan/workflows';
import { isSharedStatus } from './document-rules.js';

/** Per event: hidden from the counterparty, shown as it is, or shown without its remark and approval level. */
export type CounterpartySight = 'hidden' | 'shown' | 'sharing';

const between = new Map<string, boolean>();

function isBetween(resource: DocumentResource, change: WorkflowStatusChanged): boolean {
  const key = `${resource}@${change.machineVersion}:${change.statusBefore ?? ''}:${change.workflowEvent}:${change.statusAfter}`;
  let known = between.get(key);
  if (known === undefined) {
    const transitions = catalogueEntry(resource, change.machineVersion).transitions.filter(
      (t) => t.from === change.statusBefore && t.event === change.workflowEvent && t.to === change.statusAfter,
    );
    // Several rows (the same step under different guards, e.g. Fulfil by the system or the owner): between if any is.
    known = transitions.some((t) => t.betweenCompanies);
    between.set(key, known);
  }
  return known;
}

/** What the counterparty sees of each event of a stream, in order. */
export function counterpartySights(resource: DocumentResource, events: readonly StoredEvent[]): CounterpartySight[] {
  let shared = false;
  return events.map((event) => {
    if (event.type !== 'WorkflowStatusChanged') return 'hidden';
    const change = event.data as unknown as WorkflowStatusChanged;
    const sharesNow = isSharedStatus(resource, change.machineVersion, change.statusAfter);
    const wasShared = shared;
    shared ||= sharesNow;
    if (!shared) return 'hidden';
    if (wasShared && isBetween(resource, change)) return 'shown';
    return sharesNow ? 'sharing' : 'hidden';
  });
}

/** The first revision the counterparty may read (the one that shared the document), or null while it is not shared. */
export function sharedFromRevision(resource: DocumentResource, events: readonly StoredEvent[]): number | null {
  for (const event of events) {
    if (event.type !== 'WorkflowStatusChanged') continue;
    const change = event.data as unknown as WorkflowStatusChanged;
    if (isSharedStatus(resource, change.machineVersion, change.statusAfter)) return event.revision;
  }
  return null;
}
