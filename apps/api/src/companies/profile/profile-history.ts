// The profile's history, newest first, a page at a time by revision (`before`: the oldest revision of the page
// read, given back): who changed what, when and why. A step names its entry by what the event itself says
// (a person's name, a machine's brand and model, a project's name); a removal, by the reason.

import { ErrorCodes, type ProfileHistoryPage, type ProfileHistoryStep, type ProfileList } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { refusal } from '../../common/refusal.js';
import { profileStream, type CompanyProfileEvent } from './profile.events.js';

export const HISTORY_PAGE = 50;

const STEP: Record<CompanyProfileEvent['type'], ProfileHistoryStep['event']> = {
  CompanyInformationEdited: 'InformationEdited',
  CompanyProfileEntryAdded: 'EntryAdded',
  CompanyProfileEntryEdited: 'EntryEdited',
  CompanyProfileEntryRemoved: 'EntryRemoved',
  CompanyProfileSharingChanged: 'SharingChanged',
  CompanyProfilePersonForgotten: 'PersonForgotten',
};

function labelOf(event: CompanyProfileEvent): string | null {
  if (event.type !== 'CompanyProfileEntryAdded' && event.type !== 'CompanyProfileEntryEdited') return null;
  const fields = event.data.fields;
  return event.data.list === 'machinery' ? `${fields.brand ?? ''} ${fields.model ?? ''}`.trim() : String(fields.name ?? '');
}

export function parseBefore(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw))
    throw refusal(400, ErrorCodes.validationFailed, 'before: the `next` of an earlier page.', { fields: { before: ['invalid'] } });
  return Number(raw);
}

export async function profileHistory(
  store: EventStore,
  db: SqlExecutor,
  companyId: string,
  revisionNow: number,
  before: number | null,
): Promise<ProfileHistoryPage> {
  const to = Math.min(before === null ? revisionNow : before - 1, revisionNow);
  if (to < 0) return { items: [], next: null };
  const from = Math.max(0, to - HISTORY_PAGE + 1);
  const events: StoredEvent[] = await store.readStream(profileStream(companyId), { fromRevision: from, toRevision: to });
  const userIds = [...new Set(events.map((event) => event.metadata.actorUserId).filter((id): id is string => typeof id === 'string'))];
  const names = new Map(
    (
      await db.query<{ user_id: string; name: string }>('SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])', [
        userIds,
      ])
    ).map((row) => [row.user_id, row.name]),
  );
  const items = events.reverse().map((stored): ProfileHistoryStep => {
    const event = { type: stored.type, data: stored.data } as CompanyProfileEvent;
    const data = event.data as { list?: ProfileList; entryId?: string; reason?: string };
    return {
      revision: stored.revision,
      at: stored.metadata.recordedAt,
      byName: stored.metadata.actorUserId ? (names.get(stored.metadata.actorUserId) ?? null) : null,
      event: STEP[event.type],
      list: data.list ?? null,
      entryId: data.entryId ?? null,
      label: labelOf(event),
      reason: data.reason ?? null,
    };
  });
  return { items, next: from > 0 ? String(from) : null };
}
