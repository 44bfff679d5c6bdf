// A company's files over the API, on PostgreSQL with the files in an S3 bucket (s3rver, a real S3 protocol
// server in the process) and on PGlite with the files on disk. Teguh Bina's administrator uploads its logo
// (the company list says a logo is there) and documents, lists and downloads them (the same bytes), replaces
// one (the old version stays), removes one with a reason; every bad file is a 4xx with its code and records
// nothing (past 50 MB while streaming, past the company's total, a wrong type, a renamed file); a
// path-traversal name is cut to its last part; other companies and people without the rights are refused;
// the platform administrator reads them for the review. The expiry reminder fires once, a month before.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { CompanyFileExpiryJob } from '../../../apps/api/src/company-files/expiry/expiry-reminder.job.js';
import { API_CONFIG } from '../../../apps/api/src/store/store.tokens.js';
import { startS3Server, type TestS3Server } from '../../support/s3-server.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  TEGUH,
  type Reply,
  type Running,
} from '../documents/harness.js';

const BASE = '/api/company-files';
const DAY = 86_400_000;
const S3_PORT = Number(process.env.FILES_S3_TEST_PORT ?? 0);
/** The company's total lowered for the suite (the code path of the 1 GB): a little over one 50 MB file. */
const TOTAL = 51 * 1024 * 1024;
const MB = 1024 * 1024;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
const MARKER = `SSM-CERT-${randomBytes(6).toString('hex')}`;
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const CERTIFICATE = pdf(MARKER);
const RENEWED = pdf(`${MARKER}-renewed`);
const malaysianDay = (at: Date, plusDays = 0) => new Date(at.getTime() + 8 * 3_600_000 + plusDays * DAY).toISOString().slice(0, 10);

describe.each(FEATURE_STORES)('company files on %s', (kind) => {
  const files = kind === 'pglite' ? 'disk' : 's3';
  let s3: TestS3Server | undefined;
  let running: Running | undefined;
  const r = () => running!;
  let aminah = '',
    farid = '',
    mei = '',
    admin = '';
  let logoId = '',
    certificateId = '',
    sstId = '';

  const call = (method: 'get' | 'post', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const upload = (
    token: string,
    bytes: Buffer,
    name: string,
    type: string | undefined,
    query: Record<string, string>,
    path = `${BASE}/${TEGUH}`,
  ) =>
    call('post', `${path}?${new URLSearchParams(query).toString()}`, token, bytes, {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      ...(type ? { 'x-file-type': type } : {}),
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
  const fileEvents = async () =>
    (
      await r().sql.query<{ type: string; data: string | Record<string, unknown> }>(
        "SELECT type, data FROM events WHERE stream_type = 'companyFiles' ORDER BY global_position",
      )
    ).map((row) => ({ type: row.type, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }));
  const expectRefused = (reply: Pick<Reply, 'status' | 'body'>, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const config = () => r().app.get<ApiConfig>(API_CONFIG);
  /** A PDF of `size` bytes sent as a stream without a declared length (chunked), 1 MB at a time. */
  const streamed = async (
    url: string,
    token: string,
    size: number,
    name: string,
  ): Promise<{ status: number; body: { errorCode?: string } }> => {
    const head = pdf('streamed');
    async function* chunks() {
      yield head;
      for (let sent = head.length; sent < size; sent += MB) yield Buffer.alloc(Math.min(MB, size - sent), 3);
    }
    const reply = await r()
      .app.getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url,
        payload: Readable.from(chunks()),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'x-file-name': name,
          'x-file-type': 'application/pdf',
        },
      });
    const body = JSON.parse(reply.body) as { errorCode?: string };
    r().api.replies.push({ call: `POST ${url}`, status: reply.statusCode, text: reply.body });
    return { status: reply.statusCode, body };
  };
  /** Files kept by the disk store (its spool folder left out); null on S3. */
  const keptOnDisk = async () =>
    files === 'disk' ? (await readdir(join(config().dataDir, 'files')).catch(() => [])).filter((name) => name !== 'incoming').sort() : null;

  beforeAll(async () => {
    if (files === 's3') s3 = await startS3Server(S3_PORT);
    running = await startDocumentsApp(kind, { ...(s3?.env ?? {}), COMPANY_FILES_TOTAL_BYTES: String(TOTAL) });
    aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    admin = await r().signIn('admin@binaan.my', TEGUH);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await s3?.close();
  });

  it(`the administrator uploads the logo: the company list says a logo is there (files on ${files})`, async () => {
    const before = await call('get', '/api/company/list', aminah);
    expect(before.body.data.find((company: { companyProfileId: string }) => company.companyProfileId === TEGUH)?.is_logo_uploaded).toBe(
      false,
    );
    const uploaded = await upload(aminah, PNG, 'logo.png', 'image/png', { category: 'logo' });
    expect(uploaded.status).toBe(201);
    logoId = uploaded.body.documentId;
    const after = await call('get', '/api/company/list', aminah);
    expect(after.body.data.find((company: { companyProfileId: string }) => company.companyProfileId === TEGUH)?.is_logo_uploaded).toBe(
      true,
    );
    // One logo: a second is refused (replace it instead).
    expectRefused(await upload(aminah, PNG, 'other.png', 'image/png', { category: 'logo' }), 409, 'companyLogoExists');
  });

  it('documents with their number and dates; a path-traversal name is cut to its last part; listed and downloaded as the same bytes', async () => {
    const expiresOn = malaysianDay(r().clock.now, 400);
    const certificate = await upload(aminah, CERTIFICATE, '../../etc/passwd/..\\SSM cert ✓.pdf', 'application/pdf', {
      category: 'registrationCertificate',
      title: 'SSM Section 17 certificate',
      referenceNo: '201901000005',
      issuedOn: '2019-01-02',
      expiresOn,
    });
    expect(certificate.status).toBe(201);
    certificateId = certificate.body.documentId;
    const list = await call('get', `${BASE}/${TEGUH}`, aminah);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      companyId: TEGUH,
      totalSize: PNG.length + CERTIFICATE.length,
      totalLimit: TOTAL,
      canChange: true,
      removed: [],
    });
    expect(list.body.logo).toMatchObject({
      documentId: logoId,
      category: 'logo',
      current: { name: 'logo.png', mediaType: 'image/png', size: PNG.length, sha256: sha(PNG) },
    });
    expect(list.body.documents).toHaveLength(1);
    expect(list.body.documents[0]).toMatchObject({
      documentId: certificateId,
      title: 'SSM Section 17 certificate',
      referenceNo: '201901000005',
      issuedOn: '2019-01-02',
      expiresOn,
      expiresInDays: 400,
      current: {
        version: 1,
        name: 'SSM cert ✓.pdf',
        mediaType: 'application/pdf',
        size: CERTIFICATE.length,
        uploadedByName: 'Aminah binti Yusof',
      },
    });
    const bytes = await download(`${BASE}/${TEGUH}/${certificateId}/versions/1`, aminah);
    expect(bytes.status).toBe(200);
    expect((bytes.body as Buffer).equals(CERTIFICATE)).toBe(true);
    expect(bytes.headers['content-disposition']).toMatch(/^attachment; /);
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    // Events hold the file's id and hash, never its bytes.
    const events = await fileEvents();
    expect(events.map((event) => [event.type, event.data.category, event.data.file?.sha256])).toEqual([
      ['CompanyFileUploaded', 'logo', sha(PNG)],
      ['CompanyFileUploaded', 'registrationCertificate', sha(CERTIFICATE)],
    ]);
    expect(JSON.stringify(events)).not.toContain(MARKER);
  });

  it('bad files are refused with their codes while streaming, and nothing is recorded or kept', async () => {
    const before = (await fileEvents()).length;
    const kept = await keptOnDisk();
    // 50 MB and 1 byte, streamed without a declared length: counted as it comes and stopped.
    expectRefused(await streamed(`${BASE}/${TEGUH}?category=auditedAccounts`, aminah, 50 * MB + 1, 'accounts.pdf'), 413, 'fileTooLarge');
    // Over 50 MB by its declared length: refused before a byte is read.
    expectRefused(
      await call('post', `${BASE}/${TEGUH}?category=auditedAccounts`, aminah, Buffer.alloc(10), {
        'content-type': 'application/octet-stream',
        'x-file-name': 'big.pdf',
        'content-length': String(50 * MB + 1),
      }),
      413,
      'fileTooLarge',
    );
    // A logo over 2 MB; a logo that is a PDF; a document that is a text file; a renamed file; a program.
    expectRefused(
      await call('post', `${BASE}/${TEGUH}/${logoId}/versions`, aminah, Buffer.alloc(10), {
        'content-type': 'application/octet-stream',
        'x-file-name': 'logo.png',
        'x-file-type': 'image/png',
        'content-length': String(2 * 1024 * 1024 + 1),
      }),
      413,
      'fileTooLarge',
    );
    expectRefused(
      await call('post', `${BASE}/${TEGUH}/${logoId}/versions`, aminah, CERTIFICATE, {
        'content-type': 'application/octet-stream',
        'x-file-name': 'logo.pdf',
        'x-file-type': 'application/pdf',
      }),
      415,
      'companyFileTypeNotAllowed',
    );
    expectRefused(
      await upload(aminah, Buffer.from('plain words'), 'notes.txt', 'text/plain', { category: 'boardResolution' }),
      415,
      'companyFileTypeNotAllowed',
    );
    expectRefused(
      await upload(aminah, PNG, 'resolution.pdf', 'application/pdf', { category: 'boardResolution' }),
      415,
      'attachmentTypeMismatch',
    );
    expectRefused(
      await upload(aminah, Buffer.concat([Buffer.from('MZ'), randomBytes(100)]), 'resolution.pdf.exe', undefined, {
        category: 'boardResolution',
      }),
      415,
      'attachmentExecutable',
    );
    // Bad details.
    expectRefused(await upload(aminah, CERTIFICATE, 'x.pdf', 'application/pdf', { category: 'passport' }), 400, 'validationFailed');
    const dates = await upload(aminah, CERTIFICATE, 'x.pdf', 'application/pdf', {
      category: 'insurance',
      issuedOn: '2026-05-01',
      expiresOn: '2026-04-30',
    });
    expectRefused(dates, 400, 'validationFailed');
    expect(dates.body.fields).toEqual({ expiresOn: ['beforeIssue'] });
    expectRefused(
      await upload(aminah, CERTIFICATE, 'x.pdf', 'application/pdf', { category: 'insurance', expiresOn: '2026-02-30' }),
      400,
      'validationFailed',
    );
    expect((await fileEvents()).length).toBe(before);
    expect(await keptOnDisk()).toEqual(kept);
  }, 120_000);

  it("past the company's total (lowered for the suite): 413 companyFilesTotalTooLarge while streaming, nothing kept; a removal frees the room", async () => {
    const accounts = await upload(
      aminah,
      Buffer.concat([pdf('accounts'), Buffer.alloc(45 * MB, 1)]),
      'accounts 2025.pdf',
      'application/pdf',
      { category: 'auditedAccounts' },
    );
    expect(accounts.status).toBe(201);
    const before = (await fileEvents()).length;
    const kept = await keptOnDisk();
    expectRefused(
      await streamed(`${BASE}/${TEGUH}?category=bankStatement`, aminah, 7 * MB, 'statement.pdf'),
      413,
      'companyFilesTotalTooLarge',
    );
    expect((await fileEvents()).length).toBe(before);
    expect(await keptOnDisk()).toEqual(kept);
    expect(
      (await call('post', `${BASE}/${TEGUH}/${accounts.body.documentId}/actions/Remove`, aminah, { reason: 'Too large a scan' })).status,
    ).toBe(200);
    const statement = await upload(aminah, Buffer.concat([pdf('statement'), Buffer.alloc(7 * MB, 2)]), 'statement.pdf', 'application/pdf', {
      category: 'bankStatement',
    });
    expect(statement.status).toBe(201);
    expect(
      (await call('post', `${BASE}/${TEGUH}/${statement.body.documentId}/actions/Remove`, aminah, { reason: 'Wrong month' })).status,
    ).toBe(200);
  }, 120_000);

  it('another company and a person without the profile rights are refused', async () => {
    expectRefused(await call('get', `${BASE}/${TEGUH}`, mei), 404, 'companyNotFound');
    expectRefused(await call('get', `${BASE}/${TEGUH}/${certificateId}/versions/1`, mei), 404, 'companyNotFound');
    expectRefused(await upload(mei, CERTIFICATE, 'x.pdf', 'application/pdf', { category: 'insurance' }), 404, 'companyNotFound');
    expectRefused(
      await call('post', `${BASE}/${TEGUH}/${certificateId}/actions/Remove`, mei, { reason: 'not ours' }),
      404,
      'companyNotFound',
    );
    expectRefused(await call('get', `${BASE}/${TEGUH}`, farid), 403, 'noAccessRight');
    expectRefused(await upload(farid, CERTIFICATE, 'x.pdf', 'application/pdf', { category: 'insurance' }), 403, 'noAccessRight');
    expectRefused(await call('get', `${BASE}/${TEGUH}/${certificateId}/versions/9`, aminah), 404, 'companyFileNotFound');
    expectRefused(await call('get', `${BASE}/${TEGUH}/nothing-here/versions/1`, aminah), 404, 'companyFileNotFound');
    // Mutiara's own list is its own (empty).
    expect((await call('get', `${BASE}/${MUTIARA}`, mei)).body).toMatchObject({ logo: null, documents: [], totalSize: 0 });
  });

  it('the platform administrator reads them for the review, and may not change them', async () => {
    const list = await call('get', `${BASE}/${TEGUH}`, admin);
    expect(list.status).toBe(200);
    expect(list.body.canChange).toBe(false);
    expect(list.body.documents.map((document: { documentId: string }) => document.documentId)).toEqual([certificateId]);
    const bytes = await download(`${BASE}/${TEGUH}/${certificateId}/versions/1`, admin);
    expect((bytes.body as Buffer).equals(CERTIFICATE)).toBe(true);
    expectRefused(await upload(admin, CERTIFICATE, 'x.pdf', 'application/pdf', { category: 'insurance' }), 403, 'noAccessRight');
  });

  it('a new version keeps the old one in the history; a removal needs a reason and is kept with it', async () => {
    const newExpiry = malaysianDay(r().clock.now, 800);
    const replaced = await call(
      'post',
      `${BASE}/${TEGUH}/${certificateId}/versions?expiresOn=${newExpiry}&referenceNo=201901000005`,
      aminah,
      RENEWED,
      {
        'content-type': 'application/octet-stream',
        'x-file-name': 'renewed.pdf',
        'x-file-type': 'application/pdf',
      },
    );
    expect(replaced.status).toBe(201);
    expect(replaced.body.version).toBe(2);
    const list = await call('get', `${BASE}/${TEGUH}`, aminah);
    const document = list.body.documents[0];
    expect(document).toMatchObject({ expiresOn: newExpiry, current: { version: 2, name: 'renewed.pdf' } });
    expect(document.versions.map((version: { version: number; sha256: string }) => [version.version, version.sha256])).toEqual([
      [1, sha(CERTIFICATE)],
      [2, sha(RENEWED)],
    ]);
    expect(document.history.map((step: { action: string }) => step.action)).toEqual(['uploaded', 'replaced']);
    expect(list.body.totalSize).toBe(PNG.length + RENEWED.length);
    expect(((await download(`${BASE}/${TEGUH}/${certificateId}/versions/1`, aminah)).body as Buffer).equals(CERTIFICATE)).toBe(true);

    const sst = await upload(aminah, pdf('sst'), 'sst.pdf', 'application/pdf', { category: 'sstCertificate' });
    sstId = sst.body.documentId;
    expectRefused(await call('post', `${BASE}/${TEGUH}/${sstId}/actions/Remove`, aminah, { reason: '  ' }), 400, 'validationFailed');
    expect((await call('post', `${BASE}/${TEGUH}/${sstId}/actions/Remove`, aminah, { reason: 'Uploaded the wrong year' })).status).toBe(
      200,
    );
    expectRefused(await call('post', `${BASE}/${TEGUH}/${sstId}/actions/Remove`, aminah, { reason: 'again' }), 409, 'companyFileRemoved');
    const after = await call('get', `${BASE}/${TEGUH}`, aminah);
    expect(after.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual([certificateId]);
    expect(after.body.removed.find((d: { documentId: string }) => d.documentId === sstId)).toMatchObject({
      documentId: sstId,
      removed: { reason: 'Uploaded the wrong year', byName: 'Aminah binti Yusof' },
    });
    // Removing the logo: the company list says none again.
    expect((await call('post', `${BASE}/${TEGUH}/${logoId}/actions/Remove`, aminah, { reason: 'New branding' })).status).toBe(200);
    const companies = await call('get', '/api/company/list', aminah);
    expect(companies.body.data.find((company: { companyProfileId: string }) => company.companyProfileId === TEGUH)?.is_logo_uploaded).toBe(
      false,
    );
  });

  it('the expiry reminder fires once, a month (30 days) before the expiry date, to the administrators by bell and e-mail', async () => {
    const job = r().app.get(CompanyFileExpiryJob);
    const expiresOn = malaysianDay(r().clock.now, 31);
    const insurance = await upload(aminah, pdf('insurance'), 'insurance.pdf', 'application/pdf', {
      category: 'insurance',
      title: 'Contractor all risks',
      expiresOn,
    });
    expect(insurance.status).toBe(201);
    const documentId = insurance.body.documentId;
    const reminders = async () => (await fileEvents()).filter((event) => event.type === 'CompanyFileExpiryReminderSent');
    // 31 days ahead: not yet.
    expect((await job.run()).reminded).not.toContain(documentId);
    expect(await reminders()).toEqual([]);
    // A day later it is 30 days ahead: once, however often the job runs.
    r().clock.advance(DAY);
    expect((await job.run()).reminded).toEqual([documentId]);
    expect((await job.run()).reminded).toEqual([]);
    r().clock.advance(DAY);
    expect((await job.run()).reminded).toEqual([]);
    expect((await reminders()).map((event) => event.data)).toEqual([{ companyId: TEGUH, documentId, expiresOn, daysBefore: 30 }]);
    // Two days passed: the sessions ended with the inactivity limit.
    aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    const history = (await call('get', `${BASE}/${TEGUH}`, aminah)).body.documents.find(
      (d: { documentId: string }) => d.documentId === documentId,
    ).history;
    expect(history.map((step: { action: string }) => step.action)).toEqual(['uploaded', 'expiryReminded']);

    // E-mail: the company's administrators (Aminah), once.
    const mails = (await readFile(join(config().dataDir, 'outbox', 'email.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; purpose: string; subject: string })
      .filter((mail) => mail.purpose === 'company-file-expiry');
    expect(mails.map((mail) => mail.to)).toEqual(['aminah@teguhbina.my']);
    expect(mails[0]!.subject).toContain(expiresOn);
    // The bell: Aminah (profile update) is told, Farid (site team) is not.
    const bell = async (token: string) =>
      (
        (await call('get', '/api/application/user-event-list?start=0&length=20', token)).body.events as {
          module: string;
          src: string;
          src_id: string;
        }[]
      ).filter((event) => event.module === 'company' && event.src === 'documentExpiring');
    const deadline = Date.now() + 15_000;
    while ((await bell(aminah)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await bell(aminah)).map((event) => event.src_id)).toEqual([documentId]);
    expect(await bell(farid)).toEqual([]);
  }, 60_000);

  itAnsweredEveryCallWithoutAServerError(() => running);
});
