// A project's plans in Chromium against the real product: Kumar (level 10 on billOfQuantity,
// ongoingBudget and progressPlanning in a project of his own) has a BQ priced by two build-ups; the Tender
// costing tab shows each item's cost, profit and price and the totals; on the Budget tab he starts the
// budget from the BQ (a line per trade code), adds a line with the keyboard and is refused a trade code
// already there; on the Progress tab he starts the plan and plans a row, and the timeline shows it; Lim
// approves the budget. Desktop and 375 px, axe on each tab.
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

test.describe.configure({ mode: 'serial' });

const COMPANY = 'teguh-bina';
let projectId = '';

/** A project with Kumar (10) and Lim (20) on the BQ, the budget and the progress plan, and a BQ priced by build-ups. */
async function projectWithBq(baseURL: string): Promise<string> {
  const aminah = await apiSession(baseURL, 'aminah@teguhbina.my', COMPANY);
  const [kumar, lim] = await Promise.all([
    apiSession(baseURL, 'kumar@teguhbina.my', COMPANY),
    apiSession(baseURL, 'lim@teguhbina.my', COMPANY),
  ]);
  const created = await aminah.call<{ id: string }>('POST', '/api/projects', {
    project_name: 'Blok Niaga Cyberjaya',
    project_code: `PL-${Date.now().toString(36).slice(-6).toUpperCase()}`,
    project_type: 3,
    location: 'Cyberjaya, Selangor',
    project_short_desc: 'Plans test',
    site_contact_person: '',
    site_contact_person_number: '',
  });
  expect(created.status).toBe(201);
  const id = created.json.id;
  const revision = async () => `"${(await aminah.call<{ revision: number }>('GET', `/api/projects/${id}`)).json.revision}"`;
  for (const user of [kumar, lim])
    expect(
      (await aminah.call('POST', `/api/projects/${id}/members`, { user_id: user.userId }, { 'If-Match': await revision() })).status,
    ).toBe(201);
  for (const user of [kumar, lim])
    expect(
      (await lim.call('POST', `/api/projects/${id}/members/${user.userId}/actions/Approve`, {}, { 'If-Match': await revision() })).status,
    ).toBe(200);
  for (const code of ['billOfQuantity', 'ongoingBudget', 'progressPlanning']) {
    for (const [user, level] of [
      [kumar.userId, 10],
      [lim.userId, 20],
    ] as const) {
      expect((await aminah.call('POST', `/api/projects/${id}/assignments`, { code, user_id: user, workflow_level: level })).status).toBe(
        200,
      );
    }
  }
  const bq = async (path: string, body: Record<string, unknown>) => {
    const reply = await kumar.call<{ id: string; revision: number }>('POST', `/api/${path}`, { project_id: id, ...body });
    expect(reply.status).toBeLessThan(300);
    return reply.json;
  };
  const tab = await bq('bq-tab/add', { name: 'Substructure' });
  let rev = tab.revision;
  rev = (
    await bq('bq-build-up/add', {
      revision: rev,
      code: 'EXC',
      description: 'Excavation',
      lines: [
        { category: 'labour', description: 'Labourer', unit: 'day', quantity: '2', rate: '120' },
        { category: 'plant', description: 'Excavator', unit: 'hr', quantity: '1', rate: '95' },
      ],
      profitPercent: '10',
    })
  ).revision;
  rev = (
    await bq('bq-build-up/add', {
      revision: rev,
      code: 'PIL',
      description: 'Piling by subcontract',
      totalSub: '85',
      lines: [],
      profitPercent: '5',
    })
  ).revision;
  const header = await bq('bq-item/add', { revision: rev, bq_tab_id: tab.id, type: 'header', title: 'Earthworks and piling' });
  rev = header.revision;
  for (const item of [
    { title: 'Trench excavation', quantity: '12', buildUpCode: 'EXC' },
    { title: 'Spun piles 250 mm', quantity: '40', buildUpCode: 'PIL' },
  ]) {
    rev = (
      await bq('bq-item/add', {
        revision: rev,
        bq_tab_id: tab.id,
        parent_id: header.id,
        type: 'item',
        description: item.title,
        unit: 'm',
        ...item,
      })
    ).revision;
  }
  return id;
}

test("tender costing: each item's cost from its build-up, the profit and the price; totals per tab and for the tender", async ({
  page,
  baseURL,
  shot,
}) => {
  projectId = await projectWithBq(baseURL!);
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/project/${projectId}/tender-costing`);
  await expect(page.getByTestId('costing-page')).toBeVisible();
  // EXC: (2 x 120 + 95) = 335 cost a unit, 10 % profit: 12 x 335 = 4,020 cost, 402 profit. PIL: 85, 5 %: 3,400 and 170.
  const trench = page.locator('[data-testid="costing-row"][data-title="Trench excavation"]');
  await expect(trench.locator('[data-col="cost"]')).toHaveText('4,020.00');
  await expect(trench.locator('[data-col="profit"]')).toHaveText('402.00');
  await expect(trench.locator('[data-col="price"]')).toHaveText('4,422.00');
  await expect(page.getByTestId('costing-total').locator('[data-col="price"]')).toHaveText('7,992.00');
  await expect(page.getByTestId('costing-total').locator('[data-col="profit"]')).toHaveText('572.00');
  await expect(page.getByTestId('costing-buildup')).toHaveCount(2);
  await noAxeFindings(page);
  await shot(page, 'plans-01-costing-desktop');
  await page.setViewportSize({ width: 375, height: 800 });
  await noAxeFindings(page);
  await shot(page, 'plans-02-costing-375');
});

test('budget: started from the BQ, a line added with the keyboard, a trade code already there refused; Lim approves', async ({
  page,
  shot,
}) => {
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/projects/${projectId}/budget`);
  await page.getByTestId('budget-start').click();
  await expect(page.getByTestId('budget-line')).toHaveCount(2);
  await expect(page.locator('[data-testid="budget-line"][data-code="EXC"]')).toContainText('4,020.00');
  // A new line by keyboard: the trade code field, Tab through the form, Enter submits.
  await page.locator('#budget-add-code').focus();
  await page.keyboard.type('CON');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Concrete works');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1500');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="budget-line"][data-code="CON"]')).toBeVisible();
  await page.locator('#budget-add-code').fill('exc');
  await page.locator('#budget-add-amount').fill('1');
  await page.locator('#budget-add-amount').press('Enter');
  await expect(page.getByText('Trade code must be unique within a budget.')).toBeVisible();
  await expect(page.getByTestId('budget-totals')).toContainText('8,920.00');
  await noAxeFindings(page);
  await shot(page, 'plans-03-budget-desktop');

  await signIn(page, 'lim@teguhbina.my', COMPANY);
  await page.goto(`/ongoing-budget/${projectId}/pending`); // the §2.6 target
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/budget$`));
  await page.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('budget-tab').getByTestId('status-chip')).toHaveAttribute('data-status', 'approved');
  await page.setViewportSize({ width: 375, height: 800 });
  await noAxeFindings(page);
  await shot(page, 'plans-04-budget-approved-375');
});

test('progress: the plan started, a row planned in the table, the timeline shows its bar', async ({ page, shot }) => {
  await signIn(page, 'kumar@teguhbina.my', COMPANY);
  await page.goto(`/projects/${projectId}/progress`);
  await page.getByTestId('progress-start').click();
  await expect(page.getByTestId('progress-tab').getByTestId('status-chip')).toHaveAttribute('data-status', 'pending');
  await page.getByTestId('progress-view-table').click();
  await page.locator('[data-testid="progress-row"][data-title="Trench excavation"]').getByTestId('progress-edit').click();
  const form = page.getByTestId('progress-form');
  await form.getByLabel('Planned start').fill('2026-12-01');
  await form.getByLabel('Planned end').fill('2026-12-18');
  await form.getByLabel('% complete').fill('40');
  await form.getByTestId('progress-save').click();
  await expect(page.locator('[data-testid="progress-row"][data-title="Trench excavation"]')).toContainText('01/12/2026');
  await page.locator('[data-testid="progress-row"][data-title="Spun piles 250 mm"]').getByTestId('progress-edit').click();
  await form.getByLabel('Planned start').fill('2026-12-15');
  await form.getByLabel('Planned end').fill('2027-01-20');
  await form.getByTestId('progress-save').click();
  await expect(page.locator('[data-testid="progress-row"][data-title="Spun piles 250 mm"]')).toContainText('20/01/2027');
  await noAxeFindings(page);
  await page.getByTestId('progress-view-timeline').click();
  await expect(page.getByTestId('progress-bar')).toHaveCount(2);
  await expect(page.getByRole('img', { name: /Trench excavation: 01\/12\/2026 to 18\/12\/2026, 40% complete/ })).toBeVisible();
  await noAxeFindings(page);
  await shot(page, 'plans-05-progress-desktop');
  await page.setViewportSize({ width: 375, height: 800 });
  await noAxeFindings(page);
  await shot(page, 'plans-06-progress-375');
});
