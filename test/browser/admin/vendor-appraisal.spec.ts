// Appraising a vendor in the browser, against the real api (apps/api/src/vendor-appraisals): Kumar, Teguh Bina's
// procurement officer, opens My vendor appraisals at 375 px, appraises Mutiara Supplies on the company's
// subcontractor appraisal questionnaire (made for the walk) by keyboard (5, 4 and 2 of 1..5 on weights 40, 40 and 20: 75 %, previewed
// before saving), and reads the appraisal's page. Inviting sellers to a tender, the picker then says what the
// company's appraisals say of Mutiara, and its shared profile shows the history.
import { apiSession, expect, signIn, test } from './fixtures.js';
import { layoutProblems } from './layout-fit.js';

test('an officer appraises a vendor from the list page; the tender invite picker shows the summary', async ({ page, baseURL, shot }) => {
  // A questionnaire of the walk's own: the demo's "Subcontractor appraisal" is reordered by the company setups walk,
  // which may run before this one on the same server.
  const name = `Subcontractor appraisal ${Date.now().toString().slice(-7)}`;
  const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
  const made = await aminah.call('POST', '/api/company-setups/questionnaires', {
    name,
    description: 'After each package',
    type: 'vendorAppraisal',
    minScore: 1,
    maxScore: 5,
    questions: [
      { text: 'Quality of work', weight: 40 },
      { text: 'Keeps to the programme', weight: 40 },
      { text: 'Safety record', weight: 20 },
    ],
  });
  expect(made.status).toBe(201);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
  await page.goto('/vendor-management/my-vendor-appraisal');
  await expect(page.getByRole('heading', { name: 'My vendor appraisals', level: 1 })).toBeVisible();
  await page.getByTestId('appraise-vendor').click();
  await expect(page.getByRole('heading', { name: 'Appraise a vendor', level: 1 })).toBeVisible();

  await page.getByTestId('appraisal-vendor').fill('mutiara');
  await page.getByRole('option', { name: /Mutiara Supplies/ }).click();
  await page.getByRole('combobox', { name: /Questionnaire/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
  // The menu gives the focus back to its field when it has closed: the scores are typed after that.
  await expect(page.getByRole('listbox')).toBeHidden();
  // The scores by keyboard: each field named by its question, Tab from one to the next.
  await page.getByTestId('appraisal-score-1').focus();
  for (const [sequence, score] of [
    [1, '5'],
    [2, '4'],
    [3, '2'],
  ] as const) {
    if (sequence > 1) await page.keyboard.press('Tab');
    await expect(page.getByTestId(`appraisal-score-${sequence}`)).toBeFocused();
    await page.keyboard.type(score);
    await expect(page.getByTestId(`appraisal-score-${sequence}`)).toHaveValue(score);
  }
  await expect(page.getByTestId('appraisal-preview')).toHaveText('Weighted score: 75 %');
  await page.getByTestId('appraisal-remark').fill('Good quality, one late delivery');
  expect(await layoutProblems(page, { phone: true })).toEqual([]);
  await shot(page, 'vendor-appraisal-form-375');
  await page.getByTestId('appraisal-save').click();

  await expect(page.getByTestId('appraisal-score')).toHaveText('Weighted score: 75 %');
  await expect(page.getByTestId('appraisal-given-2')).toHaveText('4');
  await expect(page.getByTestId('vendor-history-summary')).toContainText('latest 75 %');
  await shot(page, 'vendor-appraisal-show-375');

  // A tender of Teguh Bina, made through the api; its Invitations tab's picker.
  const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
  const tender = await kumar.call<{ id: string }>('POST', '/api/documents/tender', {
    title: 'Vendor appraisal check (browser)',
    openAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    closeAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    expectedDeliveryStart: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    items: [{ description: 'Rebar', unit: 't', quantity: '2', rate: '3000.00' }],
  });
  expect(tender.status).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/tender/${tender.json.id}/show?tab=invitations`);
  await page.getByTestId('invite-picker').fill('mutiara');
  const option = page.getByRole('option', { name: /Mutiara Supplies/ });
  await expect(option).toContainText('latest 75 %');
  await shot(page, 'vendor-appraisal-invite-picker');
  await option.click();
  await expect(page.getByTestId('invite-appraisal-summary')).toContainText('latest 75 %');
  await page.getByTestId('invite-view-profile').click();
  await expect(page.getByTestId('shared-profile-dialog').getByTestId('vendor-history-summary')).toContainText('latest 75 %');
});
