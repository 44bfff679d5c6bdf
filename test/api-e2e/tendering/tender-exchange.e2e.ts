// Tender queries and addenda, on PGlite and on PostgreSQL. Teguh Bina's tender, Mutiara Supplies
// and Kukuh Jaya invited. Queries: each seller asks; the board names the asker to the buyer only; kumar
// answers Mutiara's question and Kukuh Jaya reads it without learning who asked; the buyer is told of each
// question, every invitee of the answer. Addenda: after both quoted, kumar changes a quantity and moves the
// close time (the timer's due time follows, the sellers are told, both quotations are to be confirmed);
// Mutiara confirms, then a second addendum adds a line and Mutiara must revise; at the new close time the
// tender closes by itself and the buyer sees Kukuh Jaya's quotation as never confirmed. No rate reaches the
// buyer before the close through these routes. Every refusal has its code and records nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEventStore } from '@binaan/event-store';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { TenderCloseJob } from '../../../apps/api/src/tendering/close/tender-close.job.js';
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
const ITEMS = [
  { description: 'Spun piles 300 mm', unit: 'm', quantity: '1800', rate: '100.00' },
  { description: 'Pile caps', unit: 'no', quantity: '12', rate: '250.00' },
];
const MUTIARA_QUESTION = 'Is the pile length fixed at 12 m, or may we splice?';
const KUKUH_QUESTION = 'May pile caps be precast?';

describe.each(FEATURE_STORES)('tender queries and addenda on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    farid = '',
    mei = '',
    wong = '',
    hafiz = '';
  let tenderId = '';
  let tenderRevision = 0;
  let meiQuery = '',
    wongQuery = '';
  const secrets = new Set<string>();

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const eventsOf = async (streamType: string, type?: string) =>
    Number(
      (
        await r().sql.query<{ n: string | number }>(
          `SELECT count(*) AS n FROM events WHERE stream_type = $1 ${type ? 'AND type = $2' : ''}`,
          type ? [streamType, type] : [streamType],
        )
      )[0]!.n,
    );
  const signInAll = async () => {
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    farid = await r().signIn('farid@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
  };
  const notices = async (token: string, module: string) => {
    await r().app.get(NotificationReactor).settled();
    const list = await call('get', '/api/application/user-event-list?start=0&length=100', token);
    expect(list.status).toBe(200);
    return (list.body.events as { module: string; src: string; src_id: string; event_data: string }[]).filter(
      (event) => event.module === module,
    );
  };
  const remember = (reply: Reply) => {
    for (const item of reply.body.items as { rate: string; amount: string }[])
      for (const value of [item.rate, item.amount]) if (value !== '0.00') secrets.add(value);
    secrets.add(reply.body.total);
  };

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    await signInAll();
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now, { items: ITEMS }));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    expect((await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] })).status).toBe(201);
    const lim = await r().signIn('lim@teguhbina.my', TEGUH);
    for (const [token, event] of [
      [kumar, 'Request_Approve'],
      [lim, 'Approve'],
    ] as const) {
      const reply = await call(
        'post',
        `/api/documents/tender/${tenderId}/actions/${event}`,
        token,
        {},
        { 'If-Match': String(created.body.revision + (event === 'Approve' ? 1 : 0)) },
      );
      expect(reply.status).toBe(200);
      tenderRevision = reply.body.revision;
    }
    r().clock.advance(11 * MINUTE);
  }, 300_000);
  afterAll(async () => running?.stop());

  describe('queries', () => {
    it('bad questions are refused with their codes, and nothing is recorded', async () => {
      const path = `${BASE}/${tenderId}/queries`;
      expectRefused(await call('post', path, mei, {}), 400, 'validationFailed');
      expectRefused(await call('post', path, mei, { question: '   ' }), 400, 'validationFailed');
      expectRefused(await call('post', path, mei, { question: 'x'.repeat(4001) }), 400, 'validationFailed');
      expectRefused(await call('post', path, mei, { question: 'Why?', anonymous: true }), 400, 'validationFailed');
      expectRefused(await call('post', path, hafiz, { question: 'Why?' }), 404, 'tenderNotFound');
      expectRefused(await call('post', `${BASE}/${UNKNOWN_ID}/queries`, mei, { question: 'Why?' }), 404, 'tenderNotFound');
      expectRefused(await call('get', path, hafiz), 404, 'tenderNotFound');
      expect(await eventsOf('tenderQueries')).toBe(0);
    });

    it('each seller asks; the buyer reads both with who asked, each seller only its own (marked own)', async () => {
      const asked = await call('post', `${BASE}/${tenderId}/queries`, mei, { question: MUTIARA_QUESTION });
      expect(asked.status).toBe(201);
      meiQuery = asked.body.queryId;
      r().clock.advance(MINUTE);
      wongQuery = (await call('post', `${BASE}/${tenderId}/queries`, wong, { question: KUKUH_QUESTION })).body.queryId;
      const buyer = await call('get', `${BASE}/${tenderId}/queries`, kumar);
      expect(
        buyer.body.data.map((q: { question: string; sellerCompanyId: string; sellerName: string; answered: boolean }) => [
          q.question,
          q.sellerCompanyId,
          q.sellerName,
          q.answered,
        ]),
      ).toEqual([
        [MUTIARA_QUESTION, MUTIARA, 'Mutiara Supplies Sdn Bhd', false],
        [KUKUH_QUESTION, KUKUH, expect.any(String), false],
      ]);
      const own = await call('get', `${BASE}/${tenderId}/queries`, mei);
      expect(own.body.data).toEqual([
        expect.objectContaining({ queryId: meiQuery, question: MUTIARA_QUESTION, own: true, answered: false }),
      ]);
      expect(own.body.data[0]).not.toHaveProperty('sellerCompanyId');
      expect((await call('get', `${BASE}/${tenderId}/queries`, wong)).body.data.map((q: { queryId: string }) => q.queryId)).toEqual([
        wongQuery,
      ]);
    });

    it('the buyer is told of each new question, without the question or the asker in the notice', async () => {
      const told = await notices(kumar, 'tenderQuery');
      expect(told.map((n) => n.src_id)).toEqual([tenderId, tenderId]);
      expect(told.map((n) => n.event_data).join(' ')).not.toContain('pile length');
    });

    it('bad answers are refused with their codes, and nothing is recorded', async () => {
      const path = `${BASE}/${tenderId}/queries/${meiQuery}/answer`;
      expectRefused(await call('post', path, kumar, { answer: '' }), 400, 'validationFailed');
      expectRefused(await call('post', path, kumar, { answer: 'Fixed.', to: MUTIARA }), 400, 'validationFailed');
      expectRefused(await call('post', path, farid, { answer: 'Fixed.' }), 403, 'noAuthority');
      expectRefused(await call('post', path, mei, { answer: 'Fixed.' }), 404, 'tenderNotFound');
      expectRefused(
        await call('post', `${BASE}/${tenderId}/queries/${UNKNOWN_ID}/answer`, kumar, { answer: 'Fixed.' }),
        404,
        'queryNotFound',
      );
      expect(await eventsOf('tenderQueries', 'TenderQueryAnswered')).toBe(0);
    });

    it("kumar answers Mutiara's question: every invitee reads it, Kukuh Jaya without learning who asked; a second answer is 409", async () => {
      const answered = await call('post', `${BASE}/${tenderId}/queries/${meiQuery}/answer`, kumar, {
        answer: 'Splicing is allowed, one splice per pile.',
      });
      expect(answered.status).toBe(200);
      expectRefused(
        await call('post', `${BASE}/${tenderId}/queries/${meiQuery}/answer`, kumar, { answer: 'Again.' }),
        409,
        'queryAlreadyAnswered',
      );
      const other = await call('get', `${BASE}/${tenderId}/queries`, wong);
      expect(other.body.data.map((q: { question: string; own: boolean; answered: boolean }) => [q.question, q.own, q.answered])).toEqual([
        [MUTIARA_QUESTION, false, true],
        [KUKUH_QUESTION, true, false],
      ]);
      expect(other.text).not.toMatch(/mutiara|Tan Mei Hua/i);
      expect((await call('get', `${BASE}/${tenderId}/queries`, mei)).body.data).toEqual([
        expect.objectContaining({ queryId: meiQuery, own: true, answer: 'Splicing is allowed, one splice per pile.' }),
      ]);
      const toldWong = await notices(wong, 'receivedTenderQuery');
      expect(toldWong.map((n) => n.src_id)).toEqual([tenderId]);
      expect(toldWong[0]!.event_data).not.toMatch(/mutiara/i);
      expect((await notices(mei, 'receivedTenderQuery')).map((n) => n.src_id)).toEqual([tenderId]);
      expectRefused(await call('get', `${BASE}/${tenderId}/queries?range=[0,500]`, wong), 400, 'validationFailed');
      expectRefused(await call('get', `${BASE}/${tenderId}/queries?sort=asked`, wong), 400, 'validationFailed');
    });
  });

  describe('addenda', () => {
    let firstAddendum = '';

    it('both sellers quote before any addendum', async () => {
      const m = await call('put', `${BASE}/${tenderId}/quotation`, mei, {
        items: [
          { lineNo: 1, rate: '4817.29' },
          { lineNo: 2, rate: '593.61' },
        ],
      });
      expect(m.body).toMatchObject({ status: 'submitted', revision: 0 });
      remember(m);
      const w = await call('put', `${BASE}/${tenderId}/quotation`, wong, {
        items: [
          { lineNo: 1, rate: '5123.77' },
          { lineNo: 2, rate: '611.19' },
        ],
      });
      expect(w.body).toMatchObject({ status: 'submitted', revision: 0 });
      remember(w);
      expectRefused(await call('post', `${BASE}/${tenderId}/quotation/confirm`, mei), 409, 'quotationAlreadyConfirmed');
    });

    it('bad addenda are refused with their codes (the §5.3 time rules among them), and nothing is recorded', async () => {
      const path = `${BASE}/${tenderId}/addenda`;
      const later = (ms: number) => new Date(r().clock.now.getTime() + ms).toISOString();
      expectRefused(await call('post', path, kumar, { items: { remove: [1] } }), 400, 'validationFailed');
      expectRefused(await call('post', path, kumar, { note: 'x', budget: '1' }), 400, 'validationFailed');
      expectRefused(
        await call('post', path, kumar, { note: 'x', items: { change: [{ lineNo: 1, quantity: '1' }], remove: [1] } }),
        400,
        'validationFailed',
      );
      expectRefused(await call('post', path, kumar, { note: 'x', closeAt: 'tomorrow' }), 400, 'validationFailed');
      expectRefused(
        await call('post', path, kumar, { note: 'x', items: { change: [{ lineNo: 1, quantity: 'many' }] } }),
        400,
        'validationFailed',
      );
      expectRefused(await call('post', path, kumar, { note: 'Nothing' }), 422, 'addendumEmpty');
      expectRefused(
        await call('post', path, kumar, { note: 'x', items: { change: [{ lineNo: 9, quantity: '1' }] } }),
        422,
        'addendumLineNotFound',
      );
      expectRefused(await call('post', path, kumar, { note: 'x', items: { remove: [1, 2] } }), 422, 'itemRequired');
      expectRefused(await call('post', path, kumar, { note: 'x', closeAt: later(MINUTE) }), 422, 'dateTimeNotAhead');
      expectRefused(await call('post', path, kumar, { note: 'x', closeAt: later(30 * DAY) }), 422, 'tenderClosesAfterDeliveryStart');
      expectRefused(await call('post', path, kumar, { note: 'x', openAt: later(DAY) }), 409, 'tenderAlreadyOpen');
      expectRefused(
        await call(
          'post',
          path,
          kumar,
          { note: 'x', items: { change: [{ lineNo: 2, quantity: '14' }] } },
          { 'If-Match': String(tenderRevision - 1) },
        ),
        409,
        'wrongExpectedRevision',
      );
      expectRefused(await call('post', path, farid, { note: 'x', items: { change: [{ lineNo: 2, quantity: '14' }] } }), 403, 'noAuthority');
      expectRefused(
        await call('post', path, mei, { note: 'x', items: { change: [{ lineNo: 2, quantity: '14' }] } }),
        404,
        'tenderNotFound',
      );
      expectRefused(
        await call('post', `${BASE}/${UNKNOWN_ID}/addenda`, kumar, { note: 'x', items: { change: [{ lineNo: 2, quantity: '14' }] } }),
        404,
        'tenderNotFound',
      );
      expect(await eventsOf('tender', 'DocumentEdited')).toBe(0);
    });

    it("addendum 1 changes a quantity and moves the close time a day later: the sellers see it, are told, and must confirm; the timer's due time follows", async () => {
      const before = (
        await r().sql.query<{ close_at: Date | string }>('SELECT close_at FROM tender_close_due WHERE tender_id = $1', [tenderId])
      )[0]!.close_at;
      const newClose = new Date(new Date(before).getTime() + DAY).toISOString();
      const issued = await call(
        'post',
        `${BASE}/${tenderId}/addenda`,
        kumar,
        { note: 'Pile caps: 14, not 12. One more day to quote.', items: { change: [{ lineNo: 2, quantity: '14' }] }, closeAt: newClose },
        { 'If-Match': String(tenderRevision) },
      );
      expect(issued.status).toBe(201);
      expect(issued.body).toMatchObject({ number: 1, revision: tenderRevision + 1, warnings: [] });
      firstAddendum = issued.body.addendumId;
      expect(firstAddendum).toBe(`${tenderId}:1`);
      tenderRevision = issued.body.revision;
      const due = (
        await r().sql.query<{ close_at: Date | string }>('SELECT close_at FROM tender_close_due WHERE tender_id = $1', [tenderId])
      )[0]!.close_at;
      expect(new Date(due).toISOString()).toBe(newClose);
      const view = await call('get', `${BASE}/${tenderId}`, wong);
      expect(view.body).toMatchObject({ closeAt: newClose });
      expect(view.body.items[1]).toEqual({ lineNo: 2, description: 'Pile caps', unit: 'no', quantity: '14.000' });
      const seller = await call('get', `${BASE}/${tenderId}/addenda`, wong);
      expect(seller.body.data).toEqual([
        expect.objectContaining({
          addendumId: firstAddendum,
          number: 1,
          note: 'Pile caps: 14, not 12. One more day to quote.',
          changed: [{ lineNo: 2, description: 'Pile caps', unit: 'no', quantity: '14.000' }],
          added: [],
          removed: [],
          closeAt: newClose,
        }),
      ]);
      expect(seller.text).not.toContain('250.00');
      expect(seller.body.quotation).toMatchObject({ toConfirm: true });
      const buyer = await call('get', `${BASE}/${tenderId}/addenda`, kumar);
      expect(
        buyer.body.confirmations.map((c: { sellerCompanyId: string; toConfirm: boolean }) => [c.sellerCompanyId, c.toConfirm]),
      ).toEqual([
        [KUKUH, true],
        [MUTIARA, true],
      ]);
      for (const token of [mei, wong]) expect((await notices(token, 'tenderAddendum')).map((n) => n.src_id)).toEqual([firstAddendum]);
    });

    it('Mutiara confirms (its rates priced on 14 caps); a second confirm is 409; a seller that never quoted has nothing to confirm', async () => {
      const confirmed = await call('post', `${BASE}/${tenderId}/quotation/confirm`, mei, undefined, { 'If-Match': '0' });
      expect(confirmed.status).toBe(200);
      // 1800 x 4817.29 + 14 x 593.61
      expect(confirmed.body).toMatchObject({ status: 'confirmed', revision: 1, tenderRevision, total: '8679432.54' });
      remember(confirmed);
      expectRefused(await call('post', `${BASE}/${tenderId}/quotation/confirm`, mei), 409, 'quotationAlreadyConfirmed');
      expectRefused(await call('post', `${BASE}/${tenderId}/quotation/confirm`, hafiz), 404, 'tenderNotFound');
      expect((await call('get', `${BASE}/${tenderId}/addenda`, mei)).body.quotation).toMatchObject({ toConfirm: false });
    });

    it('addendum 2 adds a line: a plain confirm no longer fits (422), Mutiara revises with a rate for it', async () => {
      const issued = await call('post', `${BASE}/${tenderId}/addenda`, kumar, {
        note: 'Add pile cut-off.',
        items: { add: [{ description: 'Pile cut-off', unit: 'no', quantity: '40' }] },
      });
      expect(issued.body).toMatchObject({ number: 2 });
      tenderRevision = issued.body.revision;
      expect((await call('get', `${BASE}/${tenderId}`, mei)).body.items).toHaveLength(3);
      expectRefused(await call('post', `${BASE}/${tenderId}/quotation/confirm`, mei), 422, 'quotationItemsMismatch');
      const revised = await call('put', `${BASE}/${tenderId}/quotation`, mei, {
        items: [
          { lineNo: 1, rate: '4817.29' },
          { lineNo: 2, rate: '593.61' },
          { lineNo: 3, rate: '45.17' },
        ],
      });
      expect(revised.body).toMatchObject({ status: 'revised', revision: 2 });
      remember(revised);
      expect((await call('get', `${BASE}/${tenderId}/addenda`, mei)).body.quotation).toMatchObject({ toConfirm: false });
    });

    it("sealed: before the close, the buyer's addenda, queries and notifications show none of the sellers' figures", async () => {
      for (const token of [kumar, farid]) {
        for (const url of [
          `${BASE}/${tenderId}/addenda`,
          `${BASE}/${tenderId}/queries`,
          '/api/application/user-event-list?start=0&length=100',
          `${BASE}/${tenderId}/quotations`,
        ]) {
          const reply = await call('get', url, token);
          for (const secret of secrets) expect({ url, leak: reply.text.includes(secret) ? secret : null }).toEqual({ url, leak: null });
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

    it("the first close time passes and the tender stays open (the addendum moved it); at the new one it closes by itself, and the buyer sees Kukuh Jaya's quotation as never confirmed", async () => {
      r().clock.advance(2 * DAY - 10 * MINUTE);
      await signInAll();
      await r().app.get(TenderCloseJob).run();
      expect((await call('get', `${BASE}/${tenderId}`, mei)).body.status).toBe('active');
      r().clock.advance(DAY);
      await signInAll();
      expect((await r().app.get(TenderCloseJob).run()).closed).toEqual([tenderId]);
      const buyer = await call('get', `${BASE}/${tenderId}/addenda`, kumar);
      expect(buyer.body).toMatchObject({ status: 'comparison' });
      expect(
        buyer.body.confirmations.map((c: { sellerCompanyId: string; toConfirm: boolean }) => [c.sellerCompanyId, c.toConfirm]),
      ).toEqual([
        [KUKUH, true],
        [MUTIARA, false],
      ]);
      expectRefused(await call('post', `${BASE}/${tenderId}/quotation/confirm`, wong), 409, 'tenderClosed');
      expectRefused(
        await call('post', `${BASE}/${tenderId}/addenda`, kumar, { note: 'Late.', items: { change: [{ lineNo: 2, quantity: '15' }] } }),
        409,
        'tenderClosed',
      );
      expectRefused(await call('post', `${BASE}/${tenderId}/queries`, wong, { question: 'Late?' }), 409, 'tenderClosed');
      expectRefused(await call('post', `${BASE}/${tenderId}/queries/${wongQuery}/answer`, kumar, { answer: 'Late.' }), 409, 'tenderClosed');
    });
  });

  it('store rebuild gives the same query board', async () => {
    const rows = async () =>
      (await r().sql.query<{ row: unknown }>('SELECT to_jsonb(t) AS row FROM tender_queries t ORDER BY tender_id, query_id')).map(
        ({ row }) => JSON.stringify(row),
      );
    const live = await rows();
    expect(live).toHaveLength(2);
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    expect((await store.rebuild()).projections).toEqual(expect.arrayContaining(['tenderQueries', 'tenderCloseDue']));
    expect(await rows()).toEqual(live);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
