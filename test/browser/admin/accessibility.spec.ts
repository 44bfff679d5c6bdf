// WCAG 2.2 AA on every page: axe-core's rules for wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa on
// every route of the public and signed-in areas (accessibility-pages.ts), at a desktop and at a 375 px phone,
// each page's document title names it, and its layout fits (layout-fit.ts: at 375 px nothing past the screen's
// edge; no menu entry or form label cut). One browser context per size; each user signs in once and their
// session (localStorage) is put in place before their pages, so nothing is signed in or seeded twice.
// Findings are printed per page and rule, and written to .reports/axe-<size>.json.
import { DocumentListTotalCap } from '@binaan/contracts';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiSession, expect, PASSWORD, signIn, test } from './fixtures.js';
import {
  CONTRACTOR_PAGE_PATHS,
  CONTRACTOR_PAGES,
  CONTRACTOR_PRINT_PATHS,
  LINK_TARGET_PAGES,
  NESTED_ROUTES,
  PUBLIC_PAGES,
  REDIRECT_ROUTES,
  SIGNED_IN_PAGES,
  contractorPathsInModules,
  documentPages,
  literalLinkTargets,
  nestedRouteFiles,
  printPathsInPages,
  routerRoutes,
  type CheckedPage,
  type Ids,
  type Who,
} from './accessibility-pages.js';
import { layoutProblems } from './layout-fit.js';
import { invitedTender } from './tender-exchange-ids.js';
import { companyFilesShown } from './company-files-ids.js';
import { wcagAxe } from './axe.js';

/** Rules turned off everywhere, each with the reason. None: every finding is fixed where it comes from. */
const DISABLED_RULES: Readonly<Record<string, string>> = {};
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
const REPORTS = resolve(import.meta.dirname, '../../../.reports');
const GENUINE_QR =
  'ZhGAcD5NO3ZwHlfFYCQNHA,tsvFoZSc1TCEoQHPINcJwA,d8usgdN41GfH4glDeFFPug,BNC-T5QQJ8ZASK81ZG4FNYZG44PR9S,v1.U4hEdZrpuQ6mEZKh.1770710400.ewkSZwx5OLy56kGdV4JXVe_2vQdexv4KbciVyvKTmVdt_PJMLzAg_Pq_C0eznC2vnnSx9zI9UBpxqZQFcJgFCQ';

type Storage = [string, string][];
type Finding = { page: string; rule: string; impact: string; elements: string[]; why?: string };

const SESSIONS: Record<Exclude<Who, 'visitor'>, [string, string]> = {
  admin: ['aminah@teguhbina.my', 'teguh-bina'],
  contractor: ['wong@kukuhcontractor.my', 'kukuh-jaya'],
  'not-approved': ['daniel@lestariebuild.my', 'lestari-ebuild'],
  // The platform administrator belongs to no company: signed in, no company chosen (their pages open without one).
  'platform-admin': ['admin@binaan.my', ''],
};

async function signInWithoutCompany(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.locator('input[name="loginEmail"]').fill(email);
  await page.locator('input[name="loginPassword"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('select-company')).toBeVisible({ timeout: 20_000 });
}

async function storageOf(page: Page): Promise<Storage> {
  return page.evaluate(() => Object.entries(localStorage));
}

/** Signs each user in once. */
async function signInEveryone(browser: Browser, baseURL: string): Promise<Record<Who, Storage>> {
  const stored = { visitor: [] } as unknown as Record<Who, Storage>;
  for (const [who, [email, company]] of Object.entries(SESSIONS) as [Who, [string, string]][]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    if (company) await signIn(page, email, company);
    else await signInWithoutCompany(page, email);
    stored[who] = await storageOf(page);
    await context.close();
  }
  return stored;
}

async function api<T>(baseURL: string, path: string, token?: string): Promise<T> {
  const reply = await fetch(`${baseURL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
  return (await reply.json()) as T;
}

/** Ids the pages need, and the catalogue's document kinds, from the demo data through the api. */
const tokenOf = (stored: Storage) => (JSON.parse(stored.find(([key]) => key === 'binaan.session')![1]) as { jwtToken: string }).jwtToken;

/**
 * A document each printing contractor page prints: the first of its list (the page's kind, direction and
 * statuses). The demo has the receipt's (a payment certificate certified to Kukuh Jaya); the invoice and the
 * quotation's tender are made through the api as their users would (as contractor.spec.ts does).
 */
async function printable(baseURL: string): Promise<Record<string, string>> {
  const wong = await apiSession(baseURL, 'wong@kukuhcontractor.my', 'kukuh-jaya');
  const first = async (list: string) =>
    (await wong.call<{ id: string }[]>('GET', `/api/documents/${list}&range=${encodeURIComponent('[0,0]')}`)).json[0]?.id;
  const lists = {
    invoice: `invoice?filter=${encodeURIComponent('{"direction":"sent"}')}`,
    receipt: `paymentCertificate?filter=${encodeURIComponent('{"direction":"received","status":["approved","closed"]}')}`,
    quotation: `tender?filter=${encodeURIComponent('{"direction":"received"}')}`,
  };
  if (!(await first(lists.quotation))) {
    const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
    const lim = await apiSession(baseURL, 'lim@teguhbina.my', 'teguh-bina');
    const now = Date.now();
    const tender = await kumar.call<{ id: string }>('POST', '/api/documents/tender', {
      title: 'Plastering, Block A (accessibility)',
      counterpartyCompanyId: 'kukuh-jaya',
      openAt: new Date(now + 3_600_000).toISOString(),
      closeAt: new Date(now + 10 * 86_400_000).toISOString(),
      expectedDeliveryStart: new Date(now + 14 * 86_400_000).toISOString().slice(0, 10),
      items: [{ description: 'Cement plaster to internal walls', unit: 'm2', quantity: '1200', rate: '0.00', includeZeroRate: true }],
    });
    const requested = await kumar.call<{ revision: number }>(
      'POST',
      `/api/documents/tender/${tender.json.id}/actions/Request_Approve`,
      {},
      { 'If-Match': '"1"' },
    );
    await lim.call('POST', `/api/documents/tender/${tender.json.id}/actions/Approve`, {}, { 'If-Match': `"${requested.json.revision}"` });
  }
  if (!(await first(lists.invoice))) {
    await wong.call('POST', '/api/company-workflow/assignments', { code: 'invoice', user_id: wong.userId, workflow_level: 10 });
    await wong.call('POST', '/api/documents/invoice', {
      title: 'Brickwork, Block A level 1 (accessibility)',
      counterpartyCompanyId: 'teguh-bina',
      documentDate: '2026-11-20',
      items: [{ description: 'Brickwork, level 1', unit: 'm2', quantity: '420', rate: '38.50' }],
    });
  }
  const found: Record<string, string> = {};
  for (const [kind, list] of Object.entries(lists)) {
    const id = await first(list);
    if (!id) throw new Error(`no document for the ${kind} generator to print`);
    found[`/business-opportunity/${kind}-generator`] = id;
  }
  return found;
}

/** One of Teguh Bina's appraisals of Mutiara Supplies, made by Kumar when there is none. */
async function vendorAppraisal(baseURL: string): Promise<string> {
  const kumar = await apiSession(baseURL, 'kumar@teguhbina.my', 'teguh-bina');
  const listed = await kumar.call<{ items: { id: string }[] }>('GET', '/api/vendor-appraisals?limit=1');
  if (listed.json.items[0]) return listed.json.items[0].id;
  const active = encodeURIComponent('{"status":"active"}');
  const questionnaires = await kumar.call<{ id: string; type: string; maxScore: number; questions: { id: string }[] }[]>(
    'GET',
    `/api/company-setups/questionnaires?filter=${active}`,
  );
  const questionnaire = questionnaires.json.find((q) => q.type === 'vendorAppraisal')!;
  const made = await kumar.call<{ id: string }>('POST', '/api/vendor-appraisals', {
    vendorId: 'mutiara-supplies',
    questionnaireId: questionnaire.id,
    scores: questionnaire.questions.map((q) => ({ questionId: q.id, score: questionnaire.maxScore })),
    remark: 'Delivered on time (accessibility)',
  });
  return made.json.id;
}

async function demoIds(baseURL: string, admin: Storage): Promise<{ ids: Ids; kinds: string[] }> {
  const token = tokenOf(admin);
  const catalogue = await api<{ resource: string; kind?: string }[] | { workflows: { resource: string }[] }>(
    baseURL,
    '/api/workflows',
    token,
  );
  const entries = Array.isArray(catalogue) ? catalogue : catalogue.workflows;
  const { DocumentResources } = await import('@binaan/contracts');
  const kinds = entries.map((e) => e.resource).filter((r) => (DocumentResources as readonly string[]).includes(r));
  const documents: Record<string, string> = {};
  let editable: Ids['editable'] | undefined;
  let closedTender: string | undefined;
  for (const kind of kinds) {
    const rows = await api<{ id: string; status: string }[]>(
      baseURL,
      `/api/documents/${kind}?range=${encodeURIComponent('[0,49]')}`,
      token,
    ).catch(() => []);
    if (rows[0]) documents[kind] = rows[0].id;
    if (kind === 'tender') closedTender = rows.find((row) => row.status === 'comparison')?.id;
    const draft = rows.find((row) => row.status === 'new');
    if (!editable && draft) editable = { kind, id: draft.id };
  }
  const events = await api<{ data: { id: string }[] }>(baseURL, '/api/landing/event-list');
  const organizer = await api<{ data: { id: string }[] }>(baseURL, '/api/article/organizer-list', token);
  if (!editable) throw new Error('the demo has no document in its first status to edit');
  // The demo's office tower: a project with members, stages and documents in it.
  const projects = await api<{ id: string; code: string }[]>(baseURL, `/api/projects?range=${encodeURIComponent('[0,49]')}`, token);
  const project = (projects.find((p) => p.code === 'TB-MT-A') ?? projects[0])!.id;
  await companyFilesShown(baseURL);
  return {
    ids: {
      event: events.data[0]!.id,
      organizerEvent: organizer.data[0]!.id,
      qr: GENUINE_QR,
      documents,
      editable,
      project,
      printable: await printable(baseURL),
      invitedTender: await invitedTender(baseURL),
      closedTender: closedTender ?? '',
      vendorAppraisal: await vendorAppraisal(baseURL),
    },
    kinds,
  };
}

/** A page's own content: its main landmark (every page has one, the company choice included). */
const MAIN_REGION = 'main, #main-content';

/**
 * Moves the loaded app to `url` as a link inside it would (history.pushState, then popstate for the router),
 * and waits until the main region is no longer the previous page's (else loads it). A page load per view
 * cost about 2 of the 4 s a view took (the scripts parsed again, react-admin booted again); a user moving
 * through the signed-in area never pays it either.
 */
async function navigateInApp(page: Page, url: string): Promise<void> {
  const before = await page.evaluate((selector) => document.querySelector(selector)?.innerHTML ?? '', MAIN_REGION);
  await page.evaluate((to) => {
    // The title as a page load starts it, so a page that names itself is seen to (not the last page's title).
    document.title = 'Binaan';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
  const changed = await page
    .waitForFunction(([selector, old]) => (document.querySelector(selector)?.innerHTML ?? '') !== old, [MAIN_REGION, before] as const, {
      timeout: 5_000,
    })
    .then(
      () => true,
      () => false,
    );
  // The same page for another address (home and an event's home are one component): nothing redraws, so
  // nothing names the page again either. Such a page is loaded as a link from outside would load it.
  if (!changed) await page.goto(url);
}

/** Waits until the page has drawn (content in its main region, nothing loading), then briefly for its title. Returns the title. */
async function settled(page: Page): Promise<string> {
  const drawn = (selector: string) => {
    const main = document.querySelector(selector);
    return (
      Boolean(main && main.textContent && main.textContent.trim().length > 0) &&
      !document.querySelector('[role="progressbar"], .page-loading')
    );
  };
  await page.waitForFunction(drawn, MAIN_REGION, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.title !== 'Binaan', null, { timeout: 2_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
  return page.title();
}

async function checkAll(
  page: Page,
  size: string,
  pages: readonly CheckedPage[],
  stored: Record<Who, Storage>,
  ids: Ids,
): Promise<{ findings: Finding[]; untitled: string[]; misfits: string[] }> {
  const findings: Finding[] = [];
  // Written as it goes, so a run cut short still tells what it found.
  mkdirSync(REPORTS, { recursive: true });
  const progress = resolve(REPORTS, `axe-${size}.jsonl`);
  writeFileSync(progress, '');
  const untitled: string[] = [];
  // Layout problems (layout-fit.ts): at the phone size anything past the screen's edge, at both sizes a cut menu entry or form label.
  const misfits: string[] = [];
  let current: Who | null = null;
  // Whether the signed-in area is loaded for the current user, so the next page of theirs is reached inside it.
  let areaLoaded = false;
  for (const checked of pages) {
    const url = checked.url(ids);
    const began = Date.now();
    if (checked.who !== current) {
      if (current === null) await page.goto('/terms-of-use');
      await page.evaluate((entries) => {
        localStorage.clear();
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, stored[checked.who]);
      current = checked.who;
      areaLoaded = false;
    }
    // A list's total at the cap: the list call answers as the api does past it (Content-Range at the cap, X-Total-Capped).
    if (checked.state === 'capped') {
      await page.route(/\/api\/documents\/\w+\?/, async (route) => {
        const reply = await route.fetch();
        const headers = {
          ...reply.headers(),
          'content-range': reply.headers()['content-range']!.replace(/\/\d+$/, `/${DocumentListTotalCap}`),
          'x-total-capped': 'true',
        };
        await route.fulfill({ response: reply, headers });
      });
    }
    // Public pages, a user's first page and the capped state (its list call rerouted) are each a page load.
    if (areaLoaded && checked.who !== 'visitor' && checked.state !== 'capped') await navigateInApp(page, url);
    else await page.goto(url);
    areaLoaded = checked.who !== 'visitor' && checked.state !== 'capped';
    const title = await settled(page);
    const drawnAt = Date.now();
    if (checked.state === 'capped') {
      await expect(page.getByTestId('list-total-capped'), `${url}: the capped total is shown`).toBeVisible();
      await page.unrouteAll();
    }
    const landed = new URL(page.url()).pathname.replace(/\/$/, '');
    if (landed !== new URL(url, page.url()).pathname.replace(/\/$/, '')) console.log(`  ${url} led to ${landed}`);
    if (!/^\S.* · Binaan$/.test(title)) untitled.push(`${url}: "${title}"`);
    const axeAt = Date.now();
    const result = await wcagAxe(page).disableRules(Object.keys(DISABLED_RULES)).analyze();
    const found = result.violations.map((violation) => ({
      page: url.split('?')[0]!,
      rule: violation.id,
      impact: violation.impact ?? '',
      elements: violation.nodes.map((node) => node.target.join(' ')),
      why: violation.nodes[0]?.failureSummary ?? '',
    }));
    findings.push(...found);
    const layoutAt = Date.now();
    const layout = await layoutProblems(page, { phone: size === 'phone' });
    misfits.push(...layout.map((problem) => `${url}: ${problem}`));
    appendFileSync(
      progress,
      `${JSON.stringify({ url, title, found, layout, ms: Date.now() - began, drawnMs: drawnAt - began, axeMs: layoutAt - axeAt, layoutMs: Date.now() - layoutAt })}\n`,
    );
  }
  return { findings, untitled, misfits };
}

function report(size: string, findings: Finding[], pages: number): void {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(resolve(REPORTS, `axe-${size}.json`), JSON.stringify(findings, null, 2));
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical').reduce((n, f) => n + f.elements.length, 0);
  console.log(`axe at ${size}: ${pages} pages, ${findings.length} page-rule findings, ${serious} serious or critical elements`);
  for (const f of findings)
    console.log(`  ${f.page}  ${f.rule} (${f.impact}) x${f.elements.length}: ${f.elements.slice(0, 3).join(' | ')}`);
}

let stored: Record<Who, Storage>;
let demo: { ids: Ids; kinds: string[] };

test.describe('accessibility: WCAG 2.2 AA on every page', () => {
  // A size takes 4 to 5 minutes on a quiet machine, about twice that on a loaded one: room for a slow machine.
  // Parallel: the two sizes (4 to 8 minutes each) may run on both workers at once, each signing in on its own
  // worker's demo server (beforeAll runs once per worker), rather than one after the other on one.
  test.describe.configure({ mode: 'parallel', timeout: 1_500_000 });

  test.beforeAll(async ({ browser, demo: server }) => {
    test.setTimeout(240_000);
    stored = await signInEveryone(browser, server.url);
    demo = await demoIds(server.url, stored.admin);
  });

  test('the checked pages cover every route of the routers and every document kind of the catalogue', () => {
    const { literal, dynamic } = routerRoutes();
    const checked = new Set(
      [...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...CONTRACTOR_PAGES, ...LINK_TARGET_PAGES, ...documentPages(demo.kinds, demo.ids)].map(
        (p) => p.route,
      ),
    );
    const missing = literal.filter((route) => !checked.has(route) && !(route in REDIRECT_ROUTES));
    expect(missing, 'routes without the accessibility check: add them to accessibility-pages.ts').toEqual([]);
    // Routes declared inside pages: each file's routes are the listed ones, each covered by a checked route.
    expect(nestedRouteFiles(), 'routes inside pages: list them in NESTED_ROUTES (accessibility-pages.ts) and check them').toEqual(
      Object.fromEntries(Object.entries(NESTED_ROUTES).map(([file, routes]) => [file, Object.keys(routes)])),
    );
    const nestedMissing = Object.values(NESTED_ROUTES)
      .flatMap((routes) => Object.values(routes).flat())
      .filter((route) => !checked.has(route));
    expect(nestedMissing, 'nested routes without the accessibility check').toEqual([]);
    expect(printPathsInPages().sort()).toEqual([...CONTRACTOR_PRINT_PATHS].sort());
    // The routers' dynamic routes are the two known ones; a new kind of dynamic route needs its pages listed.
    expect(dynamic).toEqual(['`${m.path}/*`']);
    expect(readFileSync(resolve(import.meta.dirname, '../../../ui/src/admin/AdminApp.tsx'), 'utf8')).toContain('{linkTargetRoutes()}');
    expect(contractorPathsInModules().sort()).toEqual([...CONTRACTOR_PAGE_PATHS].sort());
    const linkTargets = literalLinkTargets().filter((route) => !(route in REDIRECT_ROUTES));
    expect(linkTargets.filter((route) => !checked.has(route))).toEqual([]);
    // Every kind of the catalogue has its list and form checked, and show on at least one kind.
    expect(demo.kinds.length).toBeGreaterThan(0);
    for (const kind of demo.kinds) expect([checked.has(`/${kind}`), checked.has(`/${kind}/create`)]).toEqual([true, true]);
    expect([...checked].some((route) => route.endsWith('/:id/show'))).toBe(true);
  });

  // A11Y_SIZES=desktop (or phone) runs one size while working on a page; the suite runs both.
  for (const [size, viewport] of Object.entries(SIZES).filter(
    ([name]) => !process.env.A11Y_SIZES || process.env.A11Y_SIZES.split(',').includes(name),
  )) {
    test(`axe finds nothing on any page at the ${size} size, every page's title names it, and its layout fits`, async ({
      browser,
      demo: server,
    }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      const page = await context.newPage();
      // A11Y_PAGES=<regular expression> checks only the URLs it matches (while working on a page); the suite checks all.
      const only = process.env.A11Y_PAGES ? new RegExp(process.env.A11Y_PAGES) : null;
      const pages = [
        ...PUBLIC_PAGES,
        ...SIGNED_IN_PAGES,
        ...LINK_TARGET_PAGES,
        ...documentPages(demo.kinds, demo.ids),
        ...CONTRACTOR_PAGES,
      ].filter((p) => !only || only.test(p.url(demo.ids)));
      const started = Date.now();
      const { findings, untitled, misfits } = await checkAll(page, size, pages, stored, demo.ids);
      console.log(`${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      report(size, findings, pages.length);
      for (const misfit of misfits) console.log(`  layout: ${misfit}`);
      await context.close();
      expect(untitled, 'pages whose title does not name them').toEqual([]);
      expect(findings.map((f) => `${f.page} ${f.rule} (${f.impact}): ${f.elements.join(' | ')}`)).toEqual([]);
      expect(misfits, size === 'phone' ? "elements past the screen's edge, and cut labels" : 'cut menu entries and form labels').toEqual(
        [],
      );
    });
  }
});
