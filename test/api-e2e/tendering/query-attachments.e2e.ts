// Files on the query board, on PGlite with the files on disk and on PostgreSQL with them in an
// S3 bucket (s3rver in the process). Mutiara attaches a file to its question: the buyer sees it, Kukuh Jaya
// (another invitee) never does, through any GET route; the buyer attaches a file to its answer once given,
// and every invitee downloads it (the same bytes). Every refusal has its code and records nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { startS3Server, type TestS3Server } from '../../support/s3-server.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  userIdOf,
  type Reply,
  type Running,
  KUKUH,
  SERI,
  UNKNOWN_ID,
} from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BASE = '/api/tendering/tenders';
const S3_PORT = Number(process.env.FILES_S3_TEST_PORT ?? 0);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MARKER = `ASKER-SKETCH-${randomBytes(6).toString('hex')}`;
const SKETCH = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(MARKER), randomBytes(4000)]);
const SKETCH_NAME = 'Mutiara pile cap sketch.jpg';
const DRAWING = Buffer.from(`%PDF-1.7\n% revised pile cap detail ${randomBytes(4).toString('hex')}\n%%EOF\n`);
const DRAWING_NAME = 'Pile cap detail rev B.pdf';

describe.each(FEATURE_STORES)('query board files on %s', (kind) => {
  let s3: TestS3Server | undefined;
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    farid = '',
    lim = '',
    mei = '',
    wong = '',
    hafiz = '';
  let tenderId = '',
    tenderRevision = 0,
    queryId = '',
    sketchId = '',
    drawingId = '';

  const call = (method: 'get' | 'post' | 'delete', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const attach = (path: string, token: string, bytes: Buffer, name: string, type: string) =>
    call('post', path, token, bytes, {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      'x-file-type': type,
    });
  const download = (path: string, token: string) =>
    request(r().app.getHttpServer())
      .get(path)
      .set('authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const act = async (token: string, event: string) => {
    const reply = await call(
      'post',
      `/api/documents/tender/${tenderId}/actions/${event}`,
      token,
      {},
      { 'If-Match': String(tenderRevision) },
    );
    expect(reply.status).toBe(200);
    tenderRevision = reply.body.revision;
  };
  const fileEvents = async () =>
    Number(
      (
        await r().sql.query<{ n: string | number }>(
          "SELECT count(*) AS n FROM events WHERE stream_type = 'tenderQueries' AND type LIKE 'TenderQueryFile%'",
        )
      )[0]!.n,
    );
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const question = () => `${BASE}/${tenderId}/queries/${queryId}/attachments`;
  const storageUsed = async (token: string) =>
    ((await call('get', '/api/subscriptions/usage', token)).body.storage as { used: number }).used;
  const answer = () => `${BASE}/${tenderId}/queries/${queryId}/answer/attachments`;

  beforeAll(async () => {
    if (kind === 'postgres') s3 = await startS3Server(S3_PORT);
    running = await startDocumentsApp(kind, s3?.env ?? {});
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now));
    tenderId = created.body.id;
    tenderRevision = created.body.revision;
    expect((await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] })).status).toBe(201);
    await act(kumar, 'Request_Approve');
    await act(lim, 'Approve');
    r().clock.advance(11 * MINUTE);
    const asked = await call('post', `${BASE}/${tenderId}/queries`, mei, { question: 'May the pile caps be precast? See our sketch.' });
    expect(asked.status).toBe(201);
    queryId = asked.body.queryId;
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await s3?.close();
  });

  it('Mutiara attaches a sketch to its question (an event with who); no one else may attach to it', async () => {
    const stored = await storageUsed(mei);
    const attached = await attach(question(), mei, SKETCH, SKETCH_NAME, 'image/jpeg');
    expect(attached.status).toBe(201);
    // The asker's file counts on the asker's package storage.
    expect(await storageUsed(mei)).toBe(stored + SKETCH.length);
    expect(attached.body).toMatchObject({
      part: 'question',
      attachment: { name: SKETCH_NAME, mediaType: 'image/jpeg', size: SKETCH.length, sha256: sha(SKETCH), attachedByName: 'Tan Mei Hua' },
    });
    sketchId = attached.body.attachment.attachmentId;
    const [event] = await r().sql.query<{ data: string | Record<string, unknown> }>(
      "SELECT data FROM events WHERE type = 'TenderQueryFileAttached'",
    );
    const data = typeof event!.data === 'string' ? JSON.parse(event!.data) : event!.data;
    expect(data).toMatchObject({ queryId, part: 'question', fileId: sha(SKETCH), by: await userIdOf(r(), 'mei@mutiarasupplies.my') });
    expect(JSON.stringify(data)).not.toContain(MARKER);
    expectRefused(await attach(question(), wong, SKETCH, 'x.jpg', 'image/jpeg'), 404, 'queryNotFound');
    expectRefused(await attach(question(), kumar, SKETCH, 'x.jpg', 'image/jpeg'), 404, 'tenderNotFound');
    expectRefused(await attach(question(), hafiz, SKETCH, 'x.jpg', 'image/jpeg'), 404, 'tenderNotFound');
    expectRefused(
      await attach(`${BASE}/${tenderId}/queries/${UNKNOWN_ID}/attachments`, mei, SKETCH, 'x.jpg', 'image/jpeg'),
      404,
      'queryNotFound',
    );
    expectRefused(await attach(question(), mei, Buffer.from('MZ not a picture'), 'x.jpg', 'image/jpeg'), 415, 'attachmentExecutable');
    expect(await fileEvents()).toBe(1);
  });

  it("the buyer and the asker see the question's file; Kukuh Jaya sees nothing of an open question", async () => {
    const buyer = await call('get', question(), kumar);
    expect(buyer.body).toMatchObject({ question: [expect.objectContaining({ attachmentId: sketchId, name: SKETCH_NAME })], answer: [] });
    expect(((await download(`${question()}/${sketchId}`, kumar)).body as Buffer).equals(SKETCH)).toBe(true);
    expect((await call('get', question(), mei)).body.question).toHaveLength(1);
    expectRefused(await call('get', question(), wong), 404, 'queryNotFound');
    expectRefused(await call('get', `${question()}/${sketchId}`, wong), 404, 'queryNotFound');
    expectRefused(await call('get', question(), hafiz), 404, 'tenderNotFound');
  });

  it("the answer's files: not before the answer (409 queryNotAnswered), not without level 10 (403); then the buyer attaches one and the question's files are settled", async () => {
    expectRefused(await attach(answer(), kumar, DRAWING, DRAWING_NAME, 'application/pdf'), 409, 'queryNotAnswered');
    expect(
      (
        await call('post', `${BASE}/${tenderId}/queries/${queryId}/answer`, kumar, {
          answer: 'Yes: precast caps to the revised detail attached.',
        })
      ).status,
    ).toBe(200);
    expectRefused(await attach(answer(), farid, DRAWING, DRAWING_NAME, 'application/pdf'), 403, 'noAuthority');
    expectRefused(await attach(answer(), mei, DRAWING, DRAWING_NAME, 'application/pdf'), 404, 'tenderNotFound');
    expectRefused(await attach(question(), mei, SKETCH, 'second.jpg', 'image/jpeg'), 409, 'queryAlreadyAnswered');
    expectRefused(await call('delete', `${question()}/${sketchId}`, mei), 409, 'queryAlreadyAnswered');
    expect(await fileEvents()).toBe(1);
    const [buyerStored, askerStored] = [await storageUsed(kumar), await storageUsed(mei)];
    const attached = await attach(answer(), kumar, DRAWING, DRAWING_NAME, 'application/pdf');
    expect(attached.status).toBe(201);
    // The answer's file counts on the buyer's storage, not the asker's.
    expect([await storageUsed(kumar), await storageUsed(mei)]).toEqual([buyerStored + DRAWING.length, askerStored]);
    drawingId = attached.body.attachment.attachmentId;
  });

  it("every invitee lists and downloads the answer's file; Kukuh Jaya never sees the question's, by any GET route", async () => {
    const kukuh = await call('get', question(), wong);
    expect(kukuh.body).toMatchObject({
      question: [],
      answer: [expect.objectContaining({ attachmentId: drawingId, name: DRAWING_NAME, attachedByName: 'Kumar a/l Rajan' })],
    });
    expect(((await download(`${question()}/${drawingId}`, wong)).body as Buffer).equals(DRAWING)).toBe(true);
    expectRefused(await call('get', `${question()}/${sketchId}`, wong), 404, 'attachmentNotFound');
    expect((await call('get', question(), mei)).body).toMatchObject({
      question: [expect.objectContaining({ name: SKETCH_NAME })],
      answer: [expect.objectContaining({ name: DRAWING_NAME })],
    });
    const document = (await request(r().app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fill: Record<string, string> = {
      id: tenderId,
      tenderId,
      queryId,
      attachmentId: sketchId,
      sellerCompanyId: MUTIARA,
      resource: 'tender',
      companyProfileId: KUKUH,
    };
    const urls = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([template]) => template.replace(/\{([^}]+)\}/g, (_, name: string) => fill[name] ?? UNKNOWN_ID));
    expect(urls).toContain(`${question()}/${sketchId}`);
    const leaks: string[] = [];
    for (const url of urls) {
      if (url.includes('/company/choose/')) continue;
      const reply = await request(r().app.getHttpServer()).get(url).set('authorization', `Bearer ${wong}`);
      expect({ url, status: reply.status < 500 }).toEqual({ url, status: true });
      const text = `${JSON.stringify(reply.headers)}${reply.text ?? ''}`;
      for (const secret of [SKETCH_NAME, sha(SKETCH), MARKER]) if (text.includes(secret)) leaks.push(`${url}: ${secret}`);
    }
    expect(leaks).toEqual([]);
  });

  it("the buyer removes the answer's file (an event); after the close time nothing is attached or removed (409 tenderClosed)", async () => {
    const buyerStored = await storageUsed(kumar);
    expect((await call('delete', `${answer()}/${drawingId}`, kumar)).status).toBe(200);
    expect(await storageUsed(kumar)).toBe(buyerStored - DRAWING.length);
    expectRefused(await call('delete', `${answer()}/${drawingId}`, kumar), 404, 'attachmentNotFound');
    expect((await call('get', question(), wong)).body.answer).toEqual([]);
    expect(await fileEvents()).toBe(3);
    r().clock.advance(2 * DAY);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    expectRefused(await attach(answer(), kumar, DRAWING, DRAWING_NAME, 'application/pdf'), 409, 'tenderClosed');
    expect(await fileEvents()).toBe(3);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
