// The live user channel: on PostgreSQL with TWO API instances on one database (each its own store, pool
// and LISTEN connection, so only the database joins them), a user connected to A gets the push for an
// approval request written through B within 1 s, once; the socket of a session ended through B closes
// within 5 s, and so does one that lapses by inactivity; a missing, forged or full token is refused at
// the handshake. On PGlite (one process) the same push and refusals in one instance.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { UserChannelCloseCodes } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { createApp } from '../../../apps/api/src/create-app.js';
import { seedDemoData } from '../../../apps/api/src/demo/demo-seed.js';
import { LookupKeys } from '../../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { DOCUMENTS_START, MUTIARA, purchaseOrderBody, TEGUH } from '../documents/harness.js';
import { TestClock } from '../../support/clock.js';
import { pgliteConfig, postgresConfig, removeAppData, TEST_DATABASE_URL } from '../support.js';
import { channelUrl, connect, refusalOf, until, type Channel } from './channel.js';
import { settled, signInBoth, type Tokens } from './harness.js';

const KINDS: ('pglite' | 'postgres')[] = ['pglite'];
if (TEST_DATABASE_URL) KINDS.push('postgres');
else console.log('user channel across two processes did not run: TEST_DATABASE_URL is not set (npm test sets it).');

const port = (app: NestFastifyApplication) => (app.getHttpServer().address() as { port: number }).port;

describe.each(KINDS)('the user channel on %s', (kind) => {
  let config: ApiConfig;
  const clock = new TestClock(DOCUMENTS_START);
  let a: NestFastifyApplication;
  /** Where the writes go: a second instance on PostgreSQL, the same one on PGlite (one process only). */
  let b: NestFastifyApplication;
  let lim: Tokens, kumar: Tokens;
  let channel: Channel;

  const requestApproval = async (who: Tokens, title: string) => {
    const created = await request(b.getHttpServer())
      .post('/api/documents/purchaseOrder')
      .set('authorization', `Bearer ${who.jwtToken}`)
      .send(purchaseOrderBody({ title, counterpartyCompanyId: MUTIARA }));
    expect(created.status).toBe(201);
    const sentAt = Date.now();
    const requested = await request(b.getHttpServer())
      .post(`/api/documents/purchaseOrder/${created.body.id}/actions/Request_Approve`)
      .set('authorization', `Bearer ${who.jwtToken}`)
      .set('If-Match', String(created.body.revision))
      .send({});
    expect(requested.status).toBe(200);
    return { id: created.body.id as string, sentAt };
  };

  beforeAll(async () => {
    config = kind === 'pglite' ? await pgliteConfig({ NODE_ENV: 'test' }) : postgresConfig({ NODE_ENV: 'test' });
    a = await createApp(config, { logger: false, now: () => clock.now });
    await a.listen(0, '127.0.0.1');
    await seedDemoData(a.get<EventStore>(EVENT_STORE), a.get(LookupKeys));
    if (kind === 'postgres') {
      b = await createApp(config, { logger: false, now: () => clock.now });
      await b.listen(0, '127.0.0.1');
    } else b = a;
    lim = await signInBoth(b, 'lim@teguhbina.my', TEGUH);
    kumar = await signInBoth(b, 'kumar@teguhbina.my', TEGUH);
    await settled(a);
    channel = await connect(channelUrl(port(a), lim.readOnlyJwtToken));
  }, 300_000);

  afterAll(async () => {
    channel?.socket.terminate();
    if (b && b !== a) await b.close();
    await a?.close();
    await removeAppData(config);
  });

  it(`a user connected to A gets the push for an approval request written through ${kind === 'postgres' ? 'B' : 'the same process'} within 1 s, once`, async () => {
    const { id, sentAt } = await requestApproval(kumar, 'Live push');
    const pushed = await until(
      () =>
        channel.messages.find(
          (m) => m.message.messageType === 'pendingApproval' && (m.message.messageBody as { src_id?: string }).src_id === id,
        ),
      3000,
    );
    expect(pushed.at - sentAt).toBeLessThan(1000);
    expect(pushed.message).toMatchObject({
      module: 'purchaseOrder',
      messageType: 'pendingApproval',
      messageBody: { src_id: id, created_by: 'Kumar a/l Rajan', project_id: null, created_by_seller: false },
    });
    expect(pushed.message.messageBody).toMatchObject({ document_no: expect.stringMatching(/^PO-2026-\d{5}$/) });
    // newCount is the unread count: the seeded "company approved" and this one.
    expect(pushed.message.newCount).toBe(2);
    // Both instances ran the reactor on the same event: one notification, one push.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(channel.messages.filter((m) => (m.message.messageBody as { src_id?: string }).src_id === id)).toHaveLength(1);
  });

  it('clearing the count through the other instance pushes newCount 0', async () => {
    const cleared = await request(b.getHttpServer())
      .get('/api/application/clear-notification-count')
      .set('authorization', `Bearer ${lim.jwtToken}`);
    expect(cleared.status).toBe(200);
    const pushed = await until(() => channel.messages.find((m) => m.message.messageType === 'countCleared'), 2000);
    expect(pushed.message).toEqual({ module: 'notification', messageType: 'countCleared', messageBody: {}, newCount: 0 });
  });

  it('a missing, forged or full token, or a token of an ended session, is refused at the handshake (401)', async () => {
    const forged = `${lim.readOnlyJwtToken.slice(0, -4)}AAAA`;
    for (const url of [
      channelUrl(port(a)),
      channelUrl(port(a), ''),
      channelUrl(port(a), 'not-a-token'),
      channelUrl(port(a), forged),
      channelUrl(port(a), lim.jwtToken),
    ]) {
      const refused = await refusalOf(url);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ success: false });
    }
    // A token signed with another secret (as someone without the key would make it).
    const [header, payload] = lim.readOnlyJwtToken.split('.');
    expect((await refusalOf(channelUrl(port(a), `${header}.${payload}.c2lnbmF0dXJl`))).status).toBe(401);
  });

  it('the socket of a session ended through the other instance (logout) is closed within 5 s', async () => {
    const other = await signInBoth(b, 'lim@teguhbina.my', TEGUH);
    const second = await connect(channelUrl(port(a), other.readOnlyJwtToken));
    const started = Date.now();
    const out = await request(b.getHttpServer()).post('/api/users/logout').set('authorization', `Bearer ${other.jwtToken}`).send({});
    expect(out.status).toBe(200);
    const closed = await Promise.race([second.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 6000))]);
    expect(closed).not.toBeNull();
    expect(closed!.code).toBe(UserChannelCloseCodes.sessionEnded);
    expect(closed!.at - started).toBeLessThan(5000);
    // The first session is still open and still connected.
    expect(channel.socket.readyState).toBe(channel.socket.OPEN);
    expect((await refusalOf(channelUrl(port(a), other.readOnlyJwtToken))).status).toBe(401);
  });

  it('a session that lapses by inactivity (1800 s without a call) loses its socket within 5 s, without any event', async () => {
    const started = Date.now();
    clock.advance(1801 * 1000);
    const closed = await Promise.race([channel.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 6000))]);
    expect(closed).not.toBeNull();
    expect(closed!.code).toBe(UserChannelCloseCodes.sessionEnded);
    expect(closed!.at - started).toBeLessThan(5000);
  });
});
