// A registered company's profile filled as its legal form needs before it submits (one shareholder holding
// everything, one director), through the profile's tabs, then submitted from its first tab.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

async function addEntry(page: Page, list: string, values: Record<string, string>): Promise<void> {
  await page.goto(`/administration/company?tab=${list}`);
  await page.getByTestId(`profile-add-${list}`).click();
  const dialog = page.getByTestId('entry-dialog');
  for (const [field, value] of Object.entries(values)) await dialog.getByTestId(`entry-${field}`).fill(value);
  await dialog.getByTestId('entry-save').click();
  await expect(dialog).toBeHidden();
}

export async function fillProfileAndSubmit(page: Page, person: { name: string; idNumber: string }): Promise<void> {
  const common = { name: person.name, idNumber: person.idNumber, address: '1 Jalan Utama', designation: 'Managing Director' };
  await addEntry(page, 'shareholders', { ...common, sharePercent: '100' });
  await addEntry(page, 'directors', common);
  await page.goto('/administration/company?tab=status');
  await page.getByTestId('registration-resubmit').click();
  await expect(page.getByTestId('registration-status')).toHaveAttribute('data-status', 'submitted', { timeout: 20_000 });
}
