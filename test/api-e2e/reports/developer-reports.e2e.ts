// The developer's project costs and cash flow, and the buyer's certificates, over the API: given Teguh Bina's
// project with a budget started from its BQ (1,220.00), an order of the project approved and sent (committed
// 1,308.57, as the budget counts it) and then accepted, and a trade payment certificate approved (9,000.00
// certified, 1,000.00 retention) and then closed (paid), the figures read as computed by hand, and as of a time
// before each step without it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, MUTIARA, purchaseOrderBody, TEGUH } from '../documents/harness.js';

/** A step apart: less than a session's 30 idle minutes (§7), so the tokens signed in before stay good. */
const STEP = 5 * 60_000;
const MARCH = 'from=2026-03-01&to=2026-03-31';
type Section = { key: string; rows: Record<string, unknown>[] };
const rowsOf = (body: { sections: Section[] }, key: string) => body.sections.find((section) => section.key === key)!.rows;

describe.each(FEATURE_STORES)('developer reports on %s', (kind) => {
  let running: AuthorityRunning;
  let project = '',
    projectName = '';
  const moments: Record<string, string> = {};
  const token = (email: string, company = TEGUH) => running.signIn(email, company);
  const report = async (name: string, query: string) =>
    running.api.call('get', `/api/reports/${name}?${query}`, { token: await token('lim@teguhbina.my') });
  const mark = (name: string) => {
    running.clock.advance(STEP);
    moments[name] = running.clock.now.toISOString();
    running.clock.advance(STEP);
  };
  const act = async (resource: string, email: string, id: string, event: string, revision: number, company = TEGUH) =>
    running.api.call('post', `/api/documents/${resource}/${id}/actions/${event}`, {
      token: await token(email, company),
      body: { remark: 'ok' },
      headers: { 'If-Match': `"${revision}"` },
    });

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    const aminah = await token('aminah@teguhbina.my');
    const kumar = await token('kumar@teguhbina.my');
    const list = (await running.api.call('get', '/api/project-list-by-user', { token: kumar })).body as {
      project: { id: string; project_code: string; project_name: string };
    }[];
    const chosen = list.find((i) => i.project.project_code === 'TB-MT-A')!.project;
    [project, projectName] = [chosen.id, chosen.project_name];
    for (const code of ['billOfQuantity', 'ongoingBudget']) {
      for (const [email, level] of [
        ['kumar@teguhbina.my', 10],
        ['lim@teguhbina.my', 20],
      ] as const) {
        expect(
          (
            await running.api.call('post', `/api/projects/${project}/assignments`, {
              token: aminah,
              body: { code, user_id: running.userId(email), workflow_level: level },
            })
          ).status,
        ).toBe(200);
      }
    }
    // A BQ priced by two build-ups: 3 trenches x 240.00 (EXC) + 10 piles x 50.00 (SUB) = 1,220.00 of cost.
    const bq = (body: Record<string, unknown>, at: string) =>
      running.api.call('post', `/api/${at}`, { token: kumar, body: { project_id: project, ...body } });
    const tab = await bq({ name: 'Substructure' }, 'bq-tab/add');
    let rev = tab.body.revision as number;
    for (const build of [
      {
        code: 'EXC',
        description: 'Excavation',
        lines: [{ category: 'labour', description: 'Labourer', unit: 'day', quantity: '2', rate: '120' }],
        profitPercent: '10',
      },
      { code: 'SUB', description: 'Piling by subcontract', totalSub: '50', lines: [], profitPercent: '5' },
    ])
      rev = (await bq({ revision: rev, ...build }, 'bq-build-up/add')).body.revision as number;
    for (const item of [
      { title: 'Trench', quantity: '3', buildUpCode: 'EXC' },
      { title: 'Piles', quantity: '10', buildUpCode: 'SUB' },
    ]) {
      rev = (await bq({ revision: rev, bq_tab_id: tab.body.id, type: 'item', description: item.title, unit: 'nr', ...item }, 'bq-item/add'))
        .body.revision as number;
    }
    mark('beforeBudget');
    expect((await running.api.call('post', `/api/projects/${project}/budget`, { token: kumar })).status).toBe(201);
    mark('beforeOrder');
    const order = await running.api.call('post', '/api/documents/purchaseOrder', {
      token: kumar,
      body: purchaseOrderBody({ projectId: project }),
    });
    expect((await act('purchaseOrder', 'kumar@teguhbina.my', order.body.id, 'Request_Approve', 1)).status).toBe(200);
    expect((await act('purchaseOrder', 'lim@teguhbina.my', order.body.id, 'Approve', 2)).body.status).toBe('pendingConfirmation');
    mark('sent');
    expect((await act('purchaseOrder', 'mei@mutiarasupplies.my', order.body.id, 'Confirm', 3, MUTIARA)).body.status).toBe('accepted');
    // A trade certificate to Mutiara: work done 10,000.00, retention 10% (limit 5% of 100,000.00 = 5,000.00): 1,000.00; due 9,000.00.
    const certificate = await running.api.call('post', '/api/documents/paymentCertificate', {
      token: await token('kumar@teguhbina.my'),
      body: {
        title: 'Valuation 1',
        projectId: project,
        counterpartyCompanyId: MUTIARA,
        sstApplicable: false,
        contractSum: '100000.00',
        workDoneAmount: '10000.00',
        unfixedGoodsAmount: '0.00',
        previousCertifiedAmount: '0.00',
      },
    });
    expect(certificate.status).toBe(201);
    expect((await act('paymentCertificate', 'kumar@teguhbina.my', certificate.body.id, 'Request_Approve', 1)).body.status).toBe(
      'pendingApproval',
    );
    expect((await act('paymentCertificate', 'lim@teguhbina.my', certificate.body.id, 'Approve', 2)).body.status).toBe('approved');
    mark('certified');
    expect((await act('paymentCertificate', 'lim@teguhbina.my', certificate.body.id, 'Close', 3)).body.status).toBe('closed');
  }, 300_000);
  afterAll(async () => running?.stop());

  it('project costs now: budget 1,220.00, committed 1,308.57, certified and paid 9,000.00; each as of a time before its step without it', async () => {
    const costs = async (asOf?: string) =>
      rowsOf((await report('developer', `${MARCH}${asOf ? `&asOf=${encodeURIComponent(asOf)}` : ''}`)).body, 'projectCosts');
    const row = (budget: string, committed: string, certified: string, paid: string) => ({
      project: projectName,
      budget,
      committed,
      claimed: '0.00',
      certified,
      paid,
    });
    expect(await costs()).toEqual([row('1220.00', '1308.57', '9000.00', '9000.00')]);
    expect(await costs(moments.certified)).toEqual([row('1220.00', '1308.57', '9000.00', '0.00')]);
    expect(await costs(moments.sent)).toEqual([row('1220.00', '1308.57', '0.00', '0.00')]);
    expect(await costs(moments.beforeOrder)).toEqual([row('1220.00', '0.00', '0.00', '0.00')]);
    expect(await costs(moments.beforeBudget)).toEqual([]);
  });

  it('cash flow: in March 2026 the order accepted, the certificate approved and paid', async () => {
    expect(rowsOf((await report('developer', MARCH)).body, 'cashFlow')).toEqual([
      { month: '2026-03', committed: '1308.57', certified: '9000.00', paid: '9000.00' },
    ]);
  });

  it("the buyer's certificates: certified and paid in the window, nothing outstanding, 1,000.00 retention held", async () => {
    expect(rowsOf((await report('buyer', MARCH)).body, 'certificates')).toEqual([
      { project: projectName, certified: '9000.00', paid: '9000.00', outstanding: '0.00', retentionHeld: '1000.00' },
    ]);
    expect(rowsOf((await report('buyer', `${MARCH}&asOf=${encodeURIComponent(moments.certified!)}`)).body, 'certificates')).toEqual([
      { project: projectName, certified: '9000.00', paid: '0.00', outstanding: '9000.00', retentionHeld: '1000.00' },
    ]);
  });

  it('the project filter keeps the project; another project leaves nothing', async () => {
    expect(rowsOf((await report('developer', `${MARCH}&projectId=${project}`)).body, 'projectCosts')).toHaveLength(1);
    expect(rowsOf((await report('developer', `${MARCH}&projectId=00000000-0000-4000-8000-000000000000`)).body, 'projectCosts')).toEqual([]);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
