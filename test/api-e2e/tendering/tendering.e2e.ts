// Tendering between companies over the API (invitations and quotations), on PGlite and on PostgreSQL: Teguh Bina
// invites Mutiara Supplies and Kukuh Jaya to a tender; they quote, revise, and are refused after the close
// time on the server's clock. Sealed: before the close, every GET route of the OpenAPI document, asked by
// each of Teguh Bina's users with the tender's ids filled in (lists, exports, views, replays, history,
// audit, notifications), answers without any rate, amount or total of any quotation, and no read model nor
// notification holds one, nor any route the name, hash or bytes of a file attached to a quotation; after the
// manual Close (the tender machine's, to comparison) the buyer sees them.
// Every bad input is a 4xx with an error code, and nothing is recorded.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { notificationLink } from '@binaan/contracts';
import { SqlEventStore } from '@binaan/event-store';
import { allProjections } from '../../../apps/api/src/projections.js';
import { settled } from '../notifications/harness.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Reply,
  type Running,
  KUKUH,
  SERI,
  UNKNOWN_ID,
} from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BASE = '/api/tendering/tenders';

/** The buyer's tender: two lines with the buyer's own estimate (rates unlike any quoted below). */
const ITEMS = [
  { description: 'Spun piles 300 mm', unit: 'm', quantity: '1800', rate: '100.00' },
  { description: 'Pile caps', unit: 'no', quantity: '12', rate: '250.00' },
];

describe.each(FEATURE_STORES)('tendering api on %s', (kind) => {
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
  /** Every rate, amount and total the sellers sent (as the sellers' replies show them): none may reach the buyer before the close. */
  const secrets = new Set<string>();
  /** A file Mutiara attaches to its quotation: its name, hash and a marker in its bytes reach no buyer before the close either. */
  const fileMarker = `MUTIARA-FILE-${Date.now().toString(36)}`;
  const fileBytes = Buffer.from(`%PDF-1.7\n% ${fileMarker}\n%%EOF\n`);
  const fileName = 'Mutiara sealed method statement.pdf';
  let attachmentId = '';

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
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
    return reply;
  };
  const eventsOf = async (streamType: string) =>
    Number((await r().sql.query<{ n: string | number }>('SELECT count(*) AS n FROM events WHERE stream_type = $1', [streamType]))[0]!.n);
  const remember = (reply: Reply) => {
    for (const item of reply.body.items as { rate: string; amount: string }[])
      for (const value of [item.rate, item.amount]) if (value !== '0.00') secrets.add(value);
    secrets.add(reply.body.total);
  };
  const expectRefused = (reply: Reply, status: number, code: string) => {
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('kumar creates a tender (two lines, opens in 10 minutes, closes in 2 days)', async () => {
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now, { items: ITEMS }));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    tenderRevision = created.body.revision;
  });

  it('bad invitations are refused with their codes, and nothing is recorded', async () => {
    const path = `${BASE}/${tenderId}/invitations`;
    expectRefused(await call('post', path, kumar, []), 400, 'validationFailed');
    expectRefused(await call('post', path, kumar, { companyIds: [] }), 400, 'validationFailed');
    expectRefused(await call('post', path, kumar, { companyIds: [MUTIARA, MUTIARA] }), 400, 'validationFailed');
    expectRefused(await call('post', path, kumar, { companyIds: [MUTIARA], note: 'x' }), 400, 'validationFailed');
    expectRefused(await call('post', path, kumar, { companyIds: [MUTIARA, TEGUH] }), 422, 'inviteeIsOwnCompany');
    expectRefused(await call('post', path, kumar, { companyIds: [MUTIARA, 'no-such-company'] }), 422, 'unknownCounterparty');
    expectRefused(await call('post', path, kumar, { companyIds: ['baru-consult'] }), 422, 'unknownCounterparty');
    expectRefused(await call('post', path, farid, { companyIds: [MUTIARA] }), 403, 'noAuthority');
    expectRefused(await call('post', path, mei, { companyIds: [KUKUH] }), 404, 'tenderNotFound');
    expectRefused(await call('post', `${BASE}/${UNKNOWN_ID}/invitations`, kumar, { companyIds: [MUTIARA] }), 404, 'tenderNotFound');
    expectRefused(await call('post', `${BASE}/not-an-id/invitations`, kumar, { companyIds: [MUTIARA] }), 404, 'tenderNotFound');
    expect(await eventsOf('tenderInvitations')).toBe(0);
    const list = await call('get', path, kumar);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it('kumar invites Mutiara Supplies and Kukuh Jaya (one event each); inviting Mutiara again is 409 and records nothing', async () => {
    const invited = await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ success: true, tenderId, revision: 1, invited: [MUTIARA, KUKUH] });
    expectRefused(await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA] }), 409, 'sellerAlreadyInvited');
    expect(await eventsOf('tenderInvitations')).toBe(2);
    const list = await call('get', `${BASE}/${tenderId}/invitations`, kumar);
    expect(list.body.data.map((row: { sellerCompanyId: string; quoted: boolean }) => [row.sellerCompanyId, row.quoted])).toEqual(
      [
        [KUKUH, false],
        [MUTIARA, false],
      ].sort(),
    );
  });

  it("the invited sellers see the tender in their received list, without the buyer's rates; Seri Hartanah (not invited) sees nothing", async () => {
    const received = await call('get', '/api/tendering/received?range=[0,24]', mei);
    expect(received.status).toBe(200);
    expect(received.headers['content-range']).toBe('tender-invitations 0-0/1');
    expect(received.body).toEqual([
      expect.objectContaining({
        id: tenderId,
        buyerCompanyId: TEGUH,
        buyerName: 'Teguh Bina Sdn Bhd',
        status: 'new',
        title: 'Piling works, Block D',
        quoted: false,
      }),
    ]);
    expect((await call('get', '/api/tendering/received', hafiz)).body).toEqual([]);
    expectRefused(await call('get', '/api/tendering/received?range=[0,500]', mei), 400, 'validationFailed');
    expectRefused(await call('get', '/api/tendering/received?sort=x', mei), 400, 'validationFailed');
    const view = await call('get', `${BASE}/${tenderId}`, wong);
    expect(view.status).toBe(200);
    expect(view.body.items).toEqual([
      { lineNo: 1, description: 'Spun piles 300 mm', unit: 'm', quantity: '1800.000' },
      { lineNo: 2, description: 'Pile caps', unit: 'no', quantity: '12.000' },
    ]);
    expect(view.body.quotation).toBeNull();
    expectRefused(await call('get', `${BASE}/${tenderId}`, hafiz), 404, 'tenderNotFound');
  });

  it('no quotation before the tender is active and open: 409 tenderNotOpen', async () => {
    const body = {
      items: [
        { lineNo: 1, rate: '4817.29' },
        { lineNo: 2, rate: '593.61' },
      ],
    };
    expectRefused(await call('put', `${BASE}/${tenderId}/quotation`, mei, body), 409, 'tenderNotOpen');
    await act(kumar, 'Request_Approve');
    const approved = await act(lim, 'Approve');
    expect(approved.body.status).toBe('active');
    expectRefused(await call('put', `${BASE}/${tenderId}/quotation`, mei, body), 409, 'tenderNotOpen');
    expect(await eventsOf('tenderQuotation')).toBe(0);
    r().clock.advance(11 * MINUTE);
  });

  it('bad quotations are refused with their codes, and nothing is recorded', async () => {
    const path = `${BASE}/${tenderId}/quotation`;
    expectRefused(await call('put', path, mei, { items: [{ lineNo: 1, rate: '4817.29' }] }), 422, 'quotationItemsMismatch');
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: '4817.29' },
          { lineNo: 2, rate: '1' },
          { lineNo: 3, rate: '1' },
        ],
      }),
      422,
      'quotationItemsMismatch',
    );
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: '4817.29' },
          { lineNo: 2, rate: '0' },
        ],
      }),
      422,
      'zeroRateNotIncluded',
    );
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: 'cheap' },
          { lineNo: 2, rate: '1' },
        ],
      }),
      400,
      'validationFailed',
    );
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: '-1' },
          { lineNo: 2, rate: '1' },
        ],
      }),
      400,
      'validationFailed',
    );
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: 4817.29 },
          { lineNo: 2, rate: '1' },
        ],
      }),
      400,
      'validationFailed',
    );
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: '1' },
          { lineNo: 1, rate: '1' },
        ],
      }),
      400,
      'validationFailed',
    );
    expectRefused(await call('put', path, mei, { items: [] }), 400, 'validationFailed');
    expectRefused(
      await call('put', path, mei, {
        items: [
          { lineNo: 1, rate: '1', discount: '5' },
          { lineNo: 2, rate: '1' },
        ],
      }),
      400,
      'validationFailed',
    );
    expectRefused(
      await call('put', path, hafiz, {
        items: [
          { lineNo: 1, rate: '1' },
          { lineNo: 2, rate: '1' },
        ],
      }),
      404,
      'tenderNotFound',
    );
    expectRefused(
      await call(
        'put',
        path,
        mei,
        {
          items: [
            { lineNo: 1, rate: '1' },
            { lineNo: 2, rate: '1' },
          ],
        },
        { 'If-Match': '0' },
      ),
      409,
      'wrongExpectedRevision',
    );
    expect(await eventsOf('tenderQuotation')).toBe(0);
  });

  it('Mutiara submits, then revises (If-Match its revision); Kukuh Jaya submits with a rate of 0, include box ticked', async () => {
    const first = await call('put', `${BASE}/${tenderId}/quotation`, mei, {
      items: [
        { lineNo: 1, rate: '4817.29' },
        { lineNo: 2, rate: '593.61' },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'submitted', revision: 0, total: '8678245.32', sealed: false });
    remember(first);
    r().clock.advance(MINUTE);
    const revised = await call(
      'put',
      `${BASE}/${tenderId}/quotation`,
      mei,
      {
        items: [
          { lineNo: 1, rate: '4809.13' },
          { lineNo: 2, rate: '588.47' },
        ],
      },
      { 'If-Match': '0' },
    );
    expect(revised.body).toMatchObject({ status: 'revised', revision: 1, total: '8663495.64' });
    remember(revised);
    expectRefused(
      await call(
        'put',
        `${BASE}/${tenderId}/quotation`,
        mei,
        {
          items: [
            { lineNo: 1, rate: '1' },
            { lineNo: 2, rate: '1' },
          ],
        },
        { 'If-Match': '0' },
      ),
      409,
      'wrongExpectedRevision',
    );
    const kukuh = await call('put', `${BASE}/${tenderId}/quotation`, wong, {
      items: [
        { lineNo: 1, rate: '5123.77' },
        { lineNo: 2, rate: '0', includeZeroRate: true },
      ],
    });
    expect(kukuh.body).toMatchObject({ status: 'submitted', revision: 0, total: '9222786.00' });
    remember(kukuh);
    // Each seller reads its own quotation, never the other's.
    const own = await call('get', `${BASE}/${tenderId}/quotations`, wong);
    expect(own.body.data).toEqual([expect.objectContaining({ sellerCompanyId: KUKUH, total: '9222786.00' })]);
    expectRefused(await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/history`, wong), 404, 'quotationNotFound');
    expect((await call('get', `${BASE}/${tenderId}`, mei)).body.quotation).toMatchObject({ revision: 1, total: '8663495.64' });
    // And attaches a file to it (quotation-attachments.e2e.ts tests the files themselves).
    const attached = await r().api.call('post', `${BASE}/${tenderId}/quotation/attachments`, {
      token: mei,
      body: fileBytes,
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(fileName),
        'x-file-type': 'application/pdf',
      },
    });
    expect(attached.status).toBe(201);
    attachmentId = attached.body.attachment.attachmentId;
  });

  it("sealed: the buyer's tendering routes say who quoted and when, with no rate, amount or total", async () => {
    const list = await call('get', `${BASE}/${tenderId}/quotations`, kumar);
    expect(list.body).toMatchObject({ sealed: true, status: 'active' });
    expect(list.body.data.map((row: Record<string, unknown>) => Object.keys(row).sort())).toEqual([
      ['revisedAt', 'revision', 'sealed', 'sellerCompanyId', 'sellerName', 'submittedAt'],
      ['revisedAt', 'revision', 'sealed', 'sellerCompanyId', 'sellerName', 'submittedAt'],
    ]);
    const history = await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/history`, kumar);
    expect(history.body.data.map((row: { action: string; total?: string }) => [row.action, row.total])).toEqual([
      ['QuotationSubmitted', undefined],
      ['QuotationRevised', undefined],
    ]);
    const invitations = await call('get', `${BASE}/${tenderId}/invitations`, kumar);
    expect(invitations.body.data.map((row: { quoted: boolean }) => row.quoted)).toEqual([true, true]);
    expect(invitations.body.data.map((row: { invitedByName: string }) => row.invitedByName)).toEqual([
      'Kumar a/l Rajan',
      'Kumar a/l Rajan',
    ]);
  });

  it("sealed: every GET route of the OpenAPI document, asked by each of Teguh Bina's users before the close, shows none of the sellers' figures", async () => {
    expect(secrets.size).toBeGreaterThan(6);
    const document = (await request(r().app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fill: Record<string, string> = {
      resource: 'tender',
      id: tenderId,
      tenderId,
      sellerCompanyId: MUTIARA,
      attachmentId,
      projectId: UNKNOWN_ID,
      companyProfileId: TEGUH,
    };
    const templates = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([template]) => template);
    expect(templates).toEqual(
      expect.arrayContaining([
        `${BASE}/{tenderId}/quotations`,
        '/api/documents/{resource}/{id}/history',
        '/api/application/user-event-list',
        `${BASE}/{tenderId}/quotations/{sellerCompanyId}/attachments/{attachmentId}`,
      ]),
    );
    const fileSecrets = [fileName, encodeURIComponent(fileName), fileMarker, createHash('sha256').update(fileBytes).digest('hex')];
    const urls = templates.map((template) => template.replace(/\{([^}]+)\}/g, (_, name: string) => fill[name] ?? UNKNOWN_ID));
    // The list as react-admin's export asks it, the replays, the audit check, the other tendering readers.
    urls.push(
      `/api/documents/tender?range=${encodeURIComponent('[0,999]')}`,
      `/api/documents/tender?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ id: [tenderId] }))}`,
      `/api/documents/tender/${tenderId}?revision=1`,
      `/api/documents/tender/${tenderId}?asOf=${encodeURIComponent(r().clock.now.toISOString())}`,
      `/api/audit/verify?resource=tender&id=${tenderId}`,
      `${BASE}/${tenderId}/quotations/${KUKUH}/history`,
      '/api/my-approvals?resource=tender',
    );
    const leaks: string[] = [];
    let asked = 0;
    for (const [name, token] of [
      ['kumar', kumar],
      ['aminah', aminah],
      ['lim', lim],
      ['farid', farid],
    ] as const) {
      for (const url of urls) {
        if (url.includes('/company/choose/')) continue; // replaces the session: the caller's own company list, no document in it
        const reply = await request(r().app.getHttpServer()).get(url).set('authorization', `Bearer ${token}`);
        asked += 1;
        expect({ url, status: reply.status < 500 }).toEqual({ url, status: true });
        const text = `${JSON.stringify(reply.headers)}${reply.text ?? ''}`;
        for (const secret of secrets)
          if (text.includes(secret) || text.includes(secret.replace(/\.00$/, ''))) leaks.push(`${name} ${url}: ${secret}`);
        for (const secret of fileSecrets) if (text.includes(secret)) leaks.push(`${name} ${url}: the file ${secret}`);
      }
    }
    expect(asked).toBeGreaterThan(4 * 40);
    expect(leaks).toEqual([]);
  });

  it("notifications: each invited seller's users are told of the invitation (landing on the received tender); the buyer's tender users that a seller quoted or revised, by name, with no figure", async () => {
    await settled(r().app);
    type Row = { email: string; src: string; event_data: string | Record<string, unknown> };
    const rows = await r().sql.query<Row>(
      `SELECT u.email, e.src, e.event_data FROM notification_events e JOIN identity_users u ON u.user_id = e.user_id
        WHERE e.module = 'tender' AND e.src_id = $1 AND e.src IN ('received', 'invitation') ORDER BY u.email, e.revision`,
      [tenderId],
    );
    const data = (row: Row) =>
      (typeof row.event_data === 'string' ? JSON.parse(row.event_data) : row.event_data) as Record<string, unknown>;
    const received = rows.filter((row) => row.src === 'received');
    // Mei (Mutiara Supplies) and Wong (Kukuh Jaya) are told once each; no one of Teguh Bina or Seri Hartanah is.
    expect(received.filter((row) => row.email === 'mei@mutiarasupplies.my')).toHaveLength(1);
    expect(received.filter((row) => row.email === 'wong@kukuhcontractor.my')).toHaveLength(1);
    expect(received.filter((row) => /@(teguhbina|serihartanah)\.my$/.test(row.email))).toEqual([]);
    const invitation = data(received.find((row) => row.email === 'mei@mutiarasupplies.my')!);
    expect(invitation).toMatchObject({
      workflow_event: 'TenderSellerInvited',
      tender_id: tenderId,
      company_name: 'Teguh Bina Sdn Bhd',
      recipient_company_id: MUTIARA,
    });
    expect(notificationLink({ module: 'tender', src: 'received', src_id: tenderId, event_data: invitation }).href).toBe(
      '/tender/all/material/new-received',
    );
    // Kumar (the buyer's tender user) hears of the three quotations in their order, by seller; no seller hears of another's.
    const quoted = rows.filter((row) => row.src === 'invitation');
    expect(
      quoted.filter((row) => row.email === 'kumar@teguhbina.my').map((row) => [data(row).workflow_event, data(row).vendor_name]),
    ).toEqual([
      ['QuotationSubmitted', 'Mutiara Supplies Sdn Bhd'],
      ['QuotationRevised', 'Mutiara Supplies Sdn Bhd'],
      ['QuotationSubmitted', 'Kukuh Jaya Contractor Sdn Bhd'],
    ]);
    expect(quoted.filter((row) => !row.email.endsWith('@teguhbina.my'))).toEqual([]);
    // No figure in any of them (the test below checks every event and table besides).
    for (const row of rows) for (const secret of secrets) expect(JSON.stringify(row.event_data)).not.toContain(secret);
  });

  it('sealed: no read model, and no notification (what the live channel sends), holds any of the figures', async () => {
    const tables = allProjections.flatMap((projection) => projection.tables);
    expect(tables).toContain('tender_invitations');
    for (const table of tables) {
      for (const secret of secrets) {
        const [row] = await r().sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} t WHERE t::text LIKE $1`, [
          `%${secret}%`,
        ]);
        expect({ table, secret, n: Number(row!.n) }).toEqual({ table, secret, n: 0 });
      }
    }
    for (const secret of secrets) {
      const [row] = await r().sql.query<{ n: string | number }>(
        "SELECT count(*) AS n FROM events e WHERE e.stream_type NOT IN ('tenderQuotation') AND e::text LIKE $1",
        [`%${secret}%`],
      );
      expect({ secret, n: Number(row!.n) }).toEqual({ secret, n: 0 });
    }
  });

  it("after the close time, on the server's clock, submitting, revising and inviting are refused (409 tenderClosed); the bids stay sealed until the Close", async () => {
    r().clock.advance(2 * DAY);
    // Two days idle ends every session: everyone signs in again.
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    expectRefused(
      await call(
        'put',
        `${BASE}/${tenderId}/quotation`,
        mei,
        {
          items: [
            { lineNo: 1, rate: '1.00' },
            { lineNo: 2, rate: '1.00' },
          ],
        },
        { 'If-Match': '1' },
      ),
      409,
      'tenderClosed',
    );
    expectRefused(await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: ['jaya-padu'] }), 409, 'tenderClosed');
    expect(await eventsOf('tenderQuotation')).toBe(3);
    expect((await call('get', `${BASE}/${tenderId}/quotations`, kumar)).body).toMatchObject({ sealed: true });
  });

  it("kumar closes the tender (the spec's manual close, the machine's Close, recorded on the tender): comparison, and the buyer sees every rate and total", async () => {
    const closed = await act(kumar, 'Close');
    expect(closed.body.status).toBe('comparison');
    const history = await call('get', `/api/documents/tender/${tenderId}/history`, kumar);
    expect(history.body.map((row: { action: string }) => row.action)).toContain('Close');
    const list = await call('get', `${BASE}/${tenderId}/quotations`, kumar);
    expect(list.body).toMatchObject({ sealed: false, status: 'comparison' });
    expect(list.body.data.map((row: { sellerCompanyId: string; total: string }) => [row.sellerCompanyId, row.total])).toEqual([
      [KUKUH, '9222786.00'],
      [MUTIARA, '8663495.64'],
    ]);
    expect(list.body.data[1].attachments).toEqual([{ attachmentId, name: fileName, mediaType: 'application/pdf', size: fileBytes.length }]);
    expect(list.body.data[0].attachments).toEqual([]);
    expect(list.body.data[1].items).toEqual([
      { lineNo: 1, rate: '4809.13', includeZeroRate: false, amount: '8656434.00' },
      { lineNo: 2, rate: '588.47', includeZeroRate: false, amount: '7061.64' },
    ]);
    const history2 = await call('get', `${BASE}/${tenderId}/quotations/${MUTIARA}/history`, kumar);
    expect(history2.body.data.map((row: { total: string; actorName: string }) => [row.total, row.actorName])).toEqual([
      ['8678245.32', 'Tan Mei Hua'],
      ['8663495.64', 'Tan Mei Hua'],
    ]);
    expectRefused(
      await call('put', `${BASE}/${tenderId}/quotation`, wong, {
        items: [
          { lineNo: 1, rate: '1.00' },
          { lineNo: 2, rate: '1.00' },
        ],
      }),
      409,
      'tenderClosed',
    );
  });

  it('a rebuild of the read models from the log (store rebuild) gives the same tender_invitations, and the lists read as before', async () => {
    const rows = async () =>
      (
        await r().sql.query<{ row: unknown }>('SELECT to_jsonb(t) AS row FROM tender_invitations t ORDER BY tender_id, seller_company_id')
      ).map(({ row }) => JSON.stringify(row));
    const live = await rows();
    expect(live).toHaveLength(2);
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    const result = await store.rebuild();
    expect(result.projections).toContain('tendering');
    expect(await rows()).toEqual(live);
    const received = await call('get', '/api/tendering/received', mei);
    expect(received.body).toEqual([expect.objectContaining({ id: tenderId, quoted: true, status: 'comparison' })]);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
