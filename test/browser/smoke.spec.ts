import { expect, test } from '@playwright/test';

test('the landing page loads and shows the platform online', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle('Binaan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building Malaysia, on the record.');
  await expect(page.getByRole('status')).toContainText('Platform online · embedded store');
  await page.screenshot({ path: 'test-results/browser/landing.png', fullPage: true });
  expect(errors).toEqual([]);
});
