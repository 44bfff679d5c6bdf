// WCAG 2.2 AA on every page (issue 30): axe-core's rules for wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa on
// every route of the public and signed-in areas (accessibility-pages.ts), at a desktop and at a 375 px phone,
// and each page's document title names it. One browser context per size; each user signs in once and their
// session (localStorage) is put in place before their pages, so nothing is signed in or seeded twice.
// Findings are printed per page and rule, and written to .reports/axe-<size>.json.
import { AxeBuilder } from '@axe-core/playwright';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';
import {
  CONTRACTOR_PAGE_PATHS, CONTRACTOR_PAGES, LINK_TARGET_PAGES, PUBLIC_PAGES, REDIRECT_ROUTES, SIGNED_IN_PAGES,
  contractorPathsInModules, documentPages, literalLinkTargets, routerRoutes, type CheckedPage, type Ids, type Who,
} from './accessibility-pages.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Rules turned off everywhere, each with the reason. None: every finding is fixed where it comes from. */
const DISABLED_RULES: Readonly<Record<string, string>> = {};
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
const REPORTS = resolve(import.meta.dirname, '../../../.reports');
const GENUINE_QR = 'ZhGAcD5NO3ZwHlfFYCQNHA,tsvFoZSc1TCEoQHPINcJwA,d8usgdN41GfH4glDeFFPug,BNC-T5QQJ8ZASK81ZG4FNYZG44PR9S,v1.U4hEdZrpuQ6mEZKh.1770710400.ewkSZwx5OLy56kGdV4JXVe_2vQdexv4KbciVyvKTmVdt_PJMLzAg_Pq_C0eznC2vnnSx9zI9UBpxqZQFcJgFCQ';

type Storage = [string, string][];
type Finding = { page: string; rule: string; impact: string; elements: string[]; why?: string };

const SESSIONS: Record<Exclude<Who, 'visitor'>, [string, string]> = {
  admin: ['aminah@teguhbina.my', 'teguh-bina'],
  contractor: ['wong@kukuhcontractor.my', 'kukuh-jaya'],
  'not-approved': ['daniel@lestariebuild.my', 'lestari-ebuild'],
};

async function storageOf(page: Page): Promise<Storage> {
  return page.evaluate(() => Object.entries(localStorage));
}

/** Signs each user in once. */
async function signInEveryone(browser: Browser, baseURL: string): Promise<Record<Who, Storage>> {
  const stored = { visitor: [] } as unknown as Record<Who, Storage>;
  for (const [who, [email, company]] of Object.entries(SESSIONS) as [Who, [string, string]][]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, email, company);
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
async function demoIds(baseURL: string, admin: Storage): Promise<{ ids: Ids; kinds: string[] }> {
  const session = JSON.parse(admin.find(([key]) => key === 'binaan.session')![1]) as { jwtToken: string };
  const token = session.jwtToken;
  const catalogue = await api<{ resource: string; kind?: string }[] | { workflows: { resource: string }[] }>(baseURL, '/api/workflows', token);
  const entries = Array.isArray(catalogue) ? catalogue : catalogue.workflows;
  const { DocumentResources } = await import('@binaan/contracts');
  const kinds = entries.map((e) => e.resource).filter((r) => (DocumentResources as readonly string[]).includes(r));
  const documents: Record<string, string> = {};
  let editable: Ids['editable'] | undefined;
  for (const kind of kinds) {
    const rows = await api<{ id: string; status: string }[]>(baseURL, `/api/documents/${kind}?range=${encodeURIComponent('[0,49]')}`, token).catch(() => []);
    if (rows[0]) documents[kind] = rows[0].id;
    const draft = rows.find((row) => row.status === 'new');
    if (!editable && draft) editable = { kind, id: draft.id };
  }
  const events = await api<{ data: { id: string }[] }>(baseURL, '/api/landing/event-list');
  const organizer = await api<{ data: { id: string }[] }>(baseURL, '/api/article/organizer-list', token);
  if (!editable) throw new Error('the demo has no document in its first status to edit');
  // The demo's office tower: a project with members, stages and documents in it.
  const projects = await api<{ id: string; code: string }[]>(baseURL, `/api/projects?range=${encodeURIComponent('[0,49]')}`, token);
  const project = (projects.find((p) => p.code === 'TB-MT-A') ?? projects[0])!.id;
  return { ids: { event: events.data[0]!.id, organizerEvent: organizer.data[0]!.id, qr: GENUINE_QR, documents, editable, project }, kinds };
}

/** Waits until the page has drawn (content in its main region, nothing loading), then briefly for its title. Returns the title. */
async function settled(page: Page): Promise<string> {
  const drawn = () => {
    const main = document.querySelector('main, #main-content, [data-testid="select-company"]');
    return Boolean(main && main.textContent && main.textContent.trim().length > 0) && !document.querySelector('[role="progressbar"], .page-loading');
  };
  await page.waitForFunction(drawn, null, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.title !== 'Binaan', null, { timeout: 2_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
  return page.title();
}

async function checkAll(page: Page, size: string, pages: readonly CheckedPage[], stored: Record<Who, Storage>, ids: Ids): Promise<{ findings: Finding[]; untitled: string[] }> {
  const findings: Finding[] = [];
  // Written as it goes, so a run cut short still tells what it found.
  mkdirSync(REPORTS, { recursive: true });
  const progress = resolve(REPORTS, `axe-${size}.jsonl`);
  writeFileSync(progress, '');
  const untitled: string[] = [];
  let current: Who | null = null;
  for (const checked of pages) {
    const url = checked.url(ids);
    if (checked.who !== current) {
      if (current === null) await page.goto('/terms-of-use');
      await page.evaluate((entries) => {
        localStorage.clear();
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, stored[checked.who]);
      current = checked.who;
    }
    await page.goto(url);
    const title = await settled(page);
    const landed = new URL(page.url()).pathname.replace(/\/$/, '');
    if (landed !== new URL(url, page.url()).pathname.replace(/\/$/, '')) console.log(`  ${url} led to ${landed}`);
    if (!/^\S.* · Binaan$/.test(title)) untitled.push(`${url}: "${title}"`);
    const result = await new AxeBuilder({ page }).withTags(TAGS).disableRules(Object.keys(DISABLED_RULES)).analyze();
    const found = result.violations.map((violation) => ({ page: url.split('?')[0]!, rule: violation.id, impact: violation.impact ?? '', elements: violation.nodes.map((node) => node.target.join(' ')), why: violation.nodes[0]?.failureSummary ?? '' }));
    findings.push(...found);
    appendFileSync(progress, `${JSON.stringify({ url, title, found })}\n`);
  }
  return { findings, untitled };
}

function report(size: string, findings: Finding[], pages: number): void {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(resolve(REPORTS, `axe-${size}.json`), JSON.stringify(findings, null, 2));
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical').reduce((n, f) => n + f.elements.length, 0);
  console.log(`axe at ${size}: ${pages} pages, ${findings.length} page-rule findings, ${serious} serious or critical elements`);
  for (const f of findings) console.log(`  ${f.page}  ${f.rule} (${f.impact}) x${f.elements.length}: ${f.elements.slice(0, 3).join(' | ')}`);
}

let stored: Record<Who, Storage>;
let demo: { ids: Ids; kinds: string[] };

test.describe('accessibility: WCAG 2.2 AA on every page', () => {
  test.describe.configure({ timeout: 600_000 });

  test.beforeAll(async ({ browser, demo: server }) => {
    test.setTimeout(240_000);
    stored = await signInEveryone(browser, server.url);
    demo = await demoIds(server.url, stored.admin);
  });

  test('the checked pages cover every route of the routers and every document kind of the catalogue', () => {
    const { literal, dynamic } = routerRoutes();
    const checked = new Set([...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...CONTRACTOR_PAGES, ...LINK_TARGET_PAGES, ...documentPages(demo.kinds, demo.ids)].map((p) => p.route));
    const missing = literal.filter((route) => !checked.has(route) && !(route in REDIRECT_ROUTES));
    expect(missing, 'routes without the accessibility check: add them to accessibility-pages.ts').toEqual([]);
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
  for (const [size, viewport] of Object.entries(SIZES).filter(([name]) => !process.env.A11Y_SIZES || process.env.A11Y_SIZES.split(',').includes(name))) {
    test(`axe finds nothing on any page at the ${size} size, and every page's title names it`, async ({ browser, demo: server }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      const page = await context.newPage();
      // A11Y_PAGES=<regular expression> checks only the URLs it matches (while working on a page); the suite checks all.
      const only = process.env.A11Y_PAGES ? new RegExp(process.env.A11Y_PAGES) : null;
      const pages = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...LINK_TARGET_PAGES, ...documentPages(demo.kinds, demo.ids), ...CONTRACTOR_PAGES].filter((p) => !only || only.test(p.url(demo.ids)));
      const started = Date.now();
      const { findings, untitled } = await checkAll(page, size, pages, stored, demo.ids);
      console.log(`${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      report(size, findings, pages.length);
      await context.close();
      expect(untitled, 'pages whose title does not name them').toEqual([]);
      expect(findings.map((f) => `${f.page} ${f.rule} (${f.impact}): ${f.elements.join(' | ')}`)).toEqual([]);
    });
  }
});
