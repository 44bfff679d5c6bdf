// Notifications over the API, on PGlite and on PostgreSQL: who is told when a purchase order moves
// (exactly one notification per intended recipient, none for anyone else), the list with its paging and
// count, clearing the count (a recorded command), and the read-only token's limits.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notificationLink, type NotificationEventData } from '@binaan/contracts';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  purchaseOrderBody,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  type Running,
} from '../documents/harness.js';
import { feed, recipientsOf, settled, signInBoth, type Tokens } from './harness.js';

const BASE = '/api/documents/purchaseOrder';

describe.each(FEATURE_STORES)('notifications api on %s', (kind) => {
  let running: Running | undefined;
  let kumar: Tokens, lim: Tokens, mei: Tokens, aminah: Tokens, hafiz: Tokens;
  let id = '';
  let revision = 0;
  /** Notifications each had from the seeded accounts (companies approved), before the orders below. */
  const base = { lim: 0, kumar: 0 };
  const r = () => running!;
  const act = async (who: Tokens, event: string, body: Record<string, unknown> = {}) => {
    r().clock.advance(60_000);
    const reply = await r().api.call('post', `${BASE}/${id}/actions/${event}`, {
      token: who.jwtToken,
      body,
      headers: { 'If-Match': String(revision) },
    });
    expect(reply.status).toBe(200);
    revision = reply.body.revision;
    await settled(r().app);
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    kumar = await signInBoth(r().app, 'kumar@teguhbina.my', TEGUH);
    lim = await signInBoth(r().app, 'lim@teguhbina.my', TEGUH);
    mei = await signInBoth(r().app, 'mei@mutiarasupplies.my', MUTIARA);
    aminah = await signInBoth(r().app, 'aminah@teguhbina.my', TEGUH);
    hafiz = await signInBoth(r().app, 'hafiz@serihartanah.my', 'seri-hartanah');
    await settled(r().app);
    base.lim = (await feed(r(), lim.jwtToken, 0, 100)).events.length;
    base.kumar = (await feed(r(), kumar.jwtToken, 0, 100)).events.length;
  }, 300_000);

  it('the seeded accounts: each member of an approved company was told once; the admins of the company still waiting', async () => {
    expect(await recipientsOf(r(), TEGUH)).toEqual({
      'aminah@teguhbina.my': 1,
      'farid@teguhbina.my': 1,
      'kumar@teguhbina.my': 1,
      'lim@teguhbina.my': 1,
    });
    expect(await recipientsOf(r(), 'baru-consult')).toEqual({ 'admin@binaan.my': 1 });
    // Lestari eBuild is still in progress: no one; demo users were activated at once: no pending-user notice.
    expect(await recipientsOf(r(), 'lestari-ebuild')).toEqual({});
    const [approved] = (await feed(r(), kumar.jwtToken, 0, 1)).events;
    expect(approved).toMatchObject({ module: 'company', src: 'approved', src_id: TEGUH });
    // Not about a document: nothing to have moved on.
    expect(approved).toMatchObject({ current_status: null, current_awaiting_level: null, moved_on: false });
    expect(notificationLink(approved!).href).toBe('/dashboard');
    const admin = await signInBoth(r().app, 'admin@binaan.my', TEGUH);
    const waiting = (await feed(r(), admin.jwtToken, 0, 100)).events.filter((e) => e.src_id === 'baru-consult');
    expect(waiting.map((e) => notificationLink(e).href)).toEqual(['/admin/company-registrations/baru-consult']);
  });
  afterAll(async () => running?.stop());

  it('creating a purchase order tells no one (nothing waits for anyone yet)', async () => {
    const created = await r().api.call('post', BASE, { token: kumar.jwtToken, body: purchaseOrderBody() });
    expect(created.status).toBe(201);
    id = created.body.id;
    revision = created.body.revision;
    await settled(r().app);
    expect(await recipientsOf(r(), id)).toEqual({});
  });

  it('the approval request gives exactly one notification to lim, the one approver of the next level, and none to anyone else', async () => {
    await act(kumar, 'Request_Approve');
    // Not kumar (he asked), not aminah (level 22 is not the next level), not the seller (not sent yet), not Seri Hartanah's hafiz.
    expect(await recipientsOf(r(), id)).toEqual({ 'lim@teguhbina.my': 1 });
    const mine = await feed(r(), lim.jwtToken, 0, 1);
    expect(mine.events).toHaveLength(1);
    const [event] = mine.events;
    expect(event).toMatchObject({ module: 'purchaseOrder', src: 'pendingApproval', src_id: id, last_view_time: '' });
    // Still waiting for lim: the document is as it was when he was asked.
    expect(event).toMatchObject({ current_status: 'new', current_awaiting_level: 20, moved_on: false });
    expect(Number.isNaN(Date.parse(event!.creation_date))).toBe(false);
    const data = JSON.parse(event!.event_data) as NotificationEventData;
    expect(data).toMatchObject({ status: 'new', awaiting_level: 20 });
    expect(data).toMatchObject({
      created_by: 'Kumar a/l Rajan',
      project_id: null,
      company_name: 'Teguh Bina Sdn Bhd',
      counterparty_company_name: 'Mutiara Supplies Sdn Bhd',
      created_by_seller: false,
      vendor_document_no: null,
      loa_wo_type: null,
      doc_description: 'Ready-mix concrete G30, Block A',
    });
    expect(data.document_no).toMatch(/^PO-2026-\d{5}$/);
    expect(notificationLink(event!).href).toBe('/purchase-order/all/pending-approval');
    for (const other of [kumar, mei, aminah, hafiz])
      expect((await feed(r(), other.jwtToken, 0, 100)).events.filter((e) => e.src_id === id)).toEqual([]);
  });

  it("lim's approval sends it to the seller: mei (who may confirm) is told, once; ahmad (no level on orders) and the buyer's users are not", async () => {
    await act(lim, 'Approve');
    expect(await recipientsOf(r(), id)).toEqual({ 'lim@teguhbina.my': 1, 'mei@mutiarasupplies.my': 1 });
    const [event] = (await feed(r(), mei.jwtToken, 0, 1)).events;
    expect(event).toMatchObject({ module: 'purchaseOrder', src: 'receivedNew', src_id: id });
    expect(JSON.parse(event!.event_data)).toMatchObject({
      recipient_company_id: MUTIARA,
      recipient_company_name: 'Mutiara Supplies Sdn Bhd',
    });
    expect(notificationLink(event!).href).toBe('/purchase-order/all/received/new');
    expect(event).toMatchObject({ current_status: 'pendingConfirmation', current_awaiting_level: null, moved_on: false });
    // lim's request has moved on: the list gives the order's status now and no longer offers it as a request.
    const [request] = (await feed(r(), lim.jwtToken, 0, 100)).events.filter((e) => e.src_id === id);
    expect(request).toMatchObject({
      src: 'pendingApproval',
      current_status: 'pendingConfirmation',
      current_awaiting_level: null,
      moved_on: true,
    });
  });

  it("the seller's Confirm tells the creator, kumar, that his order was accepted", async () => {
    await act(mei, 'Confirm');
    expect(await recipientsOf(r(), id)).toEqual({ 'kumar@teguhbina.my': 1, 'lim@teguhbina.my': 1, 'mei@mutiarasupplies.my': 1 });
    const [event] = (await feed(r(), kumar.jwtToken, 0, 1)).events;
    expect(event).toMatchObject({ module: 'purchaseOrder', src: 'accepted', src_id: id });
    expect(JSON.parse(event!.event_data)).toMatchObject({ actor_name: 'Tan Mei Hua', workflow_event: 'Confirm', status: 'accepted' });
    expect(notificationLink(event!).href).toBe('/purchase-order/all/accepted');
    expect(event).toMatchObject({ current_status: 'accepted', moved_on: false });
    // The seller's "received, waiting for your confirmation" is answered: moved on.
    const [received] = (await feed(r(), mei.jwtToken, 0, 100)).events.filter((e) => e.src_id === id);
    expect(received).toMatchObject({ src: 'receivedNew', current_status: 'accepted', moved_on: true });
  });

  it('a rejection with a remark tells the creator, with the remark', async () => {
    const created = await r().api.call('post', BASE, { token: kumar.jwtToken, body: purchaseOrderBody({ title: 'Rebar for Block B' }) });
    id = created.body.id;
    revision = created.body.revision;
    await act(kumar, 'Request_Approve');
    await act(lim, 'Reject', { remark: 'Over budget' });
    expect(await recipientsOf(r(), id)).toEqual({ 'kumar@teguhbina.my': 1, 'lim@teguhbina.my': 1 });
    const [event] = (await feed(r(), kumar.jwtToken, 0, 1)).events;
    expect(event).toMatchObject({ src: 'rejected', src_id: id });
    expect(JSON.parse(event!.event_data)).toMatchObject({ remark: 'Over budget' });
  });

  it('counts: each new notification adds one; clearing (a command, recorded) sets it to 0 and marks the earlier ones seen', async () => {
    const before = await feed(r(), lim.jwtToken, 0, 1);
    expect(before.notification_count).toBe(base.lim + 2);
    const cleared = await r().api.call('get', '/api/application/clear-notification-count', { token: lim.jwtToken });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ success: true, msg: 'notificationCountCleared', cleared: base.lim + 2, notification_count: 0 });
    const after = await feed(r(), lim.jwtToken, 0, 5);
    expect(after.notification_count).toBe(0);
    expect(after.events.length).toBe(base.lim + 2);
    for (const event of after.events) expect(Number.isNaN(Date.parse(event.last_view_time))).toBe(false);
    const stream = await r().store.readStream(`notifications-${lim.userId}`);
    expect(stream.map((e) => e.type)).toEqual([...Array(base.lim + 2).fill('NotificationRaised'), 'NotificationCountCleared']);
    expect(stream.at(-1)!.data).toMatchObject({ userId: lim.userId, throughRevision: base.lim + 1, cleared: base.lim + 2 });
    expect(stream.at(-1)!.metadata.actorUserId).toBe(lim.userId);

    // A notification after the clearing is unread and counted again.
    const created = await r().api.call('post', BASE, { token: kumar.jwtToken, body: purchaseOrderBody({ title: 'Blocks' }) });
    id = created.body.id;
    revision = created.body.revision;
    await act(kumar, 'Request_Approve');
    const again = await feed(r(), lim.jwtToken, 0, 5);
    expect(again.notification_count).toBe(1);
    expect(again.events.slice(0, 3).map((e) => e.last_view_time === '')).toEqual([true, false, false]);
  });

  it('clearing with nothing unread records nothing; POST clears too; the read-only token may not clear (403)', async () => {
    const cleared = await r().api.call('post', '/api/application/clear-notification-count', { token: lim.jwtToken });
    expect(cleared.body).toMatchObject({ cleared: 1, notification_count: 0 });
    const length = (await r().store.readStream(`notifications-${lim.userId}`)).length;
    const again = await r().api.call('get', '/api/application/clear-notification-count', { token: lim.jwtToken });
    expect(again.body).toMatchObject({ success: true, cleared: 0, notification_count: 0 });
    expect(await r().store.readStream(`notifications-${lim.userId}`)).toHaveLength(length);
    const readOnly = await r().api.call('get', `/api/application/clear-notification-count?t=${lim.readOnlyJwtToken}`);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.errorCode).toBe('readOnlyToken');
    // ...but it reads the list (a resource URL).
    const list = await r().api.call('get', `/api/application/user-event-list?start=0&length=1&t=${lim.readOnlyJwtToken}`);
    expect(list.status).toBe(200);
    expect(list.body.events).toHaveLength(1);
  });

  it('paging: start and length walk the list newest first without overlap; length 1 is the count with the newest', async () => {
    // kumar: company approved, accepted, rejected so far; seven quick rejections give him more.
    for (let i = 0; i < 7; i++) {
      const created = await r().api.call('post', BASE, { token: kumar.jwtToken, body: purchaseOrderBody({ title: `Paging ${i}` }) });
      id = created.body.id;
      revision = created.body.revision;
      await act(kumar, 'Request_Approve');
      await act(lim, 'Reject', { remark: `No ${i}` });
    }
    const total = base.kumar + 9;
    const all = await feed(r(), kumar.jwtToken, 0, 100);
    expect(all.events).toHaveLength(total);
    expect(all.notification_count).toBe(total);
    const first = await feed(r(), kumar.jwtToken, 0, 5);
    const second = await feed(r(), kumar.jwtToken, 5, 5);
    const third = await feed(r(), kumar.jwtToken, 10, 5);
    expect([first.events.length, second.events.length, third.events.length]).toEqual([5, 5, total - 10]);
    expect([...first.events, ...second.events, ...third.events].map((e) => e.id)).toEqual(all.events.map((e) => e.id));
    expect(JSON.parse(first.events[0]!.event_data).doc_description).toBe('Paging 6');
    expect(JSON.parse(all.events[8]!.event_data).workflow_event).toBe('Confirm');
    const created = all.events.map((e) => Date.parse(e.creation_date));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect((await feed(r(), kumar.jwtToken, total, 5)).events).toEqual([]);
    const count = await feed(r(), kumar.jwtToken, 0, 1);
    expect(count).toMatchObject({ notification_count: total });
    expect(count.events.map((e) => e.id)).toEqual([all.events[0]!.id]);
    expect((await feed(r(), kumar.jwtToken)).events).toHaveLength(5);
  });

  it('bad paging is 400 validationFailed naming the field; no token is 401', async () => {
    for (const [query, field] of [
      ['start=-1&length=5', 'start'],
      ['start=0&length=0', 'length'],
      ['start=0&length=101', 'length'],
      ['start=x', 'start'],
      ['length=1.5', 'length'],
    ] as const) {
      const reply = await r().api.call('get', `/api/application/user-event-list?${query}`, { token: kumar.jwtToken });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errorCode: 'validationFailed' });
      expect(Object.keys(reply.body.fields)).toEqual([field]);
    }
    expect((await r().api.call('get', '/api/application/user-event-list')).status).toBe(401);
    expect((await r().api.call('get', '/api/application/clear-notification-count')).status).toBe(401);
  });

  it('the same events handled again (a restart replaying its last page, or a second process) raise nothing twice', async () => {
    const before = await r().sql.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM notification_events');
    const reactor = r().app.get((await import('../../../apps/api/src/notifications/notification-reactor.js')).NotificationReactor);
    const page = await r().store.readAll({ after: 0, limit: 10_000 });
    await (reactor as unknown as { handle(events: unknown): Promise<void> }).handle(page.events);
    const after = await r().sql.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM notification_events');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
