// Files attached to quotations, over the API on both event stores and both file stores: PGlite
// with the files on disk (DATA_DIR/files), PostgreSQL with the files in an S3 bucket (s3rver, a real S3
// protocol server in the process). Mutiara Supplies attaches, lists, downloads (the same bytes) and removes
// its files until the close; every bad file is a 4xx with its code and records nothing; another company is
// refused with 404. Sealed: before the Close, no route of the OpenAPI document asked by any of Teguh Bina's
// users shows a file's name, hash or bytes (the buyer's file routes answer 409 tenderSealed); after the
// Close the buyer lists and downloads them, and sees them on the quotations.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { allProjections } from '../../../apps/api/src/projections.js';
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
/** The suite's own S3 port (several checkouts may share the machine); 0 in CI picks a free one. */
const S3_PORT = Number(process.env.FILES_S3_TEST_PORT ?? 0);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A small PDF whose text is a marker no other reply would hold. */
const MARKER = `MUTIARA-METHOD-${randomBytes(6).toString('hex')}`;
const PDF = Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${MARKER}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const PDF_NAME = 'Kaedah kerja Mutiara – cerucuk ✓.pdf';
const DRAWING = randomBytes(3 * 1024 * 1024 + 5);
const DRAWING_NAME = 'Block D piling layout.dwg';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

describe.each(FEATURE_STORES)('quotation attachments on %s', (kind) => {
  const files = kind === 'pglite' ? 'disk' : 's3';
  let s3: TestS3Server | undefined;
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    aminah = '',
    lim = '',
    farid = '',
    mei = '',
    wong = '',
    hafiz = '';
  let tenderId = '';
  let tenderRevision = 0;
  let pdfId = '',
    drawingId = '',
    kukuhFileId = '';

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const attach = (token: string, bytes: Buffer, name: string | null, type?: string, extra: Record<string, string> = {}) =>
    call('post', `${BASE}/${tenderId}/quotation/attachments`, token, bytes, {
      'content-type': 'application/octet-stream',
      ...(name === null ? {} : { 'x-file-name': encodeURIComponent(name) }),
      ...(type ? { 'x-file-type': type } : {}),
      ...extra,
    });
  /** A download's bytes (supertest buffers binary replies only when told). */
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
    (
      await r().sql.query<{ type: string; data: string | Record<string, unknown>; metadata: string | Record<string, unknown> }>(
        "SELECT type, data, metadata FROM events WHERE stream_type = 'tenderQuotationFiles' ORDER BY global_position",
      )
    ).map((row) => ({
      type: row.type,
      data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
      metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    }));
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });

  beforeAll(async () => {
    if (files === 's3') s3 = await startS3Server(S3_PORT);
    running = await startDocumentsApp(kind, s3?.env ?? {});
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    tenderRevision = created.body.revision;
    expect((await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] })).status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await s3?.close();
  });

  it(`no file before the tender is open (409 tenderNotOpen), nothing recorded (files on ${files})`, async () => {
    expectRefused(await attach(mei, PDF, PDF_NAME, 'application/pdf'), 409, 'tenderNotOpen');
    await act(kumar, 'Request_Approve');
    await act(lim, 'Approve');
    expectRefused(await attach(mei, PDF, PDF_NAME, 'application/pdf'), 409, 'tenderNotOpen');
    r().clock.advance(11 * MINUTE);
    expect(await fileEvents()).toEqual([]);
  });

  const storageUsed = async (token: string) =>
    ((await call('get', '/api/subscriptions/usage', token)).body.storage as { used: number }).used;

  it("Mutiara attaches a PDF and a drawing: each an event with the file's id (its SHA-256), name, type, size and who, never its bytes", async () => {
    const storedBefore = await storageUsed(mei);
    const first = await attach(mei, PDF, PDF_NAME, 'application/pdf');
    expect(first.status).toBe(201);
    expect(first.body.attachment).toMatchObject({
      name: PDF_NAME,
      mediaType: 'application/pdf',
      size: PDF.length,
      sha256: sha(PDF),
      attachedByName: 'Tan Mei Hua',
    });
    pdfId = first.body.attachment.attachmentId;
    // No type given: read from the bytes, else application/octet-stream.
    const second = await attach(mei, DRAWING, DRAWING_NAME);
    expect(second.body.attachment).toMatchObject({
      name: DRAWING_NAME,
      mediaType: 'application/octet-stream',
      size: DRAWING.length,
      sha256: sha(DRAWING),
    });
    drawingId = second.body.attachment.attachmentId;
    const meiId = await userIdOf(r(), 'mei@mutiarasupplies.my');
    const events = await fileEvents();
    expect(events.map((e) => [e.type, e.data.name, e.data.fileId, e.data.size, e.data.by, e.metadata.actorUserId])).toEqual([
      ['QuotationFileAttached', PDF_NAME, sha(PDF), PDF.length, meiId, meiId],
      ['QuotationFileAttached', DRAWING_NAME, sha(DRAWING), DRAWING.length, meiId, meiId],
    ]);
    expect(JSON.stringify(events)).not.toContain(MARKER);
    // The quotation itself is untouched: none yet, so no revision moved.
    expect((await call('get', `${BASE}/${tenderId}`, mei)).body.quotation).toBeNull();
    // Both count on Mutiara's package storage.
    expect(await storageUsed(mei)).toBe(storedBefore + PDF.length + DRAWING.length);
  });

  it('Mutiara lists its files and downloads each: the same bytes, as an attachment with its name and type', async () => {
    const list = await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, mei);
    expect(list.status).toBe(200);
    expect(list.body.totalSize).toBe(PDF.length + DRAWING.length);
    expect(list.body.data.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([
      [PDF_NAME, PDF.length],
      [DRAWING_NAME, DRAWING.length],
    ]);
    const pdf = await download(`${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${pdfId}`, mei);
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).equals(PDF)).toBe(true);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Kaedah kerja Mutiara _ cerucuk _.pdf"; filename*=UTF-8''${encodeURIComponent(PDF_NAME)}`,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const drawing = await download(`${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${drawingId}`, mei);
    expect(sha(drawing.body as Buffer)).toBe(sha(DRAWING));
  });

  it('bad files are refused with their codes, and nothing is recorded', async () => {
    const before = (await fileEvents()).length;
    expectRefused(await attach(mei, PDF, null), 400, 'validationFailed');
    expectRefused(await attach(mei, Buffer.concat([Buffer.from('MZ'), randomBytes(500)]), 'rates.pdf.scr'), 415, 'attachmentExecutable');
    expectRefused(
      await attach(mei, Buffer.concat([Buffer.from('MZ'), randomBytes(500)]), 'harmless.txt', 'text/plain'),
      415,
      'attachmentExecutable',
    );
    expectRefused(await attach(mei, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'install'), 415, 'attachmentExecutable');
    expectRefused(await attach(mei, Buffer.from('plain text'), 'setup.exe'), 415, 'attachmentExecutable');
    expectRefused(await attach(mei, PNG, 'not really.pdf', 'application/pdf'), 415, 'attachmentTypeMismatch');
    expectRefused(await attach(mei, PDF, 'photo.png', 'image/png'), 415, 'attachmentTypeMismatch');
    expectRefused(
      await call('post', `${BASE}/${tenderId}/quotation/attachments`, mei, { name: 'x' }, { 'x-file-name': 'x.json' }),
      415,
      'fileExpected',
    );
    expectRefused(
      await call('post', `${BASE}/${tenderId}/quotation/attachments`, mei, 'a=1', {
        'content-type': 'multipart/form-data; boundary=x',
        'x-file-name': 'x',
      }),
      415,
      'unsupportedMediaType',
    );
    // Over 50 MB: refused by its declared length, before a byte is stored.
    expectRefused(await attach(mei, Buffer.alloc(50 * 1024 * 1024 + 1, 7), 'too big.bin'), 413, 'fileTooLarge');
    expect((await fileEvents()).length).toBe(before);
    expect((await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, mei)).body.data).toHaveLength(2);
  });

  it("another company is refused with 404 and a code: not invited, another seller's files, an unknown file", async () => {
    expectRefused(await attach(hafiz, PDF, PDF_NAME, 'application/pdf'), 404, 'tenderNotFound');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, hafiz), 404, 'tenderNotFound');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, wong), 404, 'quotationNotFound');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${pdfId}`, wong), 404, 'quotationNotFound');
    expectRefused(await call('delete', `${BASE}/${tenderId}/quotation/attachments/${pdfId}`, wong), 404, 'attachmentNotFound');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${UNKNOWN_ID}`, mei), 404, 'attachmentNotFound');
    expectRefused(await call('get', `${BASE}/${UNKNOWN_ID}/quotations/${MUTIARA}/attachments`, mei), 404, 'tenderNotFound');
    // Kukuh Jaya attaches a file of its own but never quotes.
    const kukuh = await attach(wong, Buffer.from(`Kukuh Jaya company profile ${MARKER}-K`), 'Kukuh profile.txt', 'text/plain');
    expect(kukuh.status).toBe(201);
    kukuhFileId = kukuh.body.attachment.attachmentId;
  });

  it('Mutiara removes the drawing (an event with who), quotes; the list keeps the PDF; removing it again is 404', async () => {
    const storedBefore = await storageUsed(mei);
    const removed = await call('delete', `${BASE}/${tenderId}/quotation/attachments/${drawingId}`, mei);
    expect(removed.status).toBe(200);
    expectRefused(await call('delete', `${BASE}/${tenderId}/quotation/attachments/${drawingId}`, mei), 404, 'attachmentNotFound');
    const events = await fileEvents();
    expect(events.at(-1)).toMatchObject({
      type: 'QuotationFileRemoved',
      data: { attachmentId: drawingId, sellerCompanyId: MUTIARA, by: await userIdOf(r(), 'mei@mutiarasupplies.my') },
    });
    const list = await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, mei);
    expect(list.body.data.map((f: { attachmentId: string }) => f.attachmentId)).toEqual([pdfId]);
    // The removed drawing gives its space back.
    expect(await storageUsed(mei)).toBe(storedBefore - DRAWING.length);
    const quoted = await call('put', `${BASE}/${tenderId}/quotation`, mei, { items: [{ lineNo: 1, rate: '4817.29' }] });
    expect(quoted.body).toMatchObject({ status: 'submitted', revision: 0 });
  });

  it("sealed: the buyer's file routes answer 409 tenderSealed, and no GET route of the OpenAPI document shows a file's name, hash or bytes to any of Teguh Bina's users", async () => {
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, kumar), 409, 'tenderSealed');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${pdfId}`, kumar), 409, 'tenderSealed');
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${KUKUH}/attachments`, kumar), 409, 'tenderSealed');
    const quotations = await call('get', `${BASE}/${tenderId}/quotations`, kumar);
    expect(quotations.body.data.map((row: Record<string, unknown>) => 'attachments' in row)).toEqual([false]);
    const secrets = [PDF_NAME, encodeURIComponent(PDF_NAME), DRAWING_NAME, 'Kukuh profile', sha(PDF), sha(DRAWING), MARKER];
    const document = (await request(r().app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fill: Record<string, string> = {
      resource: 'tender',
      id: tenderId,
      tenderId,
      sellerCompanyId: MUTIARA,
      attachmentId: pdfId,
      projectId: UNKNOWN_ID,
      companyProfileId: TEGUH,
    };
    const templates = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([template]) => template);
    expect(templates).toEqual(
      expect.arrayContaining([
        `${BASE}/{tenderId}/quotations/{sellerCompanyId}/attachments`,
        `${BASE}/{tenderId}/quotations/{sellerCompanyId}/attachments/{attachmentId}`,
      ]),
    );
    const urls = templates.map((template) => template.replace(/\{([^}]+)\}/g, (_, name: string) => fill[name] ?? UNKNOWN_ID));
    urls.push(
      `${BASE}/${tenderId}/quotations/${KUKUH}/attachments/${kukuhFileId}`,
      `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${drawingId}`,
      `/api/documents/tender/${tenderId}/history`,
    );
    const leaks: string[] = [];
    for (const [name, token] of [
      ['kumar', kumar],
      ['aminah', aminah],
      ['lim', lim],
      ['farid', farid],
    ] as const) {
      for (const url of urls) {
        if (url.includes('/company/choose/')) continue; // replaces the session: the caller's own company list
        const reply = await request(r().app.getHttpServer()).get(url).set('authorization', `Bearer ${token}`);
        expect({ url, status: reply.status < 500 }).toEqual({ url, status: true });
        const text = `${JSON.stringify(reply.headers)}${reply.text ?? ''}`;
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${name} ${url}: ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
    // No read model (so no list, export or notification) holds a file's name or hash.
    for (const table of allProjections.flatMap((projection) => projection.tables)) {
      for (const secret of [PDF_NAME, DRAWING_NAME, sha(PDF)]) {
        const [row] = await r().sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} t WHERE t::text LIKE $1`, [
          `%${secret}%`,
        ]);
        expect({ table, secret, n: Number(row!.n) }).toEqual({ table, secret, n: 0 });
      }
    }
  });

  it("after the close time, on the server's clock, no file is attached or removed (409 tenderClosed); the buyer still sees none until the Close", async () => {
    r().clock.advance(2 * DAY);
    // Two days idle ends every session: everyone signs in again.
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    const before = (await fileEvents()).length;
    expectRefused(await attach(mei, DRAWING, DRAWING_NAME), 409, 'tenderClosed');
    expectRefused(await call('delete', `${BASE}/${tenderId}/quotation/attachments/${pdfId}`, mei), 409, 'tenderClosed');
    expect((await fileEvents()).length).toBe(before);
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, kumar), 409, 'tenderSealed');
  });

  it("after the Close the buyer lists and downloads Mutiara's file (same bytes) and sees it on the quotation; Kukuh Jaya never quoted, so its file stays its own", async () => {
    await act(kumar, 'Close');
    const list = await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments`, kumar);
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((f: { name: string; sha256: string; attachedByName: string }) => [f.name, f.sha256, f.attachedByName]),
    ).toEqual([[PDF_NAME, sha(PDF), 'Tan Mei Hua']]);
    const pdf = await download(`${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${pdfId}`, farid);
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).equals(PDF)).toBe(true);
    expectRefused(
      await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${drawingId}`, kumar),
      404,
      'attachmentNotFound',
    );
    const quotations = await call('get', `${BASE}/${tenderId}/quotations`, kumar);
    expect(quotations.body.data).toEqual([
      expect.objectContaining({
        sellerCompanyId: MUTIARA,
        attachments: [{ attachmentId: pdfId, name: PDF_NAME, mediaType: 'application/pdf', size: PDF.length }],
      }),
    ]);
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${KUKUH}/attachments`, kumar), 404, 'quotationNotFound');
    expect((await call('get', `${BASE}/${tenderId}/quotations/${KUKUH}/attachments`, wong)).body.data).toHaveLength(1);
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/attachments/${pdfId}`, wong), 404, 'quotationNotFound');
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
