// Company selection, where each kind of company lands (signed-in-area.md §2.3: an approved one, the
// contractor too, at its home), switching company from the app bar, menus from the access rights and the
// company's approval (§4.8, §6), the contractor menu (§2.4), the no-access page for direct URLs, and the
// three languages.
import { expect, signIn, test } from './fixtures.js';

test.describe('company selection and module access', () => {
  test('an approved buyer lands on its home, switches company from the app bar, and sees only the menus its rights open', async ({
    page,
    shot,
  }) => {
    await signIn(page, 'aminah@teguhbina.my', 'teguh-bina').catch(async (error) => {
      await shot(page, 'admin-debug-signin');
      throw error;
    });
    // Home: the dashboard the menu's Home opens, for the company chosen (not the form that registers another).
    await expect(page).toHaveURL(/\/article$/);
    await expect(page.getByTestId('home')).toContainText('Teguh Bina');
    await expect(page.getByTestId('add-company')).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Purchase orders', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Authority settings' })).toBeVisible();
    await shot(page, 'admin-01-home');

    // The selection page lists every company with its status and logo state.
    await page.goto('/select-company');
    await expect(page.getByTestId('company-teguh-bina')).toContainText('Approved');
    await expect(page.getByTestId('company-seri-hartanah')).toContainText('Approved');
    await expect(page.getByTestId('company-teguh-bina')).toContainText('Your role: Company Administrator');
    await shot(page, 'admin-02-select-company');

    // Switching from the app bar, from another page: Seri Hartanah (approved developer), at its home.
    await page.goto('/administration/user-roles');
    await page.getByTestId('company-switcher').click();
    await page.getByRole('menuitem', { name: /Seri Hartanah/ }).click();
    await expect(page).toHaveURL(/\/article$/);
    await expect(page.getByTestId('company-switcher')).toContainText('Seri Hartanah');
    await expect(page.getByTestId('home')).toContainText('Seri Hartanah');
  });

  test('a submitted company lands on its profile; a company not approved gets its page, and direct URLs answer no access', async ({
    page,
    shot,
  }) => {
    await signIn(page, 'nurul@baruconsult.my', 'baru-consult');
    await expect(page).toHaveURL(/\/administration\/company$/);
    await expect(page.getByTestId('company-profile')).toContainText('waiting for approval');
    await page.goto('/purchaseOrder');
    await expect(page.getByTestId('no-access')).toContainText('not approved');
    await shot(page, 'admin-03-no-access-not-approved');

    await signIn(page, 'daniel@lestariebuild.my', 'lestari-ebuild');
    await expect(page).toHaveURL(/\/auth\/non-approved-company-login$/);
    await expect(page.getByTestId('non-approved-company')).toContainText('Lestari eBuild');
    await shot(page, 'admin-04-non-approved-company');
  });

  test('the contractor lands on its home, the first entry of its menu, with the contractor menu and its profile there', async ({
    page,
    shot,
  }) => {
    await signIn(page, 'wong@kukuhcontractor.my', 'kukuh-jaya');
    await expect(page).toHaveURL(/\/article$/);
    await expect(page.getByTestId('home')).toContainText('Kukuh Jaya');
    await expect(page.getByRole('menuitem').first()).toHaveAttribute('href', '/article');
    for (const entry of ['Material: purchase orders', 'Search contractor', 'Call tender', 'Received tenders', 'Quotation generator']) {
      await expect(page.getByRole('menuitem', { name: entry })).toBeVisible();
    }
    await shot(page, 'admin-05-contractor-menu');
    await page.getByRole('menuitem', { name: 'Administration', exact: true }).click();
    await expect(page).toHaveURL(/\/cidb-administration\/company-profile$/);
    await expect(page.getByTestId('cidb-company-profile')).toContainText('Kukuh Jaya');
  });

  test('the site team has no tender module: no menu entry, and the URL says no access; the menu follows the language', async ({
    page,
    shot,
  }) => {
    await signIn(page, 'farid@teguhbina.my', 'teguh-bina');
    await expect(page.getByRole('menuitem', { name: 'Purchase orders', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Tenders', exact: true })).toHaveCount(0);
    await page.goto('/tender');
    await expect(page.getByTestId('no-access')).toBeVisible();
    await page.goto('/purchaseOrder');
    await page
      .getByRole('button', { name: /English|Bahasa Melayu|简体中文/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Bahasa Melayu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Pesanan belian', exact: true })).toBeVisible();
    await expect(page.getByTestId('tab-pendingConfirmation')).toHaveText(/Menunggu pengesahan/i);
    await shot(page, 'admin-06-malay');
    await page
      .getByRole('button', { name: /English|Bahasa Melayu|简体中文/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByRole('menuitem', { name: '采购订单', exact: true })).toBeVisible();
    await shot(page, 'admin-07-chinese');
  });
});
