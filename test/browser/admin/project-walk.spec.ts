// A project as the hub of the work, in the browser against the real app: the administrator creates a
// developer project (a wrong phone number is refused by the server and shown on its field), invites Kumar and
// gives him the purchase-order level on the project's authority tab; Lim approves the membership (Aminah, who
// invited him, is offered no Approve); Kumar creates a purchase order inside the project, and the project's
// documents tab counts it, linking to the list filtered to the project; the history tab shows every step and
// the replay goes back to the project as created.
import { expect, signIn, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

test('create a project, add a member, approve the member, order inside the project, see it in the documents tab and the history', async ({
  page,
  shot,
}) => {
  test.setTimeout(240_000);
  const code = `TB-W${Date.now().toString(36).slice(-5).toUpperCase()}`;

  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  // /projects alone, typed or bookmarked, opens the owner's projects (it was "page not found").
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/project\/demand$/);
  await expect(page).toHaveTitle(/Demand projects/);
  await expect(page.getByTestId('tab-active')).toBeVisible();
  await page.goto('/project/developer');
  await expect(page.getByTestId('tab-active')).toBeVisible();
  // The demo's developer project is listed (other specs add developer projects of their own to the same server).
  await expect(page.getByTestId('project-link').filter({ hasText: 'Taman Seri Kembangan Phase 2' })).toBeVisible();
  await shot(page, 'project-01-list-developer');
  await page.getByRole('link', { name: 'Create' }).click();
  await page.locator('input[name="project_name"]').fill('Pangsapuri Bukit Jalil');
  await page.locator('input[name="project_code"]').fill(code);
  await page.locator('input[name="project_short_desc"]').fill('Two 28-storey blocks');
  await page.locator('input[name="location"]').fill('Bukit Jalil, Kuala Lumpur');
  await page.locator('input[name="site_contact_person"]').fill('Kumar a/l Rajan');
  await page.locator('input[name="site_contact_person_number"]').fill('0123000003');
  await page.getByRole('button', { name: 'Save' }).click();
  // The server's rule, in the user's language, under the field it is about.
  await expect(page.getByText('A phone number with the country code, e.g. +60123456789.')).toBeVisible();
  await shot(page, 'project-02-create-server-error');
  await page.locator('input[name="site_contact_person_number"]').fill('+60 12-300 0003');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('project-name')).toHaveText('Pangsapuri Bukit Jalil', { timeout: 15_000 });
  const projectId = page.url().split('/projects/')[1]!.split('/')[0]!;
  await expect(page.getByTestId('project-overview')).toContainText('+60123000003');
  await shot(page, 'project-03-page-overview');

  await page.getByTestId('project-tab-members').click();
  await page.getByTestId('invite-user').fill('Kum');
  await page.getByTestId('member-option').first().click();
  await page.getByTestId('invite-send').click();
  const row = page.getByTestId('member-row');
  await expect(row).toHaveAttribute('data-status', 'New');
  await expect(row).toContainText('Kumar a/l Rajan');
  await expect(row.getByTestId('action-Approve')).toHaveCount(0);
  await shot(page, 'project-04-member-invited');

  // Kumar proposes purchase orders in this project: the administrator gives him the level on the project's
  // authority tab, among the project's members (his level counts once his membership is approved).
  await page.getByTestId('project-tab-authority').click();
  const levels = page.getByTestId('authority-workflow');
  // The picker offers the project's members, and says so (not the company's, as on the administration page).
  await expect(levels.getByText('Pick a member of the project by name or e-mail')).toBeVisible();
  await levels.getByTestId('authority-workflow-user').fill('Kum');
  await page.getByTestId('member-option').first().click();
  await levels.getByTestId('authority-workflow-level').locator('..').click();
  await page.getByRole('option', { name: 'Create / propose' }).click();
  await levels.getByTestId('authority-workflow-assign').click();
  await expect(levels.getByText(/Kumar a\/l Rajan.*Create \/ propose/)).toBeVisible();
  await shot(page, 'project-04a-authority-assigned');

  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  await page.goto(`/projects/${projectId}/members`);
  await page.getByTestId('member-row').getByTestId('action-Approve').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('member-row')).toHaveAttribute('data-status', 'Approved');
  await shot(page, 'project-05-member-approved');

  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/purchaseOrder/create');
  await page.locator('input[name="title"]').fill('Rebar Y16, Bukit Jalil');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Pangsapuri Bukit Jalil' }).click();
  await page.getByRole('combobox', { name: 'Counterparty' }).fill('mutiara');
  await page.getByRole('option', { name: 'Mutiara Supplies Sdn Bhd (2345678-B)' }).click();
  await page.locator('input[name="items.0.description"]').fill('Rebar Y16');
  await page.locator('input[name="items.0.unit"]').fill('tonne');
  await page.locator('input[name="items.0.quantity"]').fill('12');
  await page.locator('input[name="items.0.rate"]').fill('3100.00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('document-number')).toBeVisible({ timeout: 15_000 });
  const number = (await page.getByTestId('document-number').textContent())!.trim();

  await page.goto(`/projects/${projectId}/documents`);
  const orders = page.getByTestId('project-documents-purchaseOrder');
  await expect(orders.getByTestId('project-documents-total')).toHaveText('1');
  await expect(orders.getByTestId('count-new')).toContainText('1');
  await shot(page, 'project-06-documents-tab');
  await orders.getByTestId('count-new').click();
  await expect(page.getByTestId('document-link')).toHaveText([number]);

  await page.goto(`/projects/${projectId}/history`);
  const history = page.getByTestId('history-row');
  await expect(history.first()).toHaveAttribute('data-action', 'Approve');
  await expect(history.first()).toHaveAttribute('data-subject', 'member');
  await expect(history.last()).toHaveAttribute('data-action', 'Draft');
  await expect(page.getByTestId('project-replay')).toContainText('Approved');
  await page.getByRole('slider').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('replay-position')).toContainText('New');
  await expect(page.getByTestId('replay-members')).toHaveText('-');
  await shot(page, 'project-07-history-replay');
});

test('a company without projects opens /projects in Malay and reads the empty list in Malay', async ({ page, shot }) => {
  await page.addInitScript(() => localStorage.setItem('binaan.language', 'ms'));
  await signIn(page, 'wong@kukuhcontractor.my', 'kukuh-jaya');
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/project\/demand$/);
  // react-admin's empty page names the list's resource ("projects"): it read "Belum ada Projects.".
  await expect(page.getByText('Belum ada Projek.')).toBeVisible();
  await expect(page.getByText(/Projects/)).toHaveCount(0);
  await shot(page, 'project-00-empty-ms');
});
