// The tender page's Analysis and Award tabs in Chromium, on the demo tender closed for comparison
// ("Piling works, Block C"). The award changes the tender for good and the demo has two quotations, so the
// tendering api's replies for this tender are answered by the test (three sellers, an award it can
// repeat) and the requests the screens send are checked: the questionnaire
// and scores (weights adding up to 100), Shortlist, Evaluate, and the award (seller, order kind) after a
// confirmation that names the seller and total; then the award listed with links to the letter of award
// and the draft order. At 1280 and 375 px (the page never scrolls sideways), in English and Malay, axe
// finds no WCAG 2.2 AA issue.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Route } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';
import { noAxeFindings } from './axe.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
type Words = { tenderAward: Record<string, string>; tenderAnalysis: Record<string, string> };
const admin = (language: string) => (JSON.parse(readFileSync(resolve(LOCALES, language, 'admin.json'), 'utf8')) as { admin: Words }).admin;

const SELLERS = [
  { sellerCompanyId: 's-aman', sellerName: 'Aman Piling Sdn Bhd', total: '182400.00', rank: 2 },
  { sellerCompanyId: 's-bumi', sellerName: 'Bumi Cerucuk Sdn Bhd', total: '176950.50', rank: 1 },
  { sellerCompanyId: 's-cekal', sellerName: 'Cekal Asas Sdn Bhd', total: '199000.00', rank: 3 },
];
const sheet = {
  success: true,
  tenderId: 't',
  documentNo: 'TD-1',
  title: 'Piling works, Block C',
  status: 'comparison',
  estimate: { total: '180000.00' },
  lines: 1,
  items: [],
  nextAfter: null,
  notQuoted: [],
  sellers: SELLERS.map((s) => ({
    ...s,
    revision: 0,
    submittedAt: '2026-11-01T00:00:00.000Z',
    revisedAt: '2026-11-01T00:00:00.000Z',
    quoted: 1,
    included: 0,
    excluded: 0,
    missing: 0,
    lowestLines: 0,
    deviation: { amount: '0.00', percent: '0.00' },
  })),
};

for (const language of ['en', 'ms']) {
  test(`analysis and award tabs in ${language}: questionnaire, scores, shortlist, evaluate, award with confirmation, at 1280 and 375 px, no axe finding`, async ({
    browser,
    baseURL,
    shot,
  }) => {
    test.setTimeout(90_000);
    const words = admin(language);
    const kumar = await apiSession(baseURL!, 'kumar@teguhbina.my', 'teguh-bina');
    const tenders = (
      await kumar.call<{ id: string; status: string; title: string }[]>(
        'GET',
        `/api/documents/tender?range=${encodeURIComponent('[0,49]')}`,
      )
    ).json;
    const tender = tenders.find((t) => t.status === 'comparison');
    expect(tender, 'the demo has a tender closed for comparison').toBeDefined();
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
    await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
    const page = await context.newPage();

    // The tendering api for this tender, answered here; every write kept to be checked.
    const sent: { method: string; path: string; body: unknown }[] = [];
    const analysis = {
      success: true,
      status: 'comparison',
      priceWeight: 100,
      criteria: [] as { key: string; name: string; weight: number }[],
      shortlist: null as string[] | null,
      evaluated: null as { at: string; by: string } | null,
      sellers: SELLERS.map((s) => ({
        ...s,
        priceScore: (17695050 / Number(s.total)).toFixed(2),
        technicalScore: null,
        score: null,
        scores: null as Record<string, number> | null,
        shortlisted: false,
      })),
    };
    const awards: unknown[] = [];
    let analysisReads = 0;
    await page.route(`**/api/tendering/tenders/${tender!.id}/**`, async (route: Route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace(`/api/tendering/tenders/${tender!.id}`, '');
      if (request.method() === 'GET' && path === '/comparison') return route.fulfill({ json: sheet });
      if (request.method() === 'GET' && path === '/analysis') {
        analysisReads += 1;
        return route.fulfill({ json: analysis });
      }
      if (request.method() === 'GET' && path === '/awards') return route.fulfill({ json: { success: true, data: awards } });
      if (request.method() === 'GET') return route.fallback();
      const body = request.postDataJSON() as Record<string, unknown>;
      sent.push({ method: request.method(), path, body });
      if (path === '/analysis/criteria') Object.assign(analysis, body);
      if (path === '/analysis/shortlist') {
        analysis.shortlist = body.sellerCompanyIds as string[];
        for (const s of analysis.sellers) s.shortlisted = analysis.shortlist.includes(s.sellerCompanyId);
      }
      const scored = /^\/analysis\/scores\/(.+)$/.exec(path);
      if (scored)
        Object.assign(
          analysis.sellers.find((s) => s.sellerCompanyId === scored[1])!,
          { scores: body.scores },
        );
      if (path === '/analysis/evaluate') analysis.evaluated = { at: '2026-11-27T03:00:00.000Z', by: 'u' };
      if (path === '/award') {
        awards.push({
          revision: 0,
          at: '2026-11-27T03:05:00.000Z',
          actorUserId: kumar.userId,
          tenderId: tender!.id,
          tenderDocumentNo: 'TD-1',
          sellerCompanyId: body.sellerCompanyId,
          orderKind: body.orderKind,
          letterOfAwardId: 'loa-1',
          orderId: 'wo-1',
          contractRevision: 99,
          unsuccessfulSellerIds: ['s-aman', 's-cekal'],
        });
        return route.fulfill({
          status: 201,
          json: {
            success: true,
            status: 'draftContract',
            sellerCompanyId: body.sellerCompanyId,
            total: '176950.50',
            letterOfAward: { id: 'loa-1', documentNo: 'LOA-1', status: 'new' },
            order: { resource: body.orderKind, id: 'wo-1', documentNo: 'WO-1', status: 'new' },
            unsuccessful: ['s-aman', 's-cekal'],
          },
        });
      }
      return route.fulfill({ json: { success: true, revision: sent.length, recorded: [] } });
    });

    await signIn(page, 'kumar@teguhbina.my', 'teguh-bina');
    await page.goto(`/tender/${encodeURIComponent(tender!.id)}/show?tab=analysis`);
    // Analysis: a questionnaire of price 70 and two criteria (30 then corrected to 20 + 10); Save waits for 100.
    await expect(page.getByTestId('analysis-ranking')).toBeVisible();
    await page.getByTestId('analysis-price-weight').fill('70');
    await page.getByTestId('analysis-add-criterion').click();
    await page.getByTestId('analysis-criterion-name').last().fill('Safety record');
    await page.getByTestId('analysis-criterion-weight').last().fill('20');
    await expect(page.getByTestId('analysis-save-criteria')).toBeDisabled();
    await page.getByTestId('analysis-add-criterion').click();
    await page.getByTestId('analysis-criterion-name').last().fill('Method statement');
    await page.getByTestId('analysis-criterion-weight').last().fill('10');
    await page.getByTestId('analysis-save-criteria').click();
    await expect(page.getByTestId('analysis-done')).toBeVisible();
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/analysis/criteria',
      body: {
        priceWeight: 70,
        criteria: [
          { key: 'c1', name: 'Safety record', weight: 20 },
          { key: 'c2', name: 'Method statement', weight: 10 },
        ],
      },
    });
    // Scores of the first seller form (sellers as the api lists them), by keyboard.
    const first = page.getByTestId('analysis-seller-scores').first();
    await first.getByTestId('analysis-score-c1').fill('80');
    await first.getByTestId('analysis-score-c2').fill('65');
    const readsBeforeScores = analysisReads;
    await first.getByTestId('analysis-score-c2').press('Enter');
    await expect.poll(() => sent.at(-1)?.path).toBe('/analysis/scores/s-aman');
    expect(sent.at(-1)!.body).toEqual({ scores: { c1: 80, c2: 65 } });
    // The page reads the analysis again after the save (the ranking may reorder): pick after that.
    await expect.poll(() => analysisReads).toBeGreaterThan(readsBeforeScores);
    await page.getByTestId('analysis-pick').nth(0).locator('input').check();
    await page.getByTestId('analysis-pick').nth(1).locator('input').check();
    await page.getByTestId('analysis-shortlist').click();
    await expect.poll(() => sent.at(-1)?.path).toBe('/analysis/shortlist');
    expect(new Set((sent.at(-1)!.body as { sellerCompanyIds: string[] }).sellerCompanyIds)).toEqual(new Set(['s-bumi', 's-aman']));
    await page.getByTestId('analysis-evaluate').click();
    await expect(page.getByTestId('analysis-evaluated')).toBeVisible();
    await noAxeFindings(page, `analysis desktop ${language}`);
    await shot(page, `tender-analysis-1280-${language}`);

    // Award: the sellers by rank with their totals; a work order; the dialog names the seller and the total.
    await page.getByTestId('tab-award').click();
    await expect(page.getByTestId('award-seller')).toHaveCount(3);
    await expect(page.getByTestId('award-seller').first()).toContainText('Bumi Cerucuk Sdn Bhd');
    await expect(page.getByTestId('award-submit')).toBeDisabled();
    await page.getByTestId('award-seller').first().locator('input').check();
    await page.getByTestId('award-kind-workOrder').locator('input').check();
    await noAxeFindings(page, `award desktop ${language}`);
    await shot(page, `tender-award-1280-${language}`);
    await page.getByTestId('award-submit').click();
    await expect(page.getByTestId('award-confirm-text')).toContainText('Bumi Cerucuk Sdn Bhd');
    await expect(page.getByTestId('award-confirm-text')).toContainText('176,950.50');
    await noAxeFindings(page, `award dialog ${language}`);
    await page.getByTestId('award-confirm').click();
    await expect(page.getByTestId('award-item')).toHaveCount(1);
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/award', body: { sellerCompanyId: 's-bumi', orderKind: 'workOrder' } });
    await expect(page.getByTestId('award-letter')).toHaveAttribute('href', '/letterOfAward/loa-1/show');
    await expect(page.getByTestId('award-order')).toHaveAttribute('href', '/workOrder/wo-1/show');
    await expect(page.getByTestId('award-order')).toHaveText(
      words.tenderAward['openOrder'] ? (words.tenderAward as unknown as { openOrder: Record<string, string> }).openOrder.workOrder! : '',
    );

    await page.setViewportSize({ width: 375, height: 812 });
    for (const tab of ['award', 'analysis']) {
      // A fresh load: at 375 px the side menu opened by the resize would cover the tabs.
      await page.goto(`/tender/${encodeURIComponent(tender!.id)}/show?tab=${tab}`);
      await expect(page.getByTestId(tab === 'award' ? 'award-item' : 'analysis-ranking')).toBeVisible();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.page, `${tab} at 375 px`).toBeLessThanOrEqual(widths.view);
      await noAxeFindings(page, `${tab} phone ${language}`);
      await shot(page, `tender-${tab}-375-${language}`);
    }
    await context.close();
  });
}
