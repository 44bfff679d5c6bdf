// The comparison sheet over the API, on PGlite and on PostgreSQL: Teguh Bina's tender of three
// lines with its own estimate; Mutiara Supplies and Kukuh Jaya quote (Mutiara includes line 3 at no
// charge). Before the Close the sheet is refused (409 tenderSealed) and says nothing; a seller or another
// company gets 404. After the Close the buyer reads items down and sellers across, the lowest rate per
// line marked, totals, ranks and the deviation from the estimate, page by page on the line number.
// Then the award: Mutiara is chosen; the tender machine's Draft_Contract is recorded with kumar as actor; a
// letter of award to Mutiara and a draft purchase order are made from Mutiara's rates, each naming the
// tender as its source; the letter's approval round sends it to Mutiara, who accepts, and its last approval
// moves the tender to contractAwarded (the system, caused by it; no user may); Kukuh Jaya is told it
// was unsuccessful, with none of the figures. Every refusal a 4xx with its code, recording nothing.
// Every expected figure below is worked out by hand from the rates sent, not read from the code.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { NotificationReactor } from '../../../apps/api/src/notifications/notification-reactor.js';
import { ContractAwardReactor, CONTRACT_AWARD_ACTOR } from '../../../apps/api/src/tendering/award/contract-award.reactor.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  userIdOf,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Reply,
  type Running,
  KUKUH,
  SERI,
} from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BASE = '/api/tendering/tenders';

// Estimate: 100 x 10.00 = 1000.00; 5 x 200.00 = 1000.00; 1 x 50.00 = 50.00; total 2050.00.
const ITEMS = [
  { description: 'Excavation', unit: 'm3', quantity: '100', rate: '10.00' },
  { description: 'Pile caps', unit: 'no', quantity: '5', rate: '200.00' },
  { description: 'Setting out', unit: 'item', quantity: '1', rate: '50.00' },
];
// Mutiara: 950.00 + 1050.00 + 0.00 = 2000.00 (-50.00, -2.44 % of 2050.00).
const MUTIARA_RATES = [
  { lineNo: 1, rate: '9.50' },
  { lineNo: 2, rate: '210.00' },
  { lineNo: 3, rate: '0', includeZeroRate: true },
];
// Kukuh: 1100.00 + 950.00 + 40.00 = 2090.00 (+40.00, +1.95 %).
const KUKUH_RATES = [
  { lineNo: 1, rate: '11.00' },
  { lineNo: 2, rate: '190.00' },
  { lineNo: 3, rate: '40.00' },
];

describe.each(FEATURE_STORES)('tender comparison api on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    mei = '',
    wong = '',
    hafiz = '';
  let tenderId = '';
  let tenderNo = '';
  let tenderRevision = 0;

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
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('a tender of three lines, two sellers invited, activated, both quote', async () => {
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now, { items: ITEMS }));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    tenderNo = created.body.documentNo;
    tenderRevision = created.body.revision;
    expect((await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] })).status).toBe(201);
    await act(kumar, 'Request_Approve');
    expect((await act(lim, 'Approve')).body.status).toBe('active');
    r().clock.advance(11 * MINUTE);
    expect((await call('put', `${BASE}/${tenderId}/quotation`, mei, { items: MUTIARA_RATES })).body).toMatchObject({
      status: 'submitted',
      total: '2000.00',
    });
    expect((await call('put', `${BASE}/${tenderId}/quotation`, wong, { items: KUKUH_RATES })).body).toMatchObject({
      status: 'submitted',
      total: '2090.00',
    });
  });

  it('before the Close: 409 tenderSealed for the buyer with no figure in the reply; 404 for a seller and for another company', async () => {
    const sealed = await call('get', `${BASE}/${tenderId}/comparison`, kumar);
    expectRefused(sealed, 409, 'tenderSealed');
    for (const figure of ['2000.00', '2090.00', '9.50', '210.00', '190.00', '1100.00'])
      expect(JSON.stringify(sealed.body)).not.toContain(figure);
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison`, mei), 404, 'tenderNotFound');
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison`, hafiz), 404, 'tenderNotFound');
    // Its spreadsheet too: sealed, with no figure.
    const sealedFile = await call('get', `${BASE}/${tenderId}/comparison/export`, kumar);
    expectRefused(sealedFile, 409, 'tenderSealed');
    expect(JSON.stringify(sealedFile.body)).not.toMatch(/2000\.00|2090\.00|9\.50|210\.00/);
    expectRefused(await call('get', `${BASE}/not-an-id/comparison`, kumar), 404, 'tenderNotFound');
  });

  it('after the Close, the sheet: sellers across by name, totals, ranks, lowest lines and deviation from the estimate', async () => {
    r().clock.advance(2 * DAY);
    // Two days idle ends every session: everyone signs in again.
    kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
    lim = await r().signIn('lim@teguhbina.my', TEGUH);
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    expect((await act(kumar, 'Close')).body.status).toBe('comparison');
    const sheet = await call('get', `${BASE}/${tenderId}/comparison`, kumar);
    expect(sheet.status).toBe(200);
    expect(sheet.body).toMatchObject({ status: 'comparison', lines: 3, estimate: { total: '2050.00' }, nextAfter: null, notQuoted: [] });
    expect(
      sheet.body.sellers.map((s: Record<string, unknown>) => [
        s.sellerCompanyId,
        s.total,
        s.rank,
        s.quoted,
        s.included,
        s.excluded,
        s.missing,
        s.lowestLines,
        s.deviation,
      ]),
    ).toEqual([
      [KUKUH, '2090.00', 2, 3, 0, 0, 0, 1, { amount: '40.00', percent: '1.95' }],
      [MUTIARA, '2000.00', 1, 2, 1, 0, 0, 2, { amount: '-50.00', percent: '-2.44' }],
    ]);
    // Sellers across in name order: index 0 is Kukuh Jaya, 1 Mutiara Supplies.
    expect(
      sheet.body.items.map(
        ({ lineNo, estimate, lowestRate, rates, amounts, lowest, included, excluded, missing }: Record<string, unknown>) => ({
          lineNo,
          estimate,
          lowestRate,
          rates,
          amounts,
          lowest,
          included,
          excluded,
          missing,
        }),
      ),
    ).toEqual([
      {
        lineNo: 1,
        estimate: { rate: '10.00', amount: '1000.00' },
        lowestRate: '9.50',
        rates: ['11.00', '9.50'],
        amounts: ['1100.00', '950.00'],
        lowest: [1],
        included: [],
        excluded: [],
        missing: [],
      },
      {
        lineNo: 2,
        estimate: { rate: '200.00', amount: '1000.00' },
        lowestRate: '190.00',
        rates: ['190.00', '210.00'],
        amounts: ['950.00', '1050.00'],
        lowest: [0],
        included: [],
        excluded: [],
        missing: [],
      },
      {
        lineNo: 3,
        estimate: { rate: '50.00', amount: '50.00' },
        lowestRate: '0.00',
        rates: ['40.00', '0.00'],
        amounts: ['40.00', '0.00'],
        lowest: [1],
        included: [1],
        excluded: [],
        missing: [],
      },
    ]);
    // Against the estimate: 1100/1000 +10 %, 950/1000 -5 %; 950 -5 %, 1050 +5 %; 40/50 -20 %, 0/50 -100 %.
    expect(sheet.body.items.map((row: { deviations: string[] }) => row.deviations)).toEqual([
      ['10.00', '-5.00'],
      ['-5.00', '5.00'],
      ['-20.00', '-100.00'],
    ]);
    // Still only the buyer: the sellers never see each other's figures.
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison`, mei), 404, 'tenderNotFound');
  });

  it('pages by line number (after, limit); a bad page is 400 validationFailed', async () => {
    const first = await call('get', `${BASE}/${tenderId}/comparison?limit=2`, kumar);
    expect([first.body.items.map((row: { lineNo: number }) => row.lineNo), first.body.nextAfter]).toEqual([[1, 2], 2]);
    const second = await call('get', `${BASE}/${tenderId}/comparison?after=2&limit=2`, kumar);
    expect([second.body.items.map((row: { lineNo: number }) => row.lineNo), second.body.nextAfter]).toEqual([[3], null]);
    expect(second.body.sellers).toEqual(first.body.sellers);
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison?limit=0`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison?limit=501`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison?after=-1`, kumar), 400, 'validationFailed');
    expectRefused(await call('get', `${BASE}/${tenderId}/comparison?sort=rate`, kumar), 400, 'validationFailed');
  });

  it("the whole sheet as .xlsx: estimate and sellers across, the lowest price marked, totals by formula, in the buyer's language; sealed and foreign as the sheet", async () => {
    const exported = (token: string, query = '') =>
      request(r().app.getHttpServer())
        .get(`${BASE}/${tenderId}/comparison/export${query}`)
        .set('authorization', `Bearer ${token}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const reply = await exported(kumar);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="${tenderNo}-comparison.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.body as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Comparison');
    // Header row 5: the estimate, then Kukuh Jaya and Mutiara Supplies (name order), rate and amount each.
    // The status as the pages name it, not the machine's name ("comparison").
    expect(sheet.getCell('A2').value as string).toMatch(/^Status: Comparison · Exported: /);
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Description',
      'Unit',
      'Quantity',
      'Estimate rate',
      'Estimate amount',
      'Kukuh Jaya Contractor Sdn Bhd: rate',
      'Kukuh Jaya Contractor Sdn Bhd: amount',
      'Mutiara Supplies Sdn Bhd: rate',
      'Mutiara Supplies Sdn Bhd: amount',
    ]);
    const line = (n: number) => (sheet.getRow(5 + n).values as unknown[]).slice(1);
    expect([line(1), line(2), line(3)]).toEqual([
      [1, 'Excavation', 'm3', 100, 10, 1000, 11, 1100, 9.5, 950],
      [2, 'Pile caps', 'no', 5, 200, 1000, 190, 950, 210, 1050],
      [3, 'Setting out', 'item', 1, 50, 50, 40, 40, 0, 0],
    ]);
    // The lowest price of each line in bold: Mutiara's line 1 and 3 (its 0 included), Kukuh's line 2.
    const bold = (row: number, column: number) => sheet.getRow(5 + row).getCell(column).font?.bold === true;
    expect([
      [bold(1, 7), bold(1, 9)],
      [bold(2, 7), bold(2, 9)],
      [bold(3, 7), bold(3, 9)],
    ]).toEqual([
      [false, true],
      [true, false],
      [false, true],
    ]);
    expect(sheet.getRow(8).getCell(9).note).toBe('included');
    // Totals by formula over the amounts, with their results: 2050.00, 2090.00, 2000.00; then the deviation and rank.
    const total = sheet.getRow(10);
    expect([total.getCell(2).value, total.getCell(6).value, total.getCell(8).value, total.getCell(10).value]).toEqual([
      'Total',
      { formula: 'SUM(F6:F8)', result: 2050 },
      { formula: 'SUM(H6:H8)', result: 2090 },
      { formula: 'SUM(J6:J8)', result: 2000 },
    ]);
    expect(
      [11, 12, 13].map((row) => [
        sheet.getRow(row).getCell(2).value,
        sheet.getRow(row).getCell(8).value,
        sheet.getRow(row).getCell(10).value,
      ]),
    ).toEqual([
      ['Against the estimate (RM)', 40, -50],
      ['Against the estimate (%)', '1.95 %', '-2.44 %'],
      ['Rank (by total)', 2, 1],
    ]);
    // In Malay and Chinese: the labels, the same figures.
    for (const [lang, name, rate, status] of [
      ['ms', 'Perbandingan', 'Kukuh Jaya Contractor Sdn Bhd: kadar', 'Status: Perbandingan · Dieksport: '],
      ['zh', '比较', 'Kukuh Jaya Contractor Sdn Bhd: 单价', '状态: 比较中 · 导出时间: '],
    ] as const) {
      const other = new ExcelJS.Workbook();
      await other.xlsx.load((await exported(kumar, `?lang=${lang}`)).body as never);
      expect([
        other.worksheets[0]!.name,
        other.worksheets[0]!.getRow(5).getCell(7).value,
        other.worksheets[0]!.getRow(6).getCell(7).value,
      ]).toEqual([name, rate, 11]);
      expect((other.worksheets[0]!.getCell('A2').value as string).startsWith(status)).toBe(true);
    }
    // Refused as the sheet is: a seller or another company 404, a bad language 400, no figure in any refusal.
    hafiz = await r().signIn('hafiz@serihartanah.my', SERI); // his session ended in the two idle days
    for (const [token, query, status, code] of [
      [mei, '', 404, 'tenderNotFound'],
      [hafiz, '', 404, 'tenderNotFound'],
      [kumar, '?lang=fr', 400, 'validationFailed'],
      [kumar, '?limit=2', 400, 'validationFailed'],
    ] as const) {
      const refused = await r().api.call('get', `${BASE}/${tenderId}/comparison/export${query}`, { token });
      expect({ query, status: refused.status, code: refused.body.errorCode }).toEqual({ query, status, code });
      expect(JSON.stringify(refused.body)).not.toMatch(/2090|2000\.00|9\.50/);
    }
  });

  it('analysis: a questionnaire (price 60, experience 25, programme 15), scores, weighted ranking; refusals recorded nothing', async () => {
    const base = `${BASE}/${tenderId}/analysis`;
    const criteria = {
      priceWeight: 60,
      criteria: [
        { key: 'experience', name: 'Experience', weight: 25 },
        { key: 'programme', name: 'Programme', weight: 15 },
      ],
    };
    expectRefused(await call('put', `${base}/scores/${MUTIARA}`, kumar, { scores: { experience: 70 } }), 409, 'analysisCriteriaNotSet');
    expectRefused(await call('put', `${base}/criteria`, kumar, { ...criteria, priceWeight: 70 }), 422, 'analysisWeightsInvalid');
    expectRefused(await call('put', `${base}/criteria`, kumar, { priceWeight: 60 }), 400, 'validationFailed');
    expectRefused(await call('put', `${base}/criteria`, await r().signIn('farid@teguhbina.my', TEGUH), criteria), 403, 'noAuthority');
    expectRefused(await call('put', `${base}/criteria`, mei, criteria), 404, 'tenderNotFound');
    expect(
      Number((await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'tenderAnalysis'"))[0]!.n),
    ).toBe(0);
    expect((await call('put', `${base}/criteria`, kumar, criteria)).status).toBe(200);
    expect((await call('put', `${base}/scores/${MUTIARA}`, kumar, { scores: { experience: 70, programme: 80 } })).status).toBe(200);
    expect((await call('put', `${base}/scores/${KUKUH}`, kumar, { scores: { experience: 90, programme: 100 } })).status).toBe(200);
    expectRefused(
      await call('put', `${base}/scores/${SERI}`, kumar, { scores: { experience: 90, programme: 100 } }),
      422,
      'sellerNotQuoted',
    );
    expectRefused(
      await call('put', `${base}/scores/${KUKUH}`, kumar, { scores: { experience: 101, programme: 100 } }),
      400,
      'validationFailed',
    );
    // Mutiara: price 100.00, technical (70x25 + 80x15) / 40 = 73.75, combined (6000 + 1750 + 1200) / 100 = 89.50.
    // Kukuh: price 2000 / 2090 = 95.69, technical 93.75, combined (95.69x60 + 2250 + 1500) / 100 = 94.91.
    const analysis = await call('get', base, kumar);
    expect(
      analysis.body.sellers.map((s: Record<string, unknown>) => [s.sellerCompanyId, s.priceScore, s.technicalScore, s.score, s.rank]),
    ).toEqual([
      [KUKUH, '95.69', '93.75', '94.91', 1],
      [MUTIARA, '100.00', '73.75', '89.50', 2],
    ]);
    expectRefused(await call('get', base, mei), 404, 'tenderNotFound');
  });

  it('analysis from a company questionnaire: its questions become the criteria, sharing what the price leaves by their weights; the analysis names it', async () => {
    const base = `${BASE}/${tenderId}/analysis`;
    const aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
    const questionnaire = {
      name: 'Main works evaluation',
      type: 'tenderEvaluation',
      minScore: 0,
      maxScore: 100,
      questions: [
        { text: 'Method statement', weight: 2 },
        { text: 'Similar projects', weight: 1 },
        { text: 'Safety record', weight: 1 },
      ],
    };
    const made = await call('post', '/api/company-setups/questionnaires', aminah, questionnaire);
    expect(made.status).toBe(201);
    const appraisal = await call('post', '/api/company-setups/questionnaires', aminah, {
      ...questionnaire,
      name: 'Subcontractor appraisal',
      type: 'vendorAppraisal',
    });
    expectRefused(
      await call('put', `${base}/criteria`, kumar, { priceWeight: 55, questionnaireId: appraisal.body.item.id }),
      422,
      'questionnaireNotForTenders',
    );
    expectRefused(
      await call('put', `${base}/criteria`, kumar, { priceWeight: 55, questionnaireId: 'no-such-questionnaire' }),
      404,
      'setupItemNotFound',
    );
    expectRefused(
      await call('put', `${base}/criteria`, kumar, { priceWeight: 100, questionnaireId: made.body.item.id }),
      400,
      'validationFailed',
    );
    expect((await call('put', `${base}/criteria`, kumar, { priceWeight: 55, questionnaireId: made.body.item.id })).status).toBe(200);
    // 45 points left, shared 2:1:1 = 22.5, 11.25, 11.25: floors 22, 11, 11 (44), the largest remainder (0.5) takes the last point.
    const analysis = await call('get', base, kumar);
    expect(analysis.body.criteria).toEqual([
      { key: 'q1', name: 'Method statement', weight: 23 },
      { key: 'q2', name: 'Similar projects', weight: 11 },
      { key: 'q3', name: 'Safety record', weight: 11 },
    ]);
    expect(analysis.body.questionnaire).toEqual({ id: made.body.item.id, name: 'Main works evaluation', revision: 0 });
    // Back to the criteria typed in, and their scores, for the steps that follow.
    expect(
      (
        await call('put', `${base}/criteria`, kumar, {
          priceWeight: 60,
          criteria: [
            { key: 'experience', name: 'Experience', weight: 25 },
            { key: 'programme', name: 'Programme', weight: 15 },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await call('get', base, kumar)).body.questionnaire).toBeNull();
    expect((await call('put', `${base}/scores/${MUTIARA}`, kumar, { scores: { experience: 70, programme: 80 } })).status).toBe(200);
    expect((await call('put', `${base}/scores/${KUKUH}`, kumar, { scores: { experience: 90, programme: 100 } })).status).toBe(200);
  });

  it('shortlist and evaluate go through the tender machine (recorded on the tender with kumar as actor), the status stays comparison', async () => {
    const base = `${BASE}/${tenderId}/analysis`;
    expectRefused(await call('post', `${base}/shortlist`, kumar, { sellerCompanyIds: [MUTIARA, SERI] }), 422, 'sellerNotQuoted');
    expect((await call('post', `${base}/shortlist`, kumar, { sellerCompanyIds: [MUTIARA, KUKUH] })).status).toBe(200);
    expect((await call('post', `${base}/evaluate`, kumar, {})).status).toBe(200);
    const history = await call('get', `/api/documents/tender/${tenderId}/history`, kumar);
    expect(
      history.body
        .slice(-2)
        .map((row: { action: string; statusAfter: string; actor: { name: string } }) => [row.action, row.statusAfter, row.actor.name]),
    ).toEqual([
      ['Shortlist', 'comparison', 'Kumar a/l Rajan'],
      ['Evaluate', 'comparison', 'Kumar a/l Rajan'],
    ]);
    const analysis = await call('get', base, kumar);
    expect(analysis.body.shortlist).toEqual([MUTIARA, KUKUH]);
    expect(analysis.body.evaluated).toMatchObject({ at: expect.any(String) });
    const events = await r().sql.query<{ type: string; actor: string }>(
      "SELECT type, metadata->>'actorUserId' AS actor FROM events WHERE stream_type = 'tenderAnalysis' ORDER BY revision",
    );
    expect(events.map((e) => e.type)).toEqual([
      'AnalysisCriteriaSet',
      'TechnicalScoresEntered',
      'TechnicalScoresEntered',
      'AnalysisCriteriaSet',
      'AnalysisCriteriaSet',
      'TechnicalScoresEntered',
      'TechnicalScoresEntered',
      'SellersShortlisted',
      'TenderEvaluated',
    ]);
    expect(new Set(events.map((e) => e.actor))).toEqual(new Set([await userIdOf(r(), 'kumar@teguhbina.my')]));
  });

  it('bad awards are refused with their codes, and nothing is recorded', async () => {
    const path = `${BASE}/${tenderId}/award`;
    expectRefused(await call('post', path, kumar, { sellerCompanyId: MUTIARA }), 400, 'validationFailed');
    expectRefused(await call('post', path, kumar, { sellerCompanyId: MUTIARA, orderKind: 'invoice' }), 400, 'validationFailed');
    expectRefused(
      await call('post', path, kumar, { sellerCompanyId: MUTIARA, orderKind: 'purchaseOrder', total: '1' }),
      400,
      'validationFailed',
    );
    expectRefused(await call('post', path, kumar, { sellerCompanyId: SERI, orderKind: 'purchaseOrder' }), 422, 'sellerNotQuoted');
    expectRefused(await call('post', path, mei, { sellerCompanyId: MUTIARA, orderKind: 'purchaseOrder' }), 404, 'tenderNotFound');
    // A buyer's user without the tender level: the machine's refusal of Draft_Contract with its code (it was a 500).
    expectRefused(
      await call('post', path, await r().signIn('farid@teguhbina.my', TEGUH), { sellerCompanyId: MUTIARA, orderKind: 'purchaseOrder' }),
      403,
      'noAuthority',
    );
    const events = await r().sql.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM events WHERE stream_type IN ('tenderAward', 'letterOfAward', 'purchaseOrder')",
    );
    expect(Number(events[0]!.n)).toBe(0);
    expect((await call('get', `/api/documents/tender/${tenderId}`, kumar)).body.status).toBe('comparison');
  });

  let letterId = '';
  it("kumar awards Mutiara: Draft_Contract on the tender, a letter of award and a draft purchase order at Mutiara's rates, the tender their source", async () => {
    const awarded = await call('post', `${BASE}/${tenderId}/award`, kumar, { sellerCompanyId: MUTIARA, orderKind: 'purchaseOrder' });
    expect(awarded.status).toBe(201);
    expect(awarded.body).toMatchObject({
      status: 'draftContract',
      sellerCompanyId: MUTIARA,
      total: '2000.00',
      unsuccessful: [KUKUH],
      letterOfAward: { status: 'new' },
      order: { resource: 'purchaseOrder', status: 'new' },
    });
    letterId = awarded.body.letterOfAward.id;
    const tender = await call('get', `/api/documents/tender/${tenderId}`, kumar);
    expect(tender.body.status).toBe('draftContract');
    tenderRevision = tender.body.revision;
    const history = await call('get', `/api/documents/tender/${tenderId}/history`, kumar);
    expect(history.body.at(-1)).toMatchObject({ action: 'Draft_Contract', statusAfter: 'draftContract' });
    const lines = (body: { items: { description: string; quantity: string; rate: string; amount: string }[] }) =>
      body.items.map((i) => [i.description, i.quantity, i.rate, i.amount]);
    const letter = await call('get', `/api/documents/letterOfAward/${letterId}`, kumar);
    expect(letter.body).toMatchObject({ counterpartyCompanyId: MUTIARA, sourceDocumentId: tenderId });
    expect(lines(letter.body)).toEqual([
      ['Excavation', '100.000', '9.50', '950.00'],
      ['Pile caps', '5.000', '210.00', '1050.00'],
      ['Setting out', '1.000', '0.00', '0.00'],
    ]);
    const order = await call('get', `/api/documents/purchaseOrder/${awarded.body.order.id}`, kumar);
    expect(order.body).toMatchObject({ counterpartyCompanyId: MUTIARA, sourceDocumentId: tenderId });
    expect(order.body.totals).toMatchObject({ subtotal: '2000.00', total: '2120.00' }); // SST 6% on an order
    expect(lines(order.body)).toEqual(lines(letter.body));
    const awards = await call('get', `${BASE}/${tenderId}/awards`, kumar);
    expect(awards.body.data).toEqual([
      expect.objectContaining({
        sellerCompanyId: MUTIARA,
        letterOfAwardId: letterId,
        orderId: awarded.body.order.id,
        unsuccessfulSellerIds: [KUKUH],
        orderKind: 'purchaseOrder',
      }),
    ]);
    expectRefused(
      await call('post', `${BASE}/${tenderId}/award`, kumar, { sellerCompanyId: KUKUH, orderKind: 'workOrder' }),
      409,
      'tenderNotInComparison',
    );
  });

  it('Kukuh Jaya is told it was unsuccessful (its received tenders), with no figure of any quotation; Mutiara is not told so', async () => {
    await r().app.get(NotificationReactor).settled();
    const feed = await call('get', '/api/application/user-event-list?start=0&length=20', wong);
    // Its invitation was a notice on the same tender too (tendering-notices.ts): the award's is the one with status unsuccessful.
    const aboutTender = (feed.body.events as { module: string; src: string; src_id: string; event_data: string }[]).filter(
      (e) => e.src_id === tenderId && e.module === 'tender',
    );
    expect(aboutTender.map((e) => (JSON.parse(e.event_data) as { workflow_event: string }).workflow_event).sort()).toEqual([
      'Award',
      'TenderSellerInvited',
    ]);
    const told = aboutTender.filter((e) => (JSON.parse(e.event_data) as { status: string }).status === 'unsuccessful');
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]!.event_data)).toMatchObject({
      status: 'unsuccessful',
      workflow_event: 'Award',
      tender_id: tenderId,
      company_name: 'Teguh Bina Sdn Bhd',
    });
    for (const figure of ['2000.00', '2090.00', '9.50', '210.00', '950.00', 'Mutiara']) expect(told[0]!.event_data).not.toContain(figure);
    // The buyer's tender as it is now (draftContract, its approval level) is the buyer's own: not in the seller's feed.
    for (const event of aboutTender as unknown as {
      current_status: string | null;
      current_awaiting_level: number | null;
      moved_on: boolean;
    }[]) {
      expect({ status: event.current_status, level: event.current_awaiting_level, movedOn: event.moved_on }).toEqual({
        status: null,
        level: null,
        movedOn: false,
      });
    }
    const mutiara = await call('get', '/api/application/user-event-list?start=0&length=20', mei);
    expect((mutiara.body.events as { event_data: string }[]).filter((e) => e.event_data.includes('unsuccessful'))).toEqual([]);
  });

  it("the letter's approval round sends it to Mutiara, who accepts it (§2.6 letter of award)", async () => {
    let revision = (await call('get', `/api/documents/letterOfAward/${letterId}`, kumar)).body.revision as number;
    const step = async (token: string, event: string) => {
      const reply = await call(
        'post',
        `/api/documents/letterOfAward/${letterId}/actions/${event}`,
        token,
        {},
        { 'If-Match': String(revision) },
      );
      expect({ event, status: reply.status, body: reply.status === 200 ? null : reply.body }).toEqual({ event, status: 200, body: null });
      revision = reply.body.revision;
      return reply.body.status as string;
    };
    // The tender's contract step is the system's, carried from the letter: no user may take it on the tender.
    const tenderNow = (await call('get', `/api/documents/tender/${tenderId}`, kumar)).body;
    expect(tenderNow.status).toBe('draftContract');
    const byHand = await call(
      'post',
      `/api/documents/tender/${tenderId}/actions/Approve`,
      lim,
      {},
      { 'If-Match': String(tenderNow.revision) },
    );
    expectRefused(byHand, 403, 'systemOnly');
    await step(kumar, 'Request_Approve');
    let status = 'new';
    for (const approver of [lim, await r().signIn('aminah@teguhbina.my', TEGUH)]) {
      if (status !== 'new') break;
      // Before the letter's last approval the tender stays draftContract.
      await r().app.get(ContractAwardReactor).settled();
      expect((await call('get', `/api/documents/tender/${tenderId}`, kumar)).body.status).toBe('draftContract');
      status = await step(approver, 'Approve');
    }
    expect(status).toBe('pendingConfirmation');
    // The letter's last approval is the contract's: the tender moves to contractAwarded by the system, caused by it.
    await r().app.get(ContractAwardReactor).settled();
    const tender = (await call('get', `/api/documents/tender/${tenderId}`, kumar)).body;
    expect(tender.status).toBe('contractAwarded');
    const letterDoc = (await call('get', `/api/documents/letterOfAward/${letterId}`, kumar)).body;
    const letterApproval = (await r().store.readStream(`letterOfAward-${letterId}`)).find(
      (e) => (e.data as { statusAfter?: string }).statusAfter === 'pendingConfirmation',
    )!;
    const lastApproval = { id: letterApproval.id, actor: (letterApproval.data as { actor: { userId: string } }).actor.userId };
    const tenderEvents = await r().store.readStream(`tender-${tenderId}`);
    const awarded = tenderEvents.at(-1)!;
    expect(awarded.data).toMatchObject({
      workflowEvent: 'Approve',
      statusBefore: 'draftContract',
      statusAfter: 'contractAwarded',
      remark: expect.stringContaining(`Letter of award ${letterDoc.documentNo} approved`),
    });
    expect(awarded.metadata).toMatchObject({
      actorUserId: CONTRACT_AWARD_ACTOR,
      actorCompanyId: TEGUH,
      causationId: lastApproval.id,
      letterOfAwardId: letterId,
      approvedBy: lastApproval.actor,
    });
    const history = await call('get', `/api/documents/tender/${tenderId}/history`, kumar);
    expect(history.body.at(-1)).toMatchObject({ action: 'Approve', statusAfter: 'contractAwarded' });
    // Once: the same letter approval handled again records nothing more (one event id per approval).
    expect(tenderEvents.filter((e) => (e.data as { statusAfter?: string }).statusAfter === 'contractAwarded')).toHaveLength(1);
    // Accepting a letter of award is the seller's level 20 on letterOfAward: Mei, Mutiara's administrator, assigns it to herself.
    const assigned = await call('post', '/api/company-workflow/assignments', mei, {
      code: 'letterOfAward',
      user_id: await userIdOf(r(), 'mei@mutiarasupplies.my'),
      workflow_level: 20,
    });
    expect(assigned.status).toBe(200);
    expect(await step(mei, 'Confirm')).toBe('accepted');
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
