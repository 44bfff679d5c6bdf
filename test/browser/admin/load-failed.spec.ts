// A failed call is never shown as an empty list (README: "A failed load is said, never shown as empty"). Kumar
// (procurement officer at Teguh Bina) may invite members to a project (his company level on project members), but
// his role lacks the right the company's member list needs: the invite picker gets a real 403 and says so, with the
// reason, who can give the right and "Try again", not "No member found". Without the document kinds (a routed 503)
// the area says so once the company is chosen. A document list whose call fails (a routed 500) says what failed
// instead of "no results". Both routed failures come back on "Try again" once their call works.
import { apiSession, expect, signIn, test } from './fixtures.js';
import { axeFindings } from './axe.js';

const membersCall = (url: string) => new URL(url).pathname === '/api/company/members';

test('the member picker says the members could not be loaded, why, and who can give access, not "No member found"', async ({
  page,
  baseURL,
}) => {
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  // The refusal is the server's own, for this user: nothing here is stubbed.
  expect((await kumar.call('GET', '/api/company/members')).status).toBe(403);
  const projects = await kumar.call<{ project: { id: string; project_code: string } }[]>('GET', '/api/project-list-by-user');
  const tower = projects.json.find((p) => p.project.project_code === 'TB-MT-A');
  expect(tower, 'the demo project Menara Teguh, Block A').toBeDefined();

  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  const refused = page.waitForResponse((response) => membersCall(response.url()));
  await page.goto(`/projects/${encodeURIComponent(tower!.project.id)}/members`);
  expect((await refused).status()).toBe(403);

  const failed = page.getByTestId('invite-members-failed');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed).toContainText("The company's members could not be loaded.");
  await expect(failed).toContainText('You do not have access to this module.');
  await expect(failed).toContainText('Ask your company administrator');
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();

  // The picker's own list says the same, not that the company has no such member.
  await page.getByTestId('invite-user').click();
  await expect(page.locator('.MuiAutocomplete-noOptions')).toContainText(
    "The company's members could not be loaded. You do not have access to this module.",
  );
  await expect(page.getByText('No member found')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // From the picker, the keyboard reaches "Try again" (the invite button is disabled with nobody picked), and Enter asks again.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const retry = failed.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeFocused();
  const askedAgain = page.waitForResponse((response) => membersCall(response.url()));
  await page.keyboard.press('Enter');
  expect((await askedAgain).status()).toBe(403);
  await expect(failed).toContainText('Ask your company administrator');
});

test('without the document kinds the area says so after the company choice, and opens on "Try again"', async ({ page }) => {
  const catalogueCall = (url: URL) => url.pathname === '/api/workflows';
  await page.route(catalogueCall, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, errorCode: 'storeUnavailable' }),
    }),
  );
  // The company choice needs no document kinds: it opens, and the failure shows where the choice lands.
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  const failed = page.getByTestId('startup-failed');
  await expect(failed).toContainText('The document kinds could not be loaded.');
  await expect(failed).toContainText('The service is briefly unavailable. Please try again in a moment.');
  await expect(page.getByTestId('home')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  await page.unroute(catalogueCall);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a document list whose call fails says what failed and shows the documents on "Try again"', async ({ page }) => {
  await signIn(page, 'lim@teguhbina.my', 'teguh-bina');
  const listCall = (url: URL) => url.pathname === '/api/documents/purchaseOrder';
  await page.route(listCall, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, errorCode: 'internal' }) }),
  );
  await page.goto('/purchaseOrder');

  const failed = page.getByTestId('list-load-failed');
  // react-admin asks three more times, a few seconds apart, before the list shows its error.
  await expect(failed).toContainText('Purchase orders could not be loaded.', { timeout: 30_000 });
  await expect(failed).toContainText('The server had a problem. Please try again later.');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(page.getByText(/^No .*(found|yet\.)/)).toHaveCount(0);
  await expect(page.getByTestId('document-link')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  await page.unroute(listCall);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('document-link').first()).toBeVisible();
  await expect(failed).toHaveCount(0);
});
