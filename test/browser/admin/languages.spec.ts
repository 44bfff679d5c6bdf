// <html lang> follows the chosen language, and each page's title names the page in it (WCAG
// 3.1.1 Language of Page and 2.4.2 Page Titled): public and signed-in pages in en, ms and zh, the names read
// from the catalogues; and switching the language in the signed-in area's app bar changes both at once.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures.js';

const LOCALES = resolve(import.meta.dirname, '../../../ui/src/shared/i18n/locales');
type Catalogue = Record<string, unknown>;
const catalogue = (language: string, ns: string) => JSON.parse(readFileSync(resolve(LOCALES, language, `${ns}.json`), 'utf8')) as Catalogue;
const text = (from: Catalogue, key: string, values: Record<string, string> = {}): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], from);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
};
const HTML_LANG: Record<string, string> = { en: 'en', ms: 'ms', zh: 'zh-Hans' };

async function titled(page: Page, path: string, name: string, language: string): Promise<void> {
  await page.goto(path);
  await expect(page, `${path} in ${language}`).toHaveTitle(`${name} · Binaan`);
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]!);
}

for (const language of ['en', 'ms', 'zh']) {
  test(`in ${language}, <html lang> is ${HTML_LANG[language]} and each page's title names it: public and signed-in pages`, async ({
    browser,
    baseURL,
  }) => {
    const common = catalogue(language, 'common'),
      pub = catalogue(language, 'public'),
      admin = catalogue(language, 'admin');
    const context = await browser.newContext({ baseURL: baseURL! });
    await context.addInitScript((chosen) => localStorage.setItem('binaan.language', chosen), language);
    const page = await context.newPage();
    await titled(page, '/', text(common, 'pageTitle.landing'), language);
    await titled(page, '/auth/sign-in', text(pub, 'signIn.title'), language);
    await titled(page, '/no-such-page', text(common, 'notFound.title'), language);

    // The organisation's administrator: a tender of the demo and its office tower project.
    const aminah = await apiSession(baseURL!, 'aminah@teguhbina.my', 'teguh-bina');
    const [tender] = (
      await aminah.call<{ id: string; documentNo: string }[]>('GET', `/api/documents/tender?range=${encodeURIComponent('[0,0]')}`)
    ).json;
    const project = (
      await aminah.call<{ id: string; code: string; name: string }[]>('GET', `/api/projects?range=${encodeURIComponent('[0,49]')}`)
    ).json.find((p) => p.code === 'TB-MT-A')!;
    await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
    const kind = text(admin, 'resources.tender.name');
    await titled(page, '/my-approvals', text(admin, 'admin.menu.myApprovals'), language);
    await titled(page, '/tender', kind, language);
    await titled(page, '/tender/create', text(admin, 'admin.documents.pageCreate', { kind }), language);
    await titled(
      page,
      `/tender/${encodeURIComponent(tender!.id)}/show`,
      text(admin, 'admin.documents.pageShow', { kind, number: tender!.documentNo }),
      language,
    );
    await titled(
      page,
      `/projects/${encodeURIComponent(project.id)}/members`,
      `${text(admin, 'admin.projects.tabs.members')} · ${project.name}`,
      language,
    );
    await context.close();
  });
}

test('switching the language in the signed-in area changes <html lang> and the page title at once', async ({ page }) => {
  await signIn(page, 'aminah@teguhbina.my', 'teguh-bina');
  await titled(page, '/my-approvals', 'My approvals', 'en');
  for (const [language, name, choice] of [
    ['ms', 'Kelulusan saya', 'Bahasa Melayu'],
    ['zh', '我的审批', '简体中文'],
    ['en', 'My approvals', 'English'],
  ] as const) {
    await page
      .locator('header button')
      .filter({ hasText: /english|bahasa melayu|简体中文/i })
      .click();
    await page.getByRole('menuitem', { name: choice }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]!);
    await expect(page).toHaveTitle(`${name} · Binaan`);
  }
});
