// Given a purchase order's status events (and the timers' own), then the row of waiting levels: a round with
// timing rules waits at its lowest missing level from its opening, the next level from the time the previous
// one got its quorum, keeps its flags through a vote or an escalation, and has no row once the round ends.
// On PGlite (the transaction path); the e2e on PostgreSQL covers the statements riding in the append and a rebuild.
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { AuthorityManual, WorkflowStatusChanged } from '@binaan/contracts';
import { migrate, PGliteDatabase, SqlEventStore, type JsonValue } from '@binaan/event-store';
import { decide, SYSTEM_ACTOR, userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from '../documents/document.decider.js';
import { foldDocument } from '../documents/document.state.js';
import { approvalWaitsProjection } from './approval-waits.projection.js';
import { APPROVAL_TIMER_STREAM_TYPE, approvalTimerStream } from './approval-timer.events.js';
import type { ApprovalTimerRule } from './due-times.js';

const MIGRATIONS = fileURLToPath(new URL('../../../../infra/migrations', import.meta.url));
const ID = '0190a2b4-0000-7000-8000-000000000009';
const STREAM = `purchaseOrder-${ID}`;
const HOUR = 3_600_000;
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const lim = userWith('purchaseOrder', 'lim', 'teguh-bina', [20]);
const farid = userWith('purchaseOrder', 'farid', 'teguh-bina', [21]);
const manual: AuthorityManual = {
  resource: 'purchaseOrder',
  allowSelfApproval: false,
  levels: [
    { level: 20, limit: 10_000 },
    { level: 21, limit: 100_000 },
  ],
};
const timers: ApprovalTimerRule[] = [
  { level: 20, responseHours: 24, escalateAfterHours: 24, escalateTo: { to: 'nextLevel' } },
  { level: 21, responseHours: 8, escalateAfterHours: 4, escalateTo: null },
];
const body = {
  title: 'Structural steel',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'Steel', unit: 'lot', quantity: '1', rate: '50000.00', amount: '50000.00', includeZeroRate: false }],
};
const at = (hours: number) => new Date(Date.UTC(2026, 3, 1) + hours * HOUR).toISOString();

type WaitRow = { level: number; since: string; due_at: string | null; escalate_at: string | null; reminded: boolean; escalated: boolean };

describe('approval waits projection', () => {
  let db: PGliteDatabase;
  let store: SqlEventStore;

  beforeEach(async () => {
    db = await PGliteDatabase.open();
    await migrate(db, MIGRATIONS);
    store = await SqlEventStore.open(db, { projections: [approvalWaitsProjection] });
  });
  afterEach(async () => db.close());

  const row = async (): Promise<WaitRow | null> => {
    const [found] = await db.query<{
      level: number;
      since: Date;
      due_at: Date | null;
      escalate_at: Date | null;
      reminded: boolean;
      escalated: boolean;
    }>('SELECT level, since, due_at, escalate_at, reminded, escalated FROM approval_timer_waits WHERE document_id = $1', [ID]);
    if (!found) return null;
    const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
    return { ...found, since: iso(found.since)!, due_at: iso(found.due_at), escalate_at: iso(found.escalate_at) };
  };
  const document = async () => foldDocument(await store.readStream(STREAM))!;
  const appendStatus = async (event: WorkflowStatusChanged, metadata: Record<string, JsonValue> = {}) =>
    store.append({
      streamId: STREAM,
      streamType: 'purchaseOrder',
      expectedRevision: 'any',
      events: [{ type: 'WorkflowStatusChanged', data: event as unknown as JsonValue, metadata }],
    });
  const act = async (name: string, actor: typeof kumar, hours: number, metadata: Record<string, JsonValue> = {}) =>
    appendStatus(decideAction(await document(), name, { remark: 'checked' }, actor, at(hours), manual), metadata);
  const create = async () => {
    const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, at(0));
    const events = creationEvents({ resource: 'purchaseOrder', documentId: ID, documentNo: 'PO-1', actor: kumar, fields, statusEvent });
    await store.append({
      streamId: STREAM,
      streamType: 'purchaseOrder',
      expectedRevision: 'no_stream',
      events: events.map((e) => ({ type: e.type, data: e.data as unknown as JsonValue, metadata: {} })),
    });
  };
  const timerEvent = (type: 'ApprovalReminderSent' | 'ApprovalEscalated', level: number, roundRevision = 2) =>
    store.append({
      streamId: approvalTimerStream(ID, roundRevision, level),
      streamType: APPROVAL_TIMER_STREAM_TYPE,
      expectedRevision: 'any',
      events: [{ type, data: { documentId: ID, resource: 'purchaseOrder', roundRevision, level }, metadata: {} }],
    });

  it('a round without timing rules has no row', async () => {
    await create();
    await act('Request_Approve', kumar, 1);
    expect(await row()).toBeNull();
  });

  it('level 20 waits from the opening; level 21 from the approval that filled 20, with its own rules and fresh flags', async () => {
    await create();
    await act('Request_Approve', kumar, 1, { approvalTimers: timers as unknown as JsonValue });
    expect(await row()).toEqual({ level: 20, since: at(1), due_at: at(25), escalate_at: at(49), reminded: false, escalated: false });
    await timerEvent('ApprovalReminderSent', 20);
    expect(await row()).toMatchObject({ level: 20, reminded: true, escalated: false });
    await act('Approve', lim, 30);
    expect(await row()).toEqual({ level: 21, since: at(30), due_at: at(38), escalate_at: null, reminded: false, escalated: false });
  });

  it('an escalation keeps the level and its flags; a reminder of another round or level changes nothing', async () => {
    await create();
    await act('Request_Approve', kumar, 1, { approvalTimers: timers as unknown as JsonValue });
    await timerEvent('ApprovalReminderSent', 20);
    await timerEvent('ApprovalEscalated', 20, 7);
    await timerEvent('ApprovalEscalated', 21);
    expect(await row()).toMatchObject({ level: 20, reminded: true, escalated: false });
    const escalation = decide(
      'purchaseOrder',
      (await document()).workflow,
      { type: 'Escalate', at: at(49), escalation: { level: 20, toUserIds: ['farid'] } },
      SYSTEM_ACTOR,
    );
    if (!escalation.ok) throw new Error(escalation.refusal.code);
    await appendStatus(escalation.event);
    await timerEvent('ApprovalEscalated', 20);
    expect(await row()).toEqual({ level: 20, since: at(1), due_at: at(25), escalate_at: at(49), reminded: true, escalated: true });
    // The escalation target approves the overdue level: 21 waits now.
    await act('Approve', farid, 50);
    expect(await row()).toMatchObject({ level: 21, since: at(50), reminded: false, escalated: false });
  });

  it('a Reject ends the round: no row', async () => {
    await create();
    await act('Request_Approve', kumar, 1, { approvalTimers: timers as unknown as JsonValue });
    await act('Reject', lim, 2);
    expect(await row()).toBeNull();
  });
});
